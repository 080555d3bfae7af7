// Sweeps: which parameter varies, over which values, and how each value is written into the
// scenario. Pure (no workers, no React): the sweep panel runs the scenarios this produces.
import type { CcAlgorithm } from './ccAlgorithms';
import { pruneFlowRefs } from './graph';
import type { Scenario } from './types';

export const SWEEP_PARAMS = ['mtu', 'rtt', 'buffer', 'loss', 'rate', 'flows', 'algorithm'] as const;
export type SweepParam = (typeof SWEEP_PARAMS)[number];

export const SWEEP_METRICS = [
  'goodput',
  'totalGoodput',
  'jain',
  'utilisation',
  'retransmits',
] as const;
export type SweepMetric = (typeof SWEEP_METRICS)[number];

export interface SweepSpec {
  param: SweepParam;
  from: number;
  to: number;
  points: number;
  log: boolean;
  /** The link a link parameter (buffer, loss, rate) applies to. */
  linkIndex: number;
  /** The flow the algorithm applies to and the per-flow metrics read. */
  flowIndex: number;
  /** The algorithms to compare (param `algorithm`). */
  algorithms: CcAlgorithm[];
  metric: SweepMetric;
}

/** Is the parameter a link setting (needs a link chosen)? */
export const LINK_PARAMS: ReadonlySet<SweepParam> = new Set(['buffer', 'loss', 'rate']);

/** Sensible starting ranges: [from, to, points, log]. */
export const SWEEP_DEFAULTS: Record<SweepParam, [number, number, number, boolean]> = {
  mtu: [500, 9000, 18, false],
  rtt: [10, 200, 6, false],
  buffer: [5, 200, 6, false],
  loss: [0.0001, 0.05, 6, true],
  rate: [5, 100, 6, false],
  flows: [1, 8, 8, false],
  algorithm: [0, 0, 0, false],
};

/** Whole-number parameters. */
const INTEGER: ReadonlySet<SweepParam> = new Set(['mtu', 'buffer', 'flows']);

/** The x values of a numeric sweep: `points` values from `from` to `to`, linear or log spaced. */
export function sweepGrid(spec: Pick<SweepSpec, 'param' | 'from' | 'to' | 'points' | 'log'>) {
  const n = Math.max(1, Math.floor(spec.points));
  const { from, to } = spec;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = n === 1 ? 0 : i / (n - 1);
    let v =
      spec.log && from > 0 && to > 0
        ? Math.exp(Math.log(from) + f * (Math.log(to) - Math.log(from)))
        : from + f * (to - from);
    if (INTEGER.has(spec.param)) v = Math.round(v);
    else v = Number(v.toPrecision(6));
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/** Every link delay multiplied by `k` (how an RTT sweep moves the round trip). */
export function scaleDelays(s: Scenario, k: number): Scenario {
  return {
    ...s,
    topology: {
      ...s.topology,
      links: s.topology.links.map((l) => ({
        ...l,
        delay_ms: Number((l.delay_ms * k).toPrecision(9)),
      })),
    },
  };
}

/**
 * The delay factor that gives base RTT `targetS`, from the simulator's base RTT of the scenario
 * with its delays as they are (`base1S`) and with every delay zero (`base0S`, serialisation
 * only): the base RTT is linear in the factor.
 */
export function delayFactorFor(targetS: number, base1S: number, base0S: number): number {
  const prop = base1S - base0S;
  if (!(prop > 0)) return NaN;
  return Math.max(0, (targetS - base0S) / prop);
}

/**
 * The scenario for one sweep point. `value` is the grid value (an algorithm name for
 * `algorithm`); for `rtt` it is the delay factor from `delayFactorFor`, not milliseconds.
 */
export function applySweep(s: Scenario, spec: SweepSpec, value: number | string): Scenario {
  const out: Scenario = structuredClone(s);
  const link = out.topology.links[spec.linkIndex];
  const v = Number(value);
  switch (spec.param) {
    case 'mtu':
      for (const l of out.topology.links) l.mtu_bytes = v;
      return out;
    case 'rtt':
      return scaleDelays(out, v);
    case 'buffer':
      if (link) setLimit(link, v);
      return out;
    case 'loss':
      if (link) link.loss = v > 0 ? { kind: 'bernoulli', p: v } : null;
      return out;
    case 'rate':
      if (link) link.rate_bps = v * 1e6;
      return out;
    case 'flows': {
      const first = out.flows[0];
      if (!first) return out;
      out.flows = Array.from({ length: Math.max(1, v) }, (_, i) => ({
        ...structuredClone(first),
        id: `f${i + 1}`,
      }));
      // Per-flow queue entries may name flows that no longer exist.
      return pruneFlowRefs(out);
    }
    case 'algorithm': {
      const f = out.flows[spec.flowIndex];
      if (f) f.cc = String(value) as CcAlgorithm;
      return out;
    }
  }
}

/** Set a queue's packet limit, whatever its discipline (all have `limit_packets`). */
function setLimit(link: Scenario['topology']['links'][number], packets: number): void {
  const q = (link.queue ?? { kind: 'drop_tail' }) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...q, limit_packets: packets };
  if ('limit_bytes' in next) next.limit_bytes = null;
  link.queue = next as typeof link.queue;
}

/** The link a link parameter should start on: the slowest (the likely bottleneck), last on ties. */
export function slowestLink(s: Scenario): number {
  let best = -1;
  s.topology.links.forEach((l, i) => {
    const b = s.topology.links[best];
    if (!b || l.rate_bps <= b.rate_bps) best = i;
  });
  return Math.max(0, best);
}
