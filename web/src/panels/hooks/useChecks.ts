// The verdict on each scenario being edited: the wasm validator's errors (with field paths) and
// the fields whose text does not parse. Run is allowed only when both lists are empty.
import { useMemo } from 'react';
import { draftProblems, editor } from '../../state/editorStore';
import type { VariantId } from '../../state/editorStore';
import type { FieldError } from '../../sim/protocol';
import type { WorkEstimate } from '../../sim/validator';
import type { Scenario } from '../../scenario/types';
import type { PageWasmState } from './usePageWasm';
import { useStore } from './useStore';

export interface ScenarioCheck {
  variant: VariantId;
  scenario: Scenario;
  errors: FieldError[];
  /** [path, problem] of fields whose text does not parse. */
  drafts: [string, string][];
  /** Validated and every field parses (false while the validator loads). */
  runnable: boolean;
  /** The work estimate (null while loading or when fields have errors). */
  work: WorkEstimate | null;
}

function check(
  variant: VariantId,
  scenario: Scenario,
  drafts: [string, string][],
  wasm: PageWasmState,
): ScenarioCheck {
  if (wasm.state !== 'ready') {
    return { variant, scenario, errors: [], drafts, runnable: false, work: null };
  }
  let errors: FieldError[];
  let work: WorkEstimate | null = null;
  try {
    // One pass of the reader, validation and estimate (a scenario of 1,000 flows costs tens of
    // milliseconds in wasm; validating and estimating apart would read it twice).
    const checked = wasm.wasm.check(JSON.stringify(scenario));
    errors = checked.errors;
    work = checked.estimate;
  } catch (e) {
    errors = [{ path: '', message: e instanceof Error ? e.message : String(e) }];
  }
  return {
    variant,
    scenario,
    errors,
    drafts,
    runnable: errors.length === 0 && drafts.length === 0,
    work,
  };
}

export function useChecks(wasm: PageWasmState): { A: ScenarioCheck; B: ScenarioCheck | null } {
  const s = useStore(editor);
  const draftsA = useMemo(() => draftProblems(s, 'A'), [s]);
  const draftsB = useMemo(() => draftProblems(s, 'B'), [s]);
  const keyA = JSON.stringify(draftsA);
  const keyB = JSON.stringify(draftsB);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the drafts' content
  const A = useMemo(() => check('A', s.A, draftsA, wasm), [s.A, keyA, wasm]);
  const B = useMemo(
    () => (s.B ? check('B', s.B, draftsB, wasm) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the drafts' content
    [s.B, keyB, wasm],
  );
  return { A, B };
}
