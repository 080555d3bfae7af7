// The verdict on each scenario being edited: the wasm validator's errors (with field paths) and
// the fields whose text does not parse. Run is allowed only when both lists are empty. The wasm
// check itself, and when a large scenario's runs, are state/verdicts.ts's.
import { useEffect, useMemo } from 'react';
import { draftProblems, editor } from '../../state/editorStore';
import type { VariantId } from '../../state/editorStore';
import type { FieldError } from '../../sim/protocol';
import type { WorkEstimate } from '../../sim/validator';
import type { Scenario } from '../../scenario/types';
import { checkLater, checkNow, isLarge, verdictOf, verdictsLanded } from '../../state/verdicts';
import type { Verdict } from '../../state/verdicts';
import type { PageWasmState } from './usePageWasm';
import { useStore } from './useStore';

export interface ScenarioCheck {
  variant: VariantId;
  scenario: Scenario;
  errors: FieldError[];
  /** [path, problem] of fields whose text does not parse. */
  drafts: [string, string][];
  /** Validated and every field parses (false while the validator loads or the check waits). */
  runnable: boolean;
  /** The work estimate (null while loading or when fields have errors). */
  work: WorkEstimate | null;
  /** A large scenario waiting for its check (state/verdicts.ts): `errors` and `work` are the
   * last verdict's until it lands. */
  pending: boolean;
}

/** The last verdict each variant showed, kept while a large scenario's next check waits. */
const shown = new Map<VariantId, Verdict>();

function check(
  variant: VariantId,
  scenario: Scenario,
  drafts: [string, string][],
  wasm: PageWasmState,
): ScenarioCheck {
  if (wasm.state !== 'ready') {
    return { variant, scenario, errors: [], drafts, runnable: false, work: null, pending: false };
  }
  // One pass of the reader, validation and estimate, now for a small scenario; after the paint
  // for a large one.
  const verdict =
    verdictOf(scenario) ?? (isLarge(scenario) ? undefined : checkNow(scenario, wasm.wasm.check));
  if (!verdict) {
    const last = shown.get(variant);
    return {
      variant,
      scenario,
      errors: last?.errors ?? [],
      drafts,
      runnable: false,
      work: last?.estimate ?? null,
      pending: true,
    };
  }
  shown.set(variant, verdict);
  return {
    variant,
    scenario,
    errors: verdict.errors,
    drafts,
    runnable: verdict.errors.length === 0 && drafts.length === 0,
    work: verdict.estimate,
    pending: false,
  };
}

export function useChecks(wasm: PageWasmState): { A: ScenarioCheck; B: ScenarioCheck | null } {
  const s = useStore(editor);
  // A later check that lands renders again, and finds its verdict.
  const landed = useStore(verdictsLanded);
  const draftsA = useMemo(() => draftProblems(s, 'A'), [s]);
  const draftsB = useMemo(() => draftProblems(s, 'B'), [s]);
  const keyA = JSON.stringify(draftsA);
  const keyB = JSON.stringify(draftsB);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the drafts' content
  const A = useMemo(() => check('A', s.A, draftsA, wasm), [s.A, keyA, wasm, landed]);
  const B = useMemo(
    () => (s.B ? check('B', s.B, draftsB, wasm) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the drafts' content
    [s.B, keyB, wasm, landed],
  );
  useEffect(() => {
    if (wasm.state !== 'ready') return;
    if (A.pending) checkLater('A', A.scenario, wasm.wasm.checkOffThread);
    if (B?.pending) checkLater('B', B.scenario, wasm.wasm.checkOffThread);
  }, [A, B, wasm]);
  return { A, B };
}
