//! Compound TCP (Tan, Song, Zhang, Sridharan, "A Compound TCP Approach for
//! High-Speed and Long Distance Networks", INFOCOM 2006;
//! draft-sridharan-tcpm-ctcp-02). The send window is win = cwnd + dwnd:
//!
//! - cwnd, the loss window, is Reno: +1 per ACK in slow start, +1/win per
//!   ACK in congestion avoidance (paper 002 eq. 5), halved on loss. By
//!   default an ACK counts the segments it acknowledges (RFC 3465, as the
//!   lab's Reno); with the flow's `tcp.byte_counting` off it counts once, as
//!   eq. 5 and the draft write it, so a delayed-ACK receiver halves the
//!   loss window's growth to about ½ segment per round trip.
//! - dwnd, the delay window, changes once per round trip in congestion
//!   avoidance when win > low_window (38): with Diff = win·(1 − baseRTT/RTT)
//!   (eq. 8; RTT = the minimum sample of the round, at least 3 samples, as in
//!   the Linux port), Diff < γ ⇒ dwnd += max(α·win^k − 1, 0) (the −1 offsets
//!   cwnd's own +1 per RTT); Diff ≥ γ ⇒ dwnd = max(dwnd − ζ·Diff, 0) (eq. 7).
//! - On loss: dwnd = max(win·(1 − β) − cwnd/2, 0), cwnd = cwnd/2, so the
//!   whole window is (1 − β)·win. On timeout: cwnd = 1, dwnd = 0.
//!
//! α = 1/8, β = 1/2, k = 0.75, ζ = 1, γ = 30, low_window = 38 (the paper and
//! draft; tcp_compound.c uses the same). Optional γ auto-tuning follows L.
//! Andrew's tcp_compound.c v1.3: at a loss or timeout (its `ssthresh` hook),
//! γ ← (1 − λ)·γ + λ·(¾·Diff_reno), λ = 1/4, clamped to [5, 30]. Diff_reno is
//! the queue the loss window alone would explain, measured at the end of
//! each round in congestion avoidance above low_window from the loss window
//! at the round's start and the round's minimum RTT. A measurement is used
//! once; none is taken in slow start or during recovery, so a loss with no
//! complete round of congestion avoidance since the last one leaves γ alone.
//!
//! `ssthresh()` reports the whole window after the last reduction, so the
//! sender's fast recovery (which starts from ssthresh) uses (1 − β)·win.

use super::common::{
    self, secs, segments, ssthresh_bytes, to_bytes, RoundRtt, RoundTracker, RttSeen, SlowStart,
};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.compound` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// Compound TCP (Tan, Song, Zhang, Sridharan, INFOCOM 2006; draft-sridharan-tcpm-ctcp-02).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CompoundParams {
    /// α, scale of the delay-window increase α·win^k, in (0, 1]. Default 1/8.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub alpha: f64,
    /// β, multiplicative decrease of the whole window on loss, in (0, 1). Default 1/2.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub beta: f64,
    /// k, exponent of the delay-window increase, in (0, 1]. Default 0.75.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub k: f64,
    /// ζ, how fast dwnd shrinks per packet of estimated queue, in [0, 10]. Default 1.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 10.0)))]
    pub zeta: f64,
    /// γ, queue (packets) above which dwnd shrinks, in [1, 1000]. Default 30.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1000.0)))]
    pub gamma: f64,
    /// Tune γ from the Reno window's queue estimate at each loss, within [5, 30]
    /// (tcp_compound.c v1.3 by L. Andrew). Default off.
    pub gamma_auto_tune: bool,
    /// The delay window works only above this window, packets, in [0, 1000000].
    /// Default 38 (draft-sridharan-tcpm-ctcp-02).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000000.0)))]
    pub low_window: f64,
}

impl Default for CompoundParams {
    fn default() -> Self {
        Self {
            alpha: 0.125,
            beta: 0.5,
            k: 0.75,
            zeta: 1.0,
            gamma: 30.0,
            gamma_auto_tune: false,
            low_window: 38.0,
        }
    }
}

impl ParamBlock for CompoundParams {
    fn check(&self, c: &mut FieldChecks) {
        c.above("alpha", self.alpha, 0.0, 1.0);
        c.open("beta", self.beta, 0.0, 1.0);
        c.above("k", self.k, 0.0, 1.0);
        c.closed("zeta", self.zeta, 0.0, 10.0);
        c.closed("gamma", self.gamma, 1.0, 1000.0);
        c.closed("low_window", self.low_window, 0.0, 1e6);
    }
}

/// tcp_compound.c v1.3 `GAMMA_LOW` / `GAMMA_HIGH`: auto-tuned γ range.
pub const GAMMA_LOW: f64 = 5.0;
pub const GAMMA_HIGH: f64 = 30.0;
/// tcp_compound.c v1.3 `LAMBDA_SHIFT` = 2: λ = 1/4.
pub const LAMBDA: f64 = 0.25;
/// The Linux port needs at least 3 RTT samples in a round (`cntRTT > 2`).
pub const MIN_ROUND_SAMPLES: u32 = 3;

pub struct Compound {
    mss: u32,
    p: CompoundParams,
    gamma: f64,
    /// Loss window, segments.
    cwnd: f64,
    /// Delay window, segments.
    dwnd: f64,
    /// ssthresh of the loss window, segments.
    ssthresh_loss: f64,
    /// Whole-window ssthresh reported to the sender, segments.
    ssthresh_win: f64,
    base_rtt: Option<Time>,
    round: RoundTracker,
    round_rtt: RoundRtt,
    /// The loss window when the current round began (tcp_compound.c `beg_cwnd`).
    round_cwnd: Option<f64>,
    /// The latest unused Diff_reno measurement, packets (tcp_compound.c
    /// `diff_reno`, −1 when invalid).
    diff_reno: Option<f64>,
    diff: f64,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    /// Congestion avoidance counts acknowledged segments (`tcp.byte_counting`);
    /// off: +1/win per ACK whatever it acknowledges (eq. 5).
    byte_counting: bool,
    rtt: RttSeen,
}

impl Compound {
    pub fn new(p: &CompoundParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            p: p.clone(),
            gamma: p.gamma,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            dwnd: 0.0,
            ssthresh_loss: f64::INFINITY,
            ssthresh_win: f64::INFINITY,
            base_rtt: None,
            round: RoundTracker::default(),
            round_rtt: RoundRtt::default(),
            round_cwnd: None,
            diff_reno: None,
            diff: 0.0,
            slow_start: ctx.slow_start,
            byte_counting: true,
            rtt: RttSeen::default(),
        }
    }

    /// Count an ACK once in congestion avoidance when `on` is false (the
    /// flow's `tcp.byte_counting`).
    pub fn with_byte_counting(mut self, on: bool) -> Self {
        self.byte_counting = on;
        self
    }

    /// Take over a running flow: the whole handed window becomes the loss
    /// window (dwnd = 0, it rebuilds from the next rounds), baseRTT = the
    /// connection's minimum RTT.
    pub fn from_handoff(p: &CompoundParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh_loss = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.ssthresh_win = s.ssthresh_loss;
        s.base_rtt = (h.min_rtt > 0).then_some(h.min_rtt);
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn loss_window(&self) -> f64 {
        self.cwnd
    }
    pub fn delay_window(&self) -> f64 {
        self.dwnd
    }
    pub fn win(&self) -> f64 {
        self.cwnd + self.dwnd
    }
    pub fn diff(&self) -> f64 {
        self.diff
    }
    pub fn gamma(&self) -> f64 {
        self.gamma
    }

    /// The dwnd increase α·win^k − 1, floored at 0 (eq. 7, first branch).
    pub fn dwnd_increase(&self, win: f64) -> f64 {
        (self.p.alpha * libm::pow(win, self.p.k) - 1.0).max(0.0)
    }

    /// γ auto-tuning at a loss or timeout (tcp_compound.c v1.3
    /// `tcp_compound_ssthresh`): uses the latest Diff_reno once; the rounds
    /// restart, so the next one needs a fresh round in congestion avoidance.
    fn tune_gamma(&mut self) {
        if let (true, Some(diff_reno)) = (self.p.gamma_auto_tune, self.diff_reno) {
            let g = 0.75 * diff_reno;
            self.gamma = ((1.0 - LAMBDA) * self.gamma + LAMBDA * g).clamp(GAMMA_LOW, GAMMA_HIGH);
        }
        self.diff_reno = None;
        self.round_cwnd = None;
    }

    /// Once per round trip, in congestion avoidance.
    fn per_round(&mut self) {
        let (Some(rtt), Some(base)) = (self.round_rtt.min, self.base_rtt) else {
            return;
        };
        if self.round_rtt.count < MIN_ROUND_SAMPLES {
            return;
        }
        let win = self.win();
        let queued = 1.0 - base as f64 / rtt.max(1) as f64;
        // Eq. 8: (Expected − Actual)·baseRTT = win·(1 − baseRTT/RTT).
        self.diff = win * queued;
        if self.cwnd < self.ssthresh_loss || win <= self.p.low_window {
            return;
        }
        // tcp_compound.c v1.3: Diff_reno from the loss window of the round.
        self.diff_reno = self.round_cwnd.map(|c| c * queued);
        if self.diff < self.gamma {
            self.dwnd += self.dwnd_increase(win);
        } else {
            self.dwnd = (self.dwnd - self.p.zeta * self.diff).max(0.0);
        }
    }
}

impl CongestionControl for Compound {
    fn name(&self) -> &'static str {
        "compound"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        self.round_cwnd.get_or_insert(self.cwnd);
        if let Some(r) = a.rtt {
            let r = r.max(1);
            self.base_rtt = Some(self.base_rtt.map_or(r, |b| b.min(r)));
            self.round_rtt.add(r);
        }
        // Slow start on the loss window as Reno's, then eq. 5 (cwnd += 1/win per
        // ACK) with what is left.
        if let Some(acked) =
            common::slow_start_then_ca(&mut self.cwnd, self.ssthresh_loss, a, self.slow_start)
        {
            let counted = if self.byte_counting { acked } else { 1.0 };
            self.cwnd += counted / self.win();
        }
        if self.round.on_ack(a) {
            self.per_round();
            self.round_rtt.clear();
            self.round_cwnd = Some(self.cwnd);
        }
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        let win = self.win();
        self.tune_gamma();
        let half = self.cwnd / 2.0;
        self.dwnd = (win * (1.0 - self.p.beta) - half).max(0.0);
        self.cwnd = half.max(2.0);
        self.ssthresh_loss = self.cwnd;
        self.ssthresh_win = (self.cwnd + self.dwnd).max(2.0);
        self.round.restart();
        self.round_rtt.clear();
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        let win = self.win();
        self.tune_gamma();
        self.ssthresh_loss = (win / 2.0).max(2.0);
        self.ssthresh_win = self.ssthresh_loss;
        self.cwnd = 1.0;
        self.dwnd = 0.0;
        self.round.restart();
        self.round_rtt.clear();
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        // The loss window restarts at its ssthresh; dwnd is kept.
        self.cwnd = self.ssthresh_loss;
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.win(), self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh_win, self.mss)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["loss_window", "delay_window", "diff", "base_rtt", "gamma"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["seg", "seg", "pkt", "s", "pkt"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.cwnd);
        out.push(self.dwnd);
        out.push(self.diff);
        out.push(self.base_rtt.map_or(0.0, secs));
        out.push(self.gamma);
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            min_rtt: self.base_rtt.unwrap_or(self.rtt.min_rtt),
            ..self.rtt.handoff(now, self.cwnd(), self.ssthresh())
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Compound {
    type Params = CompoundParams;
    fn create(p: &CompoundParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &CompoundParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
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

    fn ctcp(cwnd: f64, dwnd: f64) -> Compound {
        let mut c = Compound::new(
            &CompoundParams::default(),
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        c.cwnd = cwnd;
        c.dwnd = dwnd;
        c.ssthresh_loss = 2.0;
        c.base_rtt = Some(100 * MS);
        c
    }

    /// A round of `n` ACKs with RTT `rtt` (see vegas.rs for the geometry).
    fn acks(c: &mut Compound, k: &mut u64, n: u64, rtt: Option<Time>) {
        for _ in 0..n {
            *k += 1;
            c.on_ack(&AckSample {
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

    fn loss(c: &mut Compound) {
        c.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
    }

    #[test]
    fn the_loss_window_grows_by_one_over_win_per_ack() {
        let mut c = ctcp(40.0, 60.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        assert!((c.loss_window() - (40.0 + 1.0 / 100.0)).abs() < 1e-12);
        assert_eq!(
            c.cwnd(),
            to_bytes(40.0 + 0.01 + 60.0, MSS),
            "the sender sees win = cwnd + dwnd"
        );
    }

    /// One delayed ACK for two segments: byte counting adds 2/win, counting
    /// the ACK once (eq. 5 as written, `tcp.byte_counting` off) adds 1/win.
    #[test]
    fn without_byte_counting_a_delayed_ack_counts_once() {
        let ack = AckSample {
            now: MS,
            acked_bytes: 2 * MSS as u64,
            inflight_bytes: 19 * MSS as u64,
            delivered_bytes: 2 * MSS as u64,
            mss: MSS,
            ..Default::default()
        };
        let mut by_bytes = ctcp(40.0, 60.0);
        by_bytes.on_ack(&ack);
        assert!((by_bytes.loss_window() - (40.0 + 2.0 / 100.0)).abs() < 1e-12);
        let mut per_ack = ctcp(40.0, 60.0).with_byte_counting(false);
        per_ack.on_ack(&ack);
        assert!((per_ack.loss_window() - (40.0 + 1.0 / 100.0)).abs() < 1e-12);
    }

    #[test]
    fn dwnd_grows_by_alpha_win_to_the_three_quarters_minus_one_when_diff_below_gamma() {
        let mut c = ctcp(100.0, 0.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None); // opens the round
        acks(&mut c, &mut k, 20, Some(105 * MS));
        let win = c.loss_window();
        // Diff = win·(1 − 100/105) ≈ 4.8 < 30.
        assert!(c.diff() < 30.0 && c.diff() > 4.0);
        let expect = 0.125 * libm::pow(win, 0.75) - 1.0;
        assert!(
            (c.delay_window() - expect).abs() < 1e-9,
            "dwnd {}",
            c.delay_window()
        );
    }

    #[test]
    fn dwnd_shrinks_by_zeta_diff_when_diff_reaches_gamma() {
        let mut c = ctcp(100.0, 100.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        acks(&mut c, &mut k, 20, Some(150 * MS));
        // Diff = win·(1 − 100/150) ≈ 66.7 ≥ 30 ⇒ dwnd = 100 − 66.7.
        let d = c.diff();
        assert!(d >= 30.0);
        assert!((c.delay_window() - (100.0 - d)).abs() < 1e-9);
    }

    #[test]
    fn no_delay_window_at_or_below_the_low_window() {
        let mut c = ctcp(30.0, 0.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        acks(&mut c, &mut k, 20, Some(101 * MS));
        assert_eq!(c.delay_window(), 0.0);
    }

    #[test]
    fn loss_leaves_one_minus_beta_of_the_whole_window() {
        // win = 100 + 60: cwnd → 50, dwnd → max(160·0.5 − 50, 0) = 30.
        let mut c = ctcp(100.0, 60.0);
        loss(&mut c);
        assert_eq!(c.loss_window(), 50.0);
        assert_eq!(c.delay_window(), 30.0);
        assert_eq!(c.ssthresh(), 80_000, "the sender recovers at (1 − β)·win");
        c.on_recovery_exit(0, MSS);
        assert_eq!(c.cwnd(), 80_000);
    }

    #[test]
    fn timeout_drops_both_windows() {
        let mut c = ctcp(100.0, 60.0);
        c.on_rto(0, 0, MSS);
        assert_eq!(c.cwnd(), MSS as u64);
        assert_eq!(c.delay_window(), 0.0);
        assert_eq!(c.ssthresh(), 80_000);
    }

    fn tuned(cwnd: f64, ssthresh: f64) -> Compound {
        let mut c = Compound::new(
            &CompoundParams {
                gamma_auto_tune: true,
                ..Default::default()
            },
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        c.cwnd = cwnd;
        c.ssthresh_loss = ssthresh;
        c.base_rtt = Some(100 * MS);
        c
    }

    #[test]
    fn gamma_auto_tuning_moves_a_quarter_of_the_way_to_three_quarters_of_diff_reno() {
        // One round in congestion avoidance at RTT 125 ms over baseRTT 100 ms:
        // Diff_reno = 40·(1 − 100/125) = 8 from
        // the loss window at the round's start; g = 6; γ = 0.75·30 + 0.25·6 = 24.
        let mut c = tuned(40.0, 2.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        acks(&mut c, &mut k, 20, Some(125 * MS));
        loss(&mut c);
        assert!((c.gamma() - 24.0).abs() < 1e-9, "γ {}", c.gamma());
    }

    /// tcp_compound.c v1.3 measures Diff_reno only at the end of a round in
    /// congestion avoidance, invalidates it when recovery ends and uses it
    /// once: a second loss before a fresh round leaves γ where it was.
    #[test]
    fn gamma_tuning_needs_a_fresh_round_in_congestion_avoidance() {
        let mut c = tuned(40.0, 2.0);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        acks(&mut c, &mut k, 20, Some(125 * MS));
        loss(&mut c);
        c.on_recovery_exit(0, MSS);
        loss(&mut c);
        assert!((c.gamma() - 24.0).abs() < 1e-9, "γ {}", c.gamma());
    }

    #[test]
    fn no_gamma_tuning_from_a_round_in_slow_start() {
        let mut c = tuned(40.0, f64::INFINITY);
        let mut k = 0;
        acks(&mut c, &mut k, 1, None);
        acks(&mut c, &mut k, 20, Some(125 * MS));
        loss(&mut c);
        assert_eq!(c.gamma(), 30.0);
    }
}
