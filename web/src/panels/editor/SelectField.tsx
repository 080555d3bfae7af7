// A labelled select bound to a scenario path (or to a custom handler), with its inline error and,
// under it, the one-line description of the chosen option (or the field's hint). A select with
// many options (the hosts of a large scenario, in every flow row) puts only its current option in
// the page until it is focused or pressed, then all of them (useLazyOptions).
import type { ReactNode } from 'react';
import { useLazyOptions } from '../hooks/useLazyOptions';
import { useValueAt } from '../hooks/useEditorField';
import { fieldDomId } from '../../scenario/errorPlace';
import { setField } from '../../state/editorStore';
import { FieldMessage } from './FieldMessage';
import { Help } from './Help';
import { useFieldErrors, useVariant } from './fieldContext';

export interface Option {
  value: string;
  label: string;
  title?: string;
  /** The option's schema description (English): shown, translated, while it is chosen. */
  description?: string;
}

interface Props {
  path: string;
  label: string;
  options: Option[];
  /** The value shown when the scenario has none at `path`. */
  fallback?: string;
  /** The value shown, when it is not simply the string at `path`. */
  value?: string;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
  compact?: boolean;
  /** Errors only at exactly this path (a select that heads a group of fields). */
  exactErrors?: boolean;
  onChange?: (value: string) => void;
}

export function SelectField(p: Props) {
  const variant = useVariant();
  const raw = useValueAt(p.path);
  const errors = useFieldErrors(p.path, p.exactErrors);
  const value = p.value ?? (typeof raw === 'string' ? raw : (p.fallback ?? ''));
  const id = fieldDomId(variant, p.path);
  const noteId = `${id}-note`;
  const problem = errors[0];
  const { shown, reach } = useLazyOptions<Option>(p.options, value, (v) => ({
    value: v,
    label: v,
  }));
  const chosen = p.options.find((o) => o.value === value)?.description;
  const hint = chosen ? <Help text={chosen} /> : p.hint;
  return (
    <div
      className={`field${problem ? ' field--invalid' : ''}${p.compact ? ' field--compact' : ''}`}
    >
      <label htmlFor={id} className={p.compact ? 'visually-hidden' : undefined}>
        {p.label}
      </label>
      <div className="field__input">
        <select
          id={id}
          data-testid={id}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem || hint ? noteId : undefined}
          onChange={(e) =>
            p.onChange ? p.onChange(e.target.value) : setField(p.path, e.target.value)
          }
          onFocus={reach}
          onPointerDown={reach}
        >
          {shown.map((o) => (
            <option key={o.value} value={o.value} title={o.title}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessage id={noteId} problem={problem} hint={p.compact ? undefined : hint} />
    </div>
  );
}
