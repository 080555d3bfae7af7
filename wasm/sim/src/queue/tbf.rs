//! A token-bucket qdisc (Linux sch_tbf; ns-3 TbfQueueDisc), as a shaper or a
//! policer. Shaping: the head packet leaves only when the rate bucket (r, b)
//! and, if configured, the peak bucket (p, M) both hold its size, so the
//! output stays under min(M + p·T, b + r·T); dequeue refuses until then and
//! [`Qdisc::next_wakeup`] tells the world when to ask again. Policing:
//! conformance is judged on arrival; non-conforming packets are dropped or
//! demoted behind all conforming ones (then they can leave out of order).

use super::check::{QueueCheck, MIN_RATE_BPS};
use super::registry::QueueParams;
use super::token_bucket::TokenBucket;
use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::Time;
use crate::error::{relation, ErrorCode as E};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

pub struct TokenBucketQdisc {
    shape: bool,
    demote: bool,
    rate: TokenBucket,
    peak: Option<TokenBucket>,
    limit: usize,
    fifo: VecDeque<Packet>,
    /// Demoted (best-effort) packets of a policer.
    low: VecDeque<Packet>,
    bytes: u64,
    conforming: u64,
    exceeding: u64,
    reordered: u64,
    /// Highest uid sent per flow, for counting reordering.
    max_uid: BTreeMap<u32, u64>,
}

impl TokenBucketQdisc {
    pub fn new(s: &TokenBucketSpec, link: &LinkInfo) -> Self {
        TokenBucketQdisc {
            shape: s.mode == TokenBucketMode::Shape,
            demote: s.exceed == PolicerAction::Demote,
            rate: TokenBucket::new(s.rate_bps, s.burst_bytes),
            peak: s
                .peak_rate_bps
                .map(|p| TokenBucket::new(p, s.peak_burst_bytes.unwrap_or(link.mtu as u64))),
            limit: s.limit_packets as usize,
            fifo: VecDeque::new(),
            low: VecDeque::new(),
            bytes: 0,
            conforming: 0,
            exceeding: 0,
            reordered: 0,
            max_uid: BTreeMap::new(),
        }
    }

    fn refill(&mut self, now: Time) {
        self.rate.refill(now);
        if let Some(p) = &mut self.peak {
            p.refill(now);
        }
    }

    fn conforms(&self, size: u32) -> bool {
        self.rate.conforms(size) && self.peak.as_ref().is_none_or(|p| p.conforms(size))
    }

    fn take(&mut self, size: u32) {
        self.rate.take(size);
        if let Some(p) = &mut self.peak {
            p.take(size);
        }
    }

    fn fits(&self, size: u32) -> bool {
        self.rate.fits(size) && self.peak.as_ref().is_none_or(|p| p.fits(size))
    }

    fn queued(&self) -> usize {
        self.fifo.len() + self.low.len()
    }

    fn push(&mut self, mut pkt: Packet, low: bool, now: Time) {
        pkt.enqueued_at = now;
        self.bytes += pkt.size as u64;
        if low {
            self.low.push_back(pkt);
        } else {
            self.fifo.push_back(pkt);
        }
    }

    fn sent(&mut self, p: Packet) -> Packet {
        self.bytes -= p.size as u64;
        let max = self.max_uid.entry(p.flow).or_insert(p.uid);
        if p.uid < *max {
            self.reordered += 1;
        } else {
            *max = p.uid;
        }
        p
    }
}

impl super::Registered for TokenBucketQdisc {
    type Spec = TokenBucketSpec;
    fn build(s: &TokenBucketSpec, link: &LinkInfo) -> Self {
        TokenBucketQdisc::new(s, link)
    }
}

impl Qdisc for TokenBucketQdisc {
    fn enqueue(&mut self, pkt: Packet, ctx: &mut QueueCtx) {
        if self.queued() >= self.limit {
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        if self.shape {
            // Linux tbf_enqueue: a packet larger than a bucket could never leave.
            if !self.fits(pkt.size) {
                ctx.drop(pkt, DropReason::Overflow);
                return;
            }
            self.push(pkt, false, ctx.now);
            return;
        }
        self.refill(ctx.now);
        if self.conforms(pkt.size) {
            self.take(pkt.size);
            self.conforming += 1;
            self.push(pkt, false, ctx.now);
        } else {
            self.exceeding += 1;
            if self.demote {
                self.push(pkt, true, ctx.now);
            } else {
                ctx.drop(pkt, DropReason::Policer);
            }
        }
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        if !self.shape {
            let p = self.fifo.pop_front().or_else(|| self.low.pop_front())?;
            return Some(self.sent(p));
        }
        self.refill(ctx.now);
        let size = self.fifo.front()?.size;
        if !self.conforms(size) {
            return None;
        }
        self.take(size);
        self.conforming += 1;
        let p = self.fifo.pop_front().expect("peeked");
        Some(self.sent(p))
    }

    fn next_wakeup(&self, now: Time) -> Option<Time> {
        if !self.shape {
            return None;
        }
        let size = self.fifo.front()?.size;
        let mut at = self.rate.ready_at(size);
        if let Some(p) = &self.peak {
            at = at.max(p.ready_at(size));
        }
        Some(at.max(now))
    }

    fn len_packets(&self) -> usize {
        self.queued()
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "tokens_bytes",
            "peak_tokens_bytes",
            "conforming",
            "exceeding",
            "demoted_queued",
            "reordered",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["bytes", "bytes", "packets", "packets", "packets", "packets"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.extend_from_slice(&[
            self.rate.level_bytes(),
            self.peak.as_ref().map_or(0.0, |p| p.level_bytes()),
            self.conforming as f64,
            self.exceeding as f64,
            self.low.len() as f64,
            self.reordered as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// Shape (hold packets until tokens suffice) or police (act at once).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum TokenBucketMode {
    /// Delay packets until both buckets hold enough tokens (Linux tbf, ns-3 TbfQueueDisc).
    #[default]
    Shape,
    /// Pass conforming packets at once; drop or demote the rest.
    Police,
}

/// What a policer does with a packet that does not conform.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum PolicerAction {
    /// Drop it.
    #[default]
    Drop,
    /// Queue it behind all conforming packets (best effort).
    Demote,
}

/// Token-bucket parameters. Defaults are ns-3 `TbfQueueDisc` (Rate 125 KB/s,
/// Burst 125000 B, PeakRate off, Mtu = device MTU, MaxSize 1000p).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TokenBucketSpec {
    /// Shape or police.
    pub mode: TokenBucketMode,
    /// Token rate r, b/s (1 Mb/s).
    pub rate_bps: f64,
    /// Bucket depth b, bytes (125000).
    pub burst_bytes: u64,
    /// Peak rate p of a second bucket, b/s; absent means no peak bucket.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_rate_bps: Option<f64>,
    /// Depth M of the peak bucket, bytes; absent means the link MTU.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_burst_bytes: Option<u64>,
    /// Capacity of the queue in packets (1000).
    pub limit_packets: u32,
    /// Policer only: drop or demote non-conforming packets.
    pub exceed: PolicerAction,
}

impl Default for TokenBucketSpec {
    fn default() -> Self {
        TokenBucketSpec {
            mode: TokenBucketMode::Shape,
            rate_bps: 1_000_000.0,
            burst_bytes: 125_000,
            peak_rate_bps: None,
            peak_burst_bytes: None,
            limit_packets: 1000,
            exceed: PolicerAction::Drop,
        }
    }
}

impl QueueParams for TokenBucketSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.within("rate_bps", s.rate_bps, MIN_RATE_BPS, 1e12, "b/s");
        c.bucket_depth("burst_bytes", s.burst_bytes);
        if let Some(p) = s.peak_rate_bps {
            c.within("peak_rate_bps", p, MIN_RATE_BPS, 1e12, "b/s");
            // Linux tbf_change: a peak rate must exceed the token rate.
            if p.is_finite() && s.rate_bps.is_finite() && p <= s.rate_bps {
                let e = relation(
                    c.path("peak_rate_bps"),
                    E::NotExceedingField,
                    "rate_bps",
                    s.rate_bps,
                    p,
                );
                c.push(e);
            }
        }
        if let Some(m) = s.peak_burst_bytes {
            if s.peak_rate_bps.is_none() {
                c.err("peak_burst_bytes", E::PeakBurstNeedsRate);
            }
            c.bucket_depth("peak_burst_bytes", m);
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
    use super::*;
    use crate::queue::testing::{flow_ids, link, pkt, run_link, Harness};

    const S: Time = 1_000_000_000;

    fn tbf(spec: TokenBucketSpec) -> TokenBucketQdisc {
        let ids = flow_ids(1);
        TokenBucketQdisc::new(&spec, &link(100_000_000, 1500, &ids))
    }

    /// A saturating source: 1500 B every 100 µs (120 Mb/s) for `secs`.
    fn flood(secs: u64, sizes: &[u32]) -> Vec<(Time, Packet)> {
        (0..secs * 10_000)
            .map(|i| {
                (
                    i * 100_000,
                    pkt(i, 0, 0, 1, sizes[i as usize % sizes.len()]),
                )
            })
            .collect()
    }

    /// max over i ≤ j of bytes(i..=j)·8e9 − r·(t_j − t_i), in token units:
    /// the burst the output needed (Cruz's σ). O(n).
    fn needed_burst(out: &[(Time, Packet)], rate_bps: u128) -> u128 {
        let mut best: i128 = 0;
        let mut min_prefix: i128 = i128::MAX;
        let mut cum: i128 = 0;
        for (t, p) in out {
            // prefix before this packet, minus r·t
            let before = cum - (rate_bps * *t as u128) as i128;
            min_prefix = min_prefix.min(before);
            cum += p.size as i128 * 8_000_000_000;
            let after = cum - (rate_bps * *t as u128) as i128;
            best = best.max(after - min_prefix);
        }
        best as u128
    }

    #[test]
    fn shaped_output_never_exceeds_b_plus_r_t_in_any_interval() {
        let mut q = tbf(TokenBucketSpec {
            rate_bps: 1e6,
            burst_bytes: 10_000,
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        let out = run_link(
            &mut q,
            &mut h,
            &flood(3, &[1500, 40, 576]),
            100_000_000,
            3 * S,
        );
        assert!(out.len() > 200);
        assert!(needed_burst(&out, 1_000_000) <= 10_000 * 8_000_000_000);
    }

    #[test]
    fn first_burst_is_b_bytes_and_the_long_run_rate_is_r() {
        let mut q = tbf(TokenBucketSpec {
            rate_bps: 1e6,
            burst_bytes: 15_000,
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        let out = run_link(&mut q, &mut h, &flood(10, &[1500]), 100_000_000, 10 * S);
        // The full bucket passes 10 packets back to back at the link rate.
        let burst = out.iter().take_while(|d| d.0 < 10 * 120_000 + 1).count();
        assert_eq!(burst, 10);
        // Then one 1500-byte packet per 12 ms: 1 Mb/s.
        let late: Vec<_> = out.iter().filter(|d| d.0 >= S).collect();
        let secs = (late.last().unwrap().0 - late[0].0) as f64 / 1e9;
        let rate = (late.len() - 1) as f64 * 1500.0 * 8.0 / secs;
        assert!((rate / 1e6 - 1.0).abs() < 1e-6, "{rate}");
    }

    #[test]
    fn a_peak_bucket_bounds_output_by_m_plus_p_t_too() {
        let mut q = tbf(TokenBucketSpec {
            rate_bps: 1e6,
            burst_bytes: 30_000,
            peak_rate_bps: Some(10e6),
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        let out = run_link(&mut q, &mut h, &flood(2, &[1500, 576]), 100_000_000, 2 * S);
        assert!(needed_burst(&out, 1_000_000) <= 30_000 * 8_000_000_000);
        assert!(needed_burst(&out, 10_000_000) <= 1500 * 8_000_000_000);
        // After the first 1500 B the peak bucket is empty: the next 576 B wait
        // 576·8/10 Mb/s = 460.8 µs, not the 100 Mb/s link's 46 µs.
        assert!(out[1].0 - out[0].0 >= 460_800);
    }

    #[test]
    fn next_wakeup_is_when_the_head_will_conform() {
        let mut q = tbf(TokenBucketSpec {
            rate_bps: 8000.0,
            burst_bytes: 1500,
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        h.enqueue(&mut q, pkt(0, 0, 0, 1, 1500));
        h.enqueue(&mut q, pkt(1, 0, 0, 1, 1000));
        assert!(h.dequeue(&mut q).is_some());
        assert!(h.dequeue(&mut q).is_none());
        assert_eq!(q.next_wakeup(0), Some(S)); // 1000 B at 1000 B/s
        h.now = S;
        assert_eq!(h.dequeue(&mut q).map(|p| p.uid), Some(1));
        assert_eq!(q.next_wakeup(S), None);
    }

    #[test]
    fn a_policer_drops_what_does_not_conform() {
        let mut q = tbf(TokenBucketSpec {
            mode: TokenBucketMode::Police,
            rate_bps: 1e6,
            burst_bytes: 3000,
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        let out = run_link(&mut q, &mut h, &flood(10, &[1500]), 100_000_000, 10 * S);
        let rate = out.len() as f64 * 1500.0 * 8.0 / 10.0;
        assert!((rate / 1e6 - 1.0).abs() < 0.01, "{rate}");
        assert!(h.dropped.iter().all(|d| d.2 == DropReason::Policer));
        assert!(needed_burst(&out, 1_000_000) <= 3000 * 8_000_000_000 + 1500 * 8 * 10u128.pow(9));
    }

    #[test]
    fn a_demoting_policer_sends_excess_after_conforming_traffic() {
        let mut q = tbf(TokenBucketSpec {
            mode: TokenBucketMode::Police,
            exceed: PolicerAction::Demote,
            rate_bps: 8000.0,
            burst_bytes: 3000,
            ..TokenBucketSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..4 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        h.now = 2 * S; // 2000 B of tokens: packet 4 conforms
        h.enqueue(&mut q, pkt(4, 0, 0, 1, 1500));
        let order: Vec<u64> = std::iter::from_fn(|| h.dequeue(&mut q).map(|p| p.uid)).collect();
        assert_eq!(order, vec![0, 1, 4, 2, 3]);
        assert_eq!(h.metric(&q, "exceeding"), 2.0);
        assert_eq!(h.metric(&q, "reordered"), 2.0);
        assert!(h.dropped.is_empty());
    }
}
