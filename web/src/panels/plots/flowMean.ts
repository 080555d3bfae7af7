// When each flow opened, and its mean goodput since then from the trace. A flow opens at its
// `start_s` plus, with a random start, a draw in [0, `start_jitter_s`): the simulator draws it
// (scenario/start.rs, `flow_start_s`) and reports it as the summary's `opened_s`, known at time 0;
// a summary without it (a run saved before the simulator reported it) falls back to `start_s`.
// The mean is the summary's `goodput_bps` at the latest row: bytes delivered in order × 8 over
// the time since the flow opened, so the live figure ends where the summary's begins.
import type { RunSummary } from '../../sim/summary';
import { findColumn, timeColumn } from '../../sim/rows';
import type { RunSnapshot } from '../../state/runStore';
import { flowsById } from './manyFlows';

const OPENED = new WeakMap<RunSummary, Map<string, number>>();

/** The summary's opening times by flow id (built once per summary: many flows). */
function openedById(summary: RunSummary): Map<string, number> {
  let m = OPENED.get(summary);
  if (!m) {
    m = new Map();
    for (const f of summary.flows) {
      // Read as unknown: a summary saved before `opened_s` existed has none.
      const at: unknown = f.opened_s;
      if (typeof at === 'number' && Number.isFinite(at)) m.set(f.id, at);
    }
    OPENED.set(summary, m);
  }
  return m;
}

/** When flow `id` of the run opened, seconds into the run (its `start_s` if not reported). */
export function flowOpenedS(snap: RunSnapshot, id: string): number {
  const summary = snap.summary ?? snap.initial;
  const at = summary ? openedById(summary).get(id) : undefined;
  return at ?? flowsById(snap.scenario).get(id)?.start_s ?? 0;
}

/** Flow `id`'s mean goodput since it opened, at the trace's latest row; NaN before it opened. */
export function meanGoodputSinceOpen(snap: RunSnapshot, id: string): number {
  const trace = snap.trace;
  const tc = timeColumn(snap.columns);
  const c = findColumn(snap.columns, 'flow', id, 'delivered');
  if (!trace || tc < 0 || c < 0 || trace.length === 0) return NaN;
  const open = trace.last(tc) - flowOpenedS(snap, id);
  return open > 0 ? (trace.last(c) * 8) / open : NaN;
}
