// Sweep grids and how each parameter is written into the scenario (all results validate).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { presetScenario } from '../../web/src/scenario/presets';
import { applySweep, delayFactorFor, slowestLink, sweepGrid } from '../../web/src/scenario/sweep';
import type { SweepSpec } from '../../web/src/scenario/sweep';
import type { Scenario } from '../../web/src/scenario/types';
import { Simulation, validate } from './helpers/wasm';

const errorsOf = (s: Scenario) => validate(JSON.stringify(s)) ?? [];
const spec = (patch: Partial<SweepSpec>): SweepSpec => ({
  param: 'mtu',
  from: 500,
  to: 9000,
  points: 18,
  log: false,
  linkIndex: 1,
  flowIndex: 0,
  algorithms: [],
  metric: 'goodput',
  ...patch,
});

function baseRtt(s: Scenario): number {
  const sim = new Simulation(JSON.stringify(s));
  const r = JSON.parse(sim.summary()).flows[0].bounds.base_rtt_s as number;
  sim.free();
  return r;
}

describe('sweep grids', () => {
  it('steps MTU by 500 from 500 to 9000 with 18 points', () => {
    expect(sweepGrid(spec({}))).toEqual(Array.from({ length: 18 }, (_, i) => 500 + 500 * i));
  });
  it('spaces loss logarithmically', () => {
    const g = sweepGrid(spec({ param: 'loss', from: 1e-4, to: 1e-2, points: 3, log: true }));
    expect(g).toEqual([0.0001, 0.001, 0.01]);
  });
  it('drops repeats of whole-number parameters', () => {
    expect(sweepGrid(spec({ param: 'flows', from: 1, to: 3, points: 8 }))).toEqual([1, 2, 3]);
  });
});

describe('applying a sweep value', () => {
  it.each([
    ['mtu', 9000],
    ['buffer', 10],
    ['loss', 0.01],
    ['rate', 5],
    ['flows', 4],
    ['algorithm', 'cubic'],
  ] as const)('%s = %s gives a valid scenario', (param, value) => {
    const s = applySweep(DEFAULT_SCENARIO, spec({ param }), value);
    expect(errorsOf(s)).toEqual([]);
  });

  it('writes the value where it belongs', () => {
    const s = (param: SweepSpec['param'], v: number | string) =>
      applySweep(DEFAULT_SCENARIO, spec({ param }), v);
    expect(s('mtu', 9000).topology.links.every((l) => l.mtu_bytes === 9000)).toBe(true);
    expect(s('buffer', 10).topology.links[1]?.queue).toEqual({
      kind: 'drop_tail',
      limit_packets: 10,
    });
    expect(s('loss', 0.01).topology.links[1]?.loss).toEqual({ kind: 'bernoulli', p: 0.01 });
    expect(s('rate', 5).topology.links[1]?.rate_bps).toBe(5e6);
    expect(s('flows', 3).flows.map((f) => f.id)).toEqual(['f1', 'f2', 'f3']);
    expect(s('algorithm', 'bbr').flows[0]?.cc).toBe('bbr');
  });

  it('reaches a target base RTT through the simulator’s own base RTT', () => {
    const one = baseRtt(DEFAULT_SCENARIO);
    const zero = baseRtt(applySweep(DEFAULT_SCENARIO, spec({ param: 'rtt' }), 0));
    const k = delayFactorFor(0.1, one, zero);
    const s = applySweep(DEFAULT_SCENARIO, spec({ param: 'rtt' }), k);
    expect(baseRtt(s)).toBeCloseTo(0.1, 9);
  });

  it('starts link parameters on the slowest link', () => {
    expect(slowestLink(DEFAULT_SCENARIO)).toBe(1);
    expect(
      presetScenario('dumbbell').topology.links[slowestLink(presetScenario('dumbbell'))]?.id,
    ).toBe('bottleneck');
  });
});
