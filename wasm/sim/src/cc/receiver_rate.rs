//! Paper 001's rate policy (Miyake, Ishikura, Suzuki, KDD R&D Labs, ~1994;
//! Fig. 3 and §4.2): a window (Tahoe slow start and
//! congestion avoidance, cwnd₀ = 1) plus a pacing rate `rate` (0 = rate
//! control off). At each loss it compares the receiver's measured rate
//! `prate` with `rate`:
//!
//! | at the loss | action |
//! |---|---|
//! | cwnd < ssthresh (heavy loss) | rate := 0, ssthresh := cwnd/2, cwnd := 1 |
//! | prate ≥ 90 % of rate (rate-limited) | rate := rate/2; cwnd, ssthresh kept |
//! | otherwise (window-limited; rate = 0 counts as ∞) | rate := prate; cwnd, ssthresh kept |
//!
//! After a loss-free period the rate rises toward the rate at the last loss,
//! R_ref, in shrinking steps, then slowly past it (§4.2.2; the law is in the
//! authors' ref. [6], which we do not have, so its constants are ours).
//! Every point the paper leaves open (A1–A5, docs/algorithms.md) is a switch in
//! `cc_params.receiver_rate`, with our reading as the default.
//!
//! The paper runs all of this at the receiver and sends window and rate
//! back; here the controller runs at the sender on the same quantities (the
//! feedback delay of §6.1 is not modelled). `prate` comes from
//! [`super::AckExtras::receiver_rate_bps`] when the receiver measures it;
//! otherwise from the ACK stream over the same unit time Δ (bytes newly
//! acknowledged, or the advance of the highest sequence sent, per A4).
//! The paper recovers with Go-Back-N and a receiver-detected gap; the sender
//! here keeps its own loss recovery.

use super::common::{self, secs, segments, ssthresh_bytes, to_bytes, RttSeen};
use super::{
    AckExtras, AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock,
};
use crate::engine::time::{self, Time};
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.receiver_rate` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// Paper 001 ambiguity A1: what the first loss does while rate control is off.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum FirstLoss {
    /// Option B: the first loss sets rate := prate and leaves slow start
    /// (ssthresh := cwnd/2) without cutting cwnd. The default (fits Fig. 6).
    #[default]
    SetRate,
    /// Option A: with rate control off, the loss is a heavy loss (Tahoe cut);
    /// rate control starts at the first loss in congestion avoidance.
    HeavyLoss,
}

/// Paper 001 ambiguity A3: which branch prate = 90 % of rate exactly takes.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum AtThreshold {
    /// prate ≥ 0.9·rate halves the rate. The default.
    #[default]
    Halve,
    /// prate ≤ 0.9·rate sets rate := prate.
    SetMeasured,
}

/// Paper 001 ambiguity A4: what `prate` measures.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum PrateSource {
    /// Bytes received per unit time. The default (§4.2.1 "throughput").
    #[default]
    Received,
    /// Advance of the highest sequence number per unit time (the sender's
    /// rate as the receiver sees it).
    SequenceSpan,
}

/// Paper 001 ambiguity A5: ssthresh in the heavy-loss branch.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavyLossSsthresh {
    /// ssthresh := cwnd/2 (the §4.1 rule). The default.
    #[default]
    HalfCwnd,
    /// ssthresh unchanged.
    Keep,
}

/// Paper 001's rate policy (Fig. 3, §4.2) with its ambiguities A1–A5 as switches.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ReceiverRateParams {
    /// Rate control on: the paper's window + rate scheme (Fig. 3). Off: the
    /// rate stays 0 and every loss is a Tahoe cut (ssthresh := cwnd/2,
    /// cwnd := 1), the paper's window-only baseline. Default on.
    pub rate_control: bool,
    /// The "rate-limited" test: prate compared with this fraction of rate, in
    /// (0, 1]. Default 0.9 (paper, exact).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub threshold: f64,
    /// Rate multiplier on a rate-limited loss, in (0, 1). Default 0.5 (paper, exact).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub decrease: f64,
    /// A1: the first loss while rate control is off (default `set_rate`).
    pub first_loss: FirstLoss,
    /// A2: the window-limited branch also makes a Tahoe cut (ssthresh := cwnd/2,
    /// cwnd := 1). Default off.
    pub window_branch_cuts_cwnd: bool,
    /// A3: which branch prate = threshold·rate takes (default `halve`).
    pub at_threshold: AtThreshold,
    /// A4: what prate measures (default `received`).
    pub prate_source: PrateSource,
    /// A5: ssthresh in the heavy-loss branch (default `half_cwnd`).
    pub heavy_loss_ssthresh: HeavyLossSsthresh,
    /// Initial cwnd, packets, in [1, 1000]. Default 1 (paper, exact).
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1000.0)))]
    pub initial_window_segments: u32,
    /// The receiver's unit time Δ for measuring prate, ms, in (0, 60000].
    /// Default 100 (our choice; not stated).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 60000.0)))]
    pub unit_time_ms: f64,
    /// Raise the rate after a loss-free period (§4.2.2). Default on.
    pub rate_increase: bool,
    /// Loss-free time before each increase, ms, in (0, 600000]. Default 1000 (ours).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 600000.0)))]
    pub quiet_period_ms: f64,
    /// Below the rate at the last loss, step by this fraction of the gap, in
    /// (0, 1]. Default 0.5 (ours).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub approach_fraction: f64,
    /// Smallest step below the last-loss rate, and the step above it, as a
    /// fraction of the last-loss rate, in (0, 1]. Default 0.005 (ours).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub probe_fraction: f64,
}

impl Default for ReceiverRateParams {
    fn default() -> Self {
        Self {
            rate_control: true,
            threshold: 0.9,
            decrease: 0.5,
            first_loss: FirstLoss::SetRate,
            window_branch_cuts_cwnd: false,
            at_threshold: AtThreshold::Halve,
            prate_source: PrateSource::Received,
            heavy_loss_ssthresh: HeavyLossSsthresh::HalfCwnd,
            initial_window_segments: 1,
            unit_time_ms: 100.0,
            rate_increase: true,
            quiet_period_ms: 1000.0,
            approach_fraction: 0.5,
            probe_fraction: 0.005,
        }
    }
}

impl ParamBlock for ReceiverRateParams {
    fn check(&self, c: &mut FieldChecks) {
        c.above("threshold", self.threshold, 0.0, 1.0);
        c.open("decrease", self.decrease, 0.0, 1.0);
        c.closed_int(
            "initial_window_segments",
            self.initial_window_segments,
            1,
            1000,
        );
        c.above("unit_time_ms", self.unit_time_ms, 0.0, 60_000.0);
        c.above("quiet_period_ms", self.quiet_period_ms, 0.0, 600_000.0);
        c.above("approach_fraction", self.approach_fraction, 0.0, 1.0);
        c.above("probe_fraction", self.probe_fraction, 0.0, 1.0);
    }
}

/// Which branch of Fig. 3 the last loss took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    None = 0,
    /// First loss under A1 option B: rate := prate.
    FirstLoss = 1,
    HeavyLoss = 2,
    RateLimited = 3,
    WindowLimited = 4,
    /// Rate control off: a Tahoe cut.
    WindowOnly = 5,
}

pub struct ReceiverRate {
    mss: u32,
    p: ReceiverRateParams,
    cwnd: f64,
    ssthresh: f64,
    /// Allowed rate, bits/s; 0 = rate control off.
    rate: f64,
    /// Rate at the last loss (R_ref), bits/s.
    r_ref: f64,
    first_loss_done: bool,
    last_loss: Option<Time>,
    last_increase: Time,
    // Fallback measurement over the unit time Δ.
    win_start: Option<(Time, u64)>,
    measured: f64,
    /// prate from the receiver, when it sends one.
    reported: Option<f64>,
    branch: Branch,
    rtt: RttSeen,
}

impl ReceiverRate {
    pub fn new(p: &ReceiverRateParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            p: p.clone(),
            cwnd: p.initial_window_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            rate: 0.0,
            r_ref: 0.0,
            first_loss_done: false,
            last_loss: None,
            last_increase: 0,
            win_start: None,
            measured: 0.0,
            reported: None,
            branch: Branch::None,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window and ssthresh as handed over; a
    /// predecessor's pacing rate becomes `rate` (else rate control starts off).
    pub fn from_handoff(p: &ReceiverRateParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.first_loss_done = s.ssthresh.is_finite();
        s.rate = h.pacing_rate_bps.unwrap_or(0.0);
        s.r_ref = s.rate;
        s.last_increase = h.now;
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn rate(&self) -> f64 {
        self.rate
    }
    /// prate, bits/s: the receiver's value if it sends one, else the ACK-based one.
    pub fn prate(&self) -> f64 {
        self.reported.unwrap_or(self.measured)
    }
    pub fn branch(&self) -> Branch {
        self.branch
    }

    /// True when the rate, not the window, limits the sender (the 90 % test).
    pub fn rate_limited(&self) -> bool {
        if self.rate <= 0.0 {
            return false;
        }
        let bar = self.p.threshold * self.rate;
        match self.p.at_threshold {
            AtThreshold::Halve => self.prate() >= bar,
            AtThreshold::SetMeasured => self.prate() > bar,
        }
    }

    fn measure(&mut self, a: &AckSample) {
        let unit = time::millis(self.p.unit_time_ms).max(1);
        let mark = match self.p.prate_source {
            PrateSource::Received => a.delivered_bytes,
            PrateSource::SequenceSpan => a.delivered_bytes + a.inflight_bytes,
        };
        match self.win_start {
            None => self.win_start = Some((a.now, mark)),
            Some((t0, m0)) if a.now - t0 >= unit => {
                self.measured = mark.saturating_sub(m0) as f64 * 8.0 / secs(a.now - t0);
                self.win_start = Some((a.now, mark));
            }
            Some(_) => {}
        }
    }

    /// §4.2.2: after a loss-free period, step toward R_ref, then past it.
    fn maybe_increase(&mut self, now: Time) {
        if !self.p.rate_increase || self.rate <= 0.0 {
            return;
        }
        let quiet = time::millis(self.p.quiet_period_ms);
        let since_loss = self.last_loss.map_or(u64::MAX, |t| now - t);
        if since_loss < quiet || now.saturating_sub(self.last_increase) < quiet {
            return;
        }
        let probe = self.p.probe_fraction * self.r_ref.max(self.rate);
        self.rate += if self.rate < self.r_ref {
            (self.p.approach_fraction * (self.r_ref - self.rate)).max(probe)
        } else {
            probe
        };
        self.last_increase = now;
    }

    /// §4.1: the receiver updates cwnd for every packet it receives in
    /// order, `cwnd += 1` below ssthresh and `cwnd += 1/cwnd` above. Here the
    /// sender applies it once per segment an ACK newly acknowledges, so an ACK
    /// for a run of segments (a receiver that acknowledges once its socket is
    /// empty) grows cwnd as the paper's receiver would, not as one ACK would.
    fn grow(&mut self, packets: f64) {
        let mut left = packets;
        while left > 0.0 {
            let step = left.min(1.0);
            if self.cwnd < self.ssthresh {
                self.cwnd += step;
            } else {
                self.cwnd += step / self.cwnd;
            }
            left -= step;
        }
    }

    fn heavy_loss(&mut self) {
        self.rate = 0.0;
        self.ssthresh = match self.p.heavy_loss_ssthresh {
            HeavyLossSsthresh::HalfCwnd => (self.cwnd / 2.0).max(2.0),
            HeavyLossSsthresh::Keep if self.ssthresh.is_finite() => self.ssthresh,
            HeavyLossSsthresh::Keep => (self.cwnd / 2.0).max(2.0),
        };
        self.cwnd = 1.0;
        self.branch = Branch::HeavyLoss;
    }

    /// Fig. 3.
    fn on_loss(&mut self, now: Time) {
        let prate = self.prate();
        if !self.p.rate_control {
            // The window-only baseline: §4.1's Tahoe rule at every loss.
            self.ssthresh = (self.cwnd / 2.0).max(2.0);
            self.cwnd = 1.0;
            self.branch = Branch::WindowOnly;
        } else if !self.first_loss_done && self.p.first_loss == FirstLoss::SetRate && prate > 0.0 {
            // A1 option B: the first loss sets the first rate; slow start
            // ends but cwnd is not cut.
            self.rate = prate;
            self.ssthresh = (self.cwnd / 2.0).max(2.0);
            self.branch = Branch::FirstLoss;
        } else if self.cwnd < self.ssthresh {
            self.heavy_loss();
        } else if self.rate_limited() {
            self.rate *= self.p.decrease;
            self.branch = Branch::RateLimited;
        } else {
            if prate > 0.0 {
                self.rate = prate;
            }
            if self.p.window_branch_cuts_cwnd {
                // A2: also a Tahoe cut.
                self.ssthresh = (self.cwnd / 2.0).max(2.0);
                self.cwnd = 1.0;
            }
            self.branch = Branch::WindowLimited;
        }
        self.first_loss_done = true;
        self.r_ref = prate;
        self.last_loss = Some(now);
        self.last_increase = now;
    }
}

impl CongestionControl for ReceiverRate {
    fn name(&self) -> &'static str {
        "receiver_rate"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.on_ack_with(a, &AckExtras::default());
    }

    fn on_ack_with(&mut self, a: &AckSample, extras: &AckExtras) {
        self.rtt.update(a);
        if let Some(r) = extras.receiver_rate_bps {
            self.reported = Some(r);
        }
        self.measure(a);
        // The paper's receiver counts the packets it received in order since
        // its last update, never more than the window it allowed: an ACK that
        // covers more (a hole filled after go-back-N) grows cwnd by one window's
        // packets at most.
        self.grow(segments(a.acked_bytes, a.mss).min(self.cwnd.max(1.0)));
        self.maybe_increase(a.now);
    }

    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.on_loss(ev.now);
    }

    fn on_rto(&mut self, now: Time, _inflight_bytes: u64, _mss: u32) {
        // Not in the paper: its timeout is only a fallback that resends, of
        // unknown value, and Fig. 3 acts when the receiver detects a loss.
        // While a rate paces the sender, the timeout resends at that rate and
        // leaves the decision to the next detected loss [ours]; without a
        // rate it is a heavy loss (a Tahoe cut, as 4.3BSD-Tahoe's timeout).
        if self.p.rate_control && self.rate > 0.0 {
            self.last_loss = Some(now);
            self.last_increase = now;
            return;
        }
        self.heavy_loss();
        if !self.p.rate_control {
            self.branch = Branch::WindowOnly;
        }
        self.first_loss_done = true;
        self.last_loss = Some(now);
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        // cwnd is what the loss branch left (kept, or 1 after a Tahoe cut).
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    fn pacing_rate_bps(&self) -> Option<f64> {
        (self.rate > 0.0).then_some(self.rate)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["rate", "prate", "r_ref", "rate_limited", "branch"]
    }

    /// The labels of `branch`'s values, in the order of [`Branch`].
    fn metric_states(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[(
            "branch",
            &[
                "–",
                "first loss",
                "heavy loss",
                "rate-limited",
                "window-limited",
                "window only",
            ],
        )]
    }
    fn metric_units(&self) -> &'static [&'static str] {
        &["b/s", "b/s", "b/s", "", ""]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.rate);
        out.push(self.prate());
        out.push(self.r_ref);
        out.push(if self.rate_limited() { 1.0 } else { 0.0 });
        out.push(self.branch as u8 as f64);
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            now,
            cwnd_bytes: self.cwnd(),
            ssthresh_bytes: self.ssthresh(),
            srtt: self.rtt.srtt,
            min_rtt: self.rtt.min_rtt,
            latest_rtt: self.rtt.latest,
            bandwidth_bps: None,
            pacing_rate_bps: self.pacing_rate_bps(),
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for ReceiverRate {
    type Params = ReceiverRateParams;
    fn create(p: &ReceiverRateParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &ReceiverRateParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
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

    fn rr(p: ReceiverRateParams) -> ReceiverRate {
        ReceiverRate::new(
            &p,
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        )
    }

    fn loss(r: &mut ReceiverRate, now: Time) {
        r.on_congestion_event(&CongestionEvent {
            now,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
    }

    fn ack_with_prate(r: &mut ReceiverRate, now: Time, prate: f64) {
        r.on_ack_with(
            &AckSample {
                now,
                acked_bytes: MSS as u64,
                mss: MSS,
                ..Default::default()
            },
            &AckExtras {
                receiver_rate_bps: Some(prate),
                ..Default::default()
            },
        );
    }

    fn ack_segments(r: &mut ReceiverRate, now: Time, n: u64) {
        r.on_ack(&AckSample {
            now,
            acked_bytes: n * MSS as u64,
            mss: MSS,
            ..Default::default()
        });
    }

    #[test]
    fn cwnd_grows_per_packet_however_many_one_ack_covers() {
        // §4.1: +1 per packet received below ssthresh, +1/cwnd above. One
        // ACK for a window of 8 packets is 8 packets received.
        let start = |r: &mut ReceiverRate| {
            r.cwnd = 8.0;
            r.ssthresh = 12.0;
        };
        let mut one = rr(ReceiverRateParams::default());
        start(&mut one);
        let mut each = rr(ReceiverRateParams::default());
        start(&mut each);
        ack_segments(&mut one, MS, 8);
        for i in 0..8 {
            ack_segments(&mut each, MS + i, 1);
        }
        assert!(
            (one.cwnd - each.cwnd).abs() < 1e-9,
            "{} {}",
            one.cwnd,
            each.cwnd
        );
        // 8 → 12 by slow start (four packets), then four at +1/cwnd.
        let mut c = 12.0;
        for _ in 0..4 {
            c += 1.0 / c;
        }
        assert!((one.cwnd - c).abs() < 1e-9, "{} against {c}", one.cwnd);
        // An ACK that covers more than the window (a hole filled after
        // go-back-N) counts one window's packets, not every one it covers.
        let mut big = rr(ReceiverRateParams::default());
        start(&mut big);
        ack_segments(&mut big, MS, 100);
        assert!((big.cwnd - c).abs() < 1e-9, "{} against {c}", big.cwnd);
    }

    #[test]
    fn starts_with_one_packet_and_no_rate_control() {
        let r = rr(ReceiverRateParams::default());
        assert_eq!(r.cwnd(), MSS as u64, "cwnd₀ = 1 packet (Fig. 3)");
        assert_eq!(r.pacing_rate_bps(), None, "rate = 0: off");
    }

    #[test]
    fn option_b_first_loss_sets_the_rate_and_keeps_cwnd() {
        let mut r = rr(ReceiverRateParams::default());
        r.cwnd = 40.0;
        ack_with_prate(&mut r, MS, 3e6);
        let cwnd = r.cwnd;
        loss(&mut r, 2 * MS);
        assert_eq!(r.branch(), Branch::FirstLoss);
        assert_eq!(r.rate(), 3e6);
        assert_eq!(r.cwnd, cwnd, "cwnd not cut");
        assert_eq!(r.ssthresh, (cwnd / 2.0).max(2.0));
    }

    #[test]
    fn option_a_first_slow_start_loss_is_a_heavy_loss() {
        let mut r = rr(ReceiverRateParams {
            first_loss: FirstLoss::HeavyLoss,
            ..Default::default()
        });
        r.cwnd = 40.0;
        ack_with_prate(&mut r, MS, 3e6);
        loss(&mut r, 2 * MS);
        assert_eq!(r.branch(), Branch::HeavyLoss);
        assert_eq!(r.rate(), 0.0);
        assert_eq!(r.cwnd, 1.0);
        assert_eq!(r.ssthresh, 20.5);
    }

    #[test]
    fn ninety_percent_rule_halves_a_binding_rate() {
        let mut r = rr(ReceiverRateParams::default());
        r.cwnd = 50.0;
        r.ssthresh = 20.0;
        r.first_loss_done = true;
        r.rate = 4e6;
        ack_with_prate(&mut r, MS, 3.6e6); // exactly 90 %
        loss(&mut r, 2 * MS);
        assert_eq!(r.branch(), Branch::RateLimited, "A3 default: = 90 % halves");
        assert_eq!(r.rate(), 2e6);
        assert_eq!((r.cwnd, r.ssthresh), (50.0 + 1.0 / 50.0, 20.0), "kept");
    }

    #[test]
    fn below_ninety_percent_the_rate_becomes_the_measured_rate() {
        let mut r = rr(ReceiverRateParams::default());
        r.cwnd = 50.0;
        r.ssthresh = 20.0;
        r.first_loss_done = true;
        r.rate = 4e6;
        ack_with_prate(&mut r, MS, 3e6);
        loss(&mut r, 2 * MS);
        assert_eq!(r.branch(), Branch::WindowLimited);
        assert_eq!(r.rate(), 3e6);
        assert_eq!(r.ssthresh, 20.0);
    }

    #[test]
    fn at_exactly_ninety_percent_set_measured_takes_the_window_branch() {
        let mut r = rr(ReceiverRateParams {
            at_threshold: AtThreshold::SetMeasured,
            ..Default::default()
        });
        r.cwnd = 50.0;
        r.ssthresh = 20.0;
        r.first_loss_done = true;
        r.rate = 4e6;
        ack_with_prate(&mut r, MS, 3.6e6);
        loss(&mut r, 2 * MS);
        assert_eq!(r.branch(), Branch::WindowLimited);
        assert_eq!(r.rate(), 3.6e6);
    }

    #[test]
    fn window_branch_tahoe_cut_is_a_switch() {
        let mut r = rr(ReceiverRateParams {
            window_branch_cuts_cwnd: true,
            ..Default::default()
        });
        r.cwnd = 50.0;
        r.ssthresh = 20.0;
        r.first_loss_done = true;
        ack_with_prate(&mut r, MS, 3e6);
        loss(&mut r, 2 * MS);
        assert_eq!(r.cwnd, 1.0);
        assert!((r.ssthresh - 25.01).abs() < 1e-9);
    }

    #[test]
    fn without_a_receiver_report_prate_is_the_acked_rate_over_the_unit_time() {
        let mut r = rr(ReceiverRateParams::default());
        // 1000 bytes every ms for 100 ms: 8 Mb/s.
        for i in 0..=100u64 {
            r.on_ack(&AckSample {
                now: i * MS,
                acked_bytes: MSS as u64,
                delivered_bytes: (i + 1) * MSS as u64,
                mss: MSS,
                ..Default::default()
            });
        }
        assert!((r.prate() - 8e6).abs() < 1e-6, "prate {}", r.prate());
    }

    #[test]
    fn after_a_quiet_period_the_rate_steps_toward_the_last_loss_rate() {
        let mut r = rr(ReceiverRateParams::default());
        r.cwnd = 50.0;
        r.ssthresh = 20.0;
        r.first_loss_done = true;
        r.rate = 4e6;
        ack_with_prate(&mut r, 0, 4e6);
        loss(&mut r, 0); // rate-limited: rate 2e6, R_ref 4e6
        ack_with_prate(&mut r, 999 * MS, 2e6);
        assert_eq!(r.rate(), 2e6, "not before the quiet period");
        ack_with_prate(&mut r, 1000 * MS, 2e6);
        // 2e6 + max(0.5·2e6, 0.005·4e6) = 3e6.
        assert_eq!(r.rate(), 3e6);
    }
}
