// The analytic bounds of a flow as the simulator computed them (summary.flows[i].bounds), picked
// for display: finite ones only, equal values merged into one line; the host bounds only where
// the receiving host has a model; Mathis and PFTK at the scenario's loss rate, or once the run
// has measured one, at that. The max-min fair share is drawn beside them but is not an upper
// bound (a flow may exceed it when others take less); it is what "What happened" compares a
// flow with when it is the lowest.
import type { FairShareStep, FlowBounds, RunSummary } from '../../sim/summary';
import type { Scenario } from '../../scenario/types';

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

export interface BoundContext {
  /** The flow's receiving host has an end-host model (else its host bounds are the link's). */
  hostModel: boolean;
}

const finite = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Does flow `flowId`'s receiving host have a host model (a preset other than `ideal`)? */
export function hasHostModel(s: Scenario | null | undefined, flowId: string): boolean {
  const dst = s?.flows.find((f) => f.id === flowId)?.dst;
  const host = s?.topology.nodes.find((n) => n.id === dst)?.host;
  return !!host && (host.preset ?? 'ideal') !== 'ideal';
}

/** Mathis and PFTK come from the loss rate the run measured (not the scenario's own)? */
export function fromMeasuredLoss(b: FlowBounds): boolean {
  return !finite(b.mathis_bps) && finite(b.mathis_measured_bps);
}

/**
 * Bound values by kind; absent/null/∞ mean "no limit" and are left out, and so are the host
 * bound without a host model. Mathis and PFTK: at the scenario's loss rate, else at the
 * measured one.
 */
export function boundValues(
  b: FlowBounds,
  ctx: BoundContext = { hostModel: true },
): Partial<Record<BoundKind, number>> {
  const out: Partial<Record<BoundKind, number>> = {};
  for (const k of BOUND_KINDS) {
    if (k === 'host_bound_bps' && !ctx.hostModel) continue;
    let v = b[k];
    if (k === 'mathis_bps' && !finite(v)) v = b.mathis_measured_bps;
    if (k === 'pftk_bps' && !finite(v)) v = b.pftk_measured_bps;
    if (finite(v)) out[k] = v;
  }
  return out;
}

/** Why a bound has no value: it needs a loss rate, a host model, or it does not limit. */
export type BoundGap = 'needsLoss' | 'noHost' | 'noLimit';

export function boundGap(b: FlowBounds, kind: BoundKind, ctx: BoundContext): BoundGap | null {
  if (boundValues(b, ctx)[kind] !== undefined) return null;
  if (kind === 'mathis_bps' || kind === 'pftk_bps') return 'needsLoss';
  if (kind === 'host_bound_bps' && !ctx.hostModel) return 'noHost';
  return 'noLimit';
}

/** The bound a flow is held to: the lowest of its bounds and its max-min fair share. */
export function binding(
  values: Partial<Record<BoundKind, number>>,
): { kind: BoundKind; bps: number } | null {
  const best = tightest(values);
  const fair = values.fair_share_bps;
  if (fair !== undefined && (!best || fair < best.bps))
    return { kind: 'fair_share_bps', bps: fair };
  return best;
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
  const steps = (b.fair_share_steps ?? []).filter(
    (s): s is FairShareStep & { bps: number } =>
      typeof s.bps === 'number' && Number.isFinite(s.bps),
  );
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
