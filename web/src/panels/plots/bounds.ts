// The analytic bounds of a flow as the simulator computed them (summary.flows[i].bounds), picked
// for display: finite ones only, equal values merged into one line. The max-min fair share is
// drawn beside them but is not an upper bound (a flow may exceed it when others take less).
import type { FairShareStep, FlowBounds, RunSummary } from '../../sim/summary';

export const BOUND_KINDS = [
  'link_bps',
  'fair_share_bps',
  'host_bound_bps',
  'mathis_bps',
  'pftk_bps',
  'window_bps',
] as const;
export type BoundKind = (typeof BOUND_KINDS)[number];

export interface ShownBound {
  kinds: BoundKind[];
  bps: number;
}

/** The bounds of flow `id` (null when the summary has none, e.g. a UDP flow). */
export function flowBounds(summary: RunSummary | null, id: string): FlowBounds | null {
  return summary?.flows.find((f) => f.id === id)?.bounds ?? null;
}

/** Bound values by kind; absent/null/∞ mean "no limit" and are left out. */
export function boundValues(b: FlowBounds): Partial<Record<BoundKind, number>> {
  const out: Partial<Record<BoundKind, number>> = {};
  for (const k of BOUND_KINDS) {
    const v = b[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[k] = v;
  }
  return out;
}

/** Lines to draw: one per distinct value (within 0.1 %), naming every bound at that value. */
export function distinctBounds(values: Partial<Record<BoundKind, number>>): ShownBound[] {
  const out: ShownBound[] = [];
  for (const k of BOUND_KINDS) {
    const v = values[k];
    if (v === undefined) continue;
    const same = out.find((s) => Math.abs(s.bps - v) <= 1e-3 * Math.max(s.bps, v));
    if (same) same.kinds.push(k);
    else out.push({ kinds: [k], bps: v });
  }
  return out;
}

/** The fair share as a step line (x: step starts then the run's end), when it changes over
 * the run; null when it is constant (then it is one of the straight lines). */
export function fairShareSteps(
  b: FlowBounds,
  endS: number,
): { x: Float64Array; y: Float64Array; n: number } | null {
  const steps: FairShareStep[] = (b.fair_share_steps ?? []).filter((s) => Number.isFinite(s.bps));
  if (steps.length < 2) return null;
  const x: number[] = [];
  const y: number[] = [];
  steps.forEach((s, i) => {
    const until = steps[i + 1]?.from_s ?? Math.max(endS, s.from_s);
    x.push(s.from_s, until);
    y.push(s.bps, s.bps);
  });
  return { x: Float64Array.from(x), y: Float64Array.from(y), n: x.length };
}

/** The tightest (lowest) model bound, leaving out the max-min fair share (not a bound). */
export function tightest(
  values: Partial<Record<BoundKind, number>>,
): { kind: BoundKind; bps: number } | null {
  let best: { kind: BoundKind; bps: number } | null = null;
  for (const k of BOUND_KINDS) {
    const v = values[k];
    if (k === 'fair_share_bps' || v === undefined) continue;
    if (!best || v < best.bps) best = { kind: k, bps: v };
  }
  return best;
}
