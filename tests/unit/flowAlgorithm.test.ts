// The internals panel names a flow's algorithm as the simulator resolved it: a flow without its
// own `cc` that a `cc_rules` entry gives CUBIC is CUBIC (its time-0 summary says so), not the
// "newreno" a page-side default would call it.
import { describe, expect, it } from 'vitest';
import { flowAlgorithm } from '../../web/src/panels/plots/flowAlgorithm';
import type { Scenario } from '../../web/src/scenario/types';
import { parseSummary } from '../../web/src/sim/summary';
import { readRepoFile } from './helpers/repo';
import { Simulation } from './helpers/wasm';

describe('flowAlgorithm', () => {
  it('names a rule-chosen algorithm from the run, not from the scenario', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
    for (const f of s.flows) delete f.cc;
    s.cc_rules = [{ cc: 'cubic' } as NonNullable<Scenario['cc_rules']>[number]];
    const id = s.flows[0]!.id;
    const initial = parseSummary(new Simulation(JSON.stringify(s)).summary());
    expect(initial.flows[0]?.cc_rule).toBe(0);
    expect(flowAlgorithm({ initial, scenario: s }, id)).toBe('cubic');
    // Before the run there is only the scenario, which does not say.
    expect(flowAlgorithm({ initial: null, scenario: s }, id)).toBeNull();
  });

  it("falls back to the flow's own cc before the run", () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
    s.flows[0]!.cc = 'vegas';
    expect(flowAlgorithm({ initial: null, scenario: s }, s.flows[0]!.id)).toBe('vegas');
  });
});
