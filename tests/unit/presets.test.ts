// Every topology preset the editor offers is a valid scenario that runs and has a bottleneck
// that shows something: the validator accepts it, and a short run completes with rows.
import { describe, expect, it } from 'vitest';
import { PRESET_IDS, presetScenario } from '../../web/src/scenario/presets';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { Simulation, validate } from './helpers/wasm';

describe('topology presets', () => {
  it('starts with the default scenario, unchanged (its golden hash)', () => {
    expect(presetScenario('single')).toEqual(DEFAULT_SCENARIO);
  });

  it.each(PRESET_IDS)('%s is valid and runs', (id) => {
    const s = presetScenario(id);
    const json = JSON.stringify(s);
    expect(validate(json)).toEqual([]);
    const sim = new Simulation(json);
    sim.advance(Math.min(1, s.duration_s) * 1e9, Infinity);
    expect(sim.drain().length).toBeGreaterThan(0);
    const summary = JSON.parse(sim.summary()) as { flows: unknown[] };
    expect(summary.flows).toHaveLength(s.flows.length);
    sim.free();
  });

  it('gives fresh copies', () => {
    const a = presetScenario('dumbbell');
    a.flows[0]!.cc = 'bbr';
    expect(presetScenario('dumbbell').flows[0]!.cc).toBe('newreno');
  });
});
