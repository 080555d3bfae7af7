// The five path controls, and the validator's errors that belong to no single control.
import { CONTROL_KEYS } from '../scenario/controls';
import type { ControlKey } from '../scenario/controls';
import type { ControlTexts, FormCheck } from '../scenario/formCheck';
import { strings } from '../i18n';
import { ControlField } from './ControlField';

interface Props {
  texts: ControlTexts;
  check: FormCheck;
  onChange(key: ControlKey, text: string): void;
}

export function ControlsForm({ texts, check, onChange }: Props) {
  return (
    <form className="controls" onSubmit={(e) => e.preventDefault()} noValidate>
      <h3 className="card__subheading">{strings.controlsHeading}</h3>
      {CONTROL_KEYS.map((key) => (
        <ControlField
          key={key}
          id={key}
          text={texts[key]}
          issue={check.byControl[key]}
          onChange={onChange}
        />
      ))}
      {check.general.length > 0 && (
        <div className="notice notice--error" role="alert" data-testid="general-errors">
          <p>{strings.generalErrors}</p>
          <ul>
            {check.general.map((e) => (
              <li key={`${e.path}:${e.message}`}>
                {e.path && <code>{e.path}</code>} {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
