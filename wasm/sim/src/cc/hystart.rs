//! HyStart, hybrid slow start (Ha & Rhee, "Taming the elephants", 2008), as
//! Linux net/ipv4/tcp_cubic.c runs it for the CUBIC `linux` preset: leave slow
//! start (ssthresh := cwnd) when an ACK train stretches past half the minimum
//! delay, or when the minimum RTT of a round rises by clamp(delay_min/8, 4 ms,
//! 16 ms) over the connection's minimum. Not HyStart++ (RFC 9406).

use super::AckSample;
use crate::engine::time::{Time, NS_PER_MS};

/// tcp_cubic.c `hystart_low_window`: HyStart acts only from 16 segments.
pub const LOW_WINDOW: f64 = 16.0;
/// tcp_cubic.c `hystart_ack_delta_us` = 2000: ACKs closer than this form a train.
pub const ACK_DELTA: Time = 2 * NS_PER_MS;
/// tcp_cubic.c `HYSTART_MIN_SAMPLES`: RTT samples per round before the delay test.
pub const MIN_SAMPLES: u32 = 8;
/// tcp_cubic.c `HYSTART_DELAY_MIN` = 4 ms and `HYSTART_DELAY_MAX` = 16 ms.
pub const DELAY_MIN: Time = 4 * NS_PER_MS;
pub const DELAY_MAX: Time = 16 * NS_PER_MS;

/// How HyStart found the exit point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    AckTrain,
    Delay,
}

#[derive(Clone, Debug, Default)]
pub struct HyStart {
    /// The exit point has been found in this slow start.
    pub found: bool,
    started: bool,
    round_start: Time,
    last_ack: Time,
    /// SND.NXT when the round began (`end_seq`).
    end_seq: u64,
    /// Minimum RTT in this round (`curr_rtt`).
    curr_rtt: Option<Time>,
    sample_cnt: u32,
}

impl HyStart {
    /// tcp_cubic.c `bictcp_hystart_reset`: a new round starts now.
    fn reset_round(&mut self, now: Time, snd_nxt: u64) {
        self.round_start = now;
        self.last_ack = now;
        self.end_seq = snd_nxt;
        self.curr_rtt = None;
        self.sample_cnt = 0;
    }

    /// Forget everything (tcp_cubic.c `bictcp_reset` on a timeout).
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// tcp_cubic.c `hystart_update`, for an ACK in slow start carrying an RTT
    /// sample `delay`, with `delay_min` the minimum delay so far. Returns the
    /// exit reason when HyStart decides slow start should end now.
    pub fn update(
        &mut self,
        a: &AckSample,
        cwnd_segments: f64,
        delay: Time,
        delay_min: Time,
    ) -> Option<Exit> {
        let snd_nxt = a.delivered_bytes + a.inflight_bytes;
        if !self.started {
            self.started = true;
            self.reset_round(a.now, snd_nxt);
        } else if a.delivered_bytes > self.end_seq {
            self.reset_round(a.now, snd_nxt);
        }
        if self.found || cwnd_segments < LOW_WINDOW {
            return None;
        }
        // ACK-train detection. An unpaced sender halves the threshold
        // (`threshold >>= 1` when sk_pacing_status is SK_PACING_NONE).
        if a.now - self.last_ack <= ACK_DELTA {
            self.last_ack = a.now;
            let threshold = delay_min / 2;
            if a.now - self.round_start > threshold {
                self.found = true;
                return Some(Exit::AckTrain);
            }
        }
        // Delay-increase detection.
        self.curr_rtt = Some(self.curr_rtt.map_or(delay, |c| c.min(delay)));
        if self.sample_cnt < MIN_SAMPLES {
            self.sample_cnt += 1;
        } else {
            let thresh = (delay_min / 8).clamp(DELAY_MIN, DELAY_MAX);
            if self.curr_rtt.unwrap_or(0) > delay_min + thresh {
                self.found = true;
                return Some(Exit::Delay);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = NS_PER_MS;

    fn ack(now: Time, delivered: u64, inflight: u64) -> AckSample {
        AckSample {
            now,
            delivered_bytes: delivered,
            inflight_bytes: inflight,
            mss: 1000,
            ..Default::default()
        }
    }

    #[test]
    fn delay_rise_of_an_eighth_of_delay_min_ends_slow_start_after_eight_samples() {
        // delay_min 100 ms: threshold clamp(12.5 ms, 4, 16) = 12.5 ms.
        let mut h = HyStart::default();
        let mut t = 0;
        // ACKs 10 ms apart so no ACK train forms.
        for i in 0..8 {
            t += 10 * MS;
            let r = h.update(&ack(t, i * 1000, 100_000), 32.0, 113 * MS, 100 * MS);
            assert_eq!(r, None, "still collecting samples ({i})");
        }
        t += 10 * MS;
        assert_eq!(
            h.update(&ack(t, 9000, 100_000), 32.0, 113 * MS, 100 * MS),
            Some(Exit::Delay),
            "113 ms > 100 + 12.5 ms"
        );
        assert!(h.found);
    }

    #[test]
    fn small_delay_rise_does_not_trigger() {
        let mut h = HyStart::default();
        for i in 0..20u64 {
            let r = h.update(
                &ack((i + 1) * 10 * MS, i * 1000, 100_000),
                32.0,
                112 * MS,
                100 * MS,
            );
            assert_eq!(r, None);
        }
    }

    #[test]
    fn ack_train_longer_than_half_delay_min_ends_slow_start() {
        // delay_min 20 ms: a train of ACKs 1 ms apart lasting > 10 ms.
        let mut h = HyStart::default();
        let mut found = None;
        for i in 0..15u64 {
            found = found.or(h.update(&ack(i * MS, i * 1000, 100_000), 32.0, 20 * MS, 20 * MS));
        }
        assert_eq!(found, Some(Exit::AckTrain));
    }

    #[test]
    fn nothing_happens_below_the_low_window() {
        let mut h = HyStart::default();
        for i in 0..30u64 {
            let r = h.update(&ack(i * MS, i * 1000, 100_000), 15.0, 50 * MS, 20 * MS);
            assert_eq!(r, None);
        }
    }
}
