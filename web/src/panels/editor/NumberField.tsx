// A labelled number input bound to a scenario path, with its unit, a hint, and the inline error:
// the local one while the text does not parse, else the validator's for this path.
import type { ReactNode } from 'react';
import { useDraft, useValueAt } from '../hooks/useEditorField';
import { useStrings } from '../hooks/useStrings';
import { checkNumber, formatStored } from '../../scenario/inputCheck';
import { fieldDomId } from '../../scenario/errorPlace';
import { clearDraft, setDraft, setField } from '../../state/editorStore';
import { FieldMessage } from './FieldMessage';
import { useFieldErrors, useVariant } from './fieldContext';

export interface NumberFieldProps {
  path: string;
  label: string;
  unit?: string;
  scale?: number;
  integer?: boolean;
  nonNegative?: boolean;
  /** Empty text is allowed and means "default" (the key is removed). */
  nullable?: boolean;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
  placeholder?: string;
  /** Label only for screen readers (tables). */
  compact?: boolean;
  /** A longer explanation, on the label's tooltip. */
  title?: string;
  /** What to store instead of removing the key when the text is emptied. */
  emptyValue?: null;
  /** Store a parsed value some other way (e.g. a size that also sets the source kind). */
  commit?: (value: number | null, text: string) => void;
}

export function NumberField(p: NumberFieldProps) {
  const t = useStrings();
  const variant = useVariant();
  const stored = useValueAt(p.path);
  const draft = useDraft(variant, p.path);
  const errors = useFieldErrors(p.path);
  const scale = p.scale ?? 1;
  const text = draft?.text ?? formatStored(stored, scale);
  const id = fieldDomId(variant, p.path);
  const noteId = `${id}-note`;
  const problem = draft?.problem ? (t.localErrors[draft.problem] ?? draft.problem) : errors[0];
  const onChange = (next: string) => {
    const r = checkNumber(next, {
      integer: p.integer ?? false,
      nonNegative: p.nonNegative ?? false,
      nullable: p.nullable ?? false,
      scale,
    });
    if (r.ok && p.commit) p.commit(r.value, next);
    else if (r.ok) setField(p.path, r.value ?? p.emptyValue ?? undefined, next);
    else setDraft(p.path, next, r.problem);
  };
  return (
    <div
      className={`field${problem ? ' field--invalid' : ''}${p.compact ? ' field--compact' : ''}`}
    >
      <label htmlFor={id} className={p.compact ? 'visually-hidden' : undefined} title={p.title}>
        {p.label}
      </label>
      <div className="field__input">
        <input
          id={id}
          data-testid={id}
          type="text"
          inputMode={p.integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={p.placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem || p.hint ? noteId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => clearDraft(p.path)}
        />
        {p.unit && <span className="field__unit">{p.unit}</span>}
      </div>
      <FieldMessage
        id={noteId}
        problem={problem}
        hint={p.compact ? undefined : p.hint}
        testId={problem ? `error-${id}` : undefined}
      />
    </div>
  );
}
