//! Small pieces shared by the algorithms: unit conversions, slow start (by
//! the flow's rule) and additive increase in segments, the per-round-trip bookkeeping that
//! delay-based algorithms need, and the RTT values kept for a hand-off.
//!
//! Windows inside the algorithms are `f64` segments (integers for the
//! Linux-derived ones); [`to_bytes`] converts at the trait boundary. Only
//! + − × ÷ and `libm` functions touch them, so native and wasm32 agree bit for bit.

use super::AckSample;
use crate::engine::Time;
use serde::{Deserialize, Serialize};

/// How slow start grows the window on each ACK (`tcp.slow_start`).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum SlowStart {
    /// Linux `tcp_slow_start` (net/ipv4/tcp_cong.c): cwnd grows by every
    /// segment the ACK newly acknowledges, up to ssthresh; what is left over
    /// counts towards congestion avoidance on the same ACK. With delayed ACKs
    /// the window still doubles each round trip, as in Linux and ns-3.
    #[default]
    Linux,
    /// RFC 3465 §2.2 with L = 2·SMSS: at most two segments per ACK.
    Rfc3465,
    /// RFC 5681 §3.1: min(N, SMSS) per ACK, one segment per ACK however many
    /// it acknowledges (4.3BSD; ns-3 `TcpNewReno`). With delayed ACKs the
    /// window grows about ×1.5 per round trip.
    Rfc5681,
}

/// Seconds in a simulated duration.
pub fn secs(t: Time) -> f64 {
    t as f64 / 1e9
}

/// Bytes acknowledged, as (fractional) segments.
pub fn segments(bytes: u64, mss: u32) -> f64 {
    bytes as f64 / mss.max(1) as f64
}

/// RFC 3465 §2.2: the largest increase one ACK may cause, L = 2·SMSS.
pub const ABC_LIMIT_SEGMENTS: f64 = 2.0;

/// Segments acknowledged by this ACK as they may drive growth in congestion
/// avoidance: at most L = 2 (RFC 3465 §2.2). After a timeout the sender
/// resends go-back-N and one cumulative ACK can cover thousands of segments
/// the receiver had buffered; Linux would not grow then
/// (`tcp_is_cwnd_limited`), but the controllers here cannot see whether the
/// window was in use, so the count is capped instead. Slow start counts the
/// true number ([`slow_start`], capped by ssthresh), and so do rate and
/// throughput measurements.
pub fn growth_segments(a: &AckSample) -> f64 {
    segments(a.acked_bytes, a.mss).min(ABC_LIMIT_SEGMENTS)
}

/// Slow start on one ACK that acknowledged `acked` segments, by the flow's
/// rule (`tcp.slow_start`):
///
/// - `linux`: Linux `tcp_slow_start` (net/ipv4/tcp_cong.c): cwnd =
///   min(cwnd + acked, ssthresh), and what did not fit below ssthresh is
///   returned, for congestion avoidance on the same ACK (Linux's return
///   value, which `tcp_reno_cong_avoid` and `cubictcp_cong_avoid` pass on).
///   Two segments per delayed ACK: the window doubles each round trip.
/// - `rfc3465`: RFC 3465 §2.2, cwnd += min(N, L·SMSS) with L = 2.
/// - `rfc5681`: RFC 5681 §3.1 eq. (2), cwnd += min(N, SMSS): one segment
///   per ACK, ×1.5 per round trip with delayed ACKs.
///
/// The RFC rules use the whole ACK for slow start (they return 0) and
/// also stop at ssthresh. When cwnd ≥ ssthresh nothing changes and all of
/// `acked` is returned.
pub fn slow_start(cwnd: &mut f64, ssthresh: f64, acked: f64, rule: SlowStart) -> f64 {
    if *cwnd >= ssthresh {
        return acked;
    }
    let limit = match rule {
        SlowStart::Linux => f64::INFINITY,
        SlowStart::Rfc3465 => ABC_LIMIT_SEGMENTS,
        SlowStart::Rfc5681 => 1.0,
    };
    let grown = (*cwnd + acked.min(limit)).min(ssthresh);
    let used = grown - *cwnd;
    *cwnd = grown;
    match rule {
        SlowStart::Linux => (acked - used).max(0.0),
        _ => 0.0,
    }
}

/// [`slow_start`] for an ACK, then what congestion avoidance counts of it:
/// None when slow start used the whole ACK, else the segments left over,
/// at most L = 2 ([`growth_segments`]). The form of Linux
/// `tcp_reno_cong_avoid`: `acked = tcp_slow_start(tp, acked); if (!acked)
/// return;` then additive increase with what is left.
pub fn slow_start_then_ca(
    cwnd: &mut f64,
    ssthresh: f64,
    a: &AckSample,
    rule: SlowStart,
) -> Option<f64> {
    let left = slow_start(cwnd, ssthresh, segments(a.acked_bytes, a.mss), rule);
    (left > 0.0).then(|| left.min(ABC_LIMIT_SEGMENTS))
}

/// A window in segments as bytes (rounded down; at least one byte).
pub fn to_bytes(segments: f64, mss: u32) -> u64 {
    let b = segments * mss as f64;
    if b.is_finite() && b >= 1.0 {
        b as u64
    } else if b.is_finite() {
        1
    } else {
        u64::MAX
    }
}

/// ssthresh in segments (`f64::INFINITY` when unset) as the trait's bytes
/// (`u64::MAX` when unset).
pub fn ssthresh_bytes(segments: f64, mss: u32) -> u64 {
    if segments.is_finite() {
        to_bytes(segments, mss)
    } else {
        u64::MAX
    }
}

/// ssthresh bytes from the trait (`u64::MAX` = unset) as segments.
pub fn ssthresh_segments(bytes: u64, mss: u32) -> f64 {
    if bytes == u64::MAX {
        f64::INFINITY
    } else {
        segments(bytes, mss)
    }
}

/// Linux `tcp_cong_avoid_ai(tp, w, acked)` (net/ipv4/tcp_cong.c): add one
/// segment for every `w` segments acknowledged, with the acknowledged count
/// kept in `cnt`. Credits gathered at a larger `w` are applied gently.
pub fn cong_avoid_ai(cwnd: &mut f64, cnt: &mut f64, w: f64, acked_segments: f64) {
    let w = w.max(1.0);
    if *cnt >= w {
        *cnt = 0.0;
        *cwnd += 1.0;
    }
    *cnt += acked_segments;
    if *cnt >= w {
        let delta = (*cnt / w).floor();
        *cnt -= delta * w;
        *cwnd += delta;
    }
}

/// RTT values seen in the ACK stream, kept so that a controller can hand its
/// state to a successor (see [`super::Handoff`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RttSeen {
    pub srtt: Time,
    pub min_rtt: Time,
    pub latest: Time,
}

impl RttSeen {
    /// The hand-off of a controller whose only state beyond its window is
    /// this RTT record (no bandwidth estimate, no pacing rate).
    pub fn handoff(&self, now: Time, cwnd_bytes: u64, ssthresh_bytes: u64) -> super::Handoff {
        super::Handoff {
            now,
            cwnd_bytes,
            ssthresh_bytes,
            srtt: self.srtt,
            min_rtt: self.min_rtt,
            latest_rtt: self.latest,
            bandwidth_bps: None,
            pacing_rate_bps: None,
        }
    }

    pub fn from_handoff(h: &super::Handoff) -> Self {
        Self {
            srtt: h.srtt,
            min_rtt: h.min_rtt,
            latest: h.latest_rtt,
        }
    }

    pub fn update(&mut self, a: &AckSample) {
        if a.srtt > 0 {
            self.srtt = a.srtt;
        }
        if a.min_rtt > 0 {
            self.min_rtt = a.min_rtt;
        }
        if let Some(r) = a.rtt {
            self.latest = r;
            if self.min_rtt == 0 || r < self.min_rtt {
                self.min_rtt = r;
            }
        }
    }
}

/// Packet-timed round trips, as Linux Vegas (`after(ack, beg_snd_nxt)`) and
/// BBR (`next_rtt_delivered`) count them: a round ends with the first ACK
/// that covers data sent after the round began, i.e. beyond the SND.NXT of
/// the round's first ACK. SND.NXT there is `delivered_bytes + inflight_bytes`
/// (before the ACK's own transmissions). The ACK that ends a round is the
/// first ACK of the next one.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundTracker {
    end: u64,
    started: bool,
    /// Rounds completed so far.
    pub count: u64,
}

impl RoundTracker {
    /// Feed one ACK; true if it ends the current round (a new one starts).
    pub fn on_ack(&mut self, a: &AckSample) -> bool {
        let snd_nxt = a.delivered_bytes + a.inflight_bytes;
        if !self.started {
            self.started = true;
            self.end = snd_nxt;
            return false;
        }
        if a.delivered_bytes > self.end {
            self.end = snd_nxt;
            self.count += 1;
            true
        } else {
            false
        }
    }

    /// Forget the current round: the next ACK starts a fresh one (Linux
    /// `vegas_enable` after recovery or a timeout).
    pub fn restart(&mut self) {
        self.started = false;
    }

    /// Start a new round at this ACK without counting one (Linux BBR sets
    /// `next_rtt_delivered = tp->delivered`): it ends with the first ACK for
    /// data sent after now.
    pub fn start_at(&mut self, a: &AckSample) {
        self.started = true;
        self.end = a.delivered_bytes + a.inflight_bytes;
    }
}

/// RTT samples within one round: minimum, mean and count.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundRtt {
    pub min: Option<Time>,
    sum: u128,
    pub count: u32,
}

impl RoundRtt {
    pub fn add(&mut self, r: Time) {
        self.min = Some(self.min.map_or(r, |m| m.min(r)));
        self.sum += r as u128;
        self.count += 1;
    }

    pub fn mean(&self) -> Option<Time> {
        (self.count > 0).then(|| (self.sum / self.count as u128) as Time)
    }

    pub fn clear(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ack(delivered: u64, inflight: u64) -> AckSample {
        AckSample {
            delivered_bytes: delivered,
            inflight_bytes: inflight,
            mss: 1000,
            ..Default::default()
        }
    }

    #[test]
    fn a_round_ends_when_the_highest_byte_sent_at_its_start_is_acked() {
        let mut r = RoundTracker::default();
        assert!(!r.on_ack(&ack(1000, 9000)), "first ACK: SND.NXT = 10000");
        assert!(!r.on_ack(&ack(5000, 10000)));
        assert!(!r.on_ack(&ack(10000, 12000)), "data sent before the round");
        assert!(
            r.on_ack(&ack(11000, 12000)),
            "first byte sent after: round ends"
        );
        assert_eq!(r.count, 1);
        assert!(
            !r.on_ack(&ack(23000, 1000)),
            "the new round ends past 23000"
        );
        assert!(r.on_ack(&ack(24000, 1000)));
        assert_eq!(r.count, 2);
    }

    #[test]
    fn linux_ai_adds_one_segment_per_w_acked() {
        let (mut cwnd, mut cnt) = (10.0, 0.0);
        for _ in 0..9 {
            cong_avoid_ai(&mut cwnd, &mut cnt, 10.0, 1.0);
        }
        assert_eq!(cwnd, 10.0);
        cong_avoid_ai(&mut cwnd, &mut cnt, 10.0, 1.0);
        assert_eq!((cwnd, cnt), (11.0, 0.0));
        // 25 segments acked at once with w = 10: +2, 5 left over.
        cong_avoid_ai(&mut cwnd, &mut cnt, 10.0, 25.0);
        assert_eq!((cwnd, cnt), (13.0, 5.0));
    }

    #[test]
    fn slow_start_is_capped_by_ssthresh() {
        let mut cwnd = 9.5;
        assert_eq!(slow_start(&mut cwnd, 10.0, 1.0, SlowStart::Rfc5681), 0.0);
        assert_eq!(cwnd, 10.0);
        assert_eq!(slow_start(&mut cwnd, 10.0, 1.0, SlowStart::Rfc5681), 1.0);
        assert_eq!(cwnd, 10.0, "not in slow start: the ACK is for CA");
    }

    #[test]
    fn linux_slow_start_counts_every_acked_segment_and_returns_the_excess() {
        // tcp_slow_start: cwnd = min(cwnd + acked, ssthresh), returns the rest.
        let mut cwnd = 10.0;
        assert_eq!(slow_start(&mut cwnd, 100.0, 2.0, SlowStart::Linux), 0.0);
        assert_eq!(cwnd, 12.0, "a delayed ACK for two segments adds two");
        assert_eq!(slow_start(&mut cwnd, 13.0, 5.0, SlowStart::Linux), 4.0);
        assert_eq!(cwnd, 13.0, "stops at ssthresh, 4 of 5 segments left over");
    }

    #[test]
    fn rfc3465_limits_one_ack_to_two_segments() {
        let mut cwnd = 10.0;
        assert_eq!(slow_start(&mut cwnd, 100.0, 5.0, SlowStart::Rfc3465), 0.0);
        assert_eq!(cwnd, 12.0, "L = 2·SMSS");
        let mut cwnd = 10.0;
        slow_start(&mut cwnd, 100.0, 5.0, SlowStart::Rfc5681);
        assert_eq!(cwnd, 11.0, "L = 1·SMSS");
    }

    #[test]
    fn one_ack_drives_growth_by_at_most_two_segments() {
        let mut a = ack(0, 0);
        a.acked_bytes = 2_500_000;
        assert_eq!(growth_segments(&a), 2.0);
        a.acked_bytes = 1500;
        assert_eq!(growth_segments(&a), 1.5);
    }

    #[test]
    fn byte_conversions_keep_unset_ssthresh_unset() {
        assert_eq!(ssthresh_bytes(f64::INFINITY, 1000), u64::MAX);
        assert_eq!(ssthresh_segments(u64::MAX, 1000), f64::INFINITY);
        assert_eq!(to_bytes(2.5, 1000), 2500);
        assert_eq!(segments(1500, 1000), 1.5);
    }
}
