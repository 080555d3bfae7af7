// The whole form's verdict: local checks per control, then the wasm validator on the scenario
// the controls produce, with each error placed next to its control (or listed as general).
import { CONTROL_KEYS, controlsFromScenario, scenarioFromControls } from './controls';
import type { ControlKey, ControlValues } from './controls';
import { controlForPath } from './fieldPaths';
import { checkInput } from './inputCheck';
import type { InputProblem } from './inputCheck';
import type { Scenario } from './types';

export type ControlTexts = Record<ControlKey, string>;

export interface FieldIssue {
  path: string;
  message: string;
}

export type ControlIssue =
  { kind: 'local'; problem: InputProblem } | { kind: 'validator'; message: string };

export interface FormCheck {
  /** The scenario to run, when every control is valid. */
  scenario: Scenario | null;
  byControl: Partial<Record<ControlKey, ControlIssue>>;
  general: FieldIssue[];
}

/** `validate` returns the wasm validator's errors for a scenario JSON text; null = not loaded. */
export function checkForm(
  base: Scenario,
  texts: ControlTexts,
  validate: ((json: string) => FieldIssue[]) | null,
): FormCheck {
  const byControl: FormCheck['byControl'] = {};
  // A control that fails its local check is validated at the base scenario's value, so the
  // validator still reports on every other control.
  const values: ControlValues = controlsFromScenario(base);
  for (const key of CONTROL_KEYS) {
    const r = checkInput(key, texts[key]);
    if (r.ok) values[key] = r.value;
    else byControl[key] = { kind: 'local', problem: r.problem };
  }
  if (!validate) return { scenario: null, byControl, general: [] };
  const scenario = scenarioFromControls(base, values);
  const general: FieldIssue[] = [];
  for (const e of validate(JSON.stringify(scenario))) {
    const key = controlForPath(e.path, scenario);
    if (key && !byControl[key]) byControl[key] = { kind: 'validator', message: e.message };
    else if (!key) general.push(e);
  }
  const ok = Object.keys(byControl).length === 0 && general.length === 0;
  return { scenario: ok ? scenario : null, byControl, general };
}
