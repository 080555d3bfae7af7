// Where the single-bottleneck controls live inside a scenario: the link named `bottleneck`
// and the links before it on the path (the access links).
import type { Link, Scenario } from './types';

/** The id of the link the controls call "the bottleneck". */
export const BOTTLENECK_ID = 'bottleneck';

export function bottleneckIndex(s: Scenario): number {
  return s.topology.links.findIndex((l) => l.id === BOTTLENECK_ID);
}

export function bottleneckLink(s: Scenario): Link {
  const link = s.topology.links[bottleneckIndex(s)];
  if (!link) throw new Error(`the scenario has no link with id '${BOTTLENECK_ID}'`);
  return link;
}
