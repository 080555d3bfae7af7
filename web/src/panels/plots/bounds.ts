// The analytic bounds of a flow as the simulator computed them (summary.flows[i].bounds), picked
// for display: finite ones only, equal values merged into one line, and the equal share of the
// link (the flow's link bound divided by the number of flows, a yardstick drawn beside them).
import type { FlowBounds, RunSummary } from '../../sim/summary';

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
export function boundValues(b: FlowBounds, flowCount: number): Partial<Record<BoundKind, number>> {
  const out: Partial<Record<BoundKind, number>> = {};
  for (const k of BOUND_KINDS) {
    const v =
      k === 'fair_share_bps' ? (flowCount > 1 && b.link_bps ? b.link_bps / flowCount : null) : b[k];
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

/** The tightest (lowest) model bound, without the equal-share yardstick. */
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
