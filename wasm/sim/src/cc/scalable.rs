//! Scalable TCP (Kelly, "Scalable TCP: improving performance in highspeed wide
//! area networks", CCR 33(2), 2003), with three per-ACK forms
//! (`cc_params.scalable.variant`):
//!
//! - `kelly2003` (default): cwnd += a = 0.01 per acknowledged segment and
//!   cwnd −= b·cwnd = 0.125·cwnd on congestion, above the legacy window
//!   lwnd = 16; standard TCP at or below it. This is the form behind the
//!   oracle W̄ ≈ ln(1+a)/(p·ln(1/(1−b))) ≈ 0.0746/p (reference §0.2).
//! - `linux`: net/ipv4/tcp_scalable.c, `tcp_cong_avoid_ai(tp,
//!   min(cwnd, TCP_SCALABLE_AI_CNT = 100), acked)` and ssthresh =
//!   max(cwnd − (cwnd >> TCP_SCALABLE_MD_SCALE = 3), 2): the same as Kelly's
//!   a = 0.01 once cwnd ≥ 100, Reno-like below.
//! - `ns3`: ns-3 TcpScalable, AIFactor = 50 ("to account for delayed ACK",
//!   after an older Linux) and MDFactor = 0.125.
//!
//! The thesis in paper 000 (eq. 2.6) prints "cwnd += 0.01·cwnd per ACK"; its
//! digest marks that as a misstatement, and Kelly's rule is implemented.

use super::common::{self, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.scalable` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// Which per-ACK increase rule Scalable TCP follows.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ScalableVariant {
    /// Kelly (CCR 2003): cwnd += a per acknowledged segment above the legacy
    /// window, cwnd −= b·cwnd on loss; standard TCP at or below it. The default.
    #[default]
    Kelly2003,
    /// Linux tcp_scalable.c: +1 segment per min(cwnd, 100) segments acked
    /// (TCP_SCALABLE_AI_CNT), ssthresh = cwnd − cwnd>>3.
    Linux,
    /// ns-3 TcpScalable: +1 segment per min(cwnd, 50) segments acked
    /// (AIFactor 50, for delayed ACKs), ssthresh = cwnd·(1 − 0.125).
    Ns3,
}

/// Scalable TCP (Kelly, CCR 2003).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ScalableParams {
    /// Per-ACK increase rule (default `kelly2003`).
    pub variant: ScalableVariant,
    /// a, segments added per acknowledged segment (kelly2003), in (0, 1]. Default 0.01.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub a: f64,
    /// b, fraction removed on loss, in (0, 0.5]. Default 0.125.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 0.5)))]
    pub b: f64,
    /// Legacy window, packets (kelly2003): standard TCP at or below it. Default 16.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000000.0)))]
    pub low_window: f64,
}

impl Default for ScalableParams {
    fn default() -> Self {
        Self {
            variant: ScalableVariant::Kelly2003,
            a: 0.01,
            b: 0.125,
            low_window: 16.0,
        }
    }
}

impl ParamBlock for ScalableParams {
    fn check(&self, c: &mut FieldChecks) {
        c.above("a", self.a, 0.0, 1.0);
        c.above("b", self.b, 0.0, 0.5);
        c.closed("low_window", self.low_window, 0.0, 1e6);
    }
}

/// Linux tcp_scalable.c `TCP_SCALABLE_AI_CNT`.
pub const LINUX_AI_CNT: f64 = 100.0;
/// ns-3 TcpScalable `AIFactor`.
pub const NS3_AI_FACTOR: f64 = 50.0;

pub struct Scalable {
    mss: u32,
    variant: ScalableVariant,
    a: f64,
    b: f64,
    low_window: f64,
    cwnd: f64,
    ssthresh: f64,
    /// snd_cwnd_cnt (linux) / m_ackCnt (ns-3), segments.
    ack_cnt: f64,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl Scalable {
    pub fn new(p: &ScalableParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            variant: p.variant,
            a: p.a,
            b: p.b,
            low_window: p.low_window,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            ack_cnt: 0.0,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window and ssthresh as they are.
    pub fn from_handoff(p: &ScalableParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        let w = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.cwnd = if s.variant == ScalableVariant::Kelly2003 {
            w
        } else {
            w.floor()
        };
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    /// True above the legacy window (kelly2003 only).
    fn scalable_mode(&self) -> bool {
        self.variant != ScalableVariant::Kelly2003 || self.cwnd > self.low_window
    }

    fn reduced(&self) -> f64 {
        match self.variant {
            ScalableVariant::Kelly2003 if self.cwnd > self.low_window => {
                (self.cwnd * (1.0 - self.b)).max(2.0)
            }
            ScalableVariant::Kelly2003 => (self.cwnd / 2.0).max(2.0),
            // max(cwnd − (cwnd >> 3), 2) in integer segments.
            ScalableVariant::Linux => {
                let c = self.cwnd as u64;
                let md = (c as f64 * self.b).floor() as u64;
                (c - md).max(2) as f64
            }
            ScalableVariant::Ns3 => (self.cwnd * (1.0 - self.b)).floor().max(2.0),
        }
    }
}

impl CongestionControl for Scalable {
    fn name(&self) -> &'static str {
        "scalable"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        // tcp_scalable_cong_avoid: `acked = tcp_slow_start(tp, acked); if (!acked) return;`
        let Some(acked) =
            common::slow_start_then_ca(&mut self.cwnd, self.ssthresh, a, self.slow_start)
        else {
            return;
        };
        match self.variant {
            ScalableVariant::Kelly2003 => {
                if self.cwnd > self.low_window {
                    self.cwnd += self.a * acked;
                } else {
                    self.cwnd += acked / self.cwnd;
                }
            }
            ScalableVariant::Linux => {
                let w = self.cwnd.min(LINUX_AI_CNT);
                common::cong_avoid_ai(&mut self.cwnd, &mut self.ack_cnt, w, acked);
            }
            ScalableVariant::Ns3 => {
                let w = self.cwnd.min(NS3_AI_FACTOR);
                common::cong_avoid_ai(&mut self.cwnd, &mut self.ack_cnt, w, acked);
            }
        }
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.ssthresh = self.reduced();
        self.cwnd = self.ssthresh;
        self.ack_cnt = 0.0;
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.ssthresh = self.reduced();
        self.cwnd = 1.0;
        self.ack_cnt = 0.0;
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
        &["scalable_mode", "ack_cnt"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["", "seg"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(if self.scalable_mode() { 1.0 } else { 0.0 });
        out.push(self.ack_cnt);
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd(), self.ssthresh())
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Scalable {
    type Params = ScalableParams;
    fn create(p: &ScalableParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &ScalableParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;

    const MSS: u32 = 1000;

    fn stcp(variant: ScalableVariant, w: f64) -> Scalable {
        let mut s = Scalable::new(
            &ScalableParams {
                variant,
                ..Default::default()
            },
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        s.cwnd = w;
        s.ssthresh = 2.0;
        s
    }

    fn acks(s: &mut Scalable, n: u32) {
        for _ in 0..n {
            s.on_ack(&AckSample {
                acked_bytes: MSS as u64,
                mss: MSS,
                ..Default::default()
            });
        }
    }

    fn loss(s: &mut Scalable) {
        s.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
    }

    #[test]
    fn kelly_adds_a_hundredth_per_ack_and_keeps_seven_eighths() {
        let mut s = stcp(ScalableVariant::Kelly2003, 200.0);
        acks(&mut s, 100);
        assert!((s.cwnd - 201.0).abs() < 1e-9, "100 ACKs × 0.01");
        loss(&mut s);
        assert!((s.cwnd - 201.0 * 0.875).abs() < 1e-9);
    }

    #[test]
    fn kelly_is_standard_tcp_in_the_legacy_window() {
        let mut s = stcp(ScalableVariant::Kelly2003, 15.0);
        acks(&mut s, 1);
        assert!((s.cwnd - (15.0 + 1.0 / 15.0)).abs() < 1e-12);
        loss(&mut s);
        assert!((s.cwnd - 7.5 - 0.5 / 15.0).abs() < 1e-9, "halved, not ×7/8");
    }

    #[test]
    fn linux_adds_one_per_min_cwnd_100_acked() {
        let mut s = stcp(ScalableVariant::Linux, 300.0);
        acks(&mut s, 99);
        assert_eq!(s.cwnd, 300.0);
        acks(&mut s, 1);
        assert_eq!(s.cwnd, 301.0);
        let mut small = stcp(ScalableVariant::Linux, 40.0);
        acks(&mut small, 40);
        assert_eq!(small.cwnd, 41.0, "below 100 it is Reno");
    }

    #[test]
    fn linux_md_is_cwnd_minus_cwnd_shifted_right_three() {
        let mut s = stcp(ScalableVariant::Linux, 301.0);
        loss(&mut s);
        assert_eq!(s.cwnd, 301.0 - 37.0, "301 >> 3 = 37");
    }

    #[test]
    fn ns3_adds_one_per_min_cwnd_50_acked() {
        let mut s = stcp(ScalableVariant::Ns3, 300.0);
        acks(&mut s, 50);
        assert_eq!(s.cwnd, 301.0);
    }
}
