// A sweep in progress or done: the points (each one scenario run to the end by a worker of the
// pool), their summaries, and the analytic host-bound curves with offload on and off. Outside
// React; the sweep panel subscribes.
import { applySweep, delayFactorFor, sweepGrid } from '../scenario/sweep';
import type { SweepSpec } from '../scenario/sweep';
import { setAt } from '../scenario/fieldPath';
import type { Scenario } from '../scenario/types';
import { RunPool, defaultConcurrency } from '../sim/pool';
import type { JobResult } from '../sim/pool';
import type { RunSummary } from '../sim/summary';
import { Store } from './store';

export interface SweepPoint {
  /** The x value as shown (MTU, RTT in ms, ..., or the algorithm's name). */
  x: number | string;
  /** The scenario run at this point (null until it is known: an RTT sweep probes first). */
  scenario: Scenario | null;
  result: JobResult | null;
}

export interface Curve {
  x: number[];
  y: number[];
}

export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  spec: SweepSpec | null;
  /** The scenario the sweep varies. */
  base: Scenario | null;
  points: SweepPoint[];
  /** Paper 000's host bound over a fine grid, receiver offload on / off (null: ideal host). */
  offloadOn: Curve | null;
  offloadOff: Curve | null;
  workers: number;
  message: string | null;
}

export const sweep = new Store<SweepState>({
  status: 'idle',
  spec: null,
  base: null,
  points: [],
  offloadOn: null,
  offloadOff: null,
  workers: defaultConcurrency(),
  message: null,
});

let pool: RunPool | null = null;
/** Workers started while the sweep tab is open, for the next sweep to use. */
let warmPool: RunPool | null = null;
const CURVE_POINTS = 24;

/** Results reach the store at most this often: a render of the sweep panel per point took the
 * page's thread, and so a core, from the workers when each point takes a few milliseconds. */
const SHOW_EVERY_MS = 100;
/** Results of the current sweep not yet in the store: [point index, result]. */
let unshown: [number, JobResult][] = [];
let showTimer: ReturnType<typeof setTimeout> | null = null;

/** Put the results received so far into the store. */
function showResults(): void {
  if (showTimer !== null) clearTimeout(showTimer);
  showTimer = null;
  if (unshown.length === 0) return;
  const got = new Map(unshown);
  unshown = [];
  sweep.update((s) => ({
    ...s,
    points: s.points.map((pt, k) => {
      const result = got.get(k);
      return result ? { ...pt, result } : pt;
    }),
  }));
}

function dropUnshown(): void {
  if (showTimer !== null) clearTimeout(showTimer);
  showTimer = null;
  unshown = [];
}

/** Run scenarios in probe mode (build only) and return their summaries, in order. */
async function probe(p: RunPool, scenarios: Scenario[]): Promise<(RunSummary | null)[]> {
  const out: (RunSummary | null)[] = scenarios.map(() => null);
  await p.run(
    scenarios.map((s) => ({ scenarioJson: JSON.stringify(s), mode: 'probe' as const })),
    (i, r) => {
      out[i] = r.ok ? r.summary : null;
    },
  );
  return out;
}

function flowDst(s: Scenario, flowIndex: number): number {
  const dst = s.flows[flowIndex]?.dst;
  return s.topology.nodes.findIndex((n) => n.id === dst);
}

/** Whether the sweep tab is open: its workers are then kept loaded between sweeps. */
let tabOpen = false;

/** The sweep tab opened: start the next sweep's workers now, so Run finds them loaded. */
export function warmSweep(): void {
  tabOpen = true;
  if (pool || warmPool) return;
  warmPool = new RunPool();
  warmPool.warm();
}

/** The sweep tab closed: end the waiting workers (a running sweep keeps its own until done). */
export function coolSweep(): void {
  tabOpen = false;
  warmPool?.close();
  warmPool = null;
}

/** A sweep ended: keep its workers for the next one while the tab is open, else end them. */
function release(p: RunPool): void {
  if (tabOpen && !warmPool) {
    warmPool = p;
    p.warm();
  } else {
    p.close();
  }
}

export async function startSweep(base: Scenario, spec: SweepSpec): Promise<void> {
  pool?.cancel();
  dropUnshown();
  const p = warmPool ?? new RunPool();
  warmPool = null;
  pool = p;
  const numeric = spec.param !== 'algorithm';
  const xs: (number | string)[] = numeric ? sweepGrid(spec) : [...spec.algorithms];
  sweep.set({
    status: 'running',
    spec,
    base,
    points: xs.map((x) => ({ x, scenario: null, result: null })),
    offloadOn: null,
    offloadOff: null,
    workers: defaultConcurrency(),
    message: null,
  });
  // An RTT sweep scales every delay; the factor comes from the simulator's own base RTT.
  let toValue = (x: number | string): number | string => x;
  if (spec.param === 'rtt') {
    const [one, zero] = await probe(p, [base, applySweep(base, spec, 0)]);
    const r1 = one?.flows[spec.flowIndex]?.bounds?.base_rtt_s;
    const r0 = zero?.flows[spec.flowIndex]?.bounds?.base_rtt_s;
    if (pool !== p) return;
    if (r1 === undefined || r0 === undefined || !(r1 > r0)) {
      sweep.update((s) => ({ ...s, status: 'failed', message: 'rtt' }));
      pool = null;
      release(p);
      return;
    }
    toValue = (x) => delayFactorFor(Number(x) / 1000, r1, r0);
  }
  const scenarios = xs.map((x) => applySweep(base, spec, toValue(x)));
  sweep.update((s) => ({
    ...s,
    points: s.points.map((pt, k) => ({ ...pt, scenario: scenarios[k] ?? null })),
  }));
  const runs = p.run(
    scenarios.map((s) => ({ scenarioJson: JSON.stringify(s), mode: 'summary' as const })),
    (i, result) => {
      if (pool !== p) return;
      unshown.push([i, result]);
      showTimer ??= setTimeout(showResults, SHOW_EVERY_MS);
    },
  );
  await runs;
  if (pool !== p) return;
  showResults();
  // Paper 000's bound with the receiver's offload on and off, over a finer grid.
  const dst = flowDst(base, spec.flowIndex);
  const host = base.topology.nodes[dst]?.host;
  if (numeric && spec.metric === 'goodput' && host?.preset && host.preset !== 'ideal' && dst >= 0) {
    const fine = sweepGrid({ ...spec, points: CURVE_POINTS });
    const curve = async (offload: boolean): Promise<Curve> => {
      const withOffload = setAt(base, `topology.nodes[${dst}].host.offload`, offload);
      const sums = await probe(
        p,
        fine.map((x) => applySweep(withOffload, spec, toValue(x))),
      );
      const pts = fine
        .map((x, i) => ({ x, y: sums[i]?.flows[spec.flowIndex]?.bounds?.host_bound_bps }))
        .filter((q): q is { x: number; y: number } => typeof q.y === 'number');
      return { x: pts.map((q) => q.x), y: pts.map((q) => q.y) };
    };
    const on = await curve(true);
    if (pool !== p) return;
    const off = await curve(false);
    if (pool !== p) return;
    sweep.update((s) => ({ ...s, offloadOn: on, offloadOff: off }));
  }
  sweep.update((s) => ({ ...s, status: 'done' }));
  pool = null;
  release(p);
}

export function cancelSweep(): void {
  showResults(); // the points that have ended stay on show
  pool?.cancel();
  pool = null;
  sweep.update((s) => ({ ...s, status: s.status === 'running' ? 'cancelled' : s.status }));
}

/** The measured quantity of one point. */
export function metricOf(summary: RunSummary, spec: SweepSpec, linkId: string): number {
  const f = summary.flows[spec.flowIndex];
  switch (spec.metric) {
    case 'goodput':
      return f?.goodput_bps ?? NaN;
    case 'totalGoodput':
      return summary.flows.reduce((s, x) => s + x.goodput_bps, 0);
    case 'jain':
      return summary.jain_index;
    case 'utilisation':
      return (
        summary.links.find((l) => l.id === linkId && l.direction === 'a>b')?.utilisation ?? NaN
      );
    case 'retransmits':
      return f?.retransmitted_segments ?? NaN;
  }
}
