//! HighSpeed TCP (RFC 3649). a(w) and b(w) come from the RFC's formulas
//! (§5), not from its Appendix B table (which Linux tcp_highspeed.c and ns-3
//! TcpHighSpeed use, with a(w) rounded to integers):
//!
//! - b(w) = (High_Decrease − 0.5)·(ln w − ln W_low)/(ln W_high − ln W_low) + 0.5
//! - p(w) = exp((ln w − ln W_low)/(ln W_high − ln W_low)·(ln P_high − ln P_low) + ln P_low),
//!   with P_low = 1.5/W_low² (Reno's loss rate at W_low), so the response is
//!   the straight log-log line through (W_low, P_low) and (W_high, P_high):
//!   W = 0.12/p^0.835.
//! - a(w) = w²·p(w)·2·b(w)/(2 − b(w))
//!
//! Per ACK: w += a(w)/w per segment acked; on loss w = (1 − b(w))·w. At or
//! below Low_Window a = 1 and b = 0.5 (standard TCP). Slow start is standard.

use super::common::{self, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.highspeed` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// HighSpeed TCP (RFC 3649 §5), a(w) and b(w) computed from the formulas.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct HighSpeedParams {
    /// Low_Window, packets: standard TCP at or below it. Default 38.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1.0e7)))]
    pub low_window: f64,
    /// High_Window, packets, above low_window. Default 83000.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1.0e9)))]
    pub high_window: f64,
    /// High_P, the loss rate that sustains High_Window, in (0, 1). Default 1e-7.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub high_p: f64,
    /// High_Decrease, b(High_Window), in (0, 0.5]. Default 0.1.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 0.5)))]
    pub high_decrease: f64,
}

impl Default for HighSpeedParams {
    fn default() -> Self {
        Self {
            low_window: 38.0,
            high_window: 83000.0,
            high_p: 1e-7,
            high_decrease: 0.1,
        }
    }
}

impl ParamBlock for HighSpeedParams {
    fn check(&self, c: &mut FieldChecks) {
        c.closed("low_window", self.low_window, 1.0, 1e7);
        c.closed("high_window", self.high_window, 1.0, 1e9);
        c.above_field(
            "high_window",
            self.high_window,
            "low_window",
            self.low_window,
        );
        c.open("high_p", self.high_p, 0.0, 1.0);
        c.above("high_decrease", self.high_decrease, 0.0, 0.5);
    }
}

/// The RFC 3649 response function for one parameter set.
#[derive(Clone, Copy, Debug)]
pub struct Response {
    pub low_window: f64,
    pub high_window: f64,
    pub high_p: f64,
    pub high_decrease: f64,
}

impl Response {
    pub fn from_params(p: &HighSpeedParams) -> Self {
        Self {
            low_window: p.low_window,
            high_window: p.high_window,
            high_p: p.high_p,
            high_decrease: p.high_decrease,
        }
    }

    /// Low_P = 1.5/Low_Window² (RFC 3649 §5: Reno's response w = √(1.5/p)).
    pub fn low_p(&self) -> f64 {
        1.5 / (self.low_window * self.low_window)
    }

    fn frac(&self, w: f64) -> f64 {
        let (l, h) = (libm::log(self.low_window), libm::log(self.high_window));
        (libm::log(w) - l) / (h - l)
    }

    /// b(w), the decrease factor.
    pub fn b(&self, w: f64) -> f64 {
        if w <= self.low_window {
            return 0.5;
        }
        (self.high_decrease - 0.5) * self.frac(w) + 0.5
    }

    /// p(w), the loss rate at which w is the average window.
    pub fn p(&self, w: f64) -> f64 {
        let (lp, hp) = (libm::log(self.low_p()), libm::log(self.high_p));
        libm::exp(self.frac(w) * (hp - lp) + lp)
    }

    /// a(w), segments added per RTT.
    pub fn a(&self, w: f64) -> f64 {
        if w <= self.low_window {
            return 1.0;
        }
        let b = self.b(w);
        w * w * self.p(w) * 2.0 * b / (2.0 - b)
    }
}

pub struct HighSpeed {
    mss: u32,
    resp: Response,
    cwnd: f64,
    ssthresh: f64,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl HighSpeed {
    pub fn new(p: &HighSpeedParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            resp: Response::from_params(p),
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window and ssthresh as they are (HSTCP keeps
    /// no other state).
    pub fn from_handoff(p: &HighSpeedParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    fn decrease(&mut self) {
        let w = self.cwnd;
        self.ssthresh = ((1.0 - self.resp.b(w)) * w).max(2.0);
    }
}

impl CongestionControl for HighSpeed {
    fn name(&self) -> &'static str {
        "highspeed"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        // hstcp_cong_avoid: `if (tcp_in_slow_start(tp)) tcp_slow_start(tp, acked); else ...`
        // (what slow start leaves over is not carried).
        if self.cwnd < self.ssthresh {
            let n = segments(a.acked_bytes, a.mss);
            common::slow_start(&mut self.cwnd, self.ssthresh, n, self.slow_start);
            return;
        }
        let acked = common::growth_segments(a);
        self.cwnd += self.resp.a(self.cwnd) * acked / self.cwnd;
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.decrease();
        self.cwnd = self.ssthresh;
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.decrease();
        self.cwnd = 1.0;
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
        &["a_w", "b_w", "p_w"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["seg/RTT", "", ""]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        let w = self.cwnd;
        out.push(self.resp.a(w));
        out.push(self.resp.b(w));
        out.push(if w > self.resp.low_window {
            self.resp.p(w)
        } else {
            0.0
        });
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd(), self.ssthresh())
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for HighSpeed {
    type Params = HighSpeedParams;
    fn create(p: &HighSpeedParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &HighSpeedParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;

    const MSS: u32 = 1000;

    fn rfc() -> Response {
        Response::from_params(&HighSpeedParams::default())
    }

    fn hs(w: f64) -> HighSpeed {
        let mut h = HighSpeed::new(
            &HighSpeedParams::default(),
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        h.cwnd = w;
        h.ssthresh = 1.0;
        h
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn a_and_b_at_the_worked_windows() {
        // reference/algorithms.md §3.3 and §4: a(1058) ≈ 8.3, b(1058) ≈ 0.327.
        let r = rfc();
        for (w, a, b) in [
            (38.0, 1.0, 0.5),
            (118.0, 2.09, 0.44),
            (221.0, 3.13, 0.41),
            (1058.0, 8.31, 0.327),
            (10000.0, 29.9, 0.21),
            (83000.0, 72.5, 0.10),
        ] {
            assert!(close(r.a(w), a, 0.01 * a.max(1.0)), "a({w}) = {}", r.a(w));
            assert!(close(r.b(w), b, 0.005), "b({w}) = {}", r.b(w));
        }
    }

    #[test]
    fn p_of_w_is_the_line_0_12_over_p_to_the_0_835() {
        // RFC 3649 §5: W = 0.12/p^0.835, i.e. p = (0.12/W)^(1/0.835).
        let r = rfc();
        for w in [100.0, 1000.0, 10000.0] {
            let p = r.p(w);
            let w_back = 0.12 / libm::pow(p, 0.835);
            assert!((w_back - w).abs() / w < 0.02, "w = {w}, back {w_back}");
        }
        assert!(close(r.p(83000.0), 1e-7, 1e-12));
    }

    #[test]
    fn standard_tcp_at_or_below_low_window() {
        let mut h = hs(30.0);
        h.on_ack(&AckSample {
            acked_bytes: MSS as u64,
            mss: MSS,
            ..Default::default()
        });
        assert!(close(h.cwnd, 30.0 + 1.0 / 30.0, 1e-12));
        h.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
        assert!(close(h.cwnd, 15.0 + 0.5 / 30.0, 1e-9));
    }

    #[test]
    fn each_ack_adds_a_of_w_over_w_and_a_loss_keeps_one_minus_b() {
        let mut h = hs(1058.0);
        let a = rfc().a(1058.0);
        h.on_ack(&AckSample {
            acked_bytes: MSS as u64,
            mss: MSS,
            ..Default::default()
        });
        assert!(close(h.cwnd, 1058.0 + a / 1058.0, 1e-12));
        let w = h.cwnd;
        h.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
        assert!(close(h.cwnd, (1.0 - rfc().b(w)) * w, 1e-9));
    }
}
