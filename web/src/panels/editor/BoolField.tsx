// A boolean scenario field: a checkbox, or for nullable booleans ("as the preset") a select of
// default / on / off.
import type { ReactNode } from 'react';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { fieldDomId } from '../../scenario/errorPlace';
import { editor, setField, valueAt } from '../../state/editorStore';
import { FieldMessage } from './FieldMessage';
import { useFieldErrors, useVariant } from './fieldContext';

interface Props {
  path: string;
  label: string;
  /** The schema default, shown when the key is absent. */
  fallback?: boolean;
  nullable?: boolean;
  /** Label of the "default" choice of a nullable boolean. */
  defaultLabel?: string;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
}

export function BoolField(p: Props) {
  const t = useStrings();
  const variant = useVariant();
  const state = useStore(editor);
  const errors = useFieldErrors(p.path);
  const raw = valueAt(p.path, state);
  const id = fieldDomId(variant, p.path);
  const noteId = `${id}-note`;
  const problem = errors[0];
  if (p.nullable) {
    const value = raw === true ? 'on' : raw === false ? 'off' : '';
    return (
      <div className={`field${problem ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{p.label}</label>
        <div className="field__input">
          <select
            id={id}
            data-testid={id}
            value={value}
            aria-describedby={problem || p.hint ? noteId : undefined}
            onChange={(e) =>
              setField(p.path, e.target.value === '' ? undefined : e.target.value === 'on')
            }
          >
            <option value="">{p.defaultLabel ?? t.node.offloadPreset}</option>
            <option value="on">{t.node.on}</option>
            <option value="off">{t.node.off}</option>
          </select>
        </div>
        <FieldMessage id={noteId} problem={problem} hint={p.hint} />
      </div>
    );
  }
  const checked = typeof raw === 'boolean' ? raw : (p.fallback ?? false);
  return (
    <div className={`field field--check${problem ? ' field--invalid' : ''}`}>
      <input
        id={id}
        data-testid={id}
        type="checkbox"
        checked={checked}
        aria-describedby={problem || p.hint ? noteId : undefined}
        onChange={(e) => setField(p.path, e.target.checked)}
      />
      <label htmlFor={id}>{p.label}</label>
      <FieldMessage id={noteId} problem={problem} hint={p.hint} />
    </div>
  );
}
