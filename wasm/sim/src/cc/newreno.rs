//! Reno/NewReno congestion control (RFC 5681 §3.1). Slow start grows cwnd by
//! the flow's rule (`tcp.slow_start`: every acknowledged byte as Linux
//! `tcp_slow_start`, with the excess over ssthresh carried into congestion
//! avoidance; or at most 2 SMSS or 1 SMSS per ACK, RFC 3465 / RFC 5681);
//! congestion avoidance uses appropriate byte counting (RFC 3465 §2.1),
//! exactly one SMSS per cwnd of acknowledged bytes, or optionally
//! SMSS·SMSS/cwnd per ACK (RFC 5681 eq. 3).
//! Fast-recovery window inflation (RFC 6582) lives in the sender, not here.

use super::common::RttSeen;
use super::common::SlowStart;
use super::{AckSample, CcContext, CongestionControl, CongestionEvent, Handoff};
use crate::engine::Time;

pub struct NewReno {
    cwnd: u64,
    ssthresh: u64,
    /// Bytes acknowledged since cwnd last grew in congestion avoidance (RFC 3465).
    bytes_acked: u64,
    /// RFC 3465 byte counting in congestion avoidance (else RFC 5681 eq. 3 per ACK).
    byte_counting: bool,
    slow_start: SlowStart,
    rtt: RttSeen,
}

impl NewReno {
    pub fn new(mss: u32, initial_cwnd_segments: u32) -> Self {
        Self {
            cwnd: mss as u64 * initial_cwnd_segments as u64,
            ssthresh: u64::MAX,
            bytes_acked: 0,
            byte_counting: true,
            slow_start: SlowStart::default(),
            rtt: RttSeen::default(),
        }
    }

    /// Start with this slow-start threshold (bytes) instead of "unlimited".
    pub fn with_ssthresh(mut self, ssthresh: u64) -> Self {
        self.ssthresh = ssthresh;
        self
    }

    /// Count acknowledged bytes (RFC 3465) or ACKs (RFC 5681 eq. 3) in congestion avoidance.
    pub fn with_byte_counting(mut self, on: bool) -> Self {
        self.byte_counting = on;
        self
    }

    /// Grow in slow start by this rule (`tcp.slow_start`).
    pub fn with_slow_start(mut self, rule: SlowStart) -> Self {
        self.slow_start = rule;
        self
    }

    /// Take over a running flow: its window and ssthresh as they are.
    pub fn from_handoff(ctx: &CcContext, h: &Handoff) -> Self {
        Self {
            cwnd: h.cwnd_bytes.max(ctx.mss as u64),
            ssthresh: h.ssthresh_bytes,
            bytes_acked: 0,
            byte_counting: true,
            slow_start: ctx.slow_start,
            rtt: RttSeen::from_handoff(h),
        }
    }

    /// RFC 5681 eq. (4): ssthresh = max(FlightSize / 2, 2*SMSS).
    fn halve(inflight: u64, mss: u32) -> u64 {
        (inflight / 2).max(2 * mss as u64)
    }
}

impl CongestionControl for NewReno {
    fn name(&self) -> &'static str {
        "newreno"
    }

    fn on_ack(&mut self, a: &AckSample) {
        self.rtt.update(a);
        let mss = a.mss as u64;
        let mut acked = a.acked_bytes;
        if self.cwnd < self.ssthresh {
            // tcp_reno_cong_avoid: `acked = tcp_slow_start(tp, acked); if (!acked) return;`
            let limit = match self.slow_start {
                SlowStart::Linux => u64::MAX,
                SlowStart::Rfc3465 => 2 * mss, // RFC 3465 §2.2, L = 2·SMSS
                SlowStart::Rfc5681 => mss,     // RFC 5681 §3.1 eq. (2): min(N, SMSS)
            };
            let grown = (self.cwnd + acked.min(limit)).min(self.ssthresh);
            let used = grown - self.cwnd;
            self.cwnd = grown;
            acked = match self.slow_start {
                SlowStart::Linux => acked - used,
                _ => 0,
            };
            if acked == 0 {
                return;
            }
        }
        if !self.byte_counting {
            // RFC 5681 eq. (3): cwnd += SMSS*SMSS/cwnd per ACK, at least 1 byte.
            self.cwnd += (mss * mss / self.cwnd).max(1);
        } else {
            // RFC 3465 §2.1: +SMSS once a full cwnd of bytes has been acknowledged.
            self.bytes_acked += acked;
            if self.bytes_acked >= self.cwnd {
                self.bytes_acked -= self.cwnd;
                self.cwnd += mss;
            }
        }
    }

    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.ssthresh = Self::halve(ev.inflight_bytes, ev.mss);
        self.cwnd = self.ssthresh;
        self.bytes_acked = 0;
    }

    fn on_rto(&mut self, _now: Time, inflight_bytes: u64, mss: u32) {
        // RFC 5681 §3.1 eq. (4) and the loss window of one segment.
        self.ssthresh = Self::halve(inflight_bytes, mss);
        self.cwnd = mss as u64;
        self.bytes_acked = 0;
    }

    fn on_recovery_exit(&mut self, _now: Time, _mss: u32) {
        // RFC 6582 §3.2 step 3: deflate to ssthresh.
        self.cwnd = self.ssthresh;
    }

    fn undo(&mut self, prior_cwnd: u64, prior_ssthresh: u64) -> bool {
        // Linux tcp_undo_cwnd_reduction with tcp_reno_undo_cwnd.
        self.cwnd = self.cwnd.max(prior_cwnd);
        self.ssthresh = self.ssthresh.max(prior_ssthresh);
        true
    }

    fn cwnd(&self) -> u64 {
        self.cwnd
    }

    fn ssthresh(&self) -> u64 {
        self.ssthresh
    }

    fn metric_names(&self) -> &'static [&'static str] {
        &["bytes_acked"]
    }

    fn metric_units(&self) -> &'static [&'static str] {
        &["B"]
    }

    fn metrics(&self, out: &mut Vec<f64>) {
        out.push(self.bytes_acked as f64);
    }

    fn handoff(&self, now: Time) -> Handoff {
        self.rtt.handoff(now, self.cwnd, self.ssthresh)
    }
}

/// The registry's constructors (cc/registry.rs): NewReno takes no parameters.
impl super::Registered for NewReno {
    type Params = ();
    fn create(_: &(), ctx: &super::CcContext) -> Self {
        Self::new(ctx.mss, ctx.initial_cwnd_segments).with_slow_start(ctx.slow_start)
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

    fn ack(bytes: u64) -> AckSample {
        AckSample {
            acked_bytes: bytes,
            mss: MSS,
            ..Default::default()
        }
    }

    #[test]
    fn slow_start_doubles_the_window_each_round_trip() {
        let mut cc = NewReno::new(MSS, 1);
        for expected in [2, 4, 8, 16] {
            let acks = cc.cwnd() / MSS as u64;
            for _ in 0..acks {
                cc.on_ack(&ack(MSS as u64));
            }
            assert_eq!(cc.cwnd(), expected * MSS as u64);
        }
    }

    #[test]
    fn with_delayed_acks_slow_start_doubles_per_round_trip_and_carries_the_excess() {
        // Linux tcp_slow_start: a delayed ACK for two segments adds two.
        let mut cc = NewReno::new(MSS, 10).with_ssthresh(45 * MSS as u64);
        for expected in [20, 40] {
            let acks = cc.cwnd() / (2 * MSS as u64);
            for _ in 0..acks {
                cc.on_ack(&ack(2 * MSS as u64));
            }
            assert_eq!(cc.cwnd(), expected * MSS as u64);
        }
        cc.on_ack(&ack(2 * MSS as u64));
        cc.on_ack(&ack(2 * MSS as u64));
        assert_eq!(cc.cwnd(), 44 * MSS as u64);
        // 44 + 2 passes ssthresh 45: cwnd stops there, one segment goes to
        // congestion avoidance's byte count (tcp_slow_start's return value).
        cc.on_ack(&ack(2 * MSS as u64));
        assert_eq!(cc.cwnd(), 45 * MSS as u64);
        assert_eq!(cc.bytes_acked, MSS as u64);
    }

    #[test]
    fn rfc3465_limits_slow_start_to_two_segments_per_ack() {
        let mut cc = NewReno::new(MSS, 10).with_slow_start(SlowStart::Rfc3465);
        cc.on_ack(&ack(5 * MSS as u64)); // a stretch ACK for five segments
        assert_eq!(cc.cwnd(), 12 * MSS as u64, "L = 2·SMSS");
        let mut cc = NewReno::new(MSS, 10);
        cc.on_ack(&ack(5 * MSS as u64));
        assert_eq!(cc.cwnd(), 15 * MSS as u64, "Linux counts all five");
        let mut cc = NewReno::new(MSS, 10).with_slow_start(SlowStart::Rfc5681);
        cc.on_ack(&ack(5 * MSS as u64));
        assert_eq!(cc.cwnd(), 11 * MSS as u64, "min(N, SMSS)");
    }

    #[test]
    fn congestion_avoidance_adds_one_segment_per_window() {
        let mut cc = NewReno::new(MSS, 10);
        cc.ssthresh = 8 * MSS as u64;
        for _ in 0..10 {
            cc.on_ack(&ack(MSS as u64));
        }
        assert_eq!(cc.cwnd(), 11 * MSS as u64);
        for _ in 0..10 {
            cc.on_ack(&ack(MSS as u64));
        }
        assert_eq!(cc.cwnd(), 11 * MSS as u64, "needs 11 segments acked now");
        cc.on_ack(&ack(MSS as u64));
        assert_eq!(cc.cwnd(), 12 * MSS as u64);
    }

    #[test]
    fn per_ack_counting_adds_smss_squared_over_cwnd() {
        let mut cc = NewReno::new(MSS, 10)
            .with_ssthresh(2 * MSS as u64)
            .with_byte_counting(false);
        cc.on_ack(&ack(2 * MSS as u64)); // one delayed ACK for two segments
        assert_eq!(cc.cwnd(), 10 * MSS as u64 + MSS as u64 / 10);
    }

    #[test]
    fn three_dupacks_halve_flight_size() {
        let mut cc = NewReno::new(MSS, 10);
        cc.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 20 * MSS as u64,
            mss: MSS,
        });
        assert_eq!(cc.ssthresh(), 10 * MSS as u64);
        assert_eq!(cc.cwnd(), 10 * MSS as u64);
    }

    #[test]
    fn ssthresh_is_at_least_two_segments() {
        let mut cc = NewReno::new(MSS, 10);
        cc.on_rto(0, MSS as u64, MSS);
        assert_eq!(cc.ssthresh(), 2 * MSS as u64);
        assert_eq!(cc.cwnd(), MSS as u64, "loss window is one segment");
    }
}
