//! Deficit round robin (Shreedhar & Varghese, SIGCOMM 1995): backlogged flows
//! take turns; at the start of its turn a flow's deficit grows by its quantum
//! and it sends head packets while they fit in the deficit; an emptied flow
//! leaves the round with its deficit reset to 0. With quantum ≥ L_max each
//! turn sends at least one packet (O(1) per packet) and every backlogged flow
//! stays within Q + L_max bytes of its share.

use super::check::QueueCheck;
use super::registry::QueueParams;
use super::{DropReason, FlowWeight, LinkInfo, Qdisc, QueueCtx};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

#[derive(Default)]
struct FlowQueue {
    q: VecDeque<Packet>,
    bytes: u64,
    deficit: u64,
    /// Whether the flow's current turn has begun (its quantum was added).
    in_turn: bool,
    /// Whether the flow is in the active list.
    listed: bool,
}

pub struct Drr {
    limit: usize,
    /// Quantum of each flow index, bytes.
    quanta: Vec<u64>,
    default_quantum: u64,
    flows: BTreeMap<u32, FlowQueue>,
    active: VecDeque<u32>,
    qlen: usize,
    bytes: u64,
    overflow_drops: u64,
}

impl Drr {
    pub fn new(s: &DrrSpec, link: &LinkInfo) -> Self {
        // Linux sch_drr: the default quantum is the device MTU.
        let q = s.quantum_bytes.unwrap_or(link.mtu).max(1) as f64;
        Drr {
            limit: s.limit_packets as usize,
            quanta: link
                .per_flow(&s.weights, 1.0)
                .iter()
                .map(|w| libm::round(q * w).max(1.0) as u64)
                .collect(),
            default_quantum: q as u64,
            flows: BTreeMap::new(),
            active: VecDeque::new(),
            qlen: 0,
            bytes: 0,
            overflow_drops: 0,
        }
    }

    fn quantum(&self, f: u32) -> u64 {
        self.quanta
            .get(f as usize)
            .copied()
            .unwrap_or(self.default_quantum)
    }

    /// The deficit counter of flow `f` (0 if it is not backlogged).
    pub fn deficit(&self, f: u32) -> u64 {
        self.flows.get(&f).map_or(0, |q| q.deficit)
    }
}

impl super::Registered for Drr {
    type Spec = DrrSpec;
    fn build(s: &DrrSpec, link: &LinkInfo) -> Self {
        Drr::new(s, link)
    }
}

impl Qdisc for Drr {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        pkt.enqueued_at = ctx.now;
        let f = pkt.flow;
        let fq = self.flows.entry(f).or_default();
        if !fq.listed {
            // A newly backlogged flow joins the end of the round with no credit.
            fq.deficit = 0;
            fq.in_turn = false;
            fq.listed = true;
            self.active.push_back(f);
        }
        fq.bytes += pkt.size as u64;
        fq.q.push_back(pkt);
        self.qlen += 1;
        self.bytes += pkt.size as u64;
        if self.qlen > self.limit {
            // Shared buffer full: the longest queue (bytes) loses its last
            // packet, so a fat flow cannot crowd out the others.
            let (&longest, _) = self
                .flows
                .iter()
                .max_by(|a, b| a.1.bytes.cmp(&b.1.bytes).then(b.0.cmp(a.0)))
                .expect("a packet is queued");
            let lq = self.flows.get_mut(&longest).expect("exists");
            let p = lq.q.pop_back().expect("longest is not empty");
            lq.bytes -= p.size as u64;
            self.qlen -= 1;
            self.bytes -= p.size as u64;
            self.overflow_drops += 1;
            ctx.drop(p, DropReason::Overflow);
        }
    }

    fn dequeue(&mut self, _ctx: &mut QueueCtx) -> Option<Packet> {
        loop {
            let &f = self.active.front()?;
            let quantum = self.quantum(f);
            let fq = self.flows.get_mut(&f).expect("active flows exist");
            let Some(head) = fq.q.front() else {
                // Emptied by an overflow drop: leave the round.
                fq.deficit = 0;
                fq.in_turn = false;
                fq.listed = false;
                self.active.pop_front();
                continue;
            };
            if !fq.in_turn {
                fq.deficit += quantum;
                fq.in_turn = true;
            }
            let size = head.size as u64;
            if size <= fq.deficit {
                fq.deficit -= size;
                let p = fq.q.pop_front().expect("head");
                fq.bytes -= size;
                self.qlen -= 1;
                self.bytes -= size;
                if fq.q.is_empty() {
                    fq.deficit = 0;
                    fq.in_turn = false;
                    fq.listed = false;
                    self.active.pop_front();
                }
                return Some(p);
            }
            // The head does not fit: the turn passes, the deficit carries over.
            fq.in_turn = false;
            self.active.rotate_left(1);
        }
    }

    fn len_packets(&self) -> usize {
        self.qlen
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["active_flows", "head_deficit_bytes", "overflow_drops"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["flows", "bytes", "packets"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        let head = self.active.front().map_or(0, |&f| self.deficit(f));
        out.extend_from_slice(&[
            self.active.len() as f64,
            head as f64,
            self.overflow_drops as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// DRR parameters (Linux sch_drr: quantum = device MTU; ns-2 drr.cc for the idea of a shared buffer).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct DrrSpec {
    /// Capacity of the whole queue in packets; on overflow the longest flow queue loses its last packet.
    pub limit_packets: u32,
    /// Bytes added to a flow's deficit per round; absent means the link MTU (so quantum ≥ L_max).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantum_bytes: Option<u32>,
    /// Per-flow weights: a flow's quantum is quantum × weight.
    pub weights: Vec<FlowWeight>,
}

impl Default for DrrSpec {
    fn default() -> Self {
        DrrSpec {
            limit_packets: 1000,
            quantum_bytes: None,
            weights: Vec::new(),
        }
    }
}

impl QueueParams for DrrSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let flows = c.link().flows;
        c.packets("limit_packets", s.limit_packets);
        if let Some(q) = s.quantum_bytes {
            if q == 0 || q > 1 << 20 {
                c.outside("quantum_bytes", 1u32, 1048576u32, q, "bytes");
            }
        }
        c.weights("weights", &s.weights, flows);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
    fn example() -> Self {
        Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::FlowWeight;
    use super::*;
    use crate::queue::testing::{flow_ids, link, pkt, Harness};

    fn drr(spec: DrrSpec, n: usize) -> (Drr, Vec<String>) {
        let ids = flow_ids(n);
        let q = Drr::new(&spec, &link(10_000_000, 1500, &ids));
        (q, ids)
    }

    #[test]
    fn a_turn_adds_the_quantum_and_sends_while_the_head_fits() {
        let (mut q, _) = drr(
            DrrSpec {
                quantum_bytes: Some(1000),
                ..DrrSpec::default()
            },
            2,
        );
        let mut h = Harness::new();
        for (uid, (f, size)) in [(0, 600), (0, 600), (0, 600), (1, 300), (1, 300)]
            .iter()
            .enumerate()
        {
            h.enqueue(&mut q, pkt(uid as u64, *f, *f, 9, *size));
        }
        // Round 1: flow 0 gets 1000, sends 600 (400 left, 600 doesn't fit);
        // flow 1 gets 1000, sends 300 + 300 and leaves (deficit reset).
        // Round 2: flow 0 has 1400, sends 600 + 600.
        let order: Vec<u64> = std::iter::from_fn(|| h.dequeue(&mut q).map(|p| p.uid)).collect();
        assert_eq!(order, vec![0, 3, 4, 1, 2]);
        assert_eq!(q.deficit(0), 0);
        assert_eq!(q.deficit(1), 0);
    }

    #[test]
    fn backlogged_flows_stay_within_quantum_plus_l_max_of_their_fair_share() {
        // Shreedhar & Varghese: with Q ≥ L_max every backlogged flow is within
        // Q + L_max bytes of total/n at every instant.
        let sizes = [1500u32, 1000, 576, 64, 1337];
        let (mut q, _) = drr(
            DrrSpec {
                limit_packets: 100_000,
                ..DrrSpec::default()
            },
            sizes.len(),
        );
        let mut h = Harness::new();
        let mut uid = 0;
        // 300 kB per flow keeps all of them backlogged throughout.
        for (f, &s) in sizes.iter().enumerate() {
            for _ in 0..300_000 / s {
                h.enqueue(&mut q, pkt(uid, f as u32, f as u32, 9, s));
                uid += 1;
            }
        }
        let mut sent = [0u64; 5];
        let bound = (1500 + 1500) as f64; // Q + L_max, Q = MTU
        for _ in 0..3000 {
            let p = h.dequeue(&mut q).expect("still backlogged");
            sent[p.flow as usize] += p.size as u64;
            let fair = sent.iter().sum::<u64>() as f64 / sizes.len() as f64;
            for (f, &b) in sent.iter().enumerate() {
                assert!((b as f64 - fair).abs() <= bound, "flow {f}: {b} vs {fair}");
            }
        }
    }

    #[test]
    fn weights_scale_the_quanta() {
        let (mut q, _) = drr(
            DrrSpec {
                weights: vec![FlowWeight {
                    flow: "f1".into(),
                    weight: 3.0,
                }],
                ..DrrSpec::default()
            },
            2,
        );
        let mut h = Harness::new();
        for uid in 0..800u64 {
            h.enqueue(&mut q, pkt(uid, (uid % 2) as u32, 0, 9, 500));
        }
        let mut sent = [0u64; 2];
        for _ in 0..400 {
            let p = h.dequeue(&mut q).unwrap();
            sent[p.flow as usize] += p.size as u64;
        }
        let share = sent[1] as f64 / (sent[0] + sent[1]) as f64;
        assert!((share - 0.75).abs() < 0.01, "{share}");
    }

    #[test]
    fn overflow_takes_the_last_packet_of_the_longest_queue() {
        let (mut q, _) = drr(
            DrrSpec {
                limit_packets: 4,
                ..DrrSpec::default()
            },
            2,
        );
        let mut h = Harness::new();
        for uid in 0..3 {
            h.enqueue(&mut q, pkt(uid, 0, 0, 9, 1500));
        }
        h.enqueue(&mut q, pkt(3, 1, 1, 9, 100));
        h.enqueue(&mut q, pkt(4, 1, 1, 9, 100));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.uid, 2, "flow 0's tail, not the arrival");
        assert_eq!(q.len_packets(), 4);
    }
}
