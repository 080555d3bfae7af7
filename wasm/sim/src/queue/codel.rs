//! CoDel as a qdisc (RFC 8289; Linux net/sched/sch_codel.c): a packet-limited
//! FIFO that tail-drops on overflow and runs the CoDel state machine of
//! [`codel_core`](super::codel_core) at dequeue.

use super::check::QueueCheck;
use super::codel_core::{Always, CodelParams, CodelSource, CodelStats, CodelVars, ControlLaw};
use super::registry::QueueParams;
use super::{DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::time::millis;
use crate::engine::Time;
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A FIFO with a byte count: what CoDel dequeues from.
#[derive(Default)]
pub struct Fifo {
    pub q: VecDeque<Packet>,
    pub bytes: u64,
}

impl Fifo {
    pub fn push(&mut self, p: Packet) {
        self.bytes += p.size as u64;
        self.q.push_back(p);
    }
}

impl CodelSource for Fifo {
    fn pop(&mut self) -> Option<Packet> {
        let p = self.q.pop_front()?;
        self.bytes -= p.size as u64;
        Some(p)
    }
    fn backlog(&self) -> u64 {
        self.bytes
    }
}

/// The CoDel state as metrics: names shared by every CoDel-based qdisc.
pub const CODEL_METRICS: [&str; 6] = [
    "dropping",
    "count",
    "next_drop_in_ms",
    "sojourn_ms",
    "aqm_drops",
    "ecn_marks",
];

/// Units of [`CODEL_METRICS`].
pub const CODEL_UNITS: [&str; 6] = ["bool", "count", "ms", "ms", "packets", "packets"];

/// Append the values of [`CODEL_METRICS`].
pub fn codel_metrics(v: &CodelVars, s: &CodelStats, now: Time, out: &mut Vec<f64>) {
    let next = if v.dropping {
        (v.drop_next as f64 - now as f64) / 1e6
    } else {
        0.0
    };
    out.extend_from_slice(&[
        v.dropping as u8 as f64,
        v.count as f64,
        next,
        v.ldelay as f64 / 1e6,
        s.drops as f64,
        s.ecn_marks as f64,
    ]);
}

pub fn params(
    target_ms: f64,
    interval_ms: f64,
    ecn: bool,
    spec_law: super::codel_core::ControlLaw,
    mtu: u32,
) -> CodelParams {
    CodelParams {
        target: millis(target_ms),
        interval: millis(interval_ms),
        mtu,
        ecn,
        law: spec_law,
    }
}

pub struct Codel {
    limit: usize,
    params: CodelParams,
    vars: CodelVars,
    stats: CodelStats,
    fifo: Fifo,
    /// Time of the last enqueue or dequeue, for "next drop in".
    last_now: Time,
}

impl Codel {
    pub fn new(s: &CodelSpec, link: &LinkInfo) -> Self {
        Codel {
            limit: s.limit_packets as usize,
            params: params(s.target_ms, s.interval_ms, s.ecn, s.control_law, link.mtu),
            vars: CodelVars::default(),
            stats: CodelStats::default(),
            fifo: Fifo::default(),
            last_now: 0,
        }
    }

    pub fn vars(&self) -> &CodelVars {
        &self.vars
    }
}

impl super::Registered for Codel {
    type Spec = CodelSpec;
    fn build(s: &CodelSpec, link: &LinkInfo) -> Self {
        Codel::new(s, link)
    }
}

impl Qdisc for Codel {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        self.last_now = ctx.now;
        // Linux codel_qdisc_enqueue: tail drop beyond the packet limit.
        if self.fifo.q.len() >= self.limit {
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        pkt.enqueued_at = ctx.now;
        self.fifo.push(pkt);
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        self.last_now = ctx.now;
        self.vars.dequeue(
            &self.params,
            &mut self.fifo,
            &mut Always,
            &mut self.stats,
            ctx,
        )
    }

    fn len_packets(&self) -> usize {
        self.fifo.q.len()
    }

    fn len_bytes(&self) -> u64 {
        self.fifo.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &CODEL_METRICS
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &CODEL_UNITS
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        codel_metrics(&self.vars, &self.stats, self.last_now, out);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// CoDel parameters. Defaults are Linux `sch_codel` and RFC 8289.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct CodelSpec {
    /// Capacity in packets; arrivals beyond it are tail-dropped (Linux DEFAULT_CODEL_LIMIT 1000).
    pub limit_packets: u32,
    /// Acceptable standing queue delay, ms (RFC 8289 TARGET: 5 ms).
    pub target_ms: f64,
    /// Window over which the delay must stay above target before dropping, ms (RFC 8289 INTERVAL: 100 ms).
    pub interval_ms: f64,
    /// Mark ECN-capable packets instead of dropping them (Linux sch_codel default off).
    pub ecn: bool,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
}

impl Default for CodelSpec {
    fn default() -> Self {
        CodelSpec {
            limit_packets: 1000,
            target_ms: 5.0,
            interval_ms: 100.0,
            ecn: false,
            control_law: ControlLaw::Float,
        }
    }
}

impl QueueParams for CodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.codel_times(s.target_ms, s.interval_ms);
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
    use super::super::codel_core::ControlLaw;
    use super::*;
    use crate::engine::time::NS_PER_MS;
    use crate::queue::testing::{flow_ids, link, pkt, Harness};

    const MS: Time = NS_PER_MS;

    fn codel(law: ControlLaw, ecn: bool) -> Codel {
        let ids = flow_ids(1);
        let spec = CodelSpec {
            limit_packets: 100_000,
            control_law: law,
            ecn,
            ..CodelSpec::default()
        };
        Codel::new(&spec, &link(12_000_000, 1500, &ids))
    }

    /// Constant overload: a 1500-byte packet every 0.5 ms into a link that
    /// sends one every 1 ms. Returns the drop times and the dequeue at which
    /// the sojourn time first exceeded the target.
    fn overload(q: &mut Codel, until: Time, tick: Time) -> (Vec<Time>, Time) {
        let mut h = Harness::new();
        let mut uid = 0;
        let mut first_above = None;
        let mut t = 0;
        while t <= until {
            h.now = t;
            for _ in 0..2 {
                h.enqueue(q, pkt(uid, 0, 0, 1, 1500));
                uid += 1;
            }
            h.dequeue(q);
            if first_above.is_none() && q.vars().first_above_time.is_some() {
                first_above = Some(t);
            }
            t += tick;
        }
        let drops = h.dropped.iter().map(|d| d.0).collect();
        (drops, first_above.expect("sojourn exceeded target"))
    }

    #[test]
    fn first_drop_waits_a_whole_interval_above_target_then_gaps_shrink_as_root_count() {
        let mut q = codel(ControlLaw::Float, false);
        let (drops, above) = overload(&mut q, 2000 * MS, MS);
        // RFC 8289: no drop until the sojourn time has stayed above target
        // for a whole interval; with a 1 ms dequeue clock the first drop is at
        // the first dequeue strictly after first_above + interval.
        assert_eq!(drops[0], above + 100 * MS + MS);
        // control_law: later drops come interval/√count apart: 100, 70.7, 57.7, 50 …
        // (each observed on the 1 ms dequeue grid, so within 1 ms).
        let mut schedule = drops[0] as f64;
        for (k, pair) in drops.windows(2).enumerate().take(12) {
            schedule += 100.0 * MS as f64 / ((k + 1) as f64).sqrt();
            let err = pair[1] as f64 - schedule;
            assert!(
                (0.0..MS as f64).contains(&err),
                "drop {}: {err} ns off",
                k + 2
            );
        }
        let gaps: Vec<f64> = drops
            .windows(2)
            .take(4)
            .map(|w| (w[1] - w[0]) as f64 / 1e6)
            .collect();
        for (g, want) in gaps.iter().zip([100.0, 70.7, 57.7, 50.0]) {
            assert!((g - want).abs() <= 1.0, "gaps {gaps:?}");
        }
    }

    #[test]
    fn drops_are_exactly_on_schedule_with_a_fine_dequeue_clock() {
        // A 10 µs dequeue clock keeps every drop within 10 µs of control_law.
        let mut q = codel(ControlLaw::Float, false);
        let (drops, _) = overload(&mut q, 700 * MS, 10_000);
        let want = [100.0, 70.710678, 57.735027, 50.0, 44.72136, 40.824829];
        for (i, w) in want.iter().enumerate() {
            let g = (drops[i + 1] - drops[i]) as f64 / 1e6;
            assert!((g - w).abs() < 0.011, "gap {i}: {g} vs {w}");
        }
    }

    #[test]
    fn linux_newton_law_spaces_the_second_drop_half_an_interval_after_the_first() {
        let mut q = codel(ControlLaw::Linux, false);
        let (drops, _) = overload(&mut q, 400 * MS, 10_000);
        let g = |i: usize| (drops[i + 1] - drops[i]) as f64 / 1e6;
        // count 1: rec_inv_sqrt = 0xFFFF → 99.998 ms; count 2: one Newton step → 50 ms.
        assert!((g(0) - 99.998).abs() < 0.011, "{}", g(0));
        assert!((g(1) - 50.0).abs() < 0.011, "{}", g(1));
        // count 3: 0.5·(3 − 3/4)/2 = 0.5625 → 56.25 ms.
        assert!((g(2) - 56.25).abs() < 0.05, "{}", g(2));
    }

    #[test]
    fn never_drops_while_the_backlog_is_at_most_one_mtu() {
        let mut q = codel(ControlLaw::Float, false);
        let mut h = Harness::new();
        // One packet at a time, each waiting 300 ms: sojourn ≫ target but the
        // backlog behind it is zero.
        for i in 0..20 {
            h.now = i * 300 * MS;
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
            h.now += 300 * MS - 1;
            assert!(h.dequeue(&mut q).is_some());
        }
        assert!(h.dropped.is_empty());
    }

    #[test]
    fn re_entering_soon_after_leaving_resumes_the_previous_count() {
        let mut q = codel(ControlLaw::Float, false);
        let (drops, _) = overload(&mut q, 1000 * MS, MS);
        assert!(q.vars().count as usize == drops.len() && drops.len() > 5);
        // Drain: the last packet leaves with at most one MTU behind it, which
        // ends the dropping state.
        let mut h = Harness::new();
        h.now = 1001 * MS;
        while q.len_packets() > 0 {
            h.dequeue(&mut q);
        }
        let count = q.vars().count;
        let mut t = h.now;
        assert!(!q.vars().dropping && q.vars().lastcount == 1);
        // Overload again at once: re-entry within 16 intervals of drop_next.
        let mut uid = 1_000_000;
        while !q.vars().dropping {
            t += MS;
            h.now = t;
            for _ in 0..2 {
                h.enqueue(&mut q, pkt(uid, 0, 0, 1, 1500));
                uid += 1;
            }
            h.dequeue(&mut q);
        }
        // RFC 8289 / Linux codel_dequeue: count − lastcount is where the new episode starts.
        assert_eq!(q.vars().count, count - 1);
    }

    #[test]
    fn ecn_capable_packets_are_marked_not_dropped() {
        let mut q = codel(ControlLaw::Float, true);
        let mut h = Harness::new();
        let mut marked = 0;
        for i in 0..600u64 {
            h.now = i * MS;
            for j in 0..2 {
                let mut p = pkt(2 * i + j, 0, 0, 1, 1500);
                p.ect = true;
                h.enqueue(&mut q, p);
            }
            if h.dequeue(&mut q).is_some_and(|p| p.ecn_ce) {
                marked += 1;
            }
        }
        assert!(h.dropped.is_empty());
        assert!(marked >= 4, "{marked}");
        assert_eq!(h.metric(&q, "ecn_marks"), marked as f64);
    }

    #[test]
    fn overflow_beyond_the_limit_is_a_tail_drop() {
        let ids = flow_ids(1);
        let spec = CodelSpec {
            limit_packets: 3,
            ..CodelSpec::default()
        };
        let mut q = Codel::new(&spec, &link(12_000_000, 1500, &ids));
        let mut h = Harness::new();
        for i in 0..5 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        assert_eq!(q.len_packets(), 3);
        assert_eq!(h.dropped.len(), 2);
        assert_eq!(h.dropped[0].2, DropReason::Overflow);
    }
}
