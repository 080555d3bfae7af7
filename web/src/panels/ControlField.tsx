// One labelled number input with its unit, a hint, and the inline error when the value is bad.
import type { ControlKey } from '../scenario/controls';
import { CONTROL_SPECS } from '../scenario/controls';
import type { ControlIssue } from '../scenario/formCheck';
import { strings } from '../i18n';

interface Props {
  id: ControlKey;
  text: string;
  issue: ControlIssue | undefined;
  disabled?: boolean;
  onChange(key: ControlKey, text: string): void;
}

/** The message under a control: a local one, or the validator's as a sentence. */
export function issueText(issue: ControlIssue): string {
  if (issue.kind === 'local') return strings.localErrors[issue.problem];
  const m = issue.message.trim();
  const sentence = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function ControlField({ id, text, issue, disabled, onChange }: Props) {
  const s = strings.controls[id];
  const inputId = `control-${id}`;
  const noteId = `${inputId}-note`;
  return (
    <div className={`field${issue ? ' field--invalid' : ''}`}>
      <label htmlFor={inputId}>{s.label}</label>
      <div className="field__input">
        <input
          id={inputId}
          data-testid={inputId}
          type="text"
          inputMode={CONTROL_SPECS[id].integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={text}
          disabled={disabled}
          aria-invalid={issue ? true : undefined}
          aria-describedby={noteId}
          onChange={(e) => onChange(id, e.target.value)}
        />
        <span className="field__unit">{s.unit}</span>
      </div>
      {issue ? (
        <p id={noteId} className="field__error" role="alert" data-testid={`error-${id}`}>
          {issueText(issue)}
        </p>
      ) : (
        <p id={noteId} className="field__hint">
          {s.hint}
        </p>
      )}
    </div>
  );
}
