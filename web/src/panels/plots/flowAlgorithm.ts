// Which congestion-control algorithm a flow of a run opens with, as the simulator resolved it:
// a flow without its own `cc` may have been given one by a `cc_rules` entry, so the scenario
// alone cannot say (and "newreno" would mislabel it).
import type { Scenario } from '../../scenario/types';
import type { RunSummary } from '../../sim/summary';

interface RunFacts {
  /** The summary at time 0 (the run's opening algorithms); null before the run starts. */
  initial: RunSummary | null;
  scenario: Scenario | null;
}

/**
 * The opening algorithm of flow `id`: the simulator's (the time-0 summary, which applies
 * `cc_rules`), else the scenario's own `cc`; null when neither says (not started, or UDP).
 */
export function flowAlgorithm(run: RunFacts | undefined, id: string): string | null {
  const resolved = run?.initial?.flows.find((f) => f.id === id)?.cc;
  if (resolved) return resolved;
  return run?.scenario?.flows.find((f) => f.id === id)?.cc ?? null;
}
