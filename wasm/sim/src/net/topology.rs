//! Topology builders: the shapes experiments use, as typed scenario
//! topologies (the presets in content/scenarios/ are written by the same
//! rules, and a test holds them to it).
//!
//! - [`dumbbell`]: N senders → r1 → bottleneck → r2 → M receivers, each
//!   host with its own access link (so flows can have different RTTs);
//! - [`parking_lot`]: a chain of bottlenecks, one long flow across all of
//!   them and one cross flow per hop;
//! - [`router_chain`]: routers in a line with hosts or further routers
//!   branching off any of them (paper 003's testbed is one);
//! - [`paper002_testbed`] and [`paper003_testbed`]: the seed papers' labs
//!   ([`shape_host_egress`] adds paper 003's sender-side shaper).
//!
//! Node ids: hosts `s0…`, `d0…`; routers `r1`, `r2`, …; links are named by
//! what they join (`s0-r1`, `r1-r2`), so a field path points at a place.

use crate::scenario::{Flow, Link, Node, NodeKind, QueueSpec, Topology};

/// A host's own link to its router: rate and one-way delay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Access {
    pub rate_bps: f64,
    pub delay_ms: f64,
}

impl Access {
    pub fn new(rate_bps: f64, delay_ms: f64) -> Self {
        Access { rate_bps, delay_ms }
    }
}

/// Builds a topology node by node and link by link.
#[derive(Clone, Debug, Default)]
pub struct TopologyBuilder {
    nodes: Vec<Node>,
    links: Vec<Link>,
}

impl TopologyBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    fn node(&mut self, id: &str, kind: NodeKind) -> &mut Self {
        if !self.nodes.iter().any(|n| n.id == id) {
            self.nodes.push(Node {
                id: id.into(),
                kind,
                host: None,
            });
        }
        self
    }

    pub fn host(&mut self, id: &str) -> &mut Self {
        self.node(id, NodeKind::Host)
    }

    pub fn router(&mut self, id: &str) -> &mut Self {
        self.node(id, NodeKind::Router)
    }

    /// A link `a-b` with the default MTU, a 1000-packet DropTail queue and
    /// no impairments.
    pub fn link(&mut self, a: &str, b: &str, rate_bps: f64, delay_ms: f64) -> &mut Link {
        self.links
            .push(Link::new(&format!("{a}-{b}"), a, b, rate_bps, delay_ms));
        self.links.last_mut().expect("just pushed")
    }

    /// A host `host` with its access link to `router`.
    pub fn attach(&mut self, host: &str, router: &str, access: Access) -> &mut Link {
        self.host(host);
        self.link(host, router, access.rate_bps, access.delay_ms)
    }

    pub fn build(self) -> Topology {
        Topology {
            nodes: self.nodes,
            links: self.links,
        }
    }
}

/// N senders (`s0…`) on router `r1`, M receivers (`d0…`) on router `r2`,
/// joined by the bottleneck `r1-r2` carrying `queue` in both directions.
pub fn dumbbell(
    senders: &[Access],
    receivers: &[Access],
    bottleneck: Access,
    queue: QueueSpec,
) -> Topology {
    let mut b = TopologyBuilder::new();
    b.router("r1").router("r2");
    b.link("r1", "r2", bottleneck.rate_bps, bottleneck.delay_ms)
        .queue = queue;
    for (i, a) in senders.iter().enumerate() {
        b.attach(&format!("s{i}"), "r1", *a);
    }
    for (i, a) in receivers.iter().enumerate() {
        b.attach(&format!("d{i}"), "r2", *a);
    }
    b.build()
}

/// Sender access links that give each flow (sender i → a receiver whose
/// access delay is `receiver_delay_ms`) the round-trip propagation delay
/// `rtts_ms[i]` across a bottleneck of `bottleneck_delay_ms` one way.
/// Paths too short for the bottleneck get a zero-delay access link.
pub fn access_for_rtts(
    rtts_ms: &[f64],
    rate_bps: f64,
    bottleneck_delay_ms: f64,
    receiver_delay_ms: f64,
) -> Vec<Access> {
    rtts_ms
        .iter()
        .map(|rtt| {
            let d = rtt / 2.0 - bottleneck_delay_ms - receiver_delay_ms;
            Access::new(rate_bps, d.max(0.0))
        })
        .collect()
}

/// A parking lot of `hops` bottlenecks `r0-r1`, `r1-r2`, …: the long flow
/// runs from host `long_src` (on r0) to `long_dst` (on r{hops}); cross flow
/// i (1 ≤ i ≤ hops) from `x{i}_src` on r{i−1} to `x{i}_dst` on r{i}, so
/// each hop is shared by the long flow and one cross flow.
pub fn parking_lot(hops: usize, hop: Access, access: Access, queue: QueueSpec) -> Topology {
    let mut b = TopologyBuilder::new();
    let r = |i: usize| format!("r{i}");
    for i in 0..=hops {
        b.router(&r(i));
    }
    for i in 1..=hops {
        b.link(&r(i - 1), &r(i), hop.rate_bps, hop.delay_ms).queue = queue.clone();
    }
    b.attach("long_src", &r(0), access);
    b.attach("long_dst", &r(hops), access);
    for i in 1..=hops {
        b.attach(&format!("x{i}_src"), &r(i - 1), access);
        b.attach(&format!("x{i}_dst"), &r(i), access);
    }
    b.build()
}

/// The flows of [`parking_lot`]: `long`, then `x1…` (bulk TCP, defaults).
pub fn parking_lot_flows(hops: usize) -> Vec<Flow> {
    let mut v = vec![bulk_flow("long", "long_src", "long_dst")];
    for i in 1..=hops {
        v.push(bulk_flow(
            &format!("x{i}"),
            &format!("x{i}_src"),
            &format!("x{i}_dst"),
        ));
    }
    v
}

/// What hangs off a router of a [`router_chain`].
#[derive(Clone, Debug, PartialEq)]
pub enum Branch {
    /// A host on its access link.
    Host { id: String, access: Access },
    /// A router on a link (which the caller may then give hosts of its own
    /// through further branches naming it).
    Router { id: String, link: Access },
}

/// Routers `r1…r{n}` in a line joined by `chain[i]` (`r{i+1}-r{i+2}`), and
/// branches hung off routers by id (`r1`, or a router another branch
/// made). Branches are added in order, so a branch may name a router an
/// earlier branch created.
pub fn router_chain(chain: &[Access], branches: &[(&str, Branch)]) -> Topology {
    let mut b = TopologyBuilder::new();
    let n = chain.len() + 1;
    for i in 1..=n {
        b.router(&format!("r{i}"));
    }
    for (i, l) in chain.iter().enumerate() {
        b.link(
            &format!("r{}", i + 1),
            &format!("r{}", i + 2),
            l.rate_bps,
            l.delay_ms,
        );
    }
    for (at, br) in branches {
        match br {
            Branch::Host { id, access } => {
                b.attach(id, at, *access);
            }
            Branch::Router { id, link } => {
                b.router(id);
                b.link(id, at, link.rate_bps, link.delay_ms);
            }
        }
    }
    b.build()
}

/// A bulk TCP flow with every default (NewReno, SACK, IW 10).
pub fn bulk_flow(id: &str, src: &str, dst: &str) -> Flow {
    let json = serde_json::json!({"id": id, "src": src, "dst": dst});
    crate::scenario::from_json(&json.to_string()).expect("a flow with defaults")
}

// ---- the seed papers' labs -------------------------------------------------

/// Ethernet framing per packet on the wire: header 14, FCS 4, preamble and
/// start delimiter 8, inter-frame gap 12 (IEEE 802.3).
pub const ETHERNET_OVERHEAD_BYTES: u32 = 38;
/// HDLC framing on a serial line: flag, address, control, 2-byte FCS and a
/// shared flag, about 8 bytes; 8 reproduces paper 003's "about 10 / 75
/// packets per second" at 125 kb/s for 1500 / 200-byte packets.
pub const HDLC_OVERHEAD_BYTES: u32 = 8;

/// Paper 002's testbed (Hanai et al. 2017, §3.1): `senders` (by name, e.g.
/// `linux1`, `windows1`) each on its own 1 GbE link to the router `codel`,
/// whose egress towards the delay box `delay` carries `queue`; the delay
/// box adds `added_delay_ms` one way (netem on its interface towards the
/// receiver; the ACK direction gets none) on the 1 GbE link to `linux3`.
/// Every link counts Ethernet framing, so 1500-byte packets give the
/// paper's 941 Mb/s of TCP goodput with timestamps. Each sender's link has
/// `host_jitter_ms` of FIFO jitter: without it two hosts that send in lock
/// step meet a full DropTail queue in a fixed phase and one of them is shut
/// out (Floyd & Jacobson's phase effects), which real hosts never do.
pub fn paper002_testbed(
    senders: &[&str],
    added_delay_ms: f64,
    queue: QueueSpec,
    host_jitter_ms: f64,
) -> Topology {
    const GBE: f64 = 1e9;
    let mut b = TopologyBuilder::new();
    b.router("codel").router("delay").host("linux3");
    for s in senders {
        let l = b.attach(s, "codel", Access::new(GBE, 0.05));
        l.overhead_bytes = ETHERNET_OVERHEAD_BYTES;
        l.jitter_ms = host_jitter_ms;
    }
    let l = b.link("codel", "delay", GBE, 0.05);
    l.queue = queue;
    l.overhead_bytes = ETHERNET_OVERHEAD_BYTES;
    let l = b.link("delay", "linux3", GBE, added_delay_ms);
    l.overhead_bytes = ETHERNET_OVERHEAD_BYTES;
    l.reverse = Some(crate::scenario::DirectionOverride {
        delay_ms: Some(0.05),
        ..Default::default()
    });
    b.build()
}

/// Paper 003's testbed (Hayashi et al., §2 Fig. 1 and §3 Fig. 8): WS1–WS3
/// on 10 Mb/s Ethernet to router R1; R1 → R2 a 125 kb/s serial line whose
/// R1 egress carries `queue`; R2 → WS4 on Ethernet; and, with `c13_bps`,
/// the branch WS5 → R3 → R1 over a serial line of that rate. Serial links
/// count HDLC framing, Ethernet links Ethernet framing; propagation is
/// negligible in a lab (0).
pub fn paper003_testbed(queue: QueueSpec, c13_bps: Option<f64>) -> Topology {
    const ETH: f64 = 10e6;
    let eth = Access::new(ETH, 0.0);
    let mut branches: Vec<(&str, Branch)> = (1..=3)
        .map(|i| {
            (
                "r1",
                Branch::Host {
                    id: format!("ws{i}"),
                    access: eth,
                },
            )
        })
        .collect();
    branches.push((
        "r2",
        Branch::Host {
            id: "ws4".into(),
            access: eth,
        },
    ));
    if let Some(c13) = c13_bps {
        branches.push((
            "r1",
            Branch::Router {
                id: "r3".into(),
                link: Access::new(c13, 0.0),
            },
        ));
        branches.push((
            "r3",
            Branch::Host {
                id: "ws5".into(),
                access: eth,
            },
        ));
    }
    let mut t = router_chain(&[Access::new(125e3, 0.0)], &branches);
    for l in &mut t.links {
        let serial = l.id == "r1-r2" || l.id == "r3-r1";
        l.overhead_bytes = if serial {
            HDLC_OVERHEAD_BYTES
        } else {
            ETHERNET_OVERHEAD_BYTES
        };
        if l.id == "r1-r2" {
            l.queue = queue.clone();
        }
    }
    t
}

/// Shape a host's output: `shaper` (a token bucket) on its access link `link_id`, in the
/// host → router direction only (the host is the link's `a` end), as `tc qdisc add dev eth0
/// root tbf …` on the sending host does; the router's side keeps the default DropTail.
/// Seed paper 003's remedy: a sender that never exceeds its reservation.
pub fn shape_host_egress(t: &mut Topology, link_id: &str, shaper: QueueSpec) {
    if let Some(l) = t.links.iter_mut().find(|l| l.id == link_id) {
        l.queue = shaper;
        l.reverse = Some(crate::scenario::DirectionOverride {
            queue: Some(QueueSpec::default()),
            ..Default::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::routing::adjacency_by_id;

    fn route(t: &Topology, src: &str, dst: &str) -> Vec<String> {
        let adj = adjacency_by_id(t);
        adj.route(adj.index[src], adj.index[dst])
            .expect("reachable")
            .into_iter()
            .map(|c| t.links[c / 2].id.clone())
            .collect()
    }

    #[test]
    fn a_dumbbell_gives_each_flow_its_own_rtt() {
        let rtts = [20.0, 40.0, 80.0];
        let senders = access_for_rtts(&rtts, 1e9, 5.0, 1.0);
        let t = dumbbell(
            &senders,
            &[Access::new(1e9, 1.0), Access::new(1e9, 1.0)],
            Access::new(10e6, 5.0),
            QueueSpec::default(),
        );
        assert_eq!(t.nodes.len(), 2 + 3 + 2);
        assert_eq!(route(&t, "s2", "d1"), ["s2-r1", "r1-r2", "d1-r2"]);
        for (i, rtt) in rtts.iter().enumerate() {
            let one_way: f64 = route(&t, &format!("s{i}"), "d0")
                .iter()
                .map(|id| t.links.iter().find(|l| &l.id == id).unwrap().delay_ms)
                .sum();
            assert!((2.0 * one_way - rtt).abs() < 1e-9, "{i}");
        }
    }

    #[test]
    fn a_parking_lot_puts_the_long_flow_on_every_hop() {
        let a = Access::new(1e9, 1.0);
        let t = parking_lot(3, Access::new(10e6, 10.0), a, QueueSpec::default());
        assert_eq!(
            route(&t, "long_src", "long_dst"),
            ["long_src-r0", "r0-r1", "r1-r2", "r2-r3", "long_dst-r3"]
        );
        assert_eq!(
            route(&t, "x2_src", "x2_dst"),
            ["x2_src-r1", "r1-r2", "x2_dst-r2"]
        );
        assert_eq!(parking_lot_flows(3).len(), 4);
    }

    #[test]
    fn paper003_has_three_routers_and_a_branch_host() {
        let t = paper003_testbed(QueueSpec::default(), Some(56e3));
        assert_eq!(
            route(&t, "ws5", "ws4"),
            ["ws5-r3", "r3-r1", "r1-r2", "ws4-r2"]
        );
        assert_eq!(route(&t, "ws1", "ws4"), ["ws1-r1", "r1-r2", "ws4-r2"]);
        let serial: Vec<_> = t
            .links
            .iter()
            .filter(|l| l.overhead_bytes == 8)
            .map(|l| l.id.as_str())
            .collect();
        assert_eq!(serial, ["r1-r2", "r3-r1"]);
        assert!(paper003_testbed(QueueSpec::default(), None)
            .nodes
            .iter()
            .all(|n| n.id != "ws5"));
    }

    #[test]
    fn paper002_delays_the_data_direction_only() {
        let t = paper002_testbed(&["linux1", "windows1"], 64.0, QueueSpec::default(), 0.05);
        assert_eq!(
            route(&t, "windows1", "linux3"),
            ["windows1-codel", "codel-delay", "delay-linux3"]
        );
        let d = t.links.iter().find(|l| l.id == "delay-linux3").unwrap();
        assert_eq!(d.delay_ms, 64.0);
        assert_eq!(d.reverse.as_ref().unwrap().delay_ms, Some(0.05));
    }

    #[test]
    fn built_topologies_pass_validation() {
        let a = Access::new(1e9, 1.0);
        let topos = [
            dumbbell(&[a, a], &[a], Access::new(1e7, 5.0), QueueSpec::default()),
            parking_lot(2, Access::new(1e7, 5.0), a, QueueSpec::default()),
            paper002_testbed(&["linux1"], 8.0, QueueSpec::default(), 0.0),
            paper003_testbed(QueueSpec::default(), Some(125e3)),
        ];
        for t in topos {
            let host = t
                .nodes
                .iter()
                .filter(|n| n.kind == NodeKind::Host)
                .map(|n| n.id.clone())
                .collect::<Vec<_>>();
            let s = crate::scenario::Scenario {
                version: 1,
                name: String::new(),
                description: String::new(),
                seed: 1,
                duration_s: 1.0,
                sample_interval_ms: 10.0,
                flows: vec![bulk_flow("f", &host[0], &host[host.len() - 1])],
                cc_rules: Vec::new(),
                made_by: None,
                topology: t,
            };
            let e = crate::scenario::validate_fields(&s);
            assert!(e.is_empty(), "{e:?}");
        }
    }
}
