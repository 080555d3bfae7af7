// A list of whole numbers typed as "100, 250, 400" (e.g. the packets an `nth` loss drops).
import type { ReactNode } from 'react';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { fieldDomId } from '../../scenario/errorPlace';
import { clearDraft, draftKey, editor, setDraft, setField, valueAt } from '../../state/editorStore';
import { FieldMessage } from './FieldMessage';
import { useFieldErrors, useVariant } from './fieldContext';

export function parseIntList(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (!parts.every((p) => /^\d+$/.test(p))) return null;
  return parts.map(Number);
}

export function IntListField({
  path,
  label,
  hint,
}: {
  path: string;
  label: string;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
}) {
  const t = useStrings();
  const variant = useVariant();
  const state = useStore(editor);
  const errors = useFieldErrors(path);
  const draft = state.drafts[draftKey(variant, path)];
  const value = valueAt(path, state);
  const text = draft?.text ?? (Array.isArray(value) ? value.join(', ') : '');
  const id = fieldDomId(variant, path);
  const problem = draft?.problem ? (t.localErrors[draft.problem] ?? draft.problem) : errors[0];
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__input">
        <input
          id={id}
          data-testid={id}
          type="text"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => {
            const list = parseIntList(e.target.value);
            if (list) setField(path, list, e.target.value);
            else setDraft(path, e.target.value, 'notInteger');
          }}
          onBlur={() => clearDraft(path)}
        />
      </div>
      <FieldMessage id={`${id}-note`} problem={problem} hint={hint} />
    </div>
  );
}
