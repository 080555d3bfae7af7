// Where the topology diagram draws each node: a deterministic layered layout. Routers are laid
// out left to right by hops from the router nearest the first flow's sender; each host sits one
// column left of its router when it sends more flows than it receives, one column right
// otherwise. Without routers, nodes follow breadth-first order from the first node.
import type { Scenario } from './types';

export interface NodePlace {
  /** Column (0 = leftmost) and row within the column, both possibly fractional. */
  col: number;
  row: number;
}

export interface Layout {
  places: Map<string, NodePlace>;
  cols: number;
  rows: number;
}

function neighbours(s: Scenario): Map<string, string[]> {
  const adj = new Map<string, string[]>(s.topology.nodes.map((n) => [n.id, []]));
  for (const l of s.topology.links) {
    adj.get(l.a)?.push(l.b);
    adj.get(l.b)?.push(l.a);
  }
  return adj;
}

/** Breadth-first hop counts from `roots` over the nodes `allowed` admits. */
function hops(
  roots: string[],
  adj: Map<string, string[]>,
  allowed: (id: string) => boolean,
): Map<string, number> {
  const dist = new Map<string, number>();
  const queue: string[] = [];
  for (const r of roots) {
    if (!dist.has(r)) {
      dist.set(r, 0);
      queue.push(r);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i] as string;
    for (const v of adj.get(u) ?? []) {
      if (allowed(v) && !dist.has(v)) {
        dist.set(v, (dist.get(u) ?? 0) + 1);
        queue.push(v);
      }
    }
  }
  return dist;
}

/** Give every node a column by BFS from its component's first node, components side by side. */
function bfsColumns(ids: string[], adj: Map<string, string[]>, allowed: (id: string) => boolean) {
  const col = new Map<string, number>();
  let offset = 0;
  for (const id of ids) {
    if (col.has(id)) continue;
    const d = hops([id], adj, (v) => allowed(v) && !col.has(v));
    let max = 0;
    for (const [v, h] of d) {
      col.set(v, offset + h);
      max = Math.max(max, h);
    }
    offset += max + 1;
  }
  return col;
}

export function layoutTopology(s: Scenario): Layout {
  const adj = neighbours(s);
  const kind = new Map(s.topology.nodes.map((n) => [n.id, n.kind]));
  const routers = s.topology.nodes.filter((n) => n.kind === 'router').map((n) => n.id);
  const col = new Map<string, number>();

  if (routers.length === 0) {
    const ids = s.topology.nodes.map((n) => n.id);
    const first = s.flows[0]?.src;
    const order = first && kind.has(first) ? [first, ...ids.filter((x) => x !== first)] : ids;
    for (const [id, c] of bfsColumns(order, adj, () => true)) col.set(id, c);
  } else {
    const firstSrc = s.flows[0]?.src;
    const start = (firstSrc && adj.get(firstSrc)?.find((v) => kind.get(v) === 'router')) || '';
    const order = start ? [start, ...routers.filter((r) => r !== start)] : routers;
    const rcol = bfsColumns(order, adj, (v) => kind.get(v) === 'router');
    // Routers at odd columns leave room for hosts on both sides.
    for (const [id, c] of rcol) col.set(id, 2 * c + 1);
    const sends = new Map<string, number>();
    for (const f of s.flows) {
      sends.set(f.src, (sends.get(f.src) ?? 0) + 1);
      sends.set(f.dst, (sends.get(f.dst) ?? 0) - 1);
    }
    const hosts = s.topology.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
    let loose = 0;
    for (const h of hosts) {
      const rs = (adj.get(h) ?? []).filter((v) => kind.get(v) === 'router');
      if (rs.length === 0) continue;
      const c = Math.min(...rs.map((r) => col.get(r) ?? 1));
      col.set(h, (sends.get(h) ?? 0) > 0 ? c - 1 : c + 1);
    }
    // Hosts without a router: next to a host they are linked to, or in a column of their own.
    const maxCol = Math.max(0, ...col.values());
    for (const h of hosts) {
      if (col.has(h)) continue;
      const linked = (adj.get(h) ?? []).find((v) => col.has(v));
      col.set(h, linked !== undefined ? (col.get(linked) ?? 0) + 1 : maxCol + 1 + loose++);
    }
  }

  // Rows: nodes of a column spread evenly, centred on the middle row.
  const byCol = new Map<number, string[]>();
  for (const n of s.topology.nodes) {
    const c = col.get(n.id) ?? 0;
    byCol.set(c, [...(byCol.get(c) ?? []), n.id]);
  }
  const minCol = Math.min(0, ...byCol.keys());
  const rows = Math.max(1, ...[...byCol.values()].map((l) => l.length));
  const places = new Map<string, NodePlace>();
  for (const [c, ids] of byCol) {
    ids.forEach((id, i) => {
      places.set(id, { col: c - minCol, row: (rows - ids.length) / 2 + i });
    });
  }
  const cols = Math.max(1, ...[...places.values()].map((p) => p.col + 1));
  return { places, cols, rows };
}
