//! H-TCP (Leith & Shorten, "H-TCP: TCP for high-speed and long-distance
//! networks", PFLDnet 2004; draft-leith-tcp-htcp-06), with the choices of
//! Linux net/ipv4/tcp_htcp.c, in real arithmetic:
//!
//! - Δ = time since the last congestion event; α_raw(Δ) = 1 for Δ ≤ Δ_L = 1 s,
//!   else 1 + 10(Δ − Δ_L) + ((Δ − Δ_L)/2)².
//! - RTT scaling (use_rtt_scaling): α_raw ÷ clamp(100 ms / RTT_min, 0.5, 10),
//!   never below 1 (Linux's integer `factor` floors at 1).
//! - α = 2·(1 − β)·α_raw; cwnd += α/cwnd per segment acked.
//! - β = clamp(RTT_min/RTT_max, 0.5, 0.8), set at each congestion event once a
//!   first event has passed (`modeswitch`) and RTT_min > 10 ms; the bandwidth
//!   switch (use_bandwidth_switch) resets β to 0.5 when the throughput B_max
//!   moved by more than 20 % since the last event.
//! - RTT_max grows only by samples within 20 ms of it and fades to
//!   RTT_min + 0.95·(RTT_max − RTT_min) at each event.

use super::common::{self, secs, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::time::{Time, NS_PER_MS};
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.htcp` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// H-TCP (Leith & Shorten 2004; draft-leith-tcp-htcp-06; Linux tcp_htcp.c).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct HtcpParams {
    /// Δ_L, seconds after a congestion event during which α = 1, in (0, 60]. Default 1.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 60.0)))]
    pub delta_l_s: f64,
    /// Lower bound of the adaptive backoff β, in (0, 1). Default 0.5.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub beta_min: f64,
    /// Upper bound of the adaptive backoff β, in [beta_min, 1). Default 0.8.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1.0)))]
    pub beta_max: f64,
    /// Scale α by RTT_min/100 ms (Linux use_rtt_scaling). Default on.
    pub rtt_scaling: bool,
    /// Fall back to β = beta_min when throughput changed by more than 20 %
    /// between congestion events (Linux use_bandwidth_switch). Default on.
    pub bandwidth_switch: bool,
}

impl Default for HtcpParams {
    fn default() -> Self {
        Self {
            delta_l_s: 1.0,
            beta_min: 0.5,
            beta_max: 0.8,
            rtt_scaling: true,
            bandwidth_switch: true,
        }
    }
}

impl ParamBlock for HtcpParams {
    fn check(&self, c: &mut FieldChecks) {
        c.above("delta_l_s", self.delta_l_s, 0.0, 60.0);
        c.open("beta_min", self.beta_min, 0.0, 1.0);
        c.open("beta_max", self.beta_max, 0.0, 1.0);
        c.at_least_field("beta_max", self.beta_max, "beta_min", self.beta_min);
    }
}

/// tcp_htcp.c rtt scaling reference: HZ/10, i.e. 100 ms.
pub const RTT_REF_S: f64 = 0.1;
/// tcp_htcp.c `measure_rtt`: RTT_max accepts jumps of at most 20 ms.
pub const MAX_RTT_JUMP: Time = 20 * NS_PER_MS;
/// tcp_htcp.c `htcp_beta_update`: adaptive β needs RTT_min > 10 ms.
pub const MIN_RTT_FOR_ADAPTIVE_BETA: Time = 10 * NS_PER_MS;

pub struct Htcp {
    mss: u32,
    p: HtcpParams,
    cwnd: f64,
    ssthresh: f64,
    alpha: f64,
    beta: f64,
    modeswitch: bool,
    /// Time of the last congestion event (connection start before any).
    last_cong: Option<Time>,
    min_rtt: Time,
    max_rtt: Time,
    // Throughput measurement (packets/s).
    packetcount: f64,
    lasttime: Time,
    bi: f64,
    max_b: f64,
    old_max_b: f64,
    /// Time of the latest ACK (for the Δ metric).
    last_ack: Time,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl Htcp {
    pub fn new(p: &HtcpParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            p: p.clone(),
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            alpha: 1.0,
            beta: p.beta_min,
            modeswitch: false,
            last_cong: None,
            min_rtt: 0,
            max_rtt: 0,
            packetcount: 0.0,
            lasttime: 0,
            bi: 0.0,
            max_b: 0.0,
            old_max_b: 0.0,
            last_ack: 0,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window, ssthresh and RTT_min as handed over;
    /// Δ counts from the switch, so α starts at its low-speed value.
    pub fn from_handoff(p: &HtcpParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.last_cong = Some(h.now);
        s.min_rtt = h.min_rtt;
        s.max_rtt = h.min_rtt;
        s.lasttime = h.now;
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn alpha(&self) -> f64 {
        self.alpha
    }
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// α_raw(Δ) of the draft (Linux `factor` before RTT scaling).
    pub fn alpha_raw(delta_s: f64, delta_l_s: f64) -> f64 {
        if delta_s <= delta_l_s {
            1.0
        } else {
            let d = delta_s - delta_l_s;
            1.0 + 10.0 * d + (d / 2.0) * (d / 2.0)
        }
    }

    fn alpha_update(&mut self, now: Time) {
        let delta = secs(now - self.last_cong.unwrap_or(now));
        let mut factor = Self::alpha_raw(delta, self.p.delta_l_s);
        if self.p.rtt_scaling && self.min_rtt > 0 {
            let scale = (RTT_REF_S / secs(self.min_rtt)).clamp(0.5, 10.0);
            factor = (factor / scale).max(1.0);
        }
        self.alpha = 2.0 * factor * (1.0 - self.beta);
        if self.alpha <= 0.0 {
            self.alpha = 1.0;
        }
    }

    fn measure_rtt(&mut self, r: Time) {
        if self.min_rtt == 0 || r < self.min_rtt {
            self.min_rtt = r;
        }
        if self.max_rtt < self.min_rtt {
            self.max_rtt = self.min_rtt;
        }
        if self.max_rtt < r && r <= self.max_rtt + MAX_RTT_JUMP {
            self.max_rtt = r;
        }
    }

    /// tcp_htcp.c `measure_achieved_throughput`.
    fn measure_throughput(&mut self, now: Time, acked: f64) {
        if !self.p.bandwidth_switch {
            return;
        }
        self.packetcount += acked;
        let since = now.saturating_sub(self.lasttime);
        if self.min_rtt > 0
            && self.packetcount >= self.cwnd - self.alpha.floor().max(1.0)
            && since >= self.min_rtt
        {
            let cur = self.packetcount / secs(since);
            let ccount = secs(now - self.last_cong.unwrap_or(now)) / secs(self.min_rtt);
            if ccount <= 3.0 {
                // Just after a backoff.
                self.bi = cur;
                self.max_b = cur;
            } else {
                self.bi = (3.0 * self.bi + cur) / 4.0;
                self.max_b = self.max_b.max(self.bi);
            }
            self.packetcount = 0.0;
            self.lasttime = now;
        }
    }

    /// tcp_htcp.c `htcp_param_update` at a congestion event.
    fn param_update(&mut self, now: Time) {
        let mut switched = false;
        if self.p.bandwidth_switch {
            let (max_b, old) = (self.max_b, self.old_max_b);
            self.old_max_b = max_b;
            // between(5·maxB, 4·old, 6·old): within ±20 %.
            if !(5.0 * max_b >= 4.0 * old && 5.0 * max_b <= 6.0 * old) {
                self.beta = self.p.beta_min;
                self.modeswitch = false;
                switched = true;
            }
        }
        if !switched {
            if self.modeswitch && self.min_rtt > MIN_RTT_FOR_ADAPTIVE_BETA && self.max_rtt > 0 {
                self.beta = (self.min_rtt as f64 / self.max_rtt as f64)
                    .clamp(self.p.beta_min, self.p.beta_max);
            } else {
                self.beta = self.p.beta_min;
                self.modeswitch = true;
            }
        }
        self.alpha_update(now);
        if self.min_rtt > 0 && self.max_rtt > self.min_rtt {
            self.max_rtt = self.min_rtt + (self.max_rtt - self.min_rtt) * 95 / 100;
        }
    }

    fn congestion(&mut self, now: Time) {
        self.param_update(now);
        self.ssthresh = (self.cwnd * self.beta).max(2.0);
        // htcp_reset: the congestion epoch restarts.
        self.last_cong = Some(now);
        self.packetcount = 0.0;
        self.lasttime = now;
    }
}

impl CongestionControl for Htcp {
    fn name(&self) -> &'static str {
        "htcp"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        self.last_ack = a.now;
        if self.last_cong.is_none() {
            self.last_cong = Some(a.now);
            self.lasttime = a.now;
        }
        let acked = common::growth_segments(a);
        if let Some(r) = a.rtt {
            self.measure_rtt(r);
        }
        self.measure_throughput(a.now, segments(a.acked_bytes, a.mss));
        // htcp_cong_avoid: `if (tcp_in_slow_start(tp)) tcp_slow_start(tp, acked); else ...`
        // (what slow start leaves over is not carried).
        if self.cwnd < self.ssthresh {
            let n = segments(a.acked_bytes, a.mss);
            common::slow_start(&mut self.cwnd, self.ssthresh, n, self.slow_start);
            return;
        }
        self.alpha_update(a.now);
        self.cwnd += self.alpha * acked / self.cwnd;
    }

    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.congestion(ev.now);
        self.cwnd = self.ssthresh;
    }

    fn on_rto(&mut self, now: Time, _inflight_bytes: u64, _mss: u32) {
        self.congestion(now);
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
        &["alpha", "beta", "delta", "min_rtt", "max_rtt", "throughput"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["seg/RTT", "", "s", "s", "s", "pkt/s"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.alpha);
        out.push(self.beta);
        out.push(
            self.last_cong
                .map_or(0.0, |c| secs(self.last_ack.saturating_sub(c))),
        );
        out.push(secs(self.min_rtt));
        out.push(secs(self.max_rtt));
        out.push(self.bi);
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd(), self.ssthresh())
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Htcp {
    type Params = HtcpParams;
    fn create(p: &HtcpParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &HtcpParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;
    use crate::engine::time::NS_PER_S;

    const MSS: u32 = 1000;
    const MS: Time = NS_PER_MS;

    fn htcp(p: HtcpParams) -> Htcp {
        Htcp::new(
            &p,
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        )
    }

    fn ack(h: &mut Htcp, now: Time, rtt: Time) {
        h.on_ack(&AckSample {
            now,
            acked_bytes: MSS as u64,
            rtt: Some(rtt),
            srtt: rtt,
            min_rtt: rtt,
            mss: MSS,
            ..Default::default()
        });
    }

    fn loss(h: &mut Htcp, now: Time) {
        h.on_congestion_event(&CongestionEvent {
            now,
            signal: CongestionSignal::Loss,
            inflight_bytes: 0,
            mss: MSS,
        });
    }

    #[test]
    fn alpha_raw_follows_the_quadratic_after_delta_l() {
        assert_eq!(Htcp::alpha_raw(0.5, 1.0), 1.0);
        assert_eq!(Htcp::alpha_raw(1.0, 1.0), 1.0);
        // Δ = 3 s: 1 + 10·2 + (2/2)² = 22.
        assert_eq!(Htcp::alpha_raw(3.0, 1.0), 22.0);
    }

    #[test]
    fn alpha_is_two_one_minus_beta_times_alpha_raw() {
        // No RTT scaling, β = 0.5 ⇒ α = α_raw. At Δ = 3 s: 22 per RTT.
        let mut h = htcp(HtcpParams {
            rtt_scaling: false,
            bandwidth_switch: false,
            ..Default::default()
        });
        h.cwnd = 100.0;
        h.ssthresh = 50.0;
        ack(&mut h, 0, 100 * MS);
        let before = h.cwnd;
        ack(&mut h, 3 * NS_PER_S, 100 * MS);
        assert_eq!(h.alpha(), 22.0);
        assert!((h.cwnd - (before + 22.0 / before)).abs() < 1e-12);
    }

    #[test]
    fn rtt_scaling_divides_by_100ms_over_rtt_min_but_not_below_one() {
        let mut h = htcp(HtcpParams {
            bandwidth_switch: false,
            ..Default::default()
        });
        h.cwnd = 100.0;
        h.ssthresh = 50.0;
        ack(&mut h, 0, 50 * MS); // RTT_min 50 ms ⇒ scale 2
        ack(&mut h, 3 * NS_PER_S, 50 * MS);
        assert_eq!(h.alpha(), 11.0, "22/2 with β = 0.5");
        let mut h2 = htcp(HtcpParams::default());
        h2.cwnd = 100.0;
        h2.ssthresh = 50.0;
        ack(&mut h2, 0, 20 * MS);
        ack(&mut h2, 500 * MS, 20 * MS);
        assert_eq!(h2.alpha(), 1.0, "α_raw 1 / 5 → floored at 1");
    }

    #[test]
    fn beta_adapts_to_rtt_min_over_rtt_max_from_the_second_event() {
        let mut h = htcp(HtcpParams {
            bandwidth_switch: false,
            ..Default::default()
        });
        h.cwnd = 100.0;
        ack(&mut h, 0, 100 * MS);
        ack(&mut h, MS, 115 * MS);
        ack(&mut h, 2 * MS, 130 * MS); // RTT_max grows in ≤ 20 ms steps
        assert_eq!(h.max_rtt, 130 * MS);
        loss(&mut h, 3 * MS);
        assert_eq!(h.beta(), 0.5, "first event: modeswitch off ⇒ β_min");
        h.cwnd = 100.0;
        loss(&mut h, 4 * MS);
        // RTT_max faded to 100 + 0.95·30 = 128.5 ms at the first event.
        let expect = (100.0 / 128.5f64).clamp(0.5, 0.8);
        assert!((h.beta() - expect).abs() < 1e-9, "β = {}", h.beta());
        assert!((h.ssthresh - 100.0 * expect).abs() < 1e-9);
    }

    #[test]
    fn bandwidth_switch_resets_beta_when_throughput_moves_20_percent() {
        let mut h = htcp(HtcpParams::default());
        h.modeswitch = true;
        h.min_rtt = 100 * MS;
        h.max_rtt = 110 * MS;
        h.max_b = 1000.0;
        h.old_max_b = 700.0;
        h.cwnd = 50.0;
        loss(&mut h, NS_PER_S);
        assert_eq!(h.beta(), 0.5);
        assert!(!h.modeswitch);
    }
}
