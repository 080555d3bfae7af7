//! BIC, Binary Increase Congestion control (Xu, Harfoush, Rhee, INFOCOM 2004),
//! as Linux net/ipv4/tcp_bic.c runs it: integer segments; below W_max a
//! binary search toward the midpoint (W_max − cwnd)/B with B = 4, limited to
//! max_increment = 16 segments per RTT and slowed near W_max (smooth_part =
//! 20); above W_max a slow-start-like max probing, then linear; `cnt` ≤ 20
//! before the first loss; standard TCP at or below low_window = 14. On loss
//! cwnd keeps beta = 819/1024 (≈ 0.8); fast convergence W_max =
//! cwnd·(1024 + 819)/2048. The paper's own constants (β = 0.125, S_max = 32,
//! S_min = 0.01) differ; the Linux ones are the ones in use.

use super::common::{self, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::time::{Time, NS_PER_S};
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.bic` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// BIC, with the constants of Linux net/ipv4/tcp_bic.c.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct BicParams {
    /// Fraction of the window kept after a loss, in (0, 1). Default 819/1024 (tcp_bic.c).
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub beta: f64,
    /// S_max, the largest increase per RTT in the binary search, packets, in
    /// [1, 100000]. Default 16 (tcp_bic.c max_increment).
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 100000.0)))]
    pub max_increment: u32,
    /// Standard TCP at or below this window, packets, in [0, 1000000]. Default 14.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000000.0)))]
    pub low_window: u32,
    /// RTTs spent from W_max − B to W_max (smooth_part), in [1, 1000]. Default 20.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 1000.0)))]
    pub smooth_part: u32,
    /// Fast convergence on loss. Default on.
    pub fast_convergence: bool,
}

impl Default for BicParams {
    fn default() -> Self {
        Self {
            beta: 819.0 / 1024.0,
            max_increment: 16,
            low_window: 14,
            smooth_part: 20,
            fast_convergence: true,
        }
    }
}

impl ParamBlock for BicParams {
    fn check(&self, c: &mut FieldChecks) {
        c.open("beta", self.beta, 0.0, 1.0);
        c.closed_int("max_increment", self.max_increment, 1, 100_000);
        c.closed_int("low_window", self.low_window, 0, 1_000_000);
        c.closed_int("smooth_part", self.smooth_part, 1, 1000);
    }
}

/// tcp_bic.c `BICTCP_BETA_SCALE`.
pub const BETA_SCALE: u32 = 1024;
/// tcp_bic.c `BICTCP_B`: binary search goes to (max + min)/B.
pub const BICTCP_B: u32 = 4;
/// tcp_bic.c `ACK_RATIO_SHIFT`: the delayed-ACK ratio is kept << 4.
pub const ACK_RATIO_SHIFT: u32 = 4;
/// Jiffies per second (CONFIG_HZ = 1000), for the HZ/32 update limit.
pub const HZ: u64 = 1000;

pub struct Bic {
    mss: u32,
    beta: u32,
    max_increment: u32,
    low_window: u32,
    smooth_part: u32,
    fast_convergence: bool,
    /// Integer segments.
    cwnd: f64,
    ssthresh: f64,
    cwnd_cnt: f64,
    cnt: u32,
    last_max_cwnd: u32,
    last_cwnd: u32,
    last_time: u64,
    epoch_start: Option<u64>,
    /// Packets per ACK << ACK_RATIO_SHIFT, initially 2 << 4.
    delayed_ack: u32,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl Bic {
    pub fn new(p: &BicParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            beta: ((p.beta * BETA_SCALE as f64).round() as u32).clamp(1, BETA_SCALE - 1),
            max_increment: p.max_increment.max(1),
            low_window: p.low_window,
            smooth_part: p.smooth_part.max(1),
            fast_convergence: p.fast_convergence,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            cwnd_cnt: 0.0,
            cnt: 0,
            last_max_cwnd: 0,
            last_cwnd: 0,
            last_time: 0,
            epoch_start: None,
            delayed_ack: 2 << ACK_RATIO_SHIFT,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: W_max = cwnd, so the search starts by
    /// probing slowly around the handed-over window.
    pub fn from_handoff(p: &BicParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).floor().max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.last_max_cwnd = s.cwnd as u32;
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn w_max(&self) -> u32 {
        self.last_max_cwnd
    }

    pub fn cnt(&self) -> u32 {
        self.cnt
    }

    /// tcp_bic.c `bictcp_update`.
    fn update(&mut self, now: Time) {
        let cwnd = self.cwnd as u32;
        let jiffies = now / (NS_PER_S / HZ);
        if self.last_cwnd == cwnd && jiffies.saturating_sub(self.last_time) <= HZ / 32 {
            return;
        }
        self.last_cwnd = cwnd;
        self.last_time = jiffies;
        if self.epoch_start.is_none() {
            self.epoch_start = Some(jiffies);
        }
        // Start off like Reno.
        if cwnd <= self.low_window {
            self.cnt = cwnd;
            return;
        }
        let (b, smax) = (BICTCP_B, self.max_increment);
        let w_max = self.last_max_cwnd;
        self.cnt = if cwnd < w_max {
            // Binary increase toward the midpoint.
            let dist = (w_max - cwnd) / b;
            if dist > smax {
                cwnd / smax // linear increase
            } else if dist <= 1 {
                (cwnd * self.smooth_part) / b // close to W_max: slow down
            } else {
                cwnd / dist
            }
        } else if cwnd < w_max + b {
            // Max probing: start slowly past W_max ...
            (cwnd * self.smooth_part) / b
        } else if cwnd < w_max + smax * (b - 1) {
            // ... then accelerate like slow start ...
            (cwnd * (b - 1)) / (cwnd - w_max)
        } else {
            cwnd / smax // ... and go linear.
        };
        // In slow start or when link utilisation is very low: +5 % per RTT.
        if self.last_max_cwnd == 0 && self.cnt > 20 {
            self.cnt = 20;
        }
        self.cnt = ((self.cnt << ACK_RATIO_SHIFT) / self.delayed_ack.max(1)).max(1);
    }

    /// tcp_bic.c `bictcp_recalc_ssthresh`.
    fn recalc_ssthresh(&mut self) -> f64 {
        self.epoch_start = None;
        let cwnd = self.cwnd as u32;
        self.last_max_cwnd = if cwnd < self.last_max_cwnd && self.fast_convergence {
            ((cwnd as u64 * (BETA_SCALE + self.beta) as u64) / (2 * BETA_SCALE as u64)) as u32
        } else {
            cwnd
        };
        if cwnd <= self.low_window {
            (cwnd >> 1).max(2) as f64
        } else {
            ((cwnd as u64 * self.beta as u64 / BETA_SCALE as u64) as u32).max(2) as f64
        }
    }
}

impl CongestionControl for Bic {
    fn name(&self) -> &'static str {
        "bic"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        let acked = common::growth_segments(a);
        // bictcp_acked: ratio = (15·ratio + sample)/16, in the Open state.
        let pkts = acked.round().max(1.0) as u32;
        self.delayed_ack = (self.delayed_ack + pkts)
            .saturating_sub(self.delayed_ack >> ACK_RATIO_SHIFT)
            .max(1);
        // bictcp_cong_avoid: `acked = tcp_slow_start(tp, acked); if (!acked) return;`
        let Some(acked) =
            common::slow_start_then_ca(&mut self.cwnd, self.ssthresh, a, self.slow_start)
        else {
            return;
        };
        self.update(a.now);
        common::cong_avoid_ai(&mut self.cwnd, &mut self.cwnd_cnt, self.cnt as f64, acked);
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.ssthresh = self.recalc_ssthresh();
        self.cwnd = self.ssthresh;
        self.cwnd_cnt = 0.0;
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.ssthresh = self.recalc_ssthresh();
        // bictcp_state(TCP_CA_Loss): bictcp_reset.
        self.cnt = 0;
        self.last_max_cwnd = 0;
        self.last_cwnd = 0;
        self.last_time = 0;
        self.epoch_start = None;
        self.delayed_ack = 2 << ACK_RATIO_SHIFT;
        self.cwnd = 1.0;
        self.cwnd_cnt = 0.0;
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
        &["w_max", "cnt", "ack_ratio"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["seg", "", "seg/ACK"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.last_max_cwnd as f64);
        out.push(self.cnt as f64);
        out.push(self.delayed_ack as f64 / (1 << ACK_RATIO_SHIFT) as f64);
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd(), self.ssthresh())
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Bic {
    type Params = BicParams;
    fn create(p: &BicParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &BicParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;
    use crate::engine::time::NS_PER_MS;

    const MSS: u32 = 1000;

    fn bic(w: f64, w_max: u32) -> Bic {
        let mut b = Bic::new(
            &BicParams::default(),
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        );
        b.cwnd = w;
        b.ssthresh = 2.0;
        b.last_max_cwnd = w_max;
        // One segment per ACK, as our receiver acknowledges every segment.
        b.delayed_ack = 1 << ACK_RATIO_SHIFT;
        b
    }

    fn ack(b: &mut Bic, now: Time) {
        b.on_ack(&AckSample {
            now,
            acked_bytes: MSS as u64,
            mss: MSS,
            ..Default::default()
        });
    }

    #[test]
    fn far_below_w_max_the_increase_is_max_increment_per_rtt() {
        // dist = (1000 − 500)/4 = 125 > 16 ⇒ cnt = 500/16 = 31.
        let mut b = bic(500.0, 1000);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 31);
    }

    #[test]
    fn binary_search_goes_a_quarter_of_the_way_per_rtt() {
        // dist = (1000 − 960)/4 = 10 ⇒ cnt = 960/10 = 96: +10 per RTT.
        let mut b = bic(960.0, 1000);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 96);
    }

    #[test]
    fn next_to_w_max_it_slows_by_smooth_part() {
        // dist ≤ 1 ⇒ cnt = cwnd·20/4.
        let mut b = bic(998.0, 1000);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 998 * 20 / 4);
    }

    #[test]
    fn max_probing_accelerates_then_goes_linear() {
        let mut b = bic(1010.0, 1000);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 1010 * 3 / 10, "slow-start-like past W_max");
        let mut b = bic(1100.0, 1000);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 1100 / 16, "beyond W_max + 16·3: linear");
    }

    #[test]
    fn reno_at_or_below_low_window_and_cap_before_first_loss() {
        let mut b = bic(14.0, 0);
        ack(&mut b, 0);
        assert_eq!(b.cnt(), 14);
        let mut b = bic(400.0, 0);
        ack(&mut b, 0);
        assert_eq!(
            b.cnt(),
            20,
            "no loss yet: 400/16 = 25 capped at 20 (+5 % per RTT)"
        );
    }

    #[test]
    fn loss_keeps_819_over_1024_with_fast_convergence() {
        let mut b = bic(1000.0, 0);
        let ev = CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        };
        b.on_congestion_event(&ev);
        assert_eq!(b.cwnd, 799.0, "1000·819/1024 = 799.8 → 799");
        assert_eq!(b.w_max(), 1000);
        b.cwnd = 900.0;
        b.on_congestion_event(&ev);
        assert_eq!(b.w_max(), (900 * 1843 / 2048) as u32, "fast convergence");
    }

    #[test]
    fn cnt_is_recomputed_at_most_every_32nd_of_a_second_while_cwnd_is_still() {
        let mut b = bic(960.0, 1000);
        ack(&mut b, 0);
        let c = b.cnt();
        b.last_max_cwnd = 2000;
        ack(&mut b, 10 * NS_PER_MS);
        assert_eq!(b.cnt(), c, "within HZ/32 and cwnd unchanged");
        ack(&mut b, 40 * NS_PER_MS);
        assert_ne!(b.cnt(), c);
    }
}
