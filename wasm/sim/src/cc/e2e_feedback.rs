//! Paper 000's end-to-end feedback window control (M. Ito, PhD thesis, Osaka
//! University, 2008, §4.3–4.4, Figs. 4.18–4.19). Once per round trip (one
//! window of data acknowledged):
//!
//! - Probing (§4.3): no slow start; rounds 1 and 2 send P_init = 10 packets
//!   back to back. They give the bandwidth B = 1/d from the receiver's
//!   passage time d (eq. 4.10), and RTT_min, the minimum over rounds ≥ 2
//!   (round 1 is inflated by ARP in the thesis; a switch keeps it).
//! - Acquisition (state A, eq. 4.12), from round 3 until the first sign of
//!   congestion: W closes k of the gap to B·RTT_min each round,
//!   W ← (1 − k)·W + k·B·RTT_min. The step is spread over the round's ACKs
//!   ("ΔW per unit time", eq. 4.11) and at most doubles W in a round, as slow
//!   start would, so it never sends a line-rate burst larger than the window
//!   it had [ours].
//! - Tracking (states T1–T2), for good once a round shows this flow's own
//!   packets queued (W·(RTT‾ − RTT_min)/RTT‾ ≥ 1, the RTT‾/RTT_min ratio the
//!   thesis feeds back) or a loss: each round W ← W + 1 − ΔW₋ with
//!   ΔW₋ = W·(RTT‾_cong − RTT_min)/(RTT‾_cong − (1 − μ')·RTT_min) (eq. 4.17),
//!   RTT‾_cong the mean of the round's samples above RTT_min and μ' = 1/μ
//!   (μ = number of flows, eq. 4.15–4.16). It comes to rest where the
//!   decrease equals the +1: about one packet of this flow queued. Fig. 4.19
//!   leads from A through T2 and T3 to the converged T1 and back to A never.
//! - 3 duplicate ACKs or a timeout halve W (Fig. 4.18, "× 1/2" for both).
//! - After the probes the sender spaces packets at B [ours]: without it the
//!   window acquisition opens leaves as one line-rate burst, which the
//!   40-packet router queue of the thesis's §4.5 cannot hold.
//!
//! B comes from one of two estimators (`estimator`, docs/algorithms.md):
//! the thesis's recv() time d, measured at the receiver and carried back in
//! ACKs ([`super::AckExtras::passage_time`]; the default), or the spacing of
//! ACKs that acknowledge one or two segments, per segment, reduced with the
//! same modal-bin rule. k = 0.5 is our default (the thesis only says
//! 0 < k < 1); the thesis's ε-randomised T3 state and its fairness-maximising
//! μ estimate (Fig. 4.21, garbled in the source) are not modelled: μ is a
//! parameter.

use super::common::{secs, segments, ssthresh_bytes, to_bytes, RoundTracker, RttSeen};
use super::modal_bin::{modal_bin_mean, SAMPLES_PER_ESTIMATE};
use super::{
    AckExtras, AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock,
};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.e2e_feedback` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// Paper 000's end-to-end feedback window control (Ito 2008, §4.3–4.4).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct E2eFeedbackParams {
    /// k, acquisition gain in W ← (1−k)·W + k·B·RTT_min (eq. 4.12), in (0, 1).
    /// Default 0.5 (our choice: the thesis gives only 0 < k < 1).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub k: f64,
    /// μ, decrease multiplier = number of flows sharing the path (eq. 4.15–4.17),
    /// in [1, 10000]. Default 1.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 10000.0)))]
    pub mu: f64,
    /// P_init, packets in each probe burst and the initial window (§4.3), in
    /// [1, 1000]. Default 10.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1000.0)))]
    pub p_init: u32,
    /// Leave round 1 out of RTT_min, as the thesis does (ARP inflates it).
    /// Default on.
    pub skip_first_round_rtt: bool,
    /// How B is measured (default `recv_time`, the thesis's; see docs/algorithms.md).
    pub estimator: E2eEstimator,
}

impl Default for E2eFeedbackParams {
    fn default() -> Self {
        Self {
            k: 0.5,
            mu: 1.0,
            p_init: 10,
            skip_first_round_rtt: true,
            estimator: E2eEstimator::default(),
        }
    }
}

/// Where paper 000's feedback window control gets its bandwidth B.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum E2eEstimator {
    /// The thesis's (§4.3): the receiver times each recv(), reduces every ten
    /// times to one passage time d with the modal-bin rule, and carries d
    /// back in its ACKs; B = 1/d. The default.
    #[default]
    RecvTime,
    /// At the sender: the spacing of ACKs that acknowledge one or two
    /// segments, per segment, reduced with the same modal-bin rule, which
    /// drops compressed and stretched ACKs; B = 1/spacing.
    AckSpacing,
}

impl ParamBlock for E2eFeedbackParams {
    fn check(&self, c: &mut FieldChecks) {
        c.open("k", self.k, 0.0, 1.0);
        c.closed("mu", self.mu, 1.0, 10_000.0);
        c.closed_int("p_init", self.p_init, 1, 1000);
    }
}

/// TCP/IP header bytes assumed when B (segments/s) becomes a pacing rate.
const PACING_HEADER_BYTES: f64 = 40.0;

/// Where the controller is (Fig. 4.18–4.19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Rounds 1–2: P_init-packet probes.
    Probe = 0,
    /// Approach B·RTT_min (state A).
    Acquisition = 1,
    /// Shed the queue, +1 a round (states T1–T2).
    Tracking = 2,
}

pub struct E2eFeedback {
    mss: u32,
    k: f64,
    mu: f64,
    p_init: f64,
    skip_first_round_rtt: bool,
    estimator: E2eEstimator,
    /// W, segments.
    w: f64,
    /// W at the start of the round and the acquisition goal for its end.
    w_round: f64,
    goal: f64,
    ssthresh: f64,
    mode: Mode,
    /// A round has shown congestion (or a loss): acquisition is over.
    tracking: bool,
    round: RoundTracker,
    /// Rounds completed (the current round is `rounds + 1`).
    rounds: u64,
    // RTT samples of the current round.
    sum_rtt: u128,
    n_rtt: u32,
    sum_cong: u128,
    n_cong: u32,
    rtt_min: Option<Time>,
    rtt_cong: Option<Time>,
    // Passage-time reports of the current round (from the receiver).
    sum_d: u128,
    n_d: u32,
    // ACK spacing per segment (the `ack_spacing` estimator).
    last_ack: Option<Time>,
    spacing: Vec<f64>,
    /// Latest per-packet time d (reported or from ACK spacing), ns.
    d: f64,
    /// B, segments per second: the latest estimate, and the largest so far
    /// (the path's maximum bandwidth, which sets the target and the pacing).
    b: f64,
    b_max: f64,
    rtt: RttSeen,
}

impl E2eFeedback {
    pub fn new(p: &E2eFeedbackParams, ctx: &CcContext) -> Self {
        let p_init = p.p_init.max(1) as f64;
        Self {
            mss: ctx.mss,
            k: p.k,
            mu: p.mu.max(1.0),
            p_init,
            skip_first_round_rtt: p.skip_first_round_rtt,
            estimator: p.estimator,
            w: p_init,
            w_round: p_init,
            goal: p_init,
            ssthresh: f64::INFINITY,
            mode: Mode::Probe,
            tracking: false,
            round: RoundTracker::default(),
            rounds: 0,
            sum_rtt: 0,
            n_rtt: 0,
            sum_cong: 0,
            n_cong: 0,
            rtt_min: None,
            rtt_cong: None,
            sum_d: 0,
            n_d: 0,
            last_ack: None,
            spacing: Vec::with_capacity(SAMPLES_PER_ESTIMATE),
            d: 0.0,
            b: 0.0,
            b_max: 0.0,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: W = cwnd, RTT_min = the connection's
    /// minimum, B = the predecessor's bandwidth estimate (or cwnd/srtt). With
    /// both known the controller skips probing; otherwise it probes first.
    pub fn from_handoff(p: &E2eFeedbackParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.rtt = RttSeen::from_handoff(h);
        let bw = h.bandwidth_bps.or(h.window_rate_bps());
        if let (true, Some(bps)) = (h.min_rtt > 0, bw) {
            s.w = segments(h.cwnd_bytes, ctx.mss).max(1.0);
            s.w_round = s.w;
            s.goal = s.w;
            s.rtt_min = Some(h.min_rtt);
            s.b = bps / 8.0 / ctx.mss as f64;
            s.b_max = s.b;
            s.rounds = 2;
            s.mode = if s.w <= s.target() {
                Mode::Acquisition
            } else {
                s.tracking = true;
                Mode::Tracking
            };
        }
        s
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn window(&self) -> f64 {
        self.w
    }
    /// B, segments per second.
    pub fn bandwidth(&self) -> f64 {
        self.b
    }
    pub fn rtt_min(&self) -> Option<Time> {
        self.rtt_min
    }
    /// The window the controller aims at: B·RTT_min, segments (eq. 4.10),
    /// with the largest B measured.
    pub fn target(&self) -> f64 {
        self.b_max * self.rtt_min.map_or(0.0, secs)
    }

    /// Eq. 4.12: W' = (1 − k)·W + k·B·RTT_min.
    pub fn acquire(w: f64, k: f64, bdp: f64) -> f64 {
        (1.0 - k) * w + k * bdp
    }

    /// Eq. 4.17: W' = W − W·(RTT_cong − RTT_min)/(RTT_cong − (1 − 1/μ)·RTT_min).
    pub fn track(w: f64, mu: f64, rtt_cong: f64, rtt_min: f64) -> f64 {
        let mu_p = 1.0 / mu;
        w - w * (rtt_cong - rtt_min) / (rtt_cong - (1.0 - mu_p) * rtt_min)
    }

    fn sample(&mut self, a: &AckSample, extras: &AckExtras) {
        let round_no = self.rounds + 1;
        if let Some(r) = a.rtt {
            if !(self.skip_first_round_rtt && round_no == 1) {
                self.sum_rtt += r as u128;
                self.n_rtt += 1;
                if let Some(m) = self.rtt_min {
                    if r > m {
                        self.sum_cong += r as u128;
                        self.n_cong += 1;
                    }
                }
                self.rtt_min = Some(self.rtt_min.map_or(r, |m| m.min(r)));
            }
        }
        match self.estimator {
            E2eEstimator::RecvTime => {
                if let Some(d) = extras.passage_time {
                    self.sum_d += d as u128;
                    self.n_d += 1;
                }
            }
            E2eEstimator::AckSpacing => {
                // One or two segments per ACK: a cumulative ACK after a loss
                // or a stretch ACK spans more, and says nothing about spacing.
                let segs = segments(a.acked_bytes, a.mss);
                if let Some(prev) = self.last_ack {
                    if segs > 0.0 && segs <= 2.0 {
                        self.spacing.push((a.now - prev) as f64 / segs);
                    }
                }
                self.last_ack = Some(a.now);
                if self.spacing.len() >= SAMPLES_PER_ESTIMATE {
                    // The modal bin drops compressed (lowest class) and
                    // stretched (highest class) spacings.
                    if let Some(s) = modal_bin_mean(&self.spacing).filter(|&s| s > 0.0) {
                        self.d = s;
                        self.b = 1e9 / s;
                        self.b_max = self.b_max.max(self.b);
                    }
                    self.spacing.clear();
                }
            }
        }
    }

    /// Acquisition's growth, spread over the round's ACKs: at most one
    /// segment per segment acknowledged, never past the round's goal.
    fn grow(&mut self, a: &AckSample) {
        if self.mode != Mode::Acquisition || self.w >= self.goal {
            return;
        }
        let per_segment = ((self.goal - self.w_round) / self.w_round).min(1.0);
        self.w = (self.w + per_segment * segments(a.acked_bytes, a.mss)).min(self.goal);
    }

    fn end_round(&mut self) {
        self.rounds += 1;
        let j = self.rounds;
        if self.n_d > 0 {
            self.d = self.sum_d as f64 / self.n_d as f64;
            if self.d > 0.0 {
                self.b = 1e9 / self.d;
                self.b_max = self.b_max.max(self.b);
            }
        }
        self.rtt_cong = (self.n_cong > 0).then(|| (self.sum_cong / self.n_cong as u128) as Time);
        let probing = j < 2 || self.rtt_min.is_none() || self.b_max <= 0.0;
        if probing {
            self.mode = Mode::Probe;
            self.w = self.p_init;
        } else {
            let rtt_min = self.rtt_min.unwrap_or(0) as f64;
            let rtt_avg = if self.n_rtt > 0 {
                self.sum_rtt as f64 / self.n_rtt as f64
            } else {
                rtt_min
            };
            // This flow's packets queued in the round (the RTT‾/RTT_min ratio).
            let queued = if rtt_avg > 0.0 {
                self.w * (rtt_avg - rtt_min) / rtt_avg
            } else {
                0.0
            };
            if queued >= 1.0 {
                self.tracking = true;
            }
            if self.tracking {
                self.mode = Mode::Tracking;
                let shed = match self.rtt_cong {
                    Some(c) => self.w - Self::track(self.w, self.mu, c as f64, rtt_min),
                    None => 0.0,
                };
                self.w = self.w + 1.0 - shed;
            } else {
                self.mode = Mode::Acquisition;
                self.goal = Self::acquire(self.w, self.k, self.target()).max(self.w);
            }
            self.w = self.w.max(2.0);
        }
        self.w_round = self.w;
        self.sum_rtt = 0;
        self.n_rtt = 0;
        self.sum_cong = 0;
        self.n_cong = 0;
        self.sum_d = 0;
        self.n_d = 0;
    }

    fn halve(&mut self) {
        self.w = (self.w / 2.0).max(2.0);
        self.w_round = self.w;
        self.goal = self.w;
        self.ssthresh = self.w;
        self.tracking = true;
        self.round.restart();
    }
}

impl CongestionControl for E2eFeedback {
    fn name(&self) -> &'static str {
        "e2e_feedback"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.on_ack_with(a, &AckExtras::default());
    }

    fn on_ack_with(&mut self, a: &AckSample, extras: &AckExtras) {
        self.rtt.update(a);
        if self.round.on_ack(a) {
            self.end_round();
        }
        self.sample(a, extras);
        self.grow(a);
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.halve();
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.halve();
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        self.w = self.ssthresh.min(self.w).max(2.0);
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.w, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    /// After the probes, packets leave spaced at the largest B measured
    /// [ours]: a window opened by acquisition would otherwise leave as one
    /// line-rate burst, more than a small router queue holds. (Spacing at the
    /// latest B instead would measure only itself once the window stops
    /// binding.) B counts segments, so the rate adds the 40 bytes of TCP/IP
    /// headers (2 % slow with timestamps).
    fn pacing_rate_bps(&self) -> Option<f64> {
        (self.mode != Mode::Probe && self.b_max > 0.0)
            .then_some(self.b_max * (self.mss as f64 + PACING_HEADER_BYTES) * 8.0)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &[
            "mode",
            "bandwidth",
            "rtt_min",
            "rtt_cong",
            "target",
            "passage_time",
        ]
    }

    /// The labels of `mode`'s values, in the order of [`Mode`].
    fn metric_states(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[("mode", &["probe", "acquisition", "tracking"])]
    }
    fn metric_units(&self) -> &'static [&'static str] {
        &["", "b/s", "s", "s", "seg", "s"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.mode as u8 as f64);
        out.push(self.b * self.mss as f64 * 8.0);
        out.push(self.rtt_min.map_or(0.0, secs));
        out.push(self.rtt_cong.map_or(0.0, secs));
        out.push(self.target());
        out.push(self.d / 1e9);
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            now,
            cwnd_bytes: self.cwnd(),
            ssthresh_bytes: self.ssthresh(),
            srtt: self.rtt.srtt,
            min_rtt: self.rtt_min.unwrap_or(self.rtt.min_rtt),
            latest_rtt: self.rtt.latest,
            bandwidth_bps: (self.b > 0.0).then_some(self.b * self.mss as f64 * 8.0),
            pacing_rate_bps: None,
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for E2eFeedback {
    type Params = E2eFeedbackParams;
    fn create(p: &E2eFeedbackParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &E2eFeedbackParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;
    use crate::engine::time::NS_PER_MS;

    const MSS: u32 = 1000;
    const MS: Time = NS_PER_MS;

    fn e2e(p: E2eFeedbackParams) -> E2eFeedback {
        E2eFeedback::new(
            &p,
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        )
    }

    /// One round: `n` ACKs spaced `gap`, each one segment, with RTT `rtt` and
    /// passage time `d`; `w` segments in flight so the round ends at the last.
    struct Feed {
        k: u64,
        now: Time,
    }

    impl Feed {
        fn round(&mut self, c: &mut E2eFeedback, n: u64, gap: Time, rtt: Time, d: Option<Time>) {
            for i in 0..n {
                self.k += 1;
                c.on_ack_with(
                    &AckSample {
                        now: self.now,
                        acked_bytes: MSS as u64,
                        rtt: Some(rtt),
                        inflight_bytes: (n - 1 - i) * MSS as u64,
                        delivered_bytes: self.k * MSS as u64,
                        mss: MSS,
                        ..Default::default()
                    },
                    &AckExtras {
                        passage_time: d,
                        ..Default::default()
                    },
                );
                self.now += gap;
            }
            self.now += rtt;
        }
    }

    #[test]
    fn acquisition_closes_k_of_the_gap_to_the_bdp() {
        // Eq. 4.12 with k = 0.5: W = 10, B·RTT_min = 100 ⇒ 55 ⇒ 77.5 ⇒ …
        assert_eq!(E2eFeedback::acquire(10.0, 0.5, 100.0), 55.0);
        assert_eq!(E2eFeedback::acquire(55.0, 0.5, 100.0), 77.5);
    }

    #[test]
    fn tracking_with_one_flow_removes_the_queue_in_one_step() {
        // μ = 1: W' = W·RTT_min/RTT_cong.
        let w = E2eFeedback::track(120.0, 1.0, 120.0, 100.0);
        assert!((w - 100.0).abs() < 1e-12);
        // μ = 2: W' = W·(1 − 20/(120 − 50)) = 120·(1 − 2/7).
        let w2 = E2eFeedback::track(120.0, 2.0, 120.0, 100.0);
        assert!((w2 - 120.0 * (1.0 - 20.0 / 70.0)).abs() < 1e-12);
    }

    #[test]
    fn probes_two_rounds_of_p_init_then_acquires_from_the_passage_time() {
        let mut c = e2e(E2eFeedbackParams::default());
        assert_eq!(c.cwnd(), 10 * MSS as u64, "P_init = 10, no slow start");
        let mut f = Feed { k: 0, now: 0 };
        // d = 1 ms per packet ⇒ B = 1000 segments/s; RTT 100 ms ⇒ BDP 100.
        let d = Some(MS);
        f.round(&mut c, 10, MS, 150 * MS, d); // round 1 (RTT inflated, skipped)
        f.round(&mut c, 10, MS, 100 * MS, d); // round 2
        assert_eq!(c.mode(), Mode::Probe);
        assert_eq!(c.window(), 10.0);
        f.round(&mut c, 1, MS, 100 * MS, d); // ends round 2
        assert_eq!(c.rtt_min(), Some(100 * MS), "round 1 left out");
        assert!((c.bandwidth() - 1000.0).abs() < 1e-9);
        assert_eq!(c.mode(), Mode::Acquisition);
        assert!((c.goal - 55.0).abs() < 1e-9, "goal W = 0.5·10 + 0.5·100");
        // The step is spread over the round, at most one segment per segment
        // acknowledged (W doubles at most), and never passes B·RTT_min.
        assert_eq!(c.window(), 11.0);
        for _ in 0..200 {
            let (w0, before) = (c.w_round, c.window());
            f.round(&mut c, 1, MS, 100 * MS, d);
            assert!(c.window() <= 2.0 * w0 + 1e-9 && c.window() <= 100.0);
            assert!(c.window() >= before - 1e-9 || c.mode() != Mode::Acquisition);
        }
        assert!(c.window() > 80.0, "{}", c.window());
    }

    #[test]
    fn a_queue_of_its_own_ends_acquisition_and_tracking_sheds_it() {
        let mut c = e2e(E2eFeedbackParams::default());
        c.rounds = 5;
        c.rtt_min = Some(100 * MS);
        c.b = 1000.0;
        c.b_max = 1000.0;
        c.mode = Mode::Acquisition;
        let round = |c: &mut E2eFeedback, rtt: Time, w: f64| {
            c.w = w;
            for _ in 0..10 {
                c.sample(
                    &AckSample {
                        rtt: Some(rtt),
                        acked_bytes: MSS as u64,
                        mss: MSS,
                        ..Default::default()
                    },
                    &AckExtras::default(),
                );
            }
            c.end_round();
        };
        // No queue: acquisition toward B·RTT_min = 100.
        round(&mut c, 100 * MS, 60.0);
        assert_eq!(c.mode(), Mode::Acquisition);
        assert!((c.goal - 80.0).abs() < 1e-9);
        // RTT 120 ms: 90·20/120 = 15 packets of this flow queued.
        round(&mut c, 120 * MS, 90.0);
        assert_eq!(c.mode(), Mode::Tracking);
        // Eq. 4.17 with μ = 1 sheds the queue (W·100/120), plus one.
        assert!(
            (c.window() - (90.0 * 100.0 / 120.0 + 1.0)).abs() < 1e-9,
            "{}",
            c.window()
        );
        // Without a queue it adds one a round and never acquires again.
        round(&mut c, 100 * MS, 50.0);
        assert_eq!(c.mode(), Mode::Tracking);
        assert!((c.window() - 51.0).abs() < 1e-9);
        // μ = 2 sheds less: W·(1 − 20/(120 − 50)).
        let mut c2 = e2e(E2eFeedbackParams {
            mu: 2.0,
            ..Default::default()
        });
        c2.rounds = 5;
        c2.rtt_min = Some(100 * MS);
        c2.b = 1000.0;
        c2.b_max = 1000.0;
        c2.tracking = true;
        round(&mut c2, 120 * MS, 70.0);
        assert!((c2.window() - (70.0 * (1.0 - 20.0 / 70.0) + 1.0)).abs() < 1e-9);
    }

    #[test]
    fn the_ack_spacing_estimator_drops_gaps_and_stretch_acks() {
        let mut c = e2e(E2eFeedbackParams {
            estimator: E2eEstimator::AckSpacing,
            ..Default::default()
        });
        let mut f = Feed { k: 0, now: 0 };
        // ACKs 2 ms apart within the burst: 500 segments/s; the 100 ms gap
        // between rounds falls in the top class and is dropped.
        f.round(&mut c, 10, 2 * MS, 100 * MS, None);
        f.round(&mut c, 10, 2 * MS, 100 * MS, None);
        f.round(&mut c, 1, 2 * MS, 100 * MS, None);
        assert!(
            (c.bandwidth() - 500.0).abs() < 1e-9,
            "B = {}",
            c.bandwidth()
        );
        assert_eq!(c.mode(), Mode::Acquisition);
        assert!((c.target() - 50.0).abs() < 1e-9);
        // A cumulative ACK for 30 segments after 1 ms is no spacing sample.
        c.on_ack(&AckSample {
            now: f.now + MS,
            acked_bytes: 30 * MSS as u64,
            mss: MSS,
            ..Default::default()
        });
        assert!(c.spacing.is_empty() || c.spacing.iter().all(|&s| s >= 1e6));
    }

    #[test]
    fn loss_halves_the_window() {
        let mut c = e2e(E2eFeedbackParams::default());
        c.w = 80.0;
        c.w_round = 80.0;
        c.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 80_000,
            mss: MSS,
        });
        assert_eq!(c.ssthresh(), 40_000);
        c.on_recovery_exit(0, MSS);
        assert_eq!(c.cwnd(), 40_000);
        c.on_rto(0, 40_000, MSS);
        assert_eq!(c.cwnd(), 20_000, "Fig. 4.18: ×1/2 on RTO too");
    }

    #[test]
    fn handoff_with_known_rtt_and_rate_skips_probing() {
        let h = Handoff {
            cwnd_bytes: 30_000,
            ssthresh_bytes: u64::MAX,
            srtt: 100 * MS,
            min_rtt: 100 * MS,
            bandwidth_bps: Some(8e6),
            ..Default::default()
        };
        let c = E2eFeedback::from_handoff(
            &E2eFeedbackParams::default(),
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
            &h,
        );
        assert_eq!(c.mode(), Mode::Acquisition, "30 < 1000 seg/s · 0.1 s");
        assert_eq!(c.cwnd(), 30_000);
    }
}
