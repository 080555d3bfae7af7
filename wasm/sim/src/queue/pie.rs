//! PIE: Proportional Integral controller Enhanced (RFC 8033; ns-3
//! PieQueueDisc; Linux net/sched/sch_pie.c). Every T_UPDATE the drop
//! probability moves by alpha·(delay − target) + beta·(delay − last delay);
//! arrivals are dropped (or marked) with that probability.
//!
//! The periodic update runs lazily: before each enqueue or dequeue every
//! update due since the last call is run, which gives the same result as a
//! timer because nothing PIE reads changes between calls.

use super::check::{QueueCheck, MAX_AQM_TIME_MS};
use super::registry::QueueParams;
use super::{mark_ce, DropReason, LinkInfo, Qdisc, QueueCtx};
use crate::engine::time::millis;
use crate::engine::Time;
use crate::error::{ErrorCode as E, ValidationError};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// RFC 8033 departure-rate estimation (DQ_THRESHOLD = 2^14; Linux
/// QUEUE_THRESHOLD, ns-3 DequeueThreshold 16384): bytes that must be queued before a departure-rate
/// measurement starts, and that a measurement spans.
pub const DQ_THRESHOLD: u64 = 1 << 14;
/// Weight of a new departure-rate sample (ns-3 PieQueueDisc; Linux uses 1/8).
pub const DQ_RATE_WEIGHT: f64 = 0.5;
/// RFC 8033 §4.2: decay factor when the delay was zero twice running.
pub const DECAY: f64 = 0.98;
/// RFC 8033 §4.1: below half the target and this probability, never drop.
pub const SAFEGUARD_PROB: f64 = 0.2;
/// RFC 8033 §5.5: above this probability a step is capped ...
pub const CAP_ABOVE: f64 = 0.1;
/// ... at this much.
pub const CAP_STEP: f64 = 0.02;
/// RFC 8033 derandomisation (ns-3 UseDerandomization, Linux accu_prob): drops never happen below this accumulated probability ...
pub const ACCU_MIN: f64 = 0.85;
/// ... and always happen at this one.
pub const ACCU_MAX: f64 = 8.5;

/// RFC 8033 §4.2 auto-tuning: the step p is divided by a factor that grows
/// as the current probability shrinks, so small probabilities move gently.
pub fn scale_step(p: f64, drop_prob: f64) -> f64 {
    if drop_prob < 0.000_001 {
        p / 2048.0
    } else if drop_prob < 0.000_01 {
        p / 512.0
    } else if drop_prob < 0.000_1 {
        p / 128.0
    } else if drop_prob < 0.001 {
        p / 32.0
    } else if drop_prob < 0.01 {
        p / 8.0
    } else if drop_prob < 0.1 {
        p / 2.0
    } else {
        p
    }
}

pub struct Pie {
    limit: usize,
    target: Time,
    t_update: Time,
    alpha: f64,
    beta: f64,
    max_burst: Time,
    dq_rate_estimator: bool,
    derandomize: bool,
    cap: bool,
    ecn: bool,
    ecn_threshold: f64,
    /// RFC 8033 §4.1 MEAN_PKTSIZE; we take the link MTU, as Linux does.
    mean_pkt: u64,
    fifo: VecDeque<Packet>,
    bytes: u64,
    drop_prob: f64,
    qdelay: Time,
    qdelay_old: Time,
    burst_allowance: Time,
    accu_prob: f64,
    next_update: Time,
    in_measurement: bool,
    dq_start: Time,
    dq_count: u64,
    /// Bytes per second.
    avg_dq_rate: f64,
    drops: u64,
    marks: u64,
}

impl Pie {
    pub fn new(s: &PieSpec, link: &LinkInfo) -> Self {
        let t_update = millis(s.t_update_ms).max(1);
        Pie {
            limit: s.limit_packets as usize,
            target: millis(s.target_ms),
            t_update,
            alpha: s.alpha,
            beta: s.beta,
            max_burst: millis(s.max_burst_ms),
            dq_rate_estimator: s.dq_rate_estimator,
            derandomize: s.derandomize,
            cap: s.cap_drop_adjustment,
            ecn: s.ecn,
            ecn_threshold: s.ecn_threshold,
            mean_pkt: link.mtu as u64,
            fifo: VecDeque::new(),
            bytes: 0,
            drop_prob: 0.0,
            qdelay: 0,
            qdelay_old: 0,
            burst_allowance: millis(s.max_burst_ms),
            accu_prob: 0.0,
            next_update: t_update,
            in_measurement: false,
            dq_start: 0,
            dq_count: 0,
            avg_dq_rate: 0.0,
            drops: 0,
            marks: 0,
        }
    }

    pub fn drop_prob(&self) -> f64 {
        self.drop_prob
    }

    /// RFC 8033 §4.2 calculate_drop_prob, run every T_UPDATE (ns-3 CalculateP).
    fn update(&mut self) {
        if self.dq_rate_estimator {
            // Departure-rate estimation: Little's law on the measured rate.
            self.qdelay = if self.avg_dq_rate > 0.0 {
                libm::round(self.bytes as f64 / self.avg_dq_rate * 1e9) as Time
            } else {
                0
            };
        }
        let secs = |t: Time| t as f64 / 1e9;
        let qdelay = secs(self.qdelay);
        let mut p = self.alpha * (qdelay - secs(self.target))
            + self.beta * (qdelay - secs(self.qdelay_old));
        p = scale_step(p, self.drop_prob);
        if self.cap && self.drop_prob >= CAP_ABOVE && p > CAP_STEP {
            p = CAP_STEP;
        }
        let mut prob = self.drop_prob + p;
        if self.qdelay == 0 && self.qdelay_old == 0 {
            prob *= DECAY;
        }
        self.drop_prob = prob.clamp(0.0, 1.0);
        self.qdelay_old = self.qdelay;
        // §4.4: the burst allowance runs down by T_UPDATE per update.
        self.burst_allowance = self.burst_allowance.saturating_sub(self.t_update);
    }

    /// Run every update due by `now`; skip ahead once the state stops changing.
    fn catch_up(&mut self, now: Time) {
        while now >= self.next_update {
            let before = (self.drop_prob, self.qdelay_old, self.burst_allowance);
            self.update();
            self.next_update += self.t_update;
            if before == (self.drop_prob, self.qdelay_old, self.burst_allowance)
                && now >= self.next_update
            {
                let k = (now - self.next_update) / self.t_update + 1;
                self.next_update += k * self.t_update;
            }
        }
    }

    /// RFC 8033 §4.1 drop_early (with derandomisation when enabled).
    fn drop_early(&mut self, ctx: &mut QueueCtx) -> bool {
        if self.burst_allowance > 0 {
            return false;
        }
        // Safeguard to stay work-conserving.
        if (self.qdelay_old < self.target / 2 && self.drop_prob < SAFEGUARD_PROB)
            || self.bytes <= 2 * self.mean_pkt
        {
            return false;
        }
        if self.derandomize {
            if self.drop_prob == 0.0 {
                self.accu_prob = 0.0;
            }
            self.accu_prob += self.drop_prob;
            if self.accu_prob < ACCU_MIN {
                return false;
            }
            if self.accu_prob >= ACCU_MAX {
                return true;
            }
        }
        ctx.rng.uniform() < self.drop_prob
    }
}

impl super::Registered for Pie {
    type Spec = PieSpec;
    fn build(s: &PieSpec, link: &LinkInfo) -> Self {
        Pie::new(s, link)
    }
}

impl Qdisc for Pie {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        self.catch_up(ctx.now);
        if self.fifo.len() >= self.limit {
            self.accu_prob = 0.0;
            ctx.drop(pkt, DropReason::Overflow);
            return;
        }
        // §4.4: the allowance is restored once the queue has been quiet.
        if self.drop_prob == 0.0
            && self.qdelay < self.target / 2
            && self.qdelay_old < self.target / 2
        {
            self.burst_allowance = self.max_burst;
        }
        if self.drop_early(ctx) {
            // RFC 8033 ECN: mark instead while the probability is at most
            // the threshold (ns-3 MarkEcnThreshold 0.1; Linux 10 %).
            if !(self.ecn && self.drop_prob <= self.ecn_threshold && mark_ce(&mut pkt)) {
                self.accu_prob = 0.0;
                self.drops += 1;
                ctx.drop(pkt, DropReason::Aqm);
                return;
            }
            self.marks += 1;
        }
        pkt.enqueued_at = ctx.now;
        self.bytes += pkt.size as u64;
        self.fifo.push_back(pkt);
    }

    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        self.catch_up(ctx.now);
        let p = self.fifo.pop_front()?;
        self.bytes -= p.size as u64;
        let now = ctx.now;
        if self.dq_rate_estimator {
            // Measure the departure rate over DQ_THRESHOLD bytes (ns-3 DoDequeue).
            if self.bytes >= DQ_THRESHOLD && !self.in_measurement {
                self.dq_start = now;
                self.dq_count = 0;
                self.in_measurement = true;
            }
            if self.in_measurement {
                self.dq_count += p.size as u64;
                if self.dq_count >= DQ_THRESHOLD {
                    let dt = (now - self.dq_start) as f64 / 1e9;
                    if dt > 0.0 {
                        let rate = self.dq_count as f64 / dt;
                        self.avg_dq_rate = if self.avg_dq_rate == 0.0 {
                            rate
                        } else {
                            (1.0 - DQ_RATE_WEIGHT) * self.avg_dq_rate + DQ_RATE_WEIGHT * rate
                        };
                    }
                    self.in_measurement = self.bytes > DQ_THRESHOLD;
                    self.dq_start = now;
                    self.dq_count = 0;
                }
            }
        } else {
            // Latency from timestamps: the sojourn time of this packet, 0 once empty.
            self.qdelay = if self.bytes == 0 {
                0
            } else {
                now - p.enqueued_at
            };
        }
        Some(p)
    }

    fn len_packets(&self) -> usize {
        self.fifo.len()
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "drop_prob",
            "qdelay_ms",
            "qdelay_old_ms",
            "burst_allowance_ms",
            "dq_rate_bps",
            "aqm_drops",
            "ecn_marks",
        ]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["probability", "ms", "ms", "ms", "b/s", "packets", "packets"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.extend_from_slice(&[
            self.drop_prob,
            self.qdelay as f64 / 1e6,
            self.qdelay_old as f64 / 1e6,
            self.burst_allowance as f64 / 1e6,
            self.avg_dq_rate * 8.0,
            self.drops as f64,
            self.marks as f64,
        ]);
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// PIE parameters. Defaults are RFC 8033's, as Linux `pie_params_init` sets them
/// (target 15 ms, tupdate 15 ms, alpha 2/16, beta 20/16, burst 150 ms, limit 1000).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PieSpec {
    /// Capacity in packets (Linux 1000).
    pub limit_packets: u32,
    /// Target queueing delay QDELAY_REF, ms (15 ms).
    pub target_ms: f64,
    /// Period of the drop-probability update T_UPDATE, ms (15 ms).
    pub t_update_ms: f64,
    /// Gain on the delay error, per second (alpha 0.125).
    pub alpha: f64,
    /// Gain on the delay trend, per second (beta 1.25).
    pub beta: f64,
    /// Burst allowance MAX_BURST, ms (150 ms; ns-3 uses 15 ms).
    pub max_burst_ms: f64,
    /// Estimate the delay as backlog / departure rate (RFC 8033's optional estimator) instead
    /// of from timestamps (the Linux default).
    pub dq_rate_estimator: bool,
    /// Derandomize drops with an accumulated probability (RFC 8033 derandomisation; ns-3 default off; Linux always does).
    pub derandomize: bool,
    /// Limit a step of the probability to 2 % once it is above 10 % (RFC 8033 §5.5).
    pub cap_drop_adjustment: bool,
    /// Mark ECN-capable packets while the probability is at most ecn_threshold (RFC 8033 ECN support).
    pub ecn: bool,
    /// Probability above which ECN-capable packets are dropped, not marked (RFC 8033 and ns-3 MarkEcnThreshold: 10 %).
    pub ecn_threshold: f64,
}

impl Default for PieSpec {
    fn default() -> Self {
        PieSpec {
            limit_packets: 1000,
            target_ms: 15.0,
            t_update_ms: 15.0,
            alpha: 0.125,
            beta: 1.25,
            max_burst_ms: 150.0,
            dq_rate_estimator: false,
            derandomize: false,
            cap_drop_adjustment: true,
            ecn: false,
            ecn_threshold: 0.1,
        }
    }
}

/// Shortest PIE update interval, ms (its default is 15 ms, RFC 8033 §4.2).
pub const MIN_PIE_T_UPDATE_MS: f64 = 0.1;

impl QueueParams for PieSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.positive("target_ms", s.target_ms, MAX_AQM_TIME_MS, "ms");
        c.positive("t_update_ms", s.t_update_ms, MAX_AQM_TIME_MS, "ms");
        // Each update interval costs PIE a step of its control law while packets
        // flow (RFC 8033 §4.2; default 15 ms): below 0.1 ms that work swamps the run.
        if s.t_update_ms > 0.0 && s.t_update_ms < MIN_PIE_T_UPDATE_MS {
            let e = ValidationError::at(c.path("t_update_ms"), E::BelowFloor)
                .with("min", MIN_PIE_T_UPDATE_MS)
                .unit("ms")
                .with("value", s.t_update_ms);
            c.push(e);
        }
        c.positive("alpha", s.alpha, 100.0, "per second");
        c.positive("beta", s.beta, 100.0, "per second");
        if !s.max_burst_ms.is_finite() || s.max_burst_ms < 0.0 || s.max_burst_ms > MAX_AQM_TIME_MS {
            c.outside("max_burst_ms", 0u32, MAX_AQM_TIME_MS, s.max_burst_ms, "ms");
        }
        c.fraction("ecn_threshold", s.ecn_threshold);
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
    use crate::engine::time::NS_PER_MS;
    use crate::queue::testing::{flow_ids, link, pkt, run_link, Harness};

    const MS: Time = NS_PER_MS;

    fn pie(spec: PieSpec) -> Pie {
        let ids = flow_ids(1);
        Pie::new(&spec, &link(10_000_000, 1500, &ids))
    }

    #[test]
    fn step_is_divided_by_the_auto_tuning_table() {
        let p = 0.04;
        let cases = [
            (0.0, 2048.0),
            (5e-7, 2048.0),
            (5e-6, 512.0),
            (5e-5, 128.0),
            (5e-4, 32.0),
            (5e-3, 8.0),
            (5e-2, 2.0),
            (0.5, 1.0),
        ];
        for (prob, div) in cases {
            assert_eq!(scale_step(p, prob), p / div, "drop_prob {prob}");
        }
    }

    #[test]
    fn update_applies_alpha_to_the_error_and_beta_to_the_trend() {
        let mut q = pie(PieSpec::default());
        q.burst_allowance = 0;
        q.qdelay = 30 * MS;
        q.update();
        // p = 0.125·(0.030 − 0.015) + 1.25·(0.030 − 0) = 0.039375, /2048 at p = 0.
        let p1 = 0.039375 / 2048.0;
        assert!((q.drop_prob - p1).abs() < 1e-18);
        q.update();
        // p = 0.125·0.015 + 0 = 0.001875, /128 since 1e-5 ≤ drop_prob < 1e-4.
        let p2 = p1 + 0.001875 / 128.0;
        assert!((q.drop_prob - p2).abs() < 1e-18);
    }

    #[test]
    fn a_step_is_capped_at_two_percent_above_ten_percent() {
        let mut q = pie(PieSpec::default());
        q.drop_prob = 0.5;
        q.qdelay = 500 * MS;
        q.update();
        assert!((q.drop_prob - 0.52).abs() < 1e-12);
    }

    #[test]
    fn probability_decays_by_two_percent_when_the_delay_stays_zero() {
        let mut q = pie(PieSpec::default());
        q.drop_prob = 0.5;
        q.update();
        // p = 0.125·(0 − 0.015) = −0.001875 (no scaling at 0.5), then ×0.98.
        assert!((q.drop_prob - (0.5 - 0.001875) * 0.98).abs() < 1e-15);
    }

    #[test]
    fn burst_allowance_protects_the_first_max_burst() {
        let mut q = pie(PieSpec::default());
        let mut h = Harness::new();
        // Keep a large queue: every arrival is accepted for 150 ms of updates.
        for i in 0..4000u64 {
            h.now = i * 75_000; // 0.075 ms apart
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
            if i % 2 == 0 {
                h.dequeue(&mut q);
            }
            if h.now < 150 * MS {
                assert!(h.dropped.is_empty(), "dropped inside the burst allowance");
            }
        }
        assert_eq!(q.burst_allowance, 0);
        assert!(q.drop_prob > 0.0);
    }

    #[test]
    fn derandomised_drops_are_between_nine_and_eighty_five_arrivals_apart_at_ten_percent() {
        let mut q = pie(PieSpec {
            derandomize: true,
            t_update_ms: 1e6, // freeze the probability
            ..PieSpec::default()
        });
        q.burst_allowance = 0;
        q.drop_prob = 0.1;
        q.qdelay_old = q.target;
        let mut h = Harness::new();
        for i in 0..10 {
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
        }
        let mut last = None;
        for i in 10..20_000u64 {
            let before = h.dropped.len();
            h.enqueue(&mut q, pkt(i, 0, 0, 1, 1500));
            if h.dropped.len() > before {
                if let Some(l) = last {
                    let gap = i - l;
                    // accu < 0.85 for 8 arrivals; accu ≥ 8.5 forces the 85th.
                    assert!((9..=85).contains(&gap), "gap {gap}");
                }
                last = Some(i);
            } else {
                h.dequeue(&mut q);
            }
        }
        assert!(last.is_some());
    }

    #[test]
    fn unresponsive_overload_is_held_near_the_target_delay() {
        // 15 Mb/s of 1500-byte packets into 10 Mb/s: PIE must drop about a third.
        let mut q = pie(PieSpec::default());
        let mut h = Harness::new();
        let arrivals: Vec<(Time, Packet)> = (0..150_000u64)
            .map(|i| (i * 800_000, pkt(i, 0, 0, 1, 1500)))
            .collect();
        let out = run_link(&mut q, &mut h, &arrivals, 10_000_000, 120_000 * MS);
        let late: Vec<&(Time, Packet)> = out.iter().filter(|d| d.0 > 60_000 * MS).collect();
        let mean_delay = late
            .iter()
            .map(|d| (d.0 - d.1.enqueued_at) as f64)
            .sum::<f64>()
            / late.len() as f64
            / 1e6;
        assert!(
            (8.0..25.0).contains(&mean_delay),
            "mean delay {mean_delay} ms"
        );
        let dropped_late = h.dropped.iter().filter(|d| d.0 > 60_000 * MS).count() as f64;
        let frac = dropped_late / (dropped_late + late.len() as f64);
        assert!((frac - 1.0 / 3.0).abs() < 0.02, "drop fraction {frac}");
        assert!(h.dropped.iter().all(|d| d.2 == DropReason::Aqm));
    }

    #[test]
    fn the_rate_estimator_measures_the_link_rate() {
        let mut q = pie(PieSpec {
            dq_rate_estimator: true,
            ..PieSpec::default()
        });
        let mut h = Harness::new();
        let arrivals: Vec<(Time, Packet)> = (0..20_000u64)
            .map(|i| (i * 800_000, pkt(i, 0, 0, 1, 1500)))
            .collect();
        run_link(&mut q, &mut h, &arrivals, 10_000_000, 10_000 * MS);
        let rate = h.metric(&q, "dq_rate_bps");
        assert!((rate - 10e6).abs() / 10e6 < 0.1, "{rate}");
        let qd = h.metric(&q, "qdelay_ms");
        assert!(qd > 0.0 && qd < 60.0, "{qd}");
    }

    #[test]
    fn ecn_marks_below_the_threshold_and_drops_above_it() {
        let mut q = pie(PieSpec {
            ecn: true,
            t_update_ms: 1e6,
            ..PieSpec::default()
        });
        q.burst_allowance = 0;
        q.qdelay_old = q.target;
        q.drop_prob = 0.05;
        let mut h = Harness::new();
        let ect = |i| {
            let mut p = pkt(i, 0, 0, 1, 1500);
            p.ect = true;
            p
        };
        for i in 0..10u64 {
            h.enqueue(&mut q, ect(i));
        }
        for i in 10..2000u64 {
            h.enqueue(&mut q, ect(i));
            h.dequeue(&mut q);
        }
        assert!(h.dropped.is_empty() && q.marks > 50, "{}", q.marks);
        q.drop_prob = 0.3;
        for i in 2000..3000u64 {
            let before = h.dropped.len();
            h.enqueue(&mut q, ect(i));
            if h.dropped.len() == before {
                h.dequeue(&mut q);
            }
        }
        assert!(h.dropped.len() > 200, "{}", h.dropped.len());
    }
}
