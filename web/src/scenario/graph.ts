// Editing the topology and the flows: add and remove hosts, routers, links and flows, keeping
// the scenario consistent (a removed node takes its links and flows with it; per-flow entries in
// queue disciplines follow removed flows). Pure functions: a new scenario each time.
import { NEW_FLOW, NEW_LINK, newNode } from './starters';
import type { Flow, Link, Node, QueueSpec, Scenario } from './types';

/** The first id `prefix<n>` (n = 1, 2, …) not in `taken`. */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}

const nodeIds = (s: Scenario) => s.topology.nodes.map((n) => n.id);

export function addNode(s: Scenario, kind: Node['kind']): Scenario {
  const id = freshId(kind === 'host' ? 'h' : 'r', nodeIds(s));
  return { ...s, topology: { ...s.topology, nodes: [...s.topology.nodes, newNode(id, kind)] } };
}

export function addLink(s: Scenario, a: string, b: string): Scenario {
  const id = freshId('l', [...s.topology.links.map((l) => l.id), ...nodeIds(s)]);
  const link: Link = { id, a, b, ...structuredClone(NEW_LINK) };
  return { ...s, topology: { ...s.topology, links: [...s.topology.links, link] } };
}

export function addFlow(s: Scenario): Scenario {
  const hosts = s.topology.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const src = hosts[0] ?? '';
  const dst = hosts[hosts.length - 1] ?? '';
  const id = freshId(
    'f',
    s.flows.map((f) => f.id),
  );
  const flow: Flow = { id, src, dst, ...structuredClone(NEW_FLOW) };
  return { ...s, flows: [...s.flows, flow] };
}

/** A copy of flow `index` with a fresh id, appended. */
export function duplicateFlow(s: Scenario, index: number): Scenario {
  const f = s.flows[index];
  if (!f) return s;
  const id = freshId(
    'f',
    s.flows.map((x) => x.id),
  );
  return { ...s, flows: [...s.flows, { ...structuredClone(f), id }] };
}

export function removeFlow(s: Scenario, index: number): Scenario {
  return pruneFlowRefs({ ...s, flows: s.flows.filter((_, i) => i !== index) });
}

export function removeLink(s: Scenario, index: number): Scenario {
  return {
    ...s,
    topology: { ...s.topology, links: s.topology.links.filter((_, i) => i !== index) },
  };
}

export function removeNode(s: Scenario, index: number): Scenario {
  const node = s.topology.nodes[index];
  if (!node) return s;
  const id = node.id;
  return pruneFlowRefs({
    ...s,
    topology: {
      nodes: s.topology.nodes.filter((_, i) => i !== index),
      links: s.topology.links.filter((l) => l.a !== id && l.b !== id),
    },
    flows: s.flows.filter((f) => f.src !== id && f.dst !== id),
  });
}

/** Remove per-flow queue entries (weights, priorities, reservations) of flows that are gone. */
export function pruneFlowRefs(s: Scenario): Scenario {
  const flows = new Set(s.flows.map((f) => f.id));
  const prune = (q: QueueSpec): QueueSpec => {
    const copy = { ...q } as Record<string, unknown>;
    for (const key of ['weights', 'priorities', 'reservations']) {
      const list = copy[key];
      if (Array.isArray(list)) {
        copy[key] = list.filter(
          (e: { flow?: string }) => e.flow === undefined || flows.has(e.flow),
        );
      }
    }
    return copy as QueueSpec;
  };
  const links = s.topology.links.map((l) => {
    let out = l;
    if (l.queue) out = { ...out, queue: prune(l.queue) as Link['queue'] };
    if (l.reverse?.queue)
      out = { ...out, reverse: { ...l.reverse, queue: prune(l.reverse.queue) } };
    return out;
  });
  return { ...s, topology: { ...s.topology, links } };
}

/** The host ids, for the flows table's source and destination choices. */
export function hostIds(s: Scenario): string[] {
  return s.topology.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
}
