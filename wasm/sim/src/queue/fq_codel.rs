//! FQ-CoDel (RFC 8290; Linux net/sched/sch_fq_codel.c): packets are hashed
//! into flow queues, each with its own CoDel state; a deficit round robin
//! serves newly active flows before old ones; when the qdisc is full the
//! fattest flow loses packets from its head, up to a batch.

use super::check::QueueCheck;
use super::codel::{codel_metrics, params, CODEL_METRICS};
use super::codel_core::{Always, CodelParams, CodelSource, CodelStats, CodelVars, ControlLaw};
use super::registry::QueueParams;
use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::Time;
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Linux psched_mtu(): the device MTU plus the Ethernet header, so the
/// default quantum is one full-size frame (1514 bytes on Ethernet; Linux fq_codel_init).
pub const ETHERNET_HEADER_BYTES: u32 = 14;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum List {
    None,
    New,
    Old,
}

#[derive(Default)]
struct FlowQueue {
    q: VecDeque<Packet>,
    bytes: u64,
    deficit: i64,
    vars: CodelVars,
}

/// A flow's queue seen by CoDel; the backlog it reports is the whole
/// qdisc's, as Linux passes `sch->qstats.backlog`.
struct Source<'a> {
    flow: &'a mut FlowQueue,
    qlen: &'a mut usize,
    backlog: &'a mut u64,
}

impl CodelSource for Source<'_> {
    fn pop(&mut self) -> Option<Packet> {
        let p = self.flow.q.pop_front()?;
        self.flow.bytes -= p.size as u64;
        *self.qlen -= 1;
        *self.backlog -= p.size as u64;
        Some(p)
    }
    fn backlog(&self) -> u64 {
        *self.backlog
    }
}

/// SplitMix64 finaliser (Steele, Lea & Flood 2014): a fixed hash of the flow
/// tuple. Linux hashes the 5-tuple with a random per-qdisc perturbation
/// (skb_get_hash); a fixed one keeps runs reproducible (docs/architecture.md, "Determinism").
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The bucket of (flow, src, dst) among `buckets`: the hash scaled into
/// range as Linux `reciprocal_scale` does.
pub fn bucket(p: &Packet, buckets: u32) -> usize {
    let h = mix(mix(((p.src as u64) << 32) | p.dst as u64) ^ p.flow as u64);
    (((h >> 32) * buckets as u64) >> 32) as usize
}

pub struct FqCodel {
    flows: Vec<FlowQueue>,
    list: Vec<List>,
    new_flows: VecDeque<u32>,
    old_flows: VecDeque<u32>,
    limit: usize,
    memory_limit: u64,
    quantum: i64,
    drop_batch: u32,
    params: CodelParams,
    stats: CodelStats,
    qlen: usize,
    backlog: u64,
    drop_overlimit: u64,
    drop_overmemory: u64,
    new_flow_count: u64,
    /// CoDel state of the flow served last (what the plots show).
    last_vars: CodelVars,
    last_now: Time,
}

impl FqCodel {
    pub fn new(s: &FqCodelSpec, link: &LinkInfo) -> Self {
        let n = s.flows.max(1) as usize;
        FqCodel {
            flows: (0..n).map(|_| FlowQueue::default()).collect(),
            list: vec![List::None; n],
            new_flows: VecDeque::new(),
            old_flows: VecDeque::new(),
            limit: s.limit_packets as usize,
            memory_limit: s.memory_limit_bytes,
            quantum: s.quantum_bytes.unwrap_or(link.mtu + ETHERNET_HEADER_BYTES) as i64,
            drop_batch: s.drop_batch.max(1),
            params: params(s.target_ms, s.interval_ms, s.ecn, s.control_law, link.mtu),
            stats: CodelStats::default(),
            qlen: 0,
            backlog: 0,
            drop_overlimit: 0,
            drop_overmemory: 0,
            new_flow_count: 0,
            last_vars: CodelVars::default(),
            last_now: 0,
        }
    }

    /// Which bucket a packet lands in.
    pub fn classify(&self, p: &Packet) -> usize {
        bucket(p, self.flows.len() as u32)
    }

    /// Bytes queued in bucket `i`.
    pub fn flow_bytes(&self, i: usize) -> u64 {
        self.flows[i].bytes
    }

    fn pop_head(&mut self, from_new: bool) {
        if from_new {
            self.new_flows.pop_front();
        } else {
            self.old_flows.pop_front();
        }
    }

    /// Linux fq_codel_drop: drop from the head of the fattest flow (by bytes)
    /// until half its backlog is gone or `drop_batch` packets are; returns the
    /// number dropped. CoDel of that flow is told to raise its signal.
    fn drop_from_fattest(&mut self, ctx: &mut QueueCtx) -> u32 {
        let mut idx = 0;
        let mut max = 0;
        for (i, f) in self.flows.iter().enumerate() {
            if f.bytes > max {
                max = f.bytes;
                idx = i;
            }
        }
        let threshold = max >> 1;
        let flow = &mut self.flows[idx];
        let (mut len, mut n) = (0u64, 0u32);
        while let Some(p) = flow.q.pop_front() {
            flow.bytes -= p.size as u64;
            len += p.size as u64;
            n += 1;
            ctx.drop(p, DropReason::Overflow);
            if n >= self.drop_batch || len >= threshold {
                break;
            }
        }
        flow.vars.count = flow.vars.count.wrapping_add(n);
        self.qlen -= n as usize;
        self.backlog -= len;
        n
    }
}

impl super::Registered for FqCodel {
    type Spec = FqCodelSpec;
    fn build(s: &FqCodelSpec, link: &LinkInfo) -> Self {
        FqCodel::new(s, link)
    }
}

impl Qdisc for FqCodel {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        self.last_now = ctx.now;
        let idx = self.classify(&pkt);
        pkt.enqueued_at = ctx.now;
        let flow = &mut self.flows[idx];
        flow.bytes += pkt.size as u64;
        flow.q.push_back(pkt);
        self.backlog += pkt.size as u64;
        self.qlen += 1;
        if self.list[idx] == List::None {
            // RFC 8290 enqueue / Linux fq_codel_enqueue: a newly active flow joins new_flows with a full quantum.
            self.list[idx] = List::New;
            self.new_flows.push_back(idx as u32);
            self.new_flow_count += 1;
            flow.deficit = self.quantum;
        }
        let memory_limited = self.backlog > self.memory_limit;
        if self.qlen <= self.limit && !memory_limited {
            return;
        }
        let n = self.drop_from_fattest(ctx) as u64;
        self.drop_overlimit += n;
        if memory_limited {
            self.drop_overmemory += n;
        }
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        self.last_now = ctx.now;
        loop {
            let (from_new, idx) = match (self.new_flows.front(), self.old_flows.front()) {
                (Some(&i), _) => (true, i as usize),
                (None, Some(&i)) => (false, i as usize),
                (None, None) => return None,
            };
            // RFC 8290 dequeue / Linux fq_codel_dequeue: a flow out of credit gets a quantum and goes to
            // the back of old_flows.
            if self.flows[idx].deficit <= 0 {
                self.pop_head(from_new);
                self.flows[idx].deficit += self.quantum;
                self.old_flows.push_back(idx as u32);
                self.list[idx] = List::Old;
                continue;
            }
            let flow = &mut self.flows[idx];
            let mut vars = flow.vars;
            let mut src = Source {
                flow,
                qlen: &mut self.qlen,
                backlog: &mut self.backlog,
            };
            let got = vars.dequeue(&self.params, &mut src, &mut Always, &mut self.stats, ctx);
            self.flows[idx].vars = vars;
            self.last_vars = vars;
            match got {
                Some(p) => {
                    self.flows[idx].deficit -= p.size as i64;
                    return Some(p);
                }
                None => {
                    self.pop_head(from_new);
                    // An emptied new flow passes through old_flows once, to
                    // prevent starvation; an emptied old flow leaves.
                    if from_new && !self.old_flows.is_empty() {
                        self.old_flows.push_back(idx as u32);
                        self.list[idx] = List::Old;
                    } else {
                        self.list[idx] = List::None;
                    }
                }
            }
        }
    }

    fn len_packets(&self) -> usize {
        self.qlen
    }

    fn len_bytes(&self) -> u64 {
        self.backlog
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "dropping",
            "count",
            "next_drop_in_ms",
            "sojourn_ms",
            "aqm_drops",
            "ecn_marks",
            "new_flows",
            "old_flows",
            "overlimit_drops",
            "overmemory_drops",
            "fattest_flow_bytes",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &[
            "bool", "count", "ms", "ms", "packets", "packets", "flows", "flows", "packets",
            "packets", "bytes",
        ]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        codel_metrics(&self.last_vars, &self.stats, self.last_now, out);
        debug_assert_eq!(CODEL_METRICS.len(), 6);
        let fattest = self.flows.iter().map(|f| f.bytes).max().unwrap_or(0);
        out.extend_from_slice(&[
            self.new_flows.len() as f64,
            self.old_flows.len() as f64,
            self.drop_overlimit as f64,
            self.drop_overmemory as f64,
            fattest as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// FQ-CoDel parameters. Defaults are Linux `fq_codel_init` (as RFC 8290 describes them).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FqCodelSpec {
    /// Capacity of the whole qdisc in packets (Linux 10240).
    pub limit_packets: u32,
    /// Number of flow queues packets are hashed into (Linux fq_codel_init: 1024).
    pub flows: u32,
    /// CoDel target, ms (5 ms).
    pub target_ms: f64,
    /// CoDel interval, ms (100 ms).
    pub interval_ms: f64,
    /// Bytes a flow may send per round; absent means link MTU + 14 (Linux psched_mtu, 1514 on Ethernet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantum_bytes: Option<u32>,
    /// On overflow, at most this many packets are dropped from the fattest flow (Linux 64).
    pub drop_batch: u32,
    /// Bytes of packets the qdisc may hold (Linux 32 MB; Linux counts buffer truesize, we count packet bytes).
    pub memory_limit_bytes: u64,
    /// Mark ECN-capable packets instead of dropping them (Linux fq_codel default on).
    pub ecn: bool,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
}

impl Default for FqCodelSpec {
    fn default() -> Self {
        FqCodelSpec {
            limit_packets: 10 * 1024,
            flows: 1024,
            target_ms: 5.0,
            interval_ms: 100.0,
            quantum_bytes: None,
            drop_batch: 64,
            memory_limit_bytes: 32 << 20,
            ecn: true,
            control_law: ControlLaw::Float,
        }
    }
}

impl QueueParams for FqCodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.codel_times(s.target_ms, s.interval_ms);
        // Linux fq_codel_change: 1 ≤ flows ≤ 65536.
        if s.flows == 0 || s.flows > 65_536 {
            c.outside("flows", 1u32, 65536u32, s.flows, "");
        }
        if let Some(q) = s.quantum_bytes {
            // Linux fq_codel_change clamps the quantum to at least 256 bytes.
            if !(256..=1 << 20).contains(&q) {
                c.outside("quantum_bytes", 256u32, 1048576u32, q, "bytes");
            }
        }
        if s.drop_batch == 0 || s.drop_batch > 65_536 {
            c.outside("drop_batch", 1u32, 65536u32, s.drop_batch, "packets");
        }
        c.byte_limit("memory_limit_bytes", s.memory_limit_bytes);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (
            Some(self.limit_packets.into()),
            Some(self.memory_limit_bytes),
        )
    }
    fn example() -> Self {
        Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::testing::{bytes_by_flow, flow_ids, link, pkt, run_link, Harness};

    fn fq(spec: FqCodelSpec) -> FqCodel {
        let ids = flow_ids(8);
        FqCodel::new(&spec, &link(10_000_000, 1500, &ids))
    }

    #[test]
    fn classification_is_deterministic_and_spreads_flows() {
        let q = fq(FqCodelSpec::default());
        let a = pkt(0, 3, 1, 2, 1500);
        assert_eq!(q.classify(&a), q.classify(&pkt(99, 3, 1, 2, 40)));
        assert!(q.classify(&a) < 1024);
        // 1000 flows into 1024 buckets: a uniform hash fills 1024·(1 − e^(−1000/1024))
        // ≈ 638 of them (σ ≈ 10).
        let mut buckets: Vec<usize> = (0..1000)
            .map(|f| q.classify(&pkt(0, f, 0, 1, 100)))
            .collect();
        buckets.sort_unstable();
        buckets.dedup();
        assert!(
            (608..=668).contains(&buckets.len()),
            "{} buckets used",
            buckets.len()
        );
    }

    #[test]
    fn default_quantum_is_mtu_plus_ethernet_header() {
        assert_eq!(fq(FqCodelSpec::default()).quantum, 1514);
    }

    #[test]
    fn overflow_drops_half_the_fattest_flows_backlog_from_its_head() {
        let mut q = fq(FqCodelSpec {
            limit_packets: 100,
            ..FqCodelSpec::default()
        });
        let mut h = Harness::new();
        // Flow 0: 90 packets; flow 1: 10. Then one more packet of flow 1.
        for i in 0..90 {
            h.enqueue(&mut q, pkt(i, 0, 0, 9, 1500));
        }
        for i in 90..101 {
            h.enqueue(&mut q, pkt(i, 1, 1, 9, 1500));
        }
        // RFC 8290 enqueue / Linux fq_codel_drop: the fattest flow (0) loses
        // packets from its head until half of its 90 are gone (< batch 64).
        assert_eq!(h.dropped.len(), 45);
        assert!(h
            .dropped
            .iter()
            .enumerate()
            .all(|(i, d)| d.1.uid == i as u64));
        assert!(h.dropped.iter().all(|d| d.2 == DropReason::Overflow));
        let fat = q.classify(&pkt(0, 0, 0, 9, 1500));
        assert_eq!(
            q.flows[fat].vars.count, 45,
            "CoDel told to raise its signal"
        );
        assert_eq!(q.len_packets(), 56);
        assert_eq!(h.metric(&q, "overlimit_drops"), 45.0);
    }

    #[test]
    fn overflow_drops_at_most_one_batch() {
        let mut q = fq(FqCodelSpec {
            limit_packets: 300,
            drop_batch: 64,
            ..FqCodelSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..301 {
            h.enqueue(&mut q, pkt(i, 0, 0, 9, 1500));
        }
        assert_eq!(h.dropped.len(), 64);
    }

    #[test]
    fn memory_limit_counts_bytes() {
        let mut q = fq(FqCodelSpec {
            memory_limit_bytes: 15_000,
            ..FqCodelSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..11 {
            h.enqueue(&mut q, pkt(i, 0, 0, 9, 1500));
        }
        assert!(!h.dropped.is_empty());
        assert!(q.len_bytes() <= 15_000);
        assert_eq!(h.metric(&q, "overmemory_drops"), h.dropped.len() as f64);
    }

    #[test]
    fn a_new_sparse_flow_is_served_before_backlogged_old_flows() {
        let mut q = fq(FqCodelSpec::default());
        let mut h = Harness::new();
        for i in 0..20 {
            h.enqueue(&mut q, pkt(i, 0, 0, 9, 1500));
        }
        // Flow 0 uses its first quantum and moves to old_flows.
        assert_eq!(h.dequeue(&mut q).unwrap().flow, 0);
        assert_eq!(h.dequeue(&mut q).unwrap().flow, 0);
        h.enqueue(&mut q, pkt(100, 5, 3, 9, 100));
        // The sparse flow is new: it goes first (RFC 8290's new-flows list).
        assert_eq!(h.dequeue(&mut q).unwrap().flow, 5);
        assert_eq!(h.dequeue(&mut q).unwrap().flow, 0);
    }

    #[test]
    fn backlogged_flows_share_bytes_equally_whatever_their_packet_size() {
        let mut q = fq(FqCodelSpec {
            target_ms: 10_000.0, // keep CoDel out of this scheduling test
            interval_ms: 10_000.0,
            ..FqCodelSpec::default()
        });
        let mut h = Harness::new();
        let mut arrivals = Vec::new();
        let mut uid = 0;
        for t in 0..2000u64 {
            for (f, size) in [(0u32, 1500u32), (1, 576), (2, 100)] {
                let k = 1500 / size; // each flow offers 1500 B per ms
                for _ in 0..k {
                    arrivals.push((t * 1_000_000, pkt(uid, f, f, 9, size)));
                    uid += 1;
                }
            }
        }
        let out = run_link(&mut q, &mut h, &arrivals, 10_000_000, 1_000_000_000);
        let b = bytes_by_flow(&out, 3);
        let mean = b.iter().sum::<u64>() as f64 / 3.0;
        for x in &b {
            assert!((*x as f64 - mean).abs() <= 2.0 * 1514.0, "{b:?}");
        }
    }
}
