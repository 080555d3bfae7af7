//! TCP Vegas (Brakmo & Peterson, JSAC 13(8), 1995) as Linux
//! net/ipv4/tcp_vegas.c runs it: once per round trip, with RTT = the minimum
//! sample of the last round (filters delayed ACKs) and baseRTT = the minimum
//! ever, Diff = cwnd·(RTT − baseRTT)/baseRTT packets queued;
//! Diff < α ⇒ cwnd + 1, Diff > β ⇒ cwnd − 1; in slow start, Diff > γ ⇒ set
//! cwnd to the actual rate (cwnd·baseRTT/RTT + 1) and leave slow start. Slow
//! start grows every RTT (not every other RTT). Rounds with ≤ 2 RTT samples
//! fall back to Reno. α = 2, β = 4, γ = 1 (tcp_vegas.c; ns-3 TcpVegas).
//! Diff is kept in real arithmetic (Linux truncates it to an integer).

use super::common::{
    self, secs, segments, ssthresh_bytes, to_bytes, RoundRtt, RoundTracker, RttSeen, SlowStart,
};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Parameters: the `cc_params.vegas` block. Defaults and the sources behind
// them are documented on each field (they become the JSON Schema); `check`
// gives the ranges the validator holds them to.
// ---------------------------------------------------------------------------

/// TCP Vegas thresholds, packets queued in the network (Linux tcp_vegas.c; ns-3 TcpVegas).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct VegasParams {
    /// α: grow cwnd while Diff < α, in [0, 1000]. Default 2.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000.0)))]
    pub alpha: f64,
    /// β: shrink cwnd while Diff > β, in [α, 1000]. Default 4.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000.0)))]
    pub beta: f64,
    /// γ: leave slow start once Diff > γ, in [0, 1000]. Default 1.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 1000.0)))]
    pub gamma: f64,
}

impl Default for VegasParams {
    fn default() -> Self {
        Self {
            alpha: 2.0,
            beta: 4.0,
            gamma: 1.0,
        }
    }
}

impl ParamBlock for VegasParams {
    fn check(&self, c: &mut FieldChecks) {
        c.closed("alpha", self.alpha, 0.0, 1000.0);
        c.closed("beta", self.beta, 0.0, 1000.0);
        c.closed("gamma", self.gamma, 0.0, 1000.0);
        c.at_least_field("beta", self.beta, "alpha", self.alpha);
    }
}

pub struct Vegas {
    mss: u32,
    alpha: f64,
    beta: f64,
    gamma: f64,
    /// Integer segments.
    cwnd: f64,
    ssthresh: f64,
    cwnd_cnt: f64,
    base_rtt: Option<Time>,
    round: RoundTracker,
    round_rtt: RoundRtt,
    /// RTT used at the last per-round decision (min of that round).
    last_rtt: Time,
    diff: f64,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl Vegas {
    pub fn new(p: &VegasParams, ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            alpha: p.alpha,
            beta: p.beta,
            gamma: p.gamma,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            cwnd_cnt: 0.0,
            base_rtt: None,
            round: RoundTracker::default(),
            round_rtt: RoundRtt::default(),
            last_rtt: 0,
            diff: 0.0,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window and ssthresh as handed over,
    /// baseRTT = the connection's minimum RTT; the first round starts at the
    /// next ACK.
    pub fn from_handoff(p: &VegasParams, ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(p, ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).floor().max(2.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        s.base_rtt = (h.min_rtt > 0).then_some(h.min_rtt);
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    pub fn diff(&self) -> f64 {
        self.diff
    }
    pub fn base_rtt(&self) -> Option<Time> {
        self.base_rtt
    }

    /// Diff = cwnd·(RTT − baseRTT)/baseRTT = (Expected − Actual)·baseRTT.
    pub fn diff_of(cwnd: f64, rtt: Time, base: Time) -> f64 {
        cwnd * (rtt as f64 - base as f64) / base as f64
    }

    /// tcp_reno_cong_avoid: slow start, then additive increase with what is left.
    fn reno(&mut self, acked: f64) {
        let left = common::slow_start(&mut self.cwnd, self.ssthresh, acked, self.slow_start);
        if left > 0.0 {
            let w = self.cwnd;
            let ca = left.min(common::ABC_LIMIT_SEGMENTS);
            common::cong_avoid_ai(&mut self.cwnd, &mut self.cwnd_cnt, w, ca);
        }
    }

    /// The once-per-RTT decision of tcp_vegas_cong_avoid.
    fn per_round(&mut self, acked: f64) {
        let (Some(rtt), Some(base)) = (self.round_rtt.min, self.base_rtt) else {
            self.reno(acked);
            return;
        };
        if self.round_rtt.count <= 2 {
            // Too few samples to trust: behave like Reno.
            self.reno(acked);
            return;
        }
        self.last_rtt = rtt;
        let base = base.max(1);
        let target = (self.cwnd * base as f64 / rtt.max(1) as f64).floor();
        self.diff = Self::diff_of(self.cwnd, rtt, base);
        let in_ss = self.cwnd < self.ssthresh;
        if self.diff > self.gamma && in_ss {
            // Going too fast: match the actual rate and leave slow start.
            self.cwnd = self.cwnd.min(target + 1.0);
            self.ssthresh = self.ssthresh.min(self.cwnd);
        } else if in_ss {
            common::slow_start(&mut self.cwnd, self.ssthresh, acked, self.slow_start);
        } else if self.diff > self.beta {
            self.cwnd -= 1.0;
            self.ssthresh = self.ssthresh.min(self.cwnd);
        } else if self.diff < self.alpha {
            self.cwnd += 1.0;
        }
        self.cwnd = self.cwnd.max(2.0);
        // tcp_current_ssthresh in the Open state: max(ssthresh, 3/4·cwnd).
        let c = self.cwnd as u64;
        self.ssthresh = self.ssthresh.max(((c >> 1) + (c >> 2)) as f64);
    }
}

impl CongestionControl for Vegas {
    fn name(&self) -> &'static str {
        "vegas"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        if let Some(r) = a.rtt {
            let r = r.max(1);
            self.base_rtt = Some(self.base_rtt.map_or(r, |b| b.min(r)));
            self.round_rtt.add(r);
        }
        // Slow start counts every acknowledged segment (tcp_vegas_cong_avoid
        // calls tcp_slow_start with `acked`).
        let acked = segments(a.acked_bytes, a.mss);
        if self.round.on_ack(a) {
            self.per_round(acked);
            self.round_rtt.clear();
        } else if self.cwnd < self.ssthresh {
            common::slow_start(&mut self.cwnd, self.ssthresh, acked, self.slow_start);
        }
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        // tcp_reno_ssthresh: max(cwnd/2, 2).
        self.ssthresh = ((self.cwnd as u64 >> 1).max(2)) as f64;
        self.cwnd = self.ssthresh;
        self.cwnd_cnt = 0.0;
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        self.ssthresh = ((self.cwnd as u64 >> 1).max(2)) as f64;
        self.cwnd = 1.0;
        self.cwnd_cnt = 0.0;
        self.round.restart();
        self.round_rtt.clear();
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        self.cwnd = self.ssthresh;
        // vegas_enable on returning to the Open state.
        self.round.restart();
        self.round_rtt.clear();
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["diff", "base_rtt", "rtt", "expected", "actual"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["pkt", "s", "s", "pkt/s", "pkt/s"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        let base = self.base_rtt.map_or(0.0, secs);
        let rtt = secs(self.last_rtt);
        out.push(self.diff);
        out.push(base);
        out.push(rtt);
        out.push(if base > 0.0 { self.cwnd / base } else { 0.0 });
        out.push(if rtt > 0.0 { self.cwnd / rtt } else { 0.0 });
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            min_rtt: self.base_rtt.unwrap_or(self.rtt.min_rtt),
            ..self.rtt.handoff(now, self.cwnd(), self.ssthresh())
        }
    }
}

/// The registry's constructors (cc/registry.rs).
impl super::Registered for Vegas {
    type Params = VegasParams;
    fn create(p: &VegasParams, ctx: &super::CcContext) -> Self {
        Self::new(p, ctx)
    }
    fn resume(p: &VegasParams, ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(p, ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    const MSS: u32 = 1000;
    const MS: Time = NS_PER_MS;

    fn vegas() -> Vegas {
        Vegas::new(
            &VegasParams::default(),
            &CcContext {
                mss: MSS,
                initial_cwnd_segments: 10,
                seed: 0,
                slow_start: Default::default(),
            },
        )
    }

    /// `n` ACKs of one segment each with a window of `w` segments: after
    /// the ACK for segment k, segments k+1 .. k+w−1 are in flight and k+w is
    /// sent next, so a round opened at ACK k ends at ACK k + w. `rtt` None:
    /// no RTT sample.
    fn acks(v: &mut Vegas, k: &mut u64, n: u64, w: u64, rtt: Option<Time>, now: &mut Time) {
        for _ in 0..n {
            *k += 1;
            v.on_ack(&AckSample {
                now: *now,
                acked_bytes: MSS as u64,
                rtt,
                inflight_bytes: (w - 1) * MSS as u64,
                delivered_bytes: *k * MSS as u64,
                mss: MSS,
                ..Default::default()
            });
            *now += MS;
        }
    }

    #[test]
    fn diff_is_cwnd_times_queueing_delay_over_base_rtt() {
        // 20 packets, base 100 ms, RTT 110 ms: 20·10/100 = 2 packets queued.
        assert_eq!(Vegas::diff_of(20.0, 110 * MS, 100 * MS), 2.0);
    }

    /// Congestion avoidance at `cwnd` with baseRTT `base`; the first ACK
    /// (no RTT sample) opens a round that ends 20 ACKs later.
    fn in_ca(cwnd: f64, base: Time) -> (Vegas, u64, Time) {
        let mut v = vegas();
        v.cwnd = cwnd;
        v.ssthresh = 1.0;
        v.base_rtt = Some(base);
        let (mut k, mut now) = (0, 0);
        acks(&mut v, &mut k, 1, 20, None, &mut now);
        (v, k, now)
    }

    #[test]
    fn once_per_rtt_adds_one_while_diff_is_below_alpha() {
        let (mut v, mut k, mut now) = in_ca(20.0, 100 * MS);
        acks(&mut v, &mut k, 19, 20, Some(105 * MS), &mut now);
        assert_eq!(v.cwnd, 20.0, "nothing between round ends");
        acks(&mut v, &mut k, 1, 20, Some(105 * MS), &mut now);
        // Diff = 20·5/100 = 1 < α = 2 ⇒ +1, once.
        assert_eq!(v.diff(), 1.0);
        assert_eq!(v.cwnd, 21.0);
    }

    #[test]
    fn holds_between_alpha_and_beta_and_backs_off_above_beta() {
        let (mut v, mut k, mut now) = in_ca(20.0, 100 * MS);
        acks(&mut v, &mut k, 20, 20, Some(115 * MS), &mut now);
        assert_eq!(v.diff(), 3.0);
        assert_eq!(v.cwnd, 20.0, "α ≤ 3 ≤ β: hold");
        acks(&mut v, &mut k, 20, 20, Some(130 * MS), &mut now);
        assert_eq!(v.diff(), 6.0);
        assert_eq!(v.cwnd, 19.0, "Diff > β: −1");
    }

    #[test]
    fn slow_start_ends_when_diff_exceeds_gamma_at_the_actual_rate() {
        let mut v = vegas();
        v.cwnd = 20.0;
        v.base_rtt = Some(100 * MS);
        let (mut k, mut now) = (0, 0);
        acks(&mut v, &mut k, 1, 20, None, &mut now);
        acks(&mut v, &mut k, 20, 20, Some(125 * MS), &mut now);
        // Slow start took cwnd to 40 by the round end; there Diff =
        // 40·25/100 > γ ⇒ cwnd = min(40, ⌊40·100/125⌋ + 1) = 33 = ssthresh.
        assert_eq!(v.cwnd, 33.0);
        assert_eq!(v.ssthresh, 33.0);
    }

    #[test]
    fn rounds_with_two_samples_or_fewer_fall_back_to_reno() {
        let (mut v, mut k, mut now) = in_ca(20.0, 100 * MS);
        acks(&mut v, &mut k, 19, 20, None, &mut now);
        acks(&mut v, &mut k, 1, 20, Some(200 * MS), &mut now);
        assert_eq!(v.cwnd, 20.0, "Reno AI for that ACK, no Vegas cut");
        assert_eq!(v.diff(), 0.0);
    }
}
