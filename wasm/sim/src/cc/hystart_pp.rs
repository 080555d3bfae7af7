//! HyStart++ (RFC 9406), for CUBIC's `hystart: "rfc9406"`: in the initial
//! slow start, compare each round's minimum RTT with the previous round's;
//! a rise of clamp(last/8, 4 ms, 16 ms) moves to Conservative Slow Start
//! (CSS), which grows a quarter as fast. A round in CSS whose minimum falls
//! back below the RTT that started CSS resumes slow start (the exit was
//! spurious); after CSS_ROUNDS rounds in CSS, congestion avoidance begins
//! (ssthresh = cwnd). A loss or ECN reduction ends it all (the caller's
//! ssthresh is then set, and later slow starts are standard, §4.4).
//!
//! Rounds are packet-timed as in Linux (`common::RoundTracker`): a round
//! ends with the first ACK for data sent after it began (RFC 9406 §4.2's
//! windowEnd).

use super::common::RoundTracker;
use super::common::SlowStart;
use super::AckSample;
use crate::engine::time::{Time, NS_PER_MS};

/// RFC 9406 §4.3: MIN_RTT_THRESH = 4 ms, MAX_RTT_THRESH = 16 ms.
pub const MIN_RTT_THRESH: Time = 4 * NS_PER_MS;
pub const MAX_RTT_THRESH: Time = 16 * NS_PER_MS;
/// RFC 9406 §4.3: MIN_RTT_DIVISOR = 8.
pub const MIN_RTT_DIVISOR: Time = 8;
/// RFC 9406 §4.3: N_RTT_SAMPLE = 8 samples a round before the delay test.
pub const N_RTT_SAMPLE: u32 = 8;
/// RFC 9406 §4.3: CSS_GROWTH_DIVISOR = 4.
pub const CSS_GROWTH_DIVISOR: f64 = 4.0;
/// RFC 9406 §4.3: CSS_ROUNDS = 5.
pub const CSS_ROUNDS: u32 = 5;
/// RFC 9406 §4.3: L = 8 segments per ACK for a sender that does not pace
/// (the controller does not see the flow's pacing, so always 8 here).
pub const L_UNPACED: f64 = 8.0;

/// Where HyStart++ is in the initial slow start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    SlowStart,
    /// Conservative Slow Start; `baseline` is cssBaselineMinRtt, `rounds`
    /// counts rounds begun in CSS (the partial first one included).
    Css {
        baseline: Time,
        rounds: u32,
    },
    /// Congestion avoidance has begun or the initial slow start ended.
    Done,
}

#[derive(Clone, Debug)]
pub struct HyStartPlusPlus {
    pub phase: Phase,
    round: RoundTracker,
    last_round_min: Option<Time>,
    current_round_min: Option<Time>,
    samples: u32,
}

impl Default for HyStartPlusPlus {
    fn default() -> Self {
        Self {
            phase: Phase::SlowStart,
            round: RoundTracker::default(),
            last_round_min: None,
            current_round_min: None,
            samples: 0,
        }
    }
}

impl HyStartPlusPlus {
    /// True while it still governs the initial slow start.
    pub fn active(&self) -> bool {
        self.phase != Phase::Done
    }

    /// The initial slow start ended (a loss, an ECN reduction, a timeout).
    pub fn finish(&mut self) {
        self.phase = Phase::Done;
    }

    /// RFC 9406 §4.2 for one ACK in the initial slow start: grow `cwnd` by
    /// min(N, L) segments, a quarter of that in CSS, within the flow's own
    /// slow-start rule; track the round's minimum RTT and decide. Returns
    /// true when CSS has run CSS_ROUNDS rounds: the caller sets ssthresh =
    /// cwnd and congestion avoidance begins.
    pub fn on_ack(&mut self, a: &AckSample, acked: f64, cwnd: &mut f64, rule: SlowStart) -> bool {
        if self.round.on_ack(a) {
            // A new round: lastRoundMinRTT = currentRoundMinRTT, reset the rest.
            self.last_round_min = self.current_round_min;
            self.current_round_min = None;
            self.samples = 0;
            if let Phase::Css { baseline, rounds } = self.phase {
                if rounds >= CSS_ROUNDS {
                    self.phase = Phase::Done;
                    return true;
                }
                self.phase = Phase::Css {
                    baseline,
                    rounds: rounds + 1,
                };
            }
        }
        let rule_limit = match rule {
            SlowStart::Linux => f64::INFINITY,
            SlowStart::Rfc3465 => super::common::ABC_LIMIT_SEGMENTS,
            SlowStart::Rfc5681 => 1.0,
        };
        let increase = acked.min(L_UNPACED).min(rule_limit);
        *cwnd += match self.phase {
            Phase::Css { .. } => increase / CSS_GROWTH_DIVISOR,
            _ => increase,
        };
        if let Some(r) = a.rtt {
            self.current_round_min = Some(self.current_round_min.map_or(r, |m| m.min(r)));
            self.samples += 1;
        }
        if self.samples < N_RTT_SAMPLE {
            return false;
        }
        let Some(current) = self.current_round_min else {
            return false;
        };
        match self.phase {
            Phase::SlowStart => {
                if let Some(last) = self.last_round_min {
                    let thresh = (last / MIN_RTT_DIVISOR).clamp(MIN_RTT_THRESH, MAX_RTT_THRESH);
                    if current >= last + thresh {
                        self.phase = Phase::Css {
                            baseline: current,
                            rounds: 1,
                        };
                    }
                }
            }
            Phase::Css { baseline, .. } if current < baseline => {
                // The exit was spurious: resume slow start (with HyStart++).
                self.phase = Phase::SlowStart;
            }
            _ => {}
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = NS_PER_MS;
    const MSS: u64 = 1000;

    /// A sender in slow start, one ACK per segment: each round sends 2× the
    /// last round's segments; `rtt(round)` gives every sample of a round.
    struct Run {
        h: HyStartPlusPlus,
        cwnd: f64,
        delivered: u64,
        now: Time,
    }

    impl Run {
        fn new() -> Self {
            Run {
                h: HyStartPlusPlus::default(),
                cwnd: 10.0,
                delivered: 0,
                now: 0,
            }
        }

        /// One round: the segments of the current window are acknowledged one
        /// by one with RTT `rtt`. Returns true if CA began during it.
        fn round(&mut self, rtt: Time) -> bool {
            // The segments acknowledged in a round are those sent in the
            // last one: the window at this round's start.
            let n = self.cwnd.floor() as u64;
            let mut ca = false;
            for _ in 0..n {
                self.now += MS;
                // The window was full: SND.NXT = SND.UNA + cwnd before this ACK.
                let inflight = (self.cwnd.floor() as u64 - 1) * MSS;
                self.delivered += MSS;
                let a = AckSample {
                    now: self.now,
                    acked_bytes: MSS,
                    rtt: Some(rtt),
                    delivered_bytes: self.delivered,
                    inflight_bytes: inflight,
                    mss: MSS as u32,
                    ..Default::default()
                };
                ca |= self.h.on_ack(&a, 1.0, &mut self.cwnd, SlowStart::Linux);
            }
            ca
        }
    }

    #[test]
    fn an_rtt_rise_of_an_eighth_enters_css_and_five_rounds_later_congestion_avoidance() {
        let mut r = Run::new();
        r.round(100 * MS);
        r.round(100 * MS);
        assert_eq!(r.h.phase, Phase::SlowStart);
        // last round 100 ms: threshold clamp(12.5, 4, 16) = 12.5 ms.
        r.round(112 * MS);
        assert_eq!(r.h.phase, Phase::SlowStart, "12 ms < 12.5 ms");
        // Against the last round's 112 ms the threshold is 14 ms.
        let before = r.cwnd;
        r.round(127 * MS);
        let Phase::Css { baseline, rounds } = r.h.phase else {
            panic!("expected CSS, got {:?}", r.h.phase);
        };
        assert_eq!((baseline, rounds), (127 * MS, 1));
        // Slow start doubled until 8 samples were in; CSS grows by 1/4 after.
        let grown = r.cwnd - before;
        assert!(grown > 8.0 && grown < before, "{before} → {}", r.cwnd);
        // In CSS a window grows by a quarter a round, not double.
        let w = r.cwnd;
        assert!(!r.round(127 * MS));
        assert_eq!(r.cwnd, w + w.floor() / 4.0);
        let mut ca = false;
        for _ in 0..3 {
            ca |= r.round(127 * MS);
        }
        assert!(!ca, "the partial round and four more in CSS");
        assert!(
            r.round(127 * MS),
            "the sixth round begins after five in CSS: CA"
        );
        assert_eq!(r.h.phase, Phase::Done);
    }

    #[test]
    fn an_rtt_back_below_the_baseline_resumes_slow_start() {
        let mut r = Run::new();
        r.round(50 * MS);
        r.round(50 * MS);
        r.round(60 * MS);
        assert!(matches!(r.h.phase, Phase::Css { .. }));
        r.round(55 * MS);
        assert_eq!(r.h.phase, Phase::SlowStart, "55 < 60 ms: spurious exit");
    }

    #[test]
    fn one_ack_adds_at_most_eight_segments() {
        let mut h = HyStartPlusPlus::default();
        let mut cwnd = 10.0;
        let a = AckSample {
            acked_bytes: 20 * MSS,
            mss: MSS as u32,
            ..Default::default()
        };
        h.on_ack(&a, 20.0, &mut cwnd, SlowStart::Linux);
        assert_eq!(cwnd, 18.0, "L = 8 without pacing");
    }
}
