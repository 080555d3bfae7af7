// The few settings a student turns most, read from and written into a whole scenario: the path of
// the first flow, its bottleneck link (rate, buffer, queue discipline), its round-trip time (the
// propagation delays of every link on the path, set in one place), the path MTU and the receiving
// host's model. Pure functions: a new scenario each time.
import type { Link, Scenario } from './types';

/** One link of a path, crossed from `a` to `b` (forward) or the other way. */
export interface PathHop {
  link: number;
  forward: boolean;
}

/**
 * The links from `src` to `dst`, fewest hops first (breadth-first, links in scenario order), or
 * null when there is no path. The simulator routes by hop count too
 * (wasm/sim/src/net/routing.rs); on a tie it may pick another path of the same length.
 */
export function pathBetween(s: Scenario, src: string, dst: string): PathHop[] | null {
  if (src === dst) return [];
  // Each node's links in scenario order, built once (a search that scanned every link for every
  // node took a second on 1,000 nodes).
  const links = s.topology.links;
  const at = new Map<string, number[]>();
  links.forEach((l, i) => {
    for (const end of l.a === l.b ? [l.a] : [l.a, l.b]) {
      const list = at.get(end);
      if (list) list.push(i);
      else at.set(end, [i]);
    }
  });
  const prev = new Map<string, { node: string; hop: PathHop }>();
  const seen = new Set([src]);
  let frontier = [src];
  while (frontier.length > 0 && !seen.has(dst)) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const i of at.get(node) ?? []) {
        const l = links[i] as Link;
        const to = l.a === node ? l.b : l.a;
        if (seen.has(to)) continue;
        seen.add(to);
        prev.set(to, { node, hop: { link: i, forward: l.a === node } });
        next.push(to);
      }
    }
    frontier = next;
  }
  if (!seen.has(dst)) return null;
  const hops: PathHop[] = [];
  for (let at = dst; at !== src;) {
    const p = prev.get(at);
    if (!p) return null;
    hops.unshift(p.hop);
    at = p.node;
  }
  return hops;
}

/** Paths found per scenario (scenarios are never changed in place: an edit makes a new one). */
const paths = new WeakMap<Scenario, Map<number, PathHop[] | null>>();

/** The data path of flow `i` (null: no such flow, or no path). Searched once per scenario: the
 * knobs read it several times a render. */
export function flowPath(s: Scenario, i = 0): PathHop[] | null {
  let byFlow = paths.get(s);
  if (!byFlow) paths.set(s, (byFlow = new Map()));
  if (byFlow.has(i)) return byFlow.get(i) ?? null;
  const f = s.flows[i];
  const path = f ? pathBetween(s, f.src, f.dst) : null;
  byFlow.set(i, path);
  return path;
}

/** The rate of a link in the direction it is crossed. */
function rateOf(l: Link, forward: boolean): number {
  return forward ? l.rate_bps : (l.reverse?.rate_bps ?? l.rate_bps);
}

/** One-way propagation delay of a link in a direction, ms. */
export function delayOf(l: Link, forward: boolean): number {
  return forward ? l.delay_ms : (l.reverse?.delay_ms ?? l.delay_ms);
}

/**
 * The link the knobs act on: the slowest on the first flow's path (the last one on ties, where
 * the queue builds), else the slowest link of the scenario; -1 when there are no links.
 */
export function bottleneckLink(s: Scenario): number {
  const path = flowPath(s);
  let best = -1;
  let bestRate = Infinity;
  const consider = (i: number, rate: number) => {
    if (rate <= bestRate) {
      best = i;
      bestRate = rate;
    }
  };
  if (path && path.length > 0) {
    for (const h of path) {
      const l = s.topology.links[h.link];
      if (l) consider(h.link, rateOf(l, h.forward));
    }
  } else s.topology.links.forEach((l, i) => consider(i, l.rate_bps));
  return best;
}

export interface OneWay {
  id: string;
  there: number;
  back: number;
}

/** The propagation delays along the first flow's path, each link there and back, ms. */
export function pathDelays(s: Scenario): OneWay[] {
  const path = flowPath(s) ?? [];
  return path.flatMap((h) => {
    const l = s.topology.links[h.link];
    return l ? [{ id: l.id, there: delayOf(l, h.forward), back: delayOf(l, !h.forward) }] : [];
  });
}

/** The round trip of propagation along the first flow's path, ms (0 without a path). */
export function propagationRttMs(s: Scenario): number {
  return round9(pathDelays(s).reduce((sum, d) => sum + d.there + d.back, 0));
}

const round9 = (x: number) => Number(x.toPrecision(9));

/**
 * The scenario with a propagation round trip of `rttMs` on the first flow's path. The bottleneck
 * link takes up the change (both directions by the same amount); when the other links alone
 * already take longer than `rttMs`, every delay on the path is scaled down instead. Links off
 * the path are left alone. Without a path (or with `rttMs` < 0) the scenario is returned as is.
 */
export function withPropagationRtt(s: Scenario, rttMs: number): Scenario {
  const path = flowPath(s);
  if (!path || path.length === 0 || !(rttMs >= 0)) return s;
  const links = s.topology.links.map((l) => ({
    ...l,
    ...(l.reverse ? { reverse: { ...l.reverse } } : {}),
  }));
  const target = bottleneckLink(s);
  const now = propagationRttMs(s);
  let others = 0;
  for (const h of path) {
    const l = links[h.link];
    if (l && h.link !== target) others += delayOf(l, true) + delayOf(l, false);
  }
  const b = links[target];
  if (b && rttMs >= others) {
    const bothWays = delayOf(b, true) + delayOf(b, false);
    const shift = (rttMs - others - bothWays) / 2;
    b.delay_ms = round9(Math.max(0, b.delay_ms + shift));
    if (b.reverse && typeof b.reverse.delay_ms === 'number')
      b.reverse.delay_ms = round9(Math.max(0, b.reverse.delay_ms + shift));
  } else if (now > 0) {
    const k = rttMs / now;
    const onPath = new Set(path.map((h) => h.link));
    for (const i of onPath) {
      const l = links[i];
      if (!l) continue;
      l.delay_ms = round9(l.delay_ms * k);
      if (l.reverse && typeof l.reverse.delay_ms === 'number')
        l.reverse.delay_ms = round9(l.reverse.delay_ms * k);
    }
  }
  return { ...s, topology: { ...s.topology, links } };
}

/** The smallest MTU on the first flow's path (links without one: 1500, the schema default). */
export function pathMtu(s: Scenario): number {
  const path = flowPath(s) ?? [];
  let m = Infinity;
  for (const h of path) m = Math.min(m, s.topology.links[h.link]?.mtu_bytes ?? 1500);
  return Number.isFinite(m) ? m : 1500;
}

/** Every link on the first flow's path with MTU `mtu` (so the path MTU is `mtu`). */
export function withPathMtu(s: Scenario, mtu: number): Scenario {
  const onPath = new Set((flowPath(s) ?? []).map((h) => h.link));
  return {
    ...s,
    topology: {
      ...s.topology,
      links: s.topology.links.map((l, i) => (onPath.has(i) ? { ...l, mtu_bytes: mtu } : l)),
    },
  };
}

/** The bandwidth-delay product of the first flow's path in packets of the path MTU. */
export function bdpPackets(s: Scenario): number {
  const b = s.topology.links[bottleneckLink(s)];
  if (!b) return NaN;
  return (b.rate_bps * propagationRttMs(s)) / 1000 / (8 * pathMtu(s));
}

/** The index of the node that receives the first flow (-1: none). */
export function receiverNode(s: Scenario): number {
  const dst = s.flows[0]?.dst;
  return dst === undefined ? -1 : s.topology.nodes.findIndex((n) => n.id === dst);
}
