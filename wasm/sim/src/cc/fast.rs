//! FAST TCP (Jin, Wei, Low, "FAST TCP: motivation, architecture, algorithms,
//! performance", INFOCOM 2004), in the form paper 000 §2 (eq. 2.7) quotes:
//! once per round trip,
//!
//!   w ← min{ 2w, (1 − γ)·w + γ·( (baseRTT/avgRTT)·w + α ) }
//!
//! with baseRTT the minimum RTT seen and avgRTT the mean RTT sample of the
//! last round. The equilibrium keeps α packets of the flow queued. Loss
//! handling is Reno's (halve on fast retransmit, loss window after a
//! timeout); RTT samples are not seen during recovery. Paper 000 E8 runs
//! FAST with a window update every RTT, which is what is done here.
//!
//! Start-up [ours, the sources leave it open]: standard slow start until the
//! round's queue estimate w·(1 − baseRTT/avgRTT) reaches α, then the update.
//!
//! Window pacing (FAST's burstiness control, Wei et al. (2006); the ns-2
//! module paper 000 ran, Cui and Andrew (2005), `fast_pace`): an increase
//! is not applied at once but spread over the next round's ACKs, one share
//! per segment acknowledged, so that the new packets leave with the ACK
//! clock instead of as one burst at the access rate; a decrease is applied
//! at once. Without it an update of γ·α packets (50 with α = 100) leaves
//! back to back and overflows a small bottleneck queue every round, and
//! the window never gets past a few times α whatever the path.

use super::common::{
    self, secs, segments, ssthresh_bytes, to_bytes, RoundRtt, RoundTracker, RttSeen, SlowStart,
};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.fast` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// FAST TCP: w ← min{2w, (1−γ)w + γ(baseRTT/RTT·w + α)} once per RTT.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct FastParams {
    /// α, packets the flow aims to keep queued, in (0, 100000]. Default 20
    /// (our choice: the sources leave α to the operator; paper 000 names its
    /// choice an open issue).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 100000.0)))]
    pub alpha: f64,
    /// γ, the update's smoothing gain, in (0, 1]. Default 0.5.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub gamma: f64,
}

impl Default for FastParams {
    fn default() -> Self {
        Self {
            alpha: 20.0,
            gamma: 0.5,
        }
    }
}

impl ParamBlock for FastParams {
    fn check(&self, c: &mut FieldChecks) {
        c.above("alpha", self.alpha, 0.0, 100_000.0);
        c.above("gamma", self.gamma, 0.0, 1.0);
    }
}

pub struct Fast {
    mss: u32,
    alpha: f64,
    gamma: f64,
    cwnd: f64,
    ssthresh: f64,
    base_rtt: Option<Time>,
    round: RoundTracker,
    round_rtt: RoundRtt,
    avg_rtt: Time,
    queue: f64,
    /// Window pacing: what remains of the last update's increase, and the
    /// share of it added per segment acknowledged.
    pending: f64,
    per_segment: f64,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl Fast {
    pub fn new(p: &FastParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            alpha: p.alpha,
            gamma: p.gamma,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            base_rtt: None,
            round: RoundTracker::default(),
            round_rtt: RoundRtt::default(),
            avg_rtt: 0,
            queue: 0.0,
            pending: 0.0,
            per_segment: 0.0,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window as handed over, baseRTT = the
    /// connection's minimum RTT; the periodic update starts at once (FAST
    /// needs no slow start once it has a window and a baseRTT).
    pub fn from_handoff(p: &FastParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss).min(s.cwnd);
        s.base_rtt = (h.min_rtt > 0).then_some(h.min_rtt);
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    /// The FAST window update for one round.
    pub fn update(w: f64, base: f64, avg: f64, alpha: f64, gamma: f64) -> f64 {
        (2.0 * w).min((1.0 - gamma) * w + gamma * (base / avg * w + alpha))
    }

    fn per_round(&mut self) {
        let (Some(avg), Some(base)) = (self.round_rtt.mean(), self.base_rtt) else {
            return;
        };
        self.avg_rtt = avg.max(1);
        let ratio = base as f64 / self.avg_rtt as f64;
        self.queue = self.cwnd * (1.0 - ratio);
        if self.cwnd < self.ssthresh {
            if self.queue >= self.alpha {
                self.ssthresh = self.cwnd;
            }
            return;
        }
        let target = Self::update(
            self.cwnd,
            base as f64,
            self.avg_rtt as f64,
            self.alpha,
            self.gamma,
        )
        .max(2.0);
        if target > self.cwnd {
            // Spread over the next round: about cwnd segments are acknowledged in it.
            self.pending = target - self.cwnd;
            self.per_segment = self.pending / self.cwnd.max(1.0);
        } else {
            self.cwnd = target;
            self.stop_pacing();
        }
    }

    /// Add this ACK's share of a paced increase.
    fn pace(&mut self, segments: f64) {
        if self.pending > 0.0 {
            let step = (self.per_segment * segments).min(self.pending);
            self.cwnd += step;
            self.pending -= step;
        }
    }

    fn stop_pacing(&mut self) {
        self.pending = 0.0;
        self.per_segment = 0.0;
    }

    fn halve(&mut self) {
        self.ssthresh = (self.cwnd / 2.0).max(2.0);
        self.stop_pacing();
    }
}

impl CongestionControl for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        if let Some(r) = a.rtt {
            let r = r.max(1);
            self.base_rtt = Some(self.base_rtt.map_or(r, |b| b.min(r)));
            self.round_rtt.add(r);
        }
        let n = segments(a.acked_bytes, a.mss);
        common::slow_start(&mut self.cwnd, self.ssthresh, n, self.slow_start);
        if self.cwnd >= self.ssthresh {
            self.pace(n);
        }
        if self.round.on_ack(a) {
            self.per_round();
            self.round_rtt.clear();
        }
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.halve();
        self.cwnd = self.ssthresh;
        self.round.restart();
        self.round_rtt.clear();
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.halve();
        self.cwnd = 1.0;
        self.round.restart();
        self.round_rtt.clear();
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        self.cwnd = self.ssthresh;
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["base_rtt", "avg_rtt", "queue", "alpha"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["s", "s", "pkt", "pkt"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.base_rtt.map_or(0.0, secs));
        out.push(secs(self.avg_rtt));
        out.push(self.queue);
        out.push(self.alpha);
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            min_rtt: self.base_rtt.unwrap_or(self.rtt.min_rtt),
            ..self.rtt.handoff(now, self.cwnd(), self.ssthresh())
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Fast {
    type Params = FastParams;
    fn create(p: &FastParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &FastParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    const MSS: u32 = 1000;
    const MS: Time = NS_PER_MS;

    fn fast(p: FastParams) -> Fast {
        Fast::new(
            &p,
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        )
    }

    fn acks(f: &mut Fast, k: &mut u64, n: u64, rtt: Option<Time>) {
        for _ in 0..n {
            *k += 1;
            f.on_ack(&AckSample {
                now: *k * MS,
                acked_bytes: MSS as u64,
                rtt,
                inflight_bytes: 19 * MSS as u64,
                delivered_bytes: *k * MSS as u64,
                mss: MSS,
                ..Default::default()
            });
        }
    }

    #[test]
    fn the_update_moves_gamma_of_the_way_to_the_equilibrium() {
        // w = 100, base 100 ms, avg 120 ms, α = 20, γ = 0.5:
        // 0.5·100 + 0.5·(100/120·100 + 20) = 101.667.
        let w = Fast::update(100.0, 100.0, 120.0, 20.0, 0.5);
        assert!((w - (50.0 + 0.5 * (100.0 / 1.2 + 20.0))).abs() < 1e-12);
        // The fixed point keeps α packets queued: w(1 − base/avg) = α.
        let avg = 120.0;
        let w_eq = 20.0 / (1.0 - 100.0 / avg);
        assert!((Fast::update(w_eq, 100.0, avg, 20.0, 0.5) - w_eq).abs() < 1e-9);
    }

    #[test]
    fn the_update_at_most_doubles_the_window() {
        assert_eq!(Fast::update(10.0, 100.0, 100.0, 1000.0, 1.0), 20.0);
    }

    #[test]
    fn once_per_round_in_congestion_avoidance() {
        let mut f = fast(FastParams::default());
        f.cwnd = 100.0;
        f.ssthresh = 50.0;
        f.base_rtt = Some(100 * MS);
        let mut k = 0;
        acks(&mut f, &mut k, 1, None);
        acks(&mut f, &mut k, 19, Some(120 * MS));
        assert_eq!(f.cwnd, 100.0, "no per-ACK growth");
        acks(&mut f, &mut k, 1, Some(120 * MS));
        let target = Fast::update(100.0, 100.0, 120.0, 20.0, 0.5);
        assert!((f.queue - 100.0 * (1.0 - 100.0 / 120.0)).abs() < 1e-9);
        // The increase is paced: nothing at the round's end, then an equal
        // share per segment acknowledged, the whole of it over one window.
        assert_eq!(f.cwnd, 100.0, "paced, not a jump");
        acks(&mut f, &mut k, 10, Some(120 * MS));
        let share = (target - 100.0) / 100.0;
        assert!((f.cwnd - (100.0 + 10.0 * share)).abs() < 1e-9, "{}", f.cwnd);
    }

    #[test]
    fn a_paced_increase_is_dropped_on_loss_and_a_decrease_is_at_once() {
        let mut f = fast(FastParams::default());
        f.cwnd = 100.0;
        f.ssthresh = 50.0;
        f.base_rtt = Some(100 * MS);
        let mut k = 0;
        acks(&mut f, &mut k, 1, None);
        acks(&mut f, &mut k, 20, Some(100 * MS));
        assert!(f.pending > 0.0);
        f.on_rto(k * MS, 0, MSS);
        assert_eq!(f.pending, 0.0);
        // Far above equilibrium (avg = 2·base, w = 100 > 2α): the window
        // falls at the round's end, at once.
        let w = 100.0;
        let mut f2 = fast(FastParams::default());
        f2.cwnd = w;
        f2.ssthresh = 2.0;
        f2.base_rtt = Some(100 * MS);
        acks(&mut f2, &mut k, 1, None);
        acks(&mut f2, &mut k, 20, Some(200 * MS));
        assert!(f2.cwnd < w, "{} < {w}", f2.cwnd);
    }

    #[test]
    fn slow_start_ends_when_alpha_packets_are_queued() {
        let mut f = fast(FastParams {
            alpha: 5.0,
            ..Default::default()
        });
        f.cwnd = 40.0;
        f.base_rtt = Some(100 * MS);
        let mut k = 0;
        acks(&mut f, &mut k, 1, None);
        acks(&mut f, &mut k, 20, Some(120 * MS));
        assert!(f.ssthresh.is_finite(), "queue ≈ cwnd/6 ≥ 5");
        assert_eq!(f.ssthresh, f.cwnd);
    }
}
