//! TCP Westwood+ (Mascolo et al., MobiCom 2001; Grieco & Mascolo, CCR 2004)
//! as Linux net/ipv4/tcp_westwood.c runs it: the bytes acknowledged over a
//! window Δ > max(RTT, TCP_WESTWOOD_RTT_MIN = 50 ms) give one bandwidth
//! sample; two first-order filters with gain 1/8 smooth it
//! (bw_ns_est = (7·bw_ns_est + sample)/8, bw_est = (7·bw_est + bw_ns_est)/8).
//! Growth is Reno's. After a loss, cwnd = ssthresh = max(bw_est·RTT_min/MSS,
//! 2) (Linux applies it when recovery completes, CA_EVENT_COMPLETE_CWR; here
//! ssthresh takes the value at the event and cwnd at recovery exit, which
//! ends the same). After a timeout ssthresh takes that value and cwnd = 1.
//! Before the first bandwidth sample a loss halves the window like Reno
//! (Linux would use the floor of 2 segments).

use super::common::{self, secs, segments, ssthresh_bytes, to_bytes, RttSeen, SlowStart};
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff};
use crate::engine::time::{Time, NS_PER_MS};

/// tcp_westwood.c `TCP_WESTWOOD_RTT_MIN` = HZ/20: 50 ms.
pub const RTT_MIN_WINDOW: Time = 50 * NS_PER_MS;

pub struct WestwoodPlus {
    mss: u32,
    cwnd: f64,
    ssthresh: f64,
    cwnd_cnt: f64,
    /// Bytes acknowledged in the current sampling window (bk).
    bk: u64,
    /// Start of the current sampling window (rtt_win_sx).
    win_start: Option<Time>,
    /// Filter outputs, bytes/s.
    bw_ns_est: f64,
    bw_est: f64,
    /// Minimum RTT (reset after a timeout).
    rtt_min: Time,
    reset_rtt_min: bool,
    /// The flow's slow-start rule (`tcp.slow_start`).
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl WestwoodPlus {
    pub fn new(ctx: &CcContext) -> Self {
        Self {
            mss: ctx.mss,
            cwnd: ctx.initial_cwnd_segments.max(1) as f64,
            ssthresh: f64::INFINITY,
            cwnd_cnt: 0.0,
            bk: 0,
            win_start: None,
            bw_ns_est: 0.0,
            bw_est: 0.0,
            rtt_min: 0,
            reset_rtt_min: true,
            slow_start: ctx.slow_start,
            rtt: RttSeen::default(),
        }
    }

    /// Take over a running flow: window and ssthresh as handed over; the
    /// bandwidth estimate starts from the predecessor's (or cwnd/srtt).
    pub fn from_handoff(ctx: &CcContext, h: &Handoff) -> Self {
        let mut s = Self::new(ctx);
        s.cwnd = segments(h.cwnd_bytes, ctx.mss).max(1.0);
        s.ssthresh = common::ssthresh_segments(h.ssthresh_bytes, ctx.mss);
        if let Some(bps) = h.bandwidth_bps.or(h.window_rate_bps()) {
            s.bw_est = bps / 8.0;
            s.bw_ns_est = bps / 8.0;
        }
        s.rtt_min = h.min_rtt;
        s.reset_rtt_min = h.min_rtt == 0;
        s.rtt = RttSeen::from_handoff(h);
        s
    }

    /// Bandwidth estimate, bytes/s.
    pub fn bw_est(&self) -> f64 {
        self.bw_est
    }

    /// tcp_westwood.c `westwood_filter`.
    fn filter(&mut self, sample: f64) {
        if self.bw_ns_est == 0.0 && self.bw_est == 0.0 {
            self.bw_ns_est = sample;
            self.bw_est = sample;
        } else {
            self.bw_ns_est = (7.0 * self.bw_ns_est + sample) / 8.0;
            self.bw_est = (7.0 * self.bw_est + self.bw_ns_est) / 8.0;
        }
    }

    /// tcp_westwood.c `tcp_westwood_bw_rttmin`: max(bw·RTT_min/MSS, 2) segments.
    pub fn bw_rttmin(&self) -> f64 {
        (self.bw_est * secs(self.rtt_min) / self.mss as f64)
            .floor()
            .max(2.0)
    }

    fn loss_ssthresh(&self) -> f64 {
        if self.bw_est > 0.0 && self.rtt_min > 0 {
            self.bw_rttmin()
        } else {
            (self.cwnd / 2.0).floor().max(2.0)
        }
    }
}

impl CongestionControl for WestwoodPlus {
    fn name(&self) -> &'static str {
        "westwood_plus"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        if let Some(r) = a.rtt {
            self.rtt_min = if self.reset_rtt_min || self.rtt_min == 0 {
                r
            } else {
                self.rtt_min.min(r)
            };
            self.reset_rtt_min = false;
        }
        // westwood_update_window: one sample per window longer than max(RTT, 50 ms).
        let start = *self.win_start.get_or_insert(a.now);
        self.bk += a.acked_bytes;
        let delta = a.now - start;
        let rtt = self.rtt.latest;
        if rtt > 0 && delta > rtt.max(RTT_MIN_WINDOW) {
            self.filter(self.bk as f64 / secs(delta));
            self.bk = 0;
            self.win_start = Some(a.now);
        }
        // tcp_reno_cong_avoid: slow start, then additive increase with what is left.
        if let Some(acked) =
            common::slow_start_then_ca(&mut self.cwnd, self.ssthresh, a, self.slow_start)
        {
            let w = self.cwnd;
            common::cong_avoid_ai(&mut self.cwnd, &mut self.cwnd_cnt, w, acked);
        }
    }

    fn on_congestion_event(&mut self, _ev: &CongestionEvent) {
        self.ssthresh = self.loss_ssthresh();
        self.cwnd = self.cwnd.min(self.ssthresh);
        self.cwnd_cnt = 0.0;
    }

    fn on_rto(&mut self, _now: Time, _inflight_bytes: u64, _mss: u32) {
        // CA_EVENT_LOSS: ssthresh from the estimate; RTT_min is re-learned.
        self.ssthresh = self.loss_ssthresh();
        self.reset_rtt_min = true;
        self.cwnd = 1.0;
        self.cwnd_cnt = 0.0;
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        // CA_EVENT_COMPLETE_CWR: cwnd = ssthresh = bw·RTT_min.
        self.cwnd = self.ssthresh;
    }

    fn cwnd(&self) -> u64 {
        to_bytes(self.cwnd, self.mss)
    }

    fn ssthresh(&self) -> u64 {
        ssthresh_bytes(self.ssthresh, self.mss)
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["bw_est", "bw_ns_est", "rtt_min", "bw_rttmin"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["b/s", "b/s", "s", "seg"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.bw_est * 8.0);
        out.push(self.bw_ns_est * 8.0);
        out.push(secs(self.rtt_min));
        out.push(if self.rtt_min > 0 {
            self.bw_rttmin()
        } else {
            0.0
        });
    }

    fn handoff(&self, now: Time) -> Handoff {
        Handoff {
            now,
            cwnd_bytes: self.cwnd(),
            ssthresh_bytes: self.ssthresh(),
            srtt: self.rtt.srtt,
            min_rtt: self.rtt.min_rtt,
            latest_rtt: self.rtt.latest,
            bandwidth_bps: (self.bw_est > 0.0).then_some(self.bw_est * 8.0),
            pacing_rate_bps: None,
        }
    }
}

/// The registry's constructors (cc/registry.rs): WestwoodPlus takes no parameters.
impl super::Registered for WestwoodPlus {
    type Params = ();
    fn create(_: &(), ctx: &super::CcContext) -> Self {
        Self::new(ctx)
    }
    fn resume(_: &(), ctx: &super::CcContext, h: &super::Handoff) -> Self {
        Self::from_handoff(ctx, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CongestionSignal;

    const MSS: u32 = 1000;
    const MS: Time = NS_PER_MS;

    fn ww() -> WestwoodPlus {
        WestwoodPlus::new(&CcContext {
            mss: MSS,
            initial_cwnd_segments: 10,
            seed: 0,
            slow_start: Default::default(),
        })
    }

    /// ACKs of one segment every `gap`, RTT `rtt`, for `dur`.
    fn stream(w: &mut WestwoodPlus, now: &mut Time, gap: Time, rtt: Time, dur: Time) {
        let end = *now + dur;
        while *now < end {
            w.on_ack(&AckSample {
                now: *now,
                acked_bytes: MSS as u64,
                rtt: Some(rtt),
                srtt: rtt,
                min_rtt: rtt,
                mss: MSS,
                ..Default::default()
            });
            *now += gap;
        }
    }

    #[test]
    fn first_sample_initialises_both_filters() {
        let mut w = ww();
        let mut now = 0;
        // One segment per ms = 1 MB/s; window > max(RTT 20 ms, 50 ms).
        stream(&mut w, &mut now, MS, 20 * MS, 52 * MS);
        // 51 ACKs after the first, over 51 ms ⇒ the first sample at 51 ms.
        assert!((w.bw_est() - 1.0e6).abs() / 1.0e6 < 0.03, "{}", w.bw_est());
        assert_eq!(w.bw_est, w.bw_ns_est);
    }

    #[test]
    fn the_two_stage_filter_has_gain_one_eighth() {
        let mut w = ww();
        w.filter(800.0);
        w.filter(1600.0);
        assert_eq!(w.bw_ns_est, (7.0 * 800.0 + 1600.0) / 8.0);
        assert_eq!(w.bw_est, (7.0 * 800.0 + 900.0) / 8.0);
    }

    #[test]
    fn loss_sets_cwnd_and_ssthresh_to_bandwidth_times_rtt_min() {
        let mut w = ww();
        w.bw_est = 1.25e6; // 10 Mb/s
        w.rtt_min = 40 * MS;
        w.cwnd = 100.0;
        w.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 100_000,
            mss: MSS,
        });
        // 1.25e6 B/s · 0.04 s / 1000 B = 50 segments.
        assert_eq!(w.ssthresh, 50.0);
        w.on_recovery_exit(0, MSS);
        assert_eq!(w.cwnd, 50.0);
    }

    #[test]
    fn without_an_estimate_a_loss_halves_like_reno() {
        let mut w = ww();
        w.cwnd = 30.0;
        w.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 30_000,
            mss: MSS,
        });
        assert_eq!(w.ssthresh, 15.0);
    }
}
