//! WFQ as a qdisc, with per-flow weights and reservations as in seed paper
//! 003 (Hayashi et al., RSVP + WFQ): a reserved flow's packets pass a token
//! bucket (r = the reserved rate, b = burst); conforming packets go to the
//! flow's reserved conversation, of weight r, and the rest go best effort
//! (RFC 2211/2212; the paper: "treated the same as packets that are not
//! bandwidth-guaranteed") in the flow's own best-effort conversation, so the
//! flow's packets can leave out of order, which is counted.
//!
//! Weights are line rates, as the GPS clock runs at the line rate C and tags
//! count each packet's framing (`wfq.rs`). A reservation r counts IP bytes, as
//! an RSVP Tspec does (RFC 2210 §2: link-level headers are not counted), so its
//! conversation's weight is r·(MTU + overhead)/MTU: full-size packets that
//! conform to r get r of IP throughput once framed. Best-effort conversations
//! share C − Σφ_reserved in proportion to their weights, normalised over every
//! flow of the scenario, so Σφ ≤ C and each reservation gets at least its rate
//! (Parekh & Gallager: a backlogged conversation receives C·φ_i/Σ_active φ ≥ φ_i).
//!
//! Buffer management: each conversation holds at most `flow_limit_packets` (Cisco's
//! congestive discard threshold) and all of them `limit_packets` (the hold queue). When
//! the hold queue is full, `drop_policy` drops the arrival (tail) or the last packet of the
//! longest conversation (Demers, Keshav & Shenker); with `protect_reserved` a packet that
//! conforms to its reservation always pushes out a best-effort packet instead of being
//! dropped (RFC 2212), so best-effort traffic cannot take a reservation's buffer.
//!
//! `discard_threshold_packets` adds Cisco IOS's early drop (its congestive discard threshold
//! as Cisco's QoS course, Implementing Cisco Quality of Service, describes WFQ's insertion
//! and drop policy): with that many packets queued in all, an arrival whose finish tag
//! would be the highest in the queue is dropped before the hold queue fills, so the
//! conversation furthest ahead of its share loses; an arrival whose conversation has
//! nothing queued is still admitted (up to the hold queue), so a lone packet, such as the
//! one retransmission a TCP sender sends after a timeout, is not shut out.

use super::check::{QueueCheck, MIN_RATE_BPS, MIN_WEIGHT};
use super::registry::QueueParams;
use super::token_bucket::TokenBucket;
use super::wfq::Wfq;
use super::{DropReason, FlowWeight, LinkInfo, Qdisc, QueueCtx};
use crate::error::{ErrorCode as E, ValidationError};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Reserved conversations are numbered apart from best-effort ones (= flow index).
const RESERVED: u32 = 1 << 31;

struct Reserved {
    /// The conversation's weight: the reserved rate with full-size packets' framing, line b/s.
    weight: f64,
    bucket: TokenBucket,
    excess: ExcessAction,
}

pub struct WfqQdisc {
    wfq: Wfq,
    /// Best-effort weight (b/s) of each flow index.
    be_weight: Vec<f64>,
    /// Weight of a packet from an unknown flow index.
    default_weight: f64,
    reserved: Vec<Option<Reserved>>,
    /// Highest uid sent per flow, for counting reordering.
    max_uid: Vec<Option<u64>>,
    drop_policy: WfqDropPolicy,
    protect_reserved: bool,
    /// Early-drop threshold on the whole queue, packets (Cisco's congestive discard threshold).
    discard_threshold: Option<usize>,
    conforming: u64,
    nonconforming: u64,
    policer_drops: u64,
    reordered: u64,
    /// Queued packets dropped to make room for an arrival.
    pushed_out: u64,
}

/// Build WFQ (and its reservations) for a link.
pub fn build_wfq(s: &WfqSpec, link: &LinkInfo) -> WfqQdisc {
    let n = link.flow_ids.len();
    let c = link.rate_bps as f64;
    let mut reserved: Vec<Option<Reserved>> = (0..n).map(|_| None).collect();
    let mtu = link.mtu.max(1) as f64;
    let framed = (mtu + link.overhead_bytes as f64) / mtu;
    let mut total_r = 0.0;
    for r in &s.reservations {
        if let Some(i) = link.flow_index(&r.flow) {
            total_r += r.rate_bps * framed;
            reserved[i as usize] = Some(Reserved {
                weight: r.rate_bps * framed,
                bucket: TokenBucket::new(r.rate_bps, r.burst_bytes.unwrap_or(2 * link.mtu as u64)),
                excess: r.excess,
            });
        }
    }
    let w = link.per_flow(&s.weights, s.default_weight);
    let sum_w: f64 = w.iter().sum::<f64>().max(s.default_weight);
    let best_effort = (c - total_r).max(c * 1e-6);
    WfqQdisc {
        wfq: Wfq::new(
            link.rate_bps,
            s.limit_packets as usize,
            s.flow_limit_packets as usize,
            link.overhead_bytes,
        ),
        be_weight: w.iter().map(|wi| best_effort * wi / sum_w).collect(),
        default_weight: best_effort * s.default_weight / sum_w,
        reserved,
        max_uid: vec![None; n],
        drop_policy: s.drop_policy,
        protect_reserved: s.protect_reserved,
        discard_threshold: s.discard_threshold_packets.map(|t| t as usize),
        conforming: 0,
        nonconforming: 0,
        policer_drops: 0,
        reordered: 0,
        pushed_out: 0,
    }
}

impl WfqQdisc {
    /// The rate weight φ of flow `f`'s best-effort conversation, b/s.
    pub fn best_effort_weight(&self, f: u32) -> f64 {
        self.be_weight
            .get(f as usize)
            .copied()
            .unwrap_or(self.default_weight)
    }
}

impl WfqQdisc {
    /// Make room in a full hold queue for a packet of `size` bytes bound for conversation
    /// `conv` by dropping another packet, if the policy says so. False: drop the arrival.
    fn make_room(&mut self, conv: u32, size: u32, protected: bool, ctx: &mut QueueCtx) -> bool {
        if !self.wfq.is_full() || self.wfq.conv_full(conv) {
            return false;
        }
        let victim = if protected {
            self.wfq.longest(|c| c & RESERVED == 0)
        } else if self.drop_policy == WfqDropPolicy::LongestQueue {
            // The arrival counts in its own conversation: if that is the longest, it goes.
            self.wfq
                .longest(|_| true)
                .filter(|&(_, bytes)| bytes > self.wfq.conv_bytes(conv) + size as u64)
        } else {
            None
        };
        match victim {
            Some((c, _)) => {
                self.pushed_out += 1;
                self.wfq.drop_tail(c, ctx)
            }
            None => false,
        }
    }
}

impl WfqQdisc {
    /// Cisco's early drop: at or above the discard threshold, an arrival that would leave
    /// last goes, unless its conversation is empty.
    fn early_drop(&mut self, conv: u32, w: f64, size: u32, now: crate::engine::Time) -> bool {
        self.discard_threshold.is_some_and(|t| {
            self.wfq.len_packets() >= t
                && self.wfq.conv_packets(conv) > 0
                && self.wfq.arrival_is_last(conv, w, size, now)
        })
    }
}

impl super::Registered for WfqQdisc {
    type Spec = WfqSpec;
    fn build(s: &WfqSpec, link: &LinkInfo) -> Self {
        build_wfq(s, link)
    }
}

impl Qdisc for WfqQdisc {
    fn enqueue(&mut self, pkt: Packet, ctx: &mut QueueCtx) {
        let f = pkt.flow;
        let mut conv = f;
        let mut w = self.best_effort_weight(f);
        let mut protected = false;
        if let Some(Some(r)) = self.reserved.get_mut(f as usize) {
            r.bucket.refill(ctx.now);
            if r.bucket.conforms(pkt.size) {
                r.bucket.take(pkt.size);
                self.conforming += 1;
                conv = RESERVED | f;
                w = r.weight;
                protected = self.protect_reserved;
            } else {
                self.nonconforming += 1;
                if r.excess == ExcessAction::Drop {
                    self.policer_drops += 1;
                    ctx.drop(pkt, DropReason::Policer);
                    return;
                }
            }
        }
        if !protected && self.early_drop(conv, w, pkt.size, ctx.now) {
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        self.make_room(conv, pkt.size, protected, ctx);
        self.wfq.enqueue(pkt, conv, w, ctx);
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        let (_, pkt) = self.wfq.dequeue(ctx.now)?;
        if let Some(m) = self.max_uid.get_mut(pkt.flow as usize) {
            match *m {
                Some(u) if pkt.uid < u => self.reordered += 1,
                _ => *m = Some(pkt.uid),
            }
        }
        Some(pkt)
    }

    fn len_packets(&self) -> usize {
        self.wfq.len_packets()
    }

    fn len_bytes(&self) -> u64 {
        self.wfq.len_bytes()
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "virtual_time_s",
            "gps_active",
            "backlogged",
            "conforming",
            "nonconforming",
            "policer_drops",
            "reordered",
            "pushed_out",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &[
            "s (virtual)",
            "flows",
            "flows",
            "packets",
            "packets",
            "packets",
            "packets",
            "packets",
        ]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.extend_from_slice(&[
            self.wfq.virtual_time(),
            self.wfq.gps_active() as f64,
            self.wfq.backlogged() as f64,
            self.conforming as f64,
            self.nonconforming as f64,
            self.policer_drops as f64,
            self.reordered as f64,
            self.pushed_out as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// What happens to a reserved flow's packets beyond its reservation.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ExcessAction {
    /// Sent as best effort, in the flow's own best-effort queue (RSVP, RFC 2211/2212; paper 003).
    #[default]
    BestEffort,
    /// Dropped by the policer.
    Drop,
}

/// A rate reserved for one flow at this link (seed paper 003).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Reservation {
    /// The flow id.
    pub flow: String,
    /// Reserved rate, b/s (token rate r of the conformance test).
    pub rate_bps: f64,
    /// Bucket depth b of the conformance test, bytes; absent means two link
    /// MTUs (paper 003 suggests 1–2 packets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burst_bytes: Option<u64>,
    /// Non-conforming packets go best effort (default) or are dropped.
    #[serde(default)]
    pub excess: ExcessAction,
}

/// Which packet WFQ drops when its shared queue (the hold queue, `limit_packets`) is full.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum WfqDropPolicy {
    /// The arriving packet (Cisco IOS: a full hold queue drops new packets).
    #[default]
    Tail,
    /// The last packet of the conversation holding the most bytes, counting the arrival in
    /// its own (Demers, Keshav & Shenker 1989: a conversation that uses less than its share
    /// of the buffer does not lose to one that uses more).
    LongestQueue,
}

/// WFQ parameters. Limits follow Cisco flow-WFQ (congestive discard
/// threshold 64 per conversation, hold queue 1000), as paper 003 describes the router.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WfqSpec {
    /// Capacity of the whole queue in packets (hold-queue limit 1000).
    pub limit_packets: u32,
    /// Capacity of each flow's queue in packets (congestive discard threshold 64).
    pub flow_limit_packets: u32,
    /// Weights of particular flows; others get default_weight.
    pub weights: Vec<FlowWeight>,
    /// Weight of every flow not listed in weights (1).
    pub default_weight: f64,
    /// Rates reserved for particular flows; best-effort traffic shares the rest by weight.
    pub reservations: Vec<Reservation>,
    /// What goes when the whole queue is full: the arrival (tail) or the last packet of the
    /// longest conversation (longest_queue).
    pub drop_policy: WfqDropPolicy,
    /// A packet that conforms to its flow's reservation is never dropped because the shared
    /// queue is full: the last packet of the longest best-effort conversation goes instead
    /// (RFC 2212: conforming traffic is not discarded for queue overflow). Its own
    /// conversation's flow_limit_packets still applies.
    pub protect_reserved: bool,
    /// Cisco IOS's congestive discard threshold applied to the whole queue, packets
    /// (`fair-queue` default 64), as Cisco's QoS course describes WFQ's drop policy: once
    /// this many packets are queued, an arrival that would leave last (the highest finish
    /// tag in the queue) is dropped, unless its conversation has nothing queued, which is
    /// always admitted up to limit_packets. Omitted: no early drop. At most limit_packets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard_threshold_packets: Option<u32>,
}

impl Default for WfqSpec {
    fn default() -> Self {
        WfqSpec {
            limit_packets: 1000,
            flow_limit_packets: 64,
            weights: Vec::new(),
            default_weight: 1.0,
            reservations: Vec::new(),
            drop_policy: WfqDropPolicy::Tail,
            protect_reserved: true,
            discard_threshold_packets: None,
        }
    }
}

impl QueueParams for WfqSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let flows = c.link().flows;
        let link_rate_bps = c.link().rate_bps;
        c.packets("limit_packets", s.limit_packets);
        c.packets("flow_limit_packets", s.flow_limit_packets);
        if let Some(t) = s.discard_threshold_packets {
            // An early-drop threshold above the hold queue would never act.
            if t == 0 || t > s.limit_packets {
                c.outside(
                    "discard_threshold_packets",
                    1u32,
                    s.limit_packets.max(1),
                    t,
                    "packets",
                );
            }
        }
        c.weights("weights", &s.weights, flows);
        c.within("default_weight", s.default_weight, MIN_WEIGHT, 1e6, "");
        let mut seen = BTreeSet::new();
        let mut total = 0.0;
        for (i, r) in s.reservations.iter().enumerate() {
            let p = format!("reservations[{i}]");
            c.flow(&format!("{p}.flow"), &r.flow, flows);
            if !seen.insert(r.flow.clone()) {
                let e = ValidationError::at(c.path(&format!("{p}.flow")), E::FlowReservedTwice)
                    .with("flow", &r.flow);
                c.push(e);
            }
            c.within(
                &format!("{p}.rate_bps"),
                r.rate_bps,
                MIN_RATE_BPS,
                1e12,
                "b/s",
            );
            if r.rate_bps.is_finite() && r.rate_bps > 0.0 {
                total += r.rate_bps;
            }
            if let Some(b) = r.burst_bytes {
                c.bucket_depth(&format!("{p}.burst_bytes"), b);
            }
        }
        if link_rate_bps.is_finite() && total >= link_rate_bps {
            let e = ValidationError::at(c.path("reservations"), E::ReservationsExceedLink)
                .with("total", total)
                .with("rate", link_rate_bps);
            c.push(e);
        }
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
    use crate::engine::Time;
    use crate::queue::testing::{bytes_by_flow, flow_ids, link, pkt, run_link, Harness};

    const S: Time = 1_000_000_000;

    /// Flow i sends `sizes[i]`-byte packets at `rates[i]` b/s for `secs` s.
    fn arrivals(sizes: &[u32], rates: &[f64], secs: u64) -> Vec<(Time, Packet)> {
        let mut a = Vec::new();
        let mut uid = 0;
        for (f, (&size, &rate)) in sizes.iter().zip(rates).enumerate() {
            let gap = (size as f64 * 8.0 / rate * 1e9) as Time;
            let mut t = f as Time * 1000; // small phase offsets
            while t < secs * S {
                a.push((t, pkt(0, f as u32, f as u32, 99, size)));
                t += gap;
            }
        }
        a.sort_by_key(|x| x.0);
        for p in a.iter_mut() {
            p.1.uid = uid;
            uid += 1;
        }
        a
    }

    fn bytes_between(out: &[(Time, Packet)], from: Time, n: usize) -> Vec<u64> {
        let late: Vec<(Time, Packet)> = out.iter().filter(|d| d.0 >= from).copied().collect();
        bytes_by_flow(&late, n)
    }

    #[test]
    fn saturated_flows_share_the_link_by_weight_within_two_percent() {
        let ids = flow_ids(3);
        let spec = WfqSpec {
            weights: vec![
                FlowWeight {
                    flow: "f0".into(),
                    weight: 1.0,
                },
                FlowWeight {
                    flow: "f1".into(),
                    weight: 2.0,
                },
                FlowWeight {
                    flow: "f2".into(),
                    weight: 5.0,
                },
            ],
            ..WfqSpec::default()
        };
        let mut q = build_wfq(&spec, &link(10_000_000, 1500, &ids));
        let mut h = Harness::new();
        // Every flow offers the whole link, with different packet sizes.
        let a = arrivals(&[1500, 576, 1000], &[10e6, 10e6, 10e6], 10);
        let out = run_link(&mut q, &mut h, &a, 10_000_000, 10 * S);
        let b = bytes_between(&out, S, 3);
        let total: u64 = b.iter().sum();
        for (i, share) in [1.0 / 8.0, 2.0 / 8.0, 5.0 / 8.0].iter().enumerate() {
            let got = b[i] as f64 / total as f64;
            assert!(
                (got / share - 1.0).abs() < 0.02,
                "flow {i}: {got} vs {share}"
            );
        }
        assert!(h.metric(&q, "virtual_time_s") > 0.0);
    }

    #[test]
    fn an_idle_flows_share_goes_to_the_others_in_proportion() {
        let ids = flow_ids(3);
        let spec = WfqSpec {
            weights: vec![FlowWeight {
                flow: "f1".into(),
                weight: 3.0,
            }],
            ..WfqSpec::default()
        };
        let mut q = build_wfq(&spec, &link(10_000_000, 1500, &ids));
        let mut h = Harness::new();
        // f2 never sends: f0 and f1 split 1 : 3.
        let a = arrivals(&[1500, 1500, 1500], &[10e6, 10e6, 1.0], 5);
        let out = run_link(&mut q, &mut h, &a, 10_000_000, 5 * S);
        let b = bytes_between(&out, S, 3);
        let share = b[0] as f64 / (b[0] + b[1]) as f64;
        assert!((share - 0.25).abs() < 0.005, "{share}");
    }

    #[test]
    fn a_leaky_bucket_flow_meets_the_pgps_delay_bound() {
        // Parekh–Gallager: a (σ, ρ) flow with rate g ≥ ρ is delayed at most
        // σ/g + L_max/g + L_max/C on one node. Flow 0: bursts of 5 packets of
        // 1000 B every 50 ms (σ = 5000 B, ρ = 0.8 Mb/s); weight gives g = 2.5 Mb/s.
        let ids = flow_ids(4);
        let spec = WfqSpec {
            weights: vec![FlowWeight {
                flow: "f0".into(),
                weight: 1.0,
            }],
            default_weight: 1.0,
            ..WfqSpec::default()
        };
        let mut q = build_wfq(&spec, &link(10_000_000, 1500, &ids));
        let g = q.best_effort_weight(0);
        assert!((g - 2.5e6).abs() < 1e-6);
        let mut a = arrivals(&[1000, 1500, 1500, 1500], &[1.0, 10e6, 10e6, 10e6], 5);
        a.retain(|x| x.1.flow != 0);
        let mut uid = 10_000_000;
        for burst in 0..100u64 {
            for _ in 0..5 {
                a.push((burst * 50_000_000, pkt(uid, 0, 0, 99, 1000)));
                uid += 1;
            }
        }
        a.sort_by_key(|x| x.0);
        let mut h = Harness::new();
        let out = run_link(&mut q, &mut h, &a, 10_000_000, 5 * S);
        let bound = (5000.0 * 8.0 / g + 1500.0 * 8.0 / g + 1500.0 * 8.0 / 10e6) * 1e9;
        let worst = out
            .iter()
            .filter(|d| d.1.flow == 0)
            .map(|d| (d.0 + 1000 * 8 * 100 - d.1.enqueued_at) as f64) // leaves at end of transmission
            .fold(0.0, f64::max);
        assert!(worst <= bound, "worst {worst} ns > bound {bound} ns");
        assert!(!h.dropped.iter().any(|d| d.1.flow == 0));
    }

    fn reserved_run(excess: ExcessAction, rate0: f64) -> (Vec<u64>, WfqQdisc, Harness) {
        let ids = flow_ids(5);
        let spec = WfqSpec {
            reservations: vec![Reservation {
                flow: "f0".into(),
                rate_bps: 2e6,
                burst_bytes: None,
                excess,
            }],
            ..WfqSpec::default()
        };
        let mut q = build_wfq(&spec, &link(10_000_000, 1500, &ids));
        let mut h = Harness::new();
        let a = arrivals(&[1500; 5], &[rate0, 10e6, 10e6, 10e6, 10e6], 10);
        let out = run_link(&mut q, &mut h, &a, 10_000_000, 10 * S);
        (bytes_between(&out, S, 5), q, h)
    }

    #[test]
    fn a_flow_within_its_reservation_gets_all_of_it_in_order() {
        let (b, q, h) = reserved_run(ExcessAction::BestEffort, 1.9e6);
        let rate0 = b[0] as f64 * 8.0 / 9.0;
        assert!((rate0 / 1.9e6 - 1.0).abs() < 0.01, "{rate0}");
        assert_eq!(h.metric(&q, "reordered"), 0.0);
        assert_eq!(h.metric(&q, "nonconforming"), 0.0);
        assert!(!h.dropped.iter().any(|d| d.1.flow == 0));
    }

    #[test]
    fn excess_goes_best_effort_and_arrives_out_of_order() {
        // 5 Mb/s offered: 2 reserved + an equal share of the other 8 among 5
        // best-effort conversations (1.6 Mb/s) = 3.6 Mb/s.
        let (b, q, h) = reserved_run(ExcessAction::BestEffort, 5e6);
        let rate0 = b[0] as f64 * 8.0 / 9.0;
        assert!((rate0 / 3.6e6 - 1.0).abs() < 0.02, "{rate0}");
        let others = b[1] as f64 * 8.0 / 9.0;
        assert!((others / 1.6e6 - 1.0).abs() < 0.02, "{others}");
        assert!(h.metric(&q, "nonconforming") > 0.0);
        assert!(h.metric(&q, "reordered") > 0.0);
    }

    /// A WFQ of hold queue 10 (per conversation 64) on a 1 Mb/s link for three flows, f0
    /// reserving 100 kb/s, filled by `fill` packets of f1 at time 0 without dequeues.
    fn full_queue(drop_policy: WfqDropPolicy, protect_reserved: bool) -> (WfqQdisc, Harness) {
        let ids = flow_ids(3);
        let spec = WfqSpec {
            limit_packets: 10,
            reservations: vec![Reservation {
                flow: "f0".into(),
                rate_bps: 100e3,
                burst_bytes: None,
                excess: ExcessAction::BestEffort,
            }],
            drop_policy,
            protect_reserved,
            ..WfqSpec::default()
        };
        let mut q = build_wfq(&spec, &link(1_000_000, 1500, &ids));
        let mut h = Harness::new();
        for uid in 0..10 {
            h.enqueue(&mut q, pkt(uid, 1, 1, 9, 1000));
        }
        assert_eq!(q.len_packets(), 10);
        (q, h)
    }

    #[test]
    fn a_full_hold_queue_drops_the_arrival_by_default() {
        let (mut q, mut h) = full_queue(WfqDropPolicy::Tail, false);
        h.enqueue(&mut q, pkt(100, 2, 2, 9, 500));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.uid, 100);
        // Without protection even a conforming reserved packet is lost.
        h.enqueue(&mut q, pkt(101, 0, 0, 9, 500));
        assert_eq!(h.dropped.last().unwrap().1.uid, 101);
    }

    #[test]
    fn longest_queue_drops_the_hog_not_the_newcomer() {
        let (mut q, mut h) = full_queue(WfqDropPolicy::LongestQueue, false);
        h.enqueue(&mut q, pkt(100, 2, 2, 9, 500));
        // f1's last packet (uid 9) made room for f2's first.
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.uid, 9);
        assert_eq!(h.metric(&q, "pushed_out"), 1.0);
        assert_eq!(q.len_packets(), 10);
        // The hog's own arrival finds itself the longest and is dropped.
        h.enqueue(&mut q, pkt(101, 1, 1, 9, 1000));
        assert_eq!(h.dropped.last().unwrap().1.uid, 101);
        // f2's packet leaves before f1's remaining backlog is through.
        let order: Vec<u64> = (0..10).map(|_| h.dequeue(&mut q).unwrap().uid).collect();
        assert!(
            order.iter().position(|&u| u == 100).unwrap() < 9,
            "{order:?}"
        );
    }

    #[test]
    fn a_conforming_reserved_packet_pushes_out_best_effort() {
        let (mut q, mut h) = full_queue(WfqDropPolicy::Tail, true);
        h.enqueue(&mut q, pkt(100, 0, 0, 9, 1000));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.flow, 1, "a best-effort packet goes");
        assert_eq!(q.len_packets(), 10);
        // A best-effort arrival still meets the tail policy.
        h.enqueue(&mut q, pkt(101, 2, 2, 9, 500));
        assert_eq!(h.dropped.last().unwrap().1.uid, 101);
        // The reserved packet leaves first: its tag is 1000·8/100 kb/s = 0.08 s of virtual time,
        // f1's first is 1000·8/(0.9 Mb/s ÷ 3) ≈ 0.027 s, its second ≈ 0.053, third 0.08 …
        let order: Vec<u64> = (0..4).map(|_| h.dequeue(&mut q).unwrap().uid).collect();
        assert!(order.contains(&100), "{order:?}");
    }

    #[test]
    fn cisco_early_drop_takes_the_arrival_that_would_leave_last() {
        // Hold queue 10, discard threshold 5, on 1 Mb/s: f1 queues 5 packets of 1000 B.
        let spec = |t| WfqSpec {
            limit_packets: 10,
            discard_threshold_packets: t,
            ..WfqSpec::default()
        };
        let ids = flow_ids(3);
        let mut q = build_wfq(&spec(Some(5)), &link(1_000_000, 1500, &ids));
        let mut h = Harness::new();
        for uid in 0..5 {
            h.enqueue(&mut q, pkt(uid, 1, 1, 9, 1000));
        }
        assert!(h.dropped.is_empty());
        // At the threshold f1's sixth packet would leave last: dropped, with room to spare.
        h.enqueue(&mut q, pkt(5, 1, 1, 9, 1000));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(h.dropped[0].1.uid, 5);
        assert_eq!(q.len_packets(), 5);
        // f2 has nothing queued: admitted; its second packet's tag is still below f1's last.
        h.enqueue(&mut q, pkt(6, 2, 2, 9, 1000));
        h.enqueue(&mut q, pkt(7, 2, 2, 9, 1000));
        assert_eq!(h.dropped.len(), 1);
        assert_eq!(q.len_packets(), 7);
        // Without the threshold only the hold queue limits: f1's sixth is queued.
        let mut q = build_wfq(&spec(None), &link(1_000_000, 1500, &ids));
        let mut h = Harness::new();
        for uid in 0..6 {
            h.enqueue(&mut q, pkt(uid, 1, 1, 9, 1000));
        }
        assert!(h.dropped.is_empty());
    }

    #[test]
    fn excess_can_be_policed_away_instead() {
        let (b, q, h) = reserved_run(ExcessAction::Drop, 5e6);
        let rate0 = b[0] as f64 * 8.0 / 9.0;
        assert!((rate0 / 2e6 - 1.0).abs() < 0.01, "{rate0}");
        assert!(h.metric(&q, "policer_drops") > 0.0);
        assert!(h
            .dropped
            .iter()
            .any(|d| d.1.flow == 0 && d.2 == DropReason::Policer));
        assert_eq!(h.metric(&q, "reordered"), 0.0);
    }
}
