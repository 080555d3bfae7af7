// A scenario as a file: the text "Scenario (JSON)" exports. "Open scenario JSON…" reads a file
// back through the one reader (reader.ts); what one writes the other reads back to the identical
// scenario (and re-exports byte for byte). The file says which lab wrote it (`made_by`: the
// model version and, when saved after a finished run of this very scenario, its trace hash);
// the editor keeps that apart from the scenario, and opening a file another model version wrote
// says so (state/linkStore's `otherModel`, as for a link).
import type { Scenario } from './types';

/** Which lab wrote a scenario file. */
export type MadeBy = NonNullable<Scenario['made_by']>;

export function scenarioFileText(scenario: Scenario, madeBy?: MadeBy): string {
  const rest = withoutMadeBy(scenario).scenario;
  return `${JSON.stringify(madeBy ? { ...rest, made_by: madeBy } : rest, null, 2)}\n`;
}

/** The scenario of a file, and who wrote the file (null when it does not say). */
export function withoutMadeBy(s: Scenario): { scenario: Scenario; madeBy: MadeBy | null } {
  if (s.made_by === undefined || s.made_by === null) return { scenario: s, madeBy: null };
  const scenario = { ...s };
  delete scenario.made_by;
  return { scenario, madeBy: s.made_by };
}

/** The `made_by` of a file saved now: this page's model version, and the trace hash of the
 * run when it ran exactly this scenario to the end. */
export function madeByNow(
  scenario: Scenario,
  model: string,
  run: { status: string; scenario: Scenario | null; traceHash: string | null } | undefined,
): MadeBy {
  const same =
    run?.status === 'done' &&
    run.traceHash !== null &&
    run.scenario !== null &&
    JSON.stringify(withoutMadeBy(run.scenario).scenario) ===
      JSON.stringify(withoutMadeBy(scenario).scenario);
  return same ? { model, trace_hash: run.traceHash } : { model };
}
