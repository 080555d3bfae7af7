// The per-flow plots with many flows: which flows they draw (charts/flowSelection.ts: the user's
// pick, else the flows that delivered the most and the least), the mean of all flows drawn beside
// them, and the scenario's flows by id. Everything here is derived once per run (state/runDerived).
import { chooseFlows, meanAcross } from '../../charts/flowSelection';
import type { FlowChoice } from '../../charts/flowSelection';
import type { Flow, Scenario } from '../../scenario/types';
import { findColumn, timeColumn } from '../../sim/rows';
import type { RunSnapshot } from '../../state/runStore';
import { derived } from '../../state/runDerived';
import { Store } from '../../state/store';
import type { TraceColumn } from '../../state/traceBuffer';

/** The flows the user asked the plots to draw (ids; empty: the default choice). */
export const pickedFlows = new Store<readonly string[]>([]);

const FLOWS = new WeakMap<Scenario, Map<string, Flow>>();

/** The scenario's flows by id (built once per scenario: a lookup per flow was O(flows²)). */
export function flowsById(scenario: Scenario | null): Map<string, Flow> {
  if (!scenario) return new Map();
  let m = FLOWS.get(scenario);
  if (!m) {
    m = new Map(scenario.flows.map((f) => [f.id, f]));
    FLOWS.set(scenario, m);
  }
  return m;
}

/** A short key for a list of ids (the lists compared are all the flows of a run, or none). */
const idsKey = (ids: readonly string[]) => `${ids.length}:${ids[0] ?? ''}:${ids.at(-1) ?? ''}`;

/** Is flow `id` of the run TCP (not UDP)? */
export function isTcp(snap: RunSnapshot, id: string): boolean {
  return flowsById(snap.scenario).get(id)?.protocol !== 'udp';
}

/**
 * The flows of `ids` to draw for this run: all of them up to DRAW_ALL_UP_TO, else the user's pick
 * or the flows with the most and the least delivered bytes at the latest row.
 */
export function chooseShown(
  snap: RunSnapshot | undefined,
  ids: readonly string[],
  picked: readonly string[],
): FlowChoice {
  const trace = snap?.trace;
  if (!snap || !trace || trace.length === 0) return chooseFlows(ids, () => NaN, picked);
  const delivered = derived(trace, `delivered-last:${idsKey(ids)}`, () =>
    ids.map((id) => {
      const c = findColumn(snap.columns, 'flow', id, 'delivered');
      return c >= 0 ? trace.last(c) : NaN;
    }),
  );
  return chooseFlows(ids, (i) => delivered[i] as number, picked);
}

/**
 * The mean of `metric` across the flows `ids` at every row (values `defined` accepts), with the
 * time column; null without a trace.
 */
export function meanOfFlows(
  snap: RunSnapshot,
  ids: readonly string[],
  metric: string,
  defined: (y: number) => boolean = Number.isFinite,
): { x: TraceColumn; y: Float64Array; n: number } | null {
  const trace = snap.trace;
  const tc = timeColumn(snap.columns);
  if (!trace || tc < 0 || trace.length === 0) return null;
  const y = derived(trace, `mean:${metric}:${idsKey(ids)}`, () => {
    const cols = ids
      .map((id) => findColumn(snap.columns, 'flow', id, metric))
      .filter((c) => c >= 0);
    // One flow at a time in one scratch array: a copy of every flow's column would be the size
    // of all of them (the trace keeps most columns as their steps).
    const scratch = new Float64Array(trace.length);
    return meanAcross(
      (function* () {
        for (const c of cols) yield trace.read(c, scratch);
      })(),
      trace.length,
      defined,
    );
  });
  return { x: trace.column(tc), y, n: trace.length };
}
