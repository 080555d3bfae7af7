//! Static shortest-path routing by hop count. Breadth-first search over links in
//! declaration order, so the same topology always gets the same routes.

use super::Topology;
use std::collections::{BTreeMap, VecDeque};

/// Channel index of link `i` in the a→b direction is `2i`, b→a is `2i + 1`.
pub fn channel_index(link: usize, a_to_b: bool) -> usize {
    2 * link + usize::from(!a_to_b)
}

/// The topology as an adjacency list over node indices.
pub struct Adjacency {
    pub index: BTreeMap<String, usize>,
    /// For each node: (neighbour, outgoing channel index), in link order.
    pub out: Vec<Vec<(usize, usize)>>,
    /// The reverse edges, built once: `inbound[v]` lists (u, c) with u reaching v via channel c,
    /// in the order of `out` (so every search below visits neighbours in link order).
    inbound: Vec<Vec<(usize, usize)>>,
}

/// Build the adjacency list; links naming unknown nodes are skipped (validation reports them).
pub fn adjacency_by_id(topo: &Topology) -> Adjacency {
    // Inserted one by one (a repeated id keeps its last index, as `collect` would): the
    // collector's sort would be more code in the .wasm.
    let mut index = BTreeMap::new();
    for (i, n) in topo.nodes.iter().enumerate() {
        index.insert(n.id.clone(), i);
    }
    let mut out = vec![Vec::new(); topo.nodes.len()];
    for (li, l) in topo.links.iter().enumerate() {
        if let (Some(&a), Some(&b)) = (index.get(&l.a), index.get(&l.b)) {
            if a != b {
                out[a].push((b, channel_index(li, true)));
                out[b].push((a, channel_index(li, false)));
            }
        }
    }
    let mut inbound = vec![Vec::new(); out.len()];
    for (u, edges) in out.iter().enumerate() {
        for &(v, c) in edges {
            inbound[v].push((u, c));
        }
    }
    Adjacency {
        index,
        out,
        inbound,
    }
}

impl Adjacency {
    pub fn reachable(&self, src: &str, dst: &str) -> bool {
        match (self.index.get(src), self.index.get(dst)) {
            (Some(&s), Some(&d)) => self.next_hop_table(d)[s].is_some() || s == d,
            _ => false,
        }
    }

    /// The channels on the route from `src` to `dst`, in order (None if unreachable).
    pub fn route(&self, src: usize, dst: usize) -> Option<Vec<usize>> {
        self.walk(&self.next_hop_table(dst), src, dst)
    }

    /// The routes of many (src, dst) pairs, in the order given, the same as [`Self::route`]
    /// of each: one search per distinct destination, whose table serves every pair to it (a
    /// scenario of 1,000 flows between 500 host pairs searches 500 times, not 1,000).
    pub fn routes(&self, pairs: &[(usize, usize)]) -> Vec<Option<Vec<usize>>> {
        // Each destination's table serves the first pair to it and every later one (a scan, not
        // a map keyed by destination: no more generic code in the .wasm for a one-off grouping).
        let mut out = vec![None; pairs.len()];
        let mut done = vec![false; pairs.len()];
        for first in 0..pairs.len() {
            if done[first] {
                continue;
            }
            let dst = pairs[first].1;
            let table = self.next_hop_table(dst);
            for i in first..pairs.len() {
                if !done[i] && pairs[i].1 == dst {
                    done[i] = true;
                    out[i] = self.walk(&table, pairs[i].0, dst);
                }
            }
        }
        out
    }

    /// Follow `table` (towards `dst`) from `src`.
    fn walk(&self, table: &[Option<usize>], src: usize, dst: usize) -> Option<Vec<usize>> {
        let mut node = src;
        let mut hops = Vec::new();
        while node != dst {
            let c = table[node]?;
            hops.push(c);
            node = self.out[node].iter().find(|&&(_, ch)| ch == c)?.0;
            if hops.len() > self.out.len() {
                return None;
            }
        }
        Some(hops)
    }

    /// For every node, the outgoing channel on a shortest path towards `dst`
    /// (None for `dst` itself and for nodes that cannot reach it).
    pub fn next_hop_table(&self, dst: usize) -> Vec<Option<usize>> {
        let n = self.out.len();
        let mut seen = vec![false; n];
        let mut next = vec![None; n];
        seen[dst] = true;
        let mut frontier = VecDeque::from([dst]);
        while let Some(v) = frontier.pop_front() {
            for &(u, c) in &self.inbound[v] {
                if !seen[u] {
                    seen[u] = true;
                    next[u] = Some(c);
                    frontier.push_back(u);
                }
            }
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Link, Node, NodeKind};

    fn node(id: &str) -> Node {
        Node {
            id: id.into(),
            kind: NodeKind::Router,
            host: None,
        }
    }
    fn link(id: &str, a: &str, b: &str) -> Link {
        Link::new(id, a, b, 1e6, 1.0)
    }

    #[test]
    fn picks_the_path_with_fewest_hops() {
        // a - b - c - d and a shortcut a - d
        let topo = Topology {
            nodes: ["a", "b", "c", "d"].map(node).to_vec(),
            links: vec![
                link("ab", "a", "b"),
                link("bc", "b", "c"),
                link("cd", "c", "d"),
                link("ad", "a", "d"),
            ],
        };
        let adj = adjacency_by_id(&topo);
        let table = adj.next_hop_table(3);
        assert_eq!(table[0], Some(channel_index(3, true))); // a → d directly
        assert_eq!(table[2], Some(channel_index(2, true))); // c → d
        assert_eq!(table[3], None);
        assert!(adj.reachable("b", "d"));
    }

    #[test]
    fn routes_of_many_pairs_are_each_pairs_route() {
        // a - b - c - d, a - d, and e alone: pairs in both directions, repeated, to self, none.
        let topo = Topology {
            nodes: ["a", "b", "c", "d", "e"].map(node).to_vec(),
            links: vec![
                link("ab", "a", "b"),
                link("bc", "b", "c"),
                link("cd", "c", "d"),
                link("ad", "a", "d"),
            ],
        };
        let adj = adjacency_by_id(&topo);
        let pairs: Vec<(usize, usize)> = (0..5)
            .flat_map(|s| (0..5).map(move |d| (s, d)))
            .chain([(1, 3), (0, 2), (1, 3)])
            .collect();
        let expected: Vec<_> = pairs.iter().map(|&(s, d)| adj.route(s, d)).collect();
        assert_eq!(adj.routes(&pairs), expected);
        assert_eq!(adj.routes(&pairs)[4], None); // a → e
        assert_eq!(adj.routes(&[]), Vec::<Option<Vec<usize>>>::new());
    }

    #[test]
    fn disconnected_nodes_are_unreachable() {
        let topo = Topology {
            nodes: ["a", "b", "c"].map(node).to_vec(),
            links: vec![link("ab", "a", "b")],
        };
        let adj = adjacency_by_id(&topo);
        assert!(!adj.reachable("a", "c"));
        assert!(adj.reachable("b", "a"));
    }
}
