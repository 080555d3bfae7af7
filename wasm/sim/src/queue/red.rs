//! RED: Random Early Detection (Floyd & Jacobson, IEEE/ACM ToN 1(4), 1993),
//! following the ns-3 `RedQueueDisc` port of ns-2 RED: an EWMA of the queue
//! length, an early-drop probability linear in it between min_th and max_th
//! (gentle: on to 1 at 2·max_th), spread out by the count since the last drop.

use super::check::QueueCheck;
use super::registry::QueueParams;
use super::{mark_ce, DropReason, Limit, LinkInfo, Qdisc, QueueCtx};
use crate::engine::Time;
use crate::error::{relation, ErrorCode as E};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The drop-probability curve p_b(avg) (Floyd & Jacobson 1993 §4; gentle
/// variant as in ns-3 `CalculatePNew`).
#[derive(Clone, Copy, Debug)]
pub struct RedCurve {
    pub min_th: f64,
    pub max_th: f64,
    pub max_p: f64,
    pub gentle: bool,
}

impl RedCurve {
    /// p_b = max_p·(avg − min_th)/(max_th − min_th) on [min_th, max_th);
    /// gentle: max_p + (1 − max_p)·(avg − max_th)/max_th on [max_th, 2·max_th);
    /// 0 below min_th and 1 beyond.
    pub fn p_b(&self, avg: f64) -> f64 {
        let p = if avg < self.min_th {
            0.0
        } else if avg < self.max_th {
            self.max_p * (avg - self.min_th) / (self.max_th - self.min_th)
        } else if self.gentle && avg < 2.0 * self.max_th {
            self.max_p + (1.0 - self.max_p) * (avg - self.max_th) / self.max_th
        } else {
            1.0
        };
        p.min(1.0)
    }
}

pub struct Red {
    limit: Limit,
    bytes_mode: bool,
    mean_pkt: f64,
    curve: RedCurve,
    w_q: f64,
    wait: bool,
    ecn: bool,
    hard_drop: bool,
    /// Mean-sized packets the link sends per second (ns-3 m_ptc), for the
    /// idle-time decay of avg.
    ptc: f64,
    fifo: VecDeque<Packet>,
    bytes: u64,
    /// The average queue (packets, or mean-sized packets in byte mode).
    avg: f64,
    /// Arrivals since the last early drop (Floyd & Jacobson's count).
    count: u64,
    count_bytes: u64,
    /// Whether avg was in the early-drop range at the last arrival (ns-2 `old`).
    old: bool,
    idle_since: Option<Time>,
    p_b: f64,
    p_a: f64,
    early_drops: u64,
    forced_drops: u64,
    marks: u64,
}

impl Red {
    pub fn new(s: &RedSpec, link: &LinkInfo) -> Self {
        let mean = s.mean_pkt_size_bytes.max(1) as f64;
        Red {
            limit: match s.limit_bytes {
                Some(b) => Limit::Bytes(b),
                None => Limit::Packets(s.limit_packets as usize),
            },
            bytes_mode: s.mode == RedMode::Bytes,
            mean_pkt: mean,
            curve: RedCurve {
                min_th: s.min_th,
                max_th: s.max_th,
                max_p: s.max_p,
                gentle: s.gentle,
            },
            w_q: s.w_q,
            wait: s.wait,
            ecn: s.ecn,
            hard_drop: s.hard_drop,
            ptc: link.rate_bps as f64 / (8.0 * mean),
            fifo: VecDeque::new(),
            bytes: 0,
            avg: 0.0,
            count: 0,
            count_bytes: 0,
            old: false,
            idle_since: Some(0),
            p_b: 0.0,
            p_a: 0.0,
            early_drops: 0,
            forced_drops: 0,
            marks: 0,
        }
    }

    /// The queue length RED averages.
    fn current(&self) -> f64 {
        if self.bytes_mode {
            self.bytes as f64 / self.mean_pkt
        } else {
            self.fifo.len() as f64
        }
    }

    pub fn avg(&self) -> f64 {
        self.avg
    }

    /// p_a from p_b and the count since the last drop (ns-3 `ModifyP`):
    /// Floyd & Jacobson's p_b/(1 − count·p_b), or ns-2's "wait" form that
    /// keeps at least 1/p_b packets between drops; byte mode scales by size.
    fn modify(&self, p_b: f64, size: u32) -> f64 {
        let count = if self.bytes_mode {
            libm::floor(self.count_bytes as f64 / self.mean_pkt)
        } else {
            self.count as f64
        };
        let cp = count * p_b;
        let mut p = if self.wait {
            if cp < 1.0 {
                0.0
            } else if cp < 2.0 {
                p_b / (2.0 - cp)
            } else {
                1.0
            }
        } else if cp < 1.0 {
            p_b / (1.0 - cp)
        } else {
            1.0
        };
        if self.bytes_mode && p < 1.0 {
            p = p * size as f64 / self.mean_pkt;
        }
        p.min(1.0)
    }
}

#[derive(PartialEq)]
enum Verdict {
    Accept,
    Early,
    Forced,
    Full,
}

impl super::Registered for Red {
    type Spec = RedSpec;
    fn build(s: &RedSpec, link: &LinkInfo) -> Self {
        Red::new(s, link)
    }
}

impl Qdisc for Red {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        // After an idle period, decay avg as if m packets had arrived to an
        // empty queue: m = ptc·idle time (Floyd & Jacobson §4; ns-3 m_ptc).
        let mut m = 0.0;
        if let Some(since) = self.idle_since.take() {
            m = libm::floor(self.ptc * (ctx.now - since) as f64 / 1e9);
        }
        let q = self.current();
        self.avg = self.avg * libm::pow(1.0 - self.w_q, m + 1.0) + self.w_q * q;
        self.count += 1;
        self.count_bytes += pkt.size as u64;

        let queued = if self.bytes_mode {
            self.bytes as usize
        } else {
            self.fifo.len()
        };
        let c = self.curve;
        let mut verdict = Verdict::Accept;
        if self.avg >= c.min_th && queued > 1 {
            let beyond = if c.gentle { 2.0 * c.max_th } else { c.max_th };
            if self.avg >= beyond {
                verdict = Verdict::Forced;
            } else if !self.old {
                // avg just crossed min_th: start counting afresh.
                self.count = 1;
                self.count_bytes = pkt.size as u64;
                self.old = true;
            } else {
                self.p_b = c.p_b(self.avg);
                self.p_a = self.modify(self.p_b, pkt.size);
                if ctx.rng.uniform() < self.p_a {
                    self.count = 0;
                    self.count_bytes = 0;
                    verdict = Verdict::Early;
                }
            }
        } else {
            self.p_b = 0.0;
            self.p_a = 0.0;
            self.old = false;
        }
        if !self.limit.admits(self.fifo.len(), self.bytes, pkt.size) {
            verdict = Verdict::Full;
        }
        match verdict {
            Verdict::Accept => {}
            Verdict::Early => {
                if self.ecn && mark_ce(&mut pkt) {
                    self.marks += 1;
                } else {
                    self.early_drops += 1;
                    ctx.drop(pkt, DropReason::Aqm);
                    return;
                }
            }
            Verdict::Forced | Verdict::Full => {
                if self.hard_drop || !self.ecn || verdict == Verdict::Full || !mark_ce(&mut pkt) {
                    self.forced_drops += 1;
                    let why = if verdict == Verdict::Full {
                        DropReason::Overflow
                    } else {
                        DropReason::Aqm
                    };
                    ctx.drop(pkt, why);
                    return;
                }
                self.marks += 1;
            }
        }
        pkt.enqueued_at = ctx.now;
        self.bytes += pkt.size as u64;
        self.fifo.push_back(pkt);
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        match self.fifo.pop_front() {
            Some(p) => {
                self.bytes -= p.size as u64;
                Some(p)
            }
            None => {
                // The link found nothing to send: the idle period starts.
                self.idle_since.get_or_insert(ctx.now);
                None
            }
        }
    }

    fn len_packets(&self) -> usize {
        self.fifo.len()
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "avg_queue",
            "p_b",
            "p_a",
            "count",
            "early_drops",
            "forced_drops",
            "ecn_marks",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &[
            "packets",
            "probability",
            "probability",
            "packets",
            "packets",
            "packets",
            "packets",
        ]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.extend_from_slice(&[
            self.avg,
            self.p_b,
            self.p_a,
            self.count as f64,
            self.early_drops as f64,
            self.forced_drops as f64,
            self.marks as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// RED parameters. Defaults are ns-3 `RedQueueDisc` (MinTh 5, MaxTh 15,
/// MaxSize 25p, QW 0.002, LInterm 50, MeanPktSize 500, Gentle, Wait).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RedSpec {
    /// Hard capacity in packets; arrivals beyond it are dropped (ns-3 MaxSize 25p).
    pub limit_packets: u32,
    /// Hard capacity in bytes; when given it replaces limit_packets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<u64>,
    /// Measure the queue in packets, or in bytes divided by mean_pkt_size_bytes
    /// (ns-2 byte mode: thresholds stay in mean-sized packets, and the drop
    /// probability is scaled by size / mean_pkt_size_bytes).
    pub mode: RedMode,
    /// Average queue at which early drops begin, packets (ns-3 MinTh 5).
    pub min_th: f64,
    /// Average queue at which the probability reaches max_p, packets (ns-3 MaxTh 15).
    pub max_th: f64,
    /// Weight of the average: avg ← (1 − w_q)·avg + w_q·q (ns-3 QW 0.002).
    pub w_q: f64,
    /// Drop probability at max_th (ns-3 1/LInterm = 1/50).
    pub max_p: f64,
    /// Gentle RED: p rises from max_p to 1 between max_th and 2·max_th instead
    /// of jumping to 1 at max_th (ns-3 Gentle true).
    pub gentle: bool,
    /// ns-2 "wait" spacing between early drops (ns-3 Wait true); off gives the
    /// paper's p_a = p_b / (1 − count·p_b).
    pub wait: bool,
    /// Mean packet size, bytes: the unit of byte mode and of the idle-time
    /// decay of avg (ns-3 MeanPktSize 500).
    pub mean_pkt_size_bytes: u32,
    /// Mark ECN-capable packets (CE) instead of dropping them early (ns-3 UseEcn false).
    pub ecn: bool,
    /// Drop, never mark, when avg is beyond the early-drop range (ns-3 UseHardDrop true).
    pub hard_drop: bool,
}

impl Default for RedSpec {
    fn default() -> Self {
        RedSpec {
            limit_packets: 25,
            limit_bytes: None,
            mode: RedMode::Packets,
            min_th: 5.0,
            max_th: 15.0,
            w_q: 0.002,
            max_p: 1.0 / 50.0,
            gentle: true,
            wait: true,
            mean_pkt_size_bytes: 500,
            ecn: false,
            hard_drop: true,
        }
    }
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RedMode {
    /// Queue length in packets.
    #[default]
    Packets,
    /// Queue length in bytes (in units of mean_pkt_size_bytes).
    Bytes,
}

impl QueueParams for RedSpec {
    fn check(&self, c: &mut QueueCheck) {
        let r = self;
        c.packets("limit_packets", r.limit_packets);
        if let Some(b) = r.limit_bytes {
            c.byte_limit("limit_bytes", b);
        }
        if !r.min_th.is_finite() || r.min_th < 0.0 {
            c.value("min_th", E::NegativeValue, r.min_th);
        }
        if !r.max_th.is_finite() || r.max_th <= 0.0 {
            c.value("max_th", E::NotPositive, r.max_th);
        } else if r.min_th.is_finite() && r.min_th >= r.max_th {
            let e = relation(
                c.path("min_th"),
                E::NotBelowField,
                "max_th",
                r.max_th,
                r.min_th,
            );
            c.push(e);
        }
        c.fraction("w_q", r.w_q);
        c.fraction("max_p", r.max_p);
        if r.mean_pkt_size_bytes == 0 || r.mean_pkt_size_bytes > 65_535 {
            c.outside(
                "mean_pkt_size_bytes",
                1u32,
                65535u32,
                r.mean_pkt_size_bytes,
                "bytes",
            );
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        match self.limit_bytes {
            Some(b) => (None, Some(b)),
            None => (Some(self.limit_packets.into()), None),
        }
    }
    fn example() -> Self {
        Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::testing::{flow_ids, link, pkt, Harness};

    fn red(spec: RedSpec) -> Red {
        let ids = flow_ids(1);
        Red::new(&spec, &link(10_000_000, 1500, &ids))
    }

    fn curve(gentle: bool) -> RedCurve {
        RedCurve {
            min_th: 5.0,
            max_th: 15.0,
            max_p: 0.02,
            gentle,
        }
    }

    #[test]
    fn drop_probability_is_linear_from_min_th_to_max_th() {
        for gentle in [false, true] {
            let c = curve(gentle);
            assert_eq!(c.p_b(0.0), 0.0);
            assert_eq!(c.p_b(4.999), 0.0);
            assert_eq!(c.p_b(5.0), 0.0);
            for avg in [5.5, 7.0, 10.0, 12.5, 14.9] {
                let want = 0.02 * (avg - 5.0) / 10.0;
                assert!((c.p_b(avg) - want).abs() < 1e-15, "avg {avg}");
            }
        }
    }

    #[test]
    fn without_gentle_the_probability_jumps_to_one_at_max_th() {
        let c = curve(false);
        assert!((c.p_b(14.999_999) - 0.02).abs() < 1e-8);
        assert_eq!(c.p_b(15.0), 1.0);
        assert_eq!(c.p_b(29.0), 1.0);
    }

    #[test]
    fn gentle_rises_from_max_p_to_one_between_max_th_and_twice_max_th() {
        let c = curve(true);
        assert!((c.p_b(15.0) - 0.02).abs() < 1e-15, "continuous at max_th");
        for avg in [16.0, 20.0, 22.5, 29.0] {
            let want = 0.02 + 0.98 * (avg - 15.0) / 15.0;
            assert!((c.p_b(avg) - want).abs() < 1e-12, "avg {avg}");
        }
        assert!((c.p_b(29.999_999) - 1.0).abs() < 1e-6);
        assert_eq!(c.p_b(30.0), 1.0);
        assert_eq!(c.p_b(100.0), 1.0);
    }

    /// Hold the queue at `n` packets: each arrival sees n, and one departure
    /// follows each accepted arrival. Returns the indices of early drops.
    fn hold(q: &mut Red, h: &mut Harness, n: u64, arrivals: u64) -> Vec<u64> {
        while (q.len_packets() as u64) < n {
            let uid = q.len_packets() as u64;
            h.enqueue(q, pkt(uid, 0, 0, 1, 1500));
        }
        let mut drops = Vec::new();
        for i in 0..arrivals {
            let before = h.dropped.len();
            h.enqueue(q, pkt(1000 + i, 0, 0, 1, 1500));
            if h.dropped.len() > before {
                drops.push(i);
            } else {
                h.dequeue(q);
            }
        }
        drops
    }

    #[test]
    fn average_follows_the_ewma_step_response() {
        let mut q = red(RedSpec {
            min_th: 50.0,
            max_th: 100.0,
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        // Filling to 10 packets at one instant feeds q = 0, 1, …, 9.
        let w = 0.002f64;
        let mut avg = 0.0;
        for k in 0..10 {
            avg = (1.0 - w) * avg + w * k as f64;
        }
        hold(&mut q, &mut h, 10, 0);
        assert!((q.avg() - avg).abs() < 1e-15);
        // Then N arrivals each seeing 10: avg → 10 − (10 − avg)(1 − w_q)^N.
        for n in [1u64, 10, 100, 1000] {
            let mut q2 = red(RedSpec {
                min_th: 50.0,
                max_th: 100.0,
                limit_packets: 1000,
                ..RedSpec::default()
            });
            let mut h2 = Harness::new();
            hold(&mut q2, &mut h2, 10, n);
            let want = 10.0 - (10.0 - avg) * (1.0 - w).powi(n as i32);
            assert!(
                (q2.avg() - want).abs() < 1e-12,
                "N={n}: {} vs {want}",
                q2.avg()
            );
        }
    }

    #[test]
    fn classic_spacing_drops_at_most_one_over_p_b_packets_apart() {
        // Queue held at 10: avg → 10, p_b = 0.02·5/10 = 0.01. With
        // p_a = p_b/(1 − count·p_b) the gap between drops is uniform on
        // [1, 1/p_b], so it never exceeds 100 and averages ≈ 50.5.
        let mut q = red(RedSpec {
            wait: false,
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        hold(&mut q, &mut h, 10, 20_000); // avg reaches 10 − 5e-9
        let start = h.dropped.len();
        let drops = hold(&mut q, &mut h, 10, 200_000);
        assert!(h.dropped.len() > start);
        let gaps: Vec<u64> = drops.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            gaps.iter().all(|g| (1..=100).contains(g)),
            "{:?}",
            gaps.iter().max()
        );
        let mean = gaps.iter().sum::<u64>() as f64 / gaps.len() as f64;
        assert!((mean - 50.5).abs() < 1.5, "mean gap {mean}");
        assert!((h.metric(&q, "p_b") - 0.01).abs() < 1e-9);
        assert!((h.metric(&q, "avg_queue") - 10.0).abs() < 1e-6);
    }

    #[test]
    fn wait_mode_keeps_drops_between_one_and_two_over_p_b_apart() {
        let mut q = red(RedSpec {
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        hold(&mut q, &mut h, 10, 20_000);
        let drops = hold(&mut q, &mut h, 10, 100_000);
        let gaps: Vec<u64> = drops.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(!gaps.is_empty());
        assert!(gaps.iter().all(|g| (100..=200).contains(g)), "{gaps:?}");
    }

    #[test]
    fn beyond_the_early_drop_range_every_arrival_is_dropped() {
        let mut q = red(RedSpec {
            gentle: false,
            w_q: 1.0, // avg = instantaneous queue
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..15 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        let before = h.dropped.len();
        h.enqueue(&mut q, pkt(99, 0, 0, 1, 1500)); // sees q = 15 = max_th
        assert_eq!(h.dropped.len(), before + 1);
        assert_eq!(h.dropped.last().unwrap().2, DropReason::Aqm);
        assert_eq!(h.metric(&q, "forced_drops"), 1.0);
    }

    #[test]
    fn ecn_capable_packets_are_marked_instead_of_dropped_early() {
        let mut q = red(RedSpec {
            wait: false,
            ecn: true,
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..10 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        let mut marked = 0;
        for i in 0..50_000u64 {
            let mut p = pkt(100 + i, 0, 0, 1, 1500);
            p.ect = true;
            h.enqueue(&mut q, p);
            if h.dequeue(&mut q).is_some_and(|p| p.ecn_ce) {
                marked += 1;
            }
        }
        assert!(h.dropped.is_empty());
        assert!(marked > 100);
        assert_eq!(h.metric(&q, "ecn_marks"), marked as f64);
    }

    #[test]
    fn the_hard_limit_drops_as_overflow() {
        let mut q = red(RedSpec {
            min_th: 100.0,
            max_th: 200.0,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..30 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        assert_eq!(q.len_packets(), 25);
        assert!(h.dropped.iter().all(|d| d.2 == DropReason::Overflow));
    }

    #[test]
    fn byte_mode_measures_the_queue_in_mean_sized_packets() {
        let mut q = red(RedSpec {
            mode: RedMode::Bytes,
            w_q: 1.0,
            min_th: 100.0,
            max_th: 200.0,
            limit_packets: 1000,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..4 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        // The fourth arrival saw 3 × 1500 B = 9 mean-sized (500 B) packets.
        assert!((q.avg() - 9.0).abs() < 1e-12);
        // And a small packet's early-drop probability is scaled by size/mean.
        q.count = 200;
        q.count_bytes = 200 * 500;
        // count = 200 mean-sized packets, p_b = 0.0075: wait mode gives
        // p = 0.0075/(2 − 1.5) = 0.015, then × size/500.
        let p_big = q.modify(0.0075, 1500);
        let p_small = q.modify(0.0075, 100);
        assert!((p_big - 0.045).abs() < 1e-15);
        assert!((p_small / p_big - 100.0 / 1500.0).abs() < 1e-12);
    }

    #[test]
    fn idle_time_decays_the_average_as_if_empty_arrivals_had_come() {
        let mut q = red(RedSpec {
            w_q: 0.01,
            min_th: 100.0,
            max_th: 200.0,
            limit_packets: 1000,
            mean_pkt_size_bytes: 1250,
            ..RedSpec::default()
        });
        let mut h = Harness::new();
        for i in 0..50 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        while h.dequeue(&mut q).is_some() {}
        let avg0 = q.avg();
        // 10 Mb/s at 1250 B = 1000 packets/s: 0.1 s idle counts as 100 arrivals.
        h.now = 100_000_000;
        h.enqueue(&mut q, pkt(99, 0, 0, 1, 1500));
        let want = avg0 * 0.99f64.powi(101);
        assert!((q.avg() - want).abs() < 1e-12, "{} vs {want}", q.avg());
    }
}
