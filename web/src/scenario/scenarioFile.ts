// A scenario as a file: the text "Scenario (JSON)" exports and "Open scenario JSON…" reads. What
// one writes the other reads back to the identical scenario (and re-exports byte for byte).
import { scenarioShapeProblem } from './shape';
import type { Scenario } from './types';

/** The largest scenario file the page opens (the validator caps names at 5000 characters). */
export const MAX_FILE_BYTES = 5_000_000;

export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

export type ScenarioFileResult = { ok: true; scenario: Scenario } | { ok: false; problem: string };

/** Parse a scenario file; the problem names the field (or says the JSON is broken). */
export function parseScenarioFile(text: string): ScenarioFileResult {
  if (text.length > MAX_FILE_BYTES) return { ok: false, problem: 'the file is too large' };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : String(e) };
  }
  const problem = scenarioShapeProblem(v);
  return problem ? { ok: false, problem } : { ok: true, scenario: v as Scenario };
}
