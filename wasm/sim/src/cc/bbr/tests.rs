//! BBR tests: the constants and pure pieces first, then the state machine
//! driven through a small deterministic bottleneck (a FIFO of fixed rate and
//! a fixed base RTT), the BBR row of reference/algorithms.md §4.

use super::*;
use crate::cc::CongestionSignal;
use std::collections::VecDeque;

const MSS: u32 = 1000;
const MS: Time = NS_PER_MS;

fn ctx(seed: u64) -> CcContext {
    CcContext {
        mss: MSS,
        initial_cwnd_segments: 10,
        seed,
        slow_start: Default::default(),
    }
}

fn bbr() -> Bbr {
    Bbr::new(&BbrParams::default(), &ctx(1))
}

mod constants {
    use super::*;

    #[test]
    fn linux_high_gain_is_739_over_256() {
        assert!((LINUX_HIGH_GAIN - 2.88672).abs() < 5e-6);
        assert!((draft_high_gain() - 2.88539).abs() < 5e-6);
        let b = Bbr::new(
            &BbrParams {
                high_gain: BbrHighGain::Draft,
            },
            &ctx(0),
        );
        assert_eq!(b.pacing_gain(), draft_high_gain());
    }

    #[test]
    fn probe_bw_gain_cycle_averages_to_one() {
        let sum: f64 = PACING_GAIN_CYCLE.iter().sum();
        assert_eq!(sum, 8.0);
        assert_eq!(PACING_GAIN_CYCLE[0], 1.25);
        assert_eq!(PACING_GAIN_CYCLE[1], 0.75);
    }

    #[test]
    fn the_random_first_phase_is_never_the_drain_phase() {
        let mut seen = [false; 8];
        for seed in 0..200 {
            let mut b = Bbr::new(&BbrParams::default(), &ctx(seed));
            b.reset_probe_bw_mode(0);
            seen[b.cycle_idx()] = true;
        }
        assert!(!seen[1], "phase 1 (gain 3/4) is never first");
        assert_eq!(seen.iter().filter(|s| **s).count(), 7);
    }

    #[test]
    fn bdp_rounds_up_and_the_budget_adds_three_tso_goals_rounded_even() {
        let mut b = bbr();
        b.min_rtt = Some(20 * MS);
        // 1.25e6 B/s · 20 ms = 25 000 B = 25 segments; gain 2 → 50.
        assert_eq!(b.bdp(1.25e6, 2.0), 50.0);
        assert_eq!(b.bdp(1.25e6 + 1.0, 1.0), 26.0, "ceil");
        // 10 Mb/s pacing: 1.25e6/1024 ≈ 1220 B ⇒ 1 segment < min 2 ⇒ 2.
        b.pacing_rate = 10e6;
        assert_eq!(b.tso_segs_goal(), 2.0);
        assert_eq!(b.quantization_budget(25.0), 32.0, "25 + 6 = 31 → 32");
    }

    #[test]
    fn max_filter_forgets_after_ten_rounds() {
        let mut f = MaxFilter::default();
        f.update(0, 100.0);
        f.update(3, 50.0);
        assert_eq!(f.get(9), 100.0);
        assert_eq!(f.get(10), 50.0, "round 0 left the window");
        f.update(10, 20.0);
        assert_eq!(f.get(13), 20.0);
    }

    #[test]
    fn pacing_is_gain_times_bandwidth_minus_one_percent() {
        let mut b = bbr();
        b.bw.update(0, 1.25e6);
        b.full_bw_reached = true;
        b.pacing_gain = 1.25;
        b.set_pacing_rate();
        assert!((b.pacing_rate - 1.25 * 10e6 * 0.99).abs() < 1e-3);
    }
}

mod recovery {
    use super::*;

    #[test]
    fn a_loss_sets_cwnd_to_the_flight_and_recovery_restores_it() {
        let mut b = bbr();
        b.cwnd = 60.0;
        b.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 40_000,
            mss: MSS,
        });
        assert_eq!(b.cwnd(), 40_000);
        assert_eq!(
            b.ssthresh(),
            40_000,
            "finite, for the sender's fast recovery"
        );
        b.on_recovery_exit(0, MSS);
        assert_eq!(b.cwnd(), 60_000);
        assert_eq!(b.ssthresh(), u64::MAX);
    }

    #[test]
    fn after_a_timeout_the_saved_cwnd_returns_once_the_flight_is_acked() {
        let mut b = bbr();
        b.cwnd = 60.0;
        b.last_delivered = 100_000;
        b.on_rto(0, 30_000, MSS);
        assert_eq!(b.cwnd(), MSS as u64);
        b.on_ack(&AckSample {
            now: MS,
            acked_bytes: 30_000,
            delivered_bytes: 130_000,
            mss: MSS,
            ..Default::default()
        });
        assert!(b.cwnd() >= 60_000);
    }
}

/// A bottleneck of `rate` segments/s behind a FIFO, with base RTT `rtt0`,
/// driven by the controller's cwnd and pacing rate.
struct Pipe {
    rate: f64,
    rtt0: Time,
    free_at: Time,
    acks: VecDeque<(Time, Time)>, // (arrival, send time)
    next_seq: u64,
    delivered: u64,
    next_send: Time,
}

impl Pipe {
    fn new(rate: f64, rtt0: Time) -> Self {
        Self {
            rate,
            rtt0,
            free_at: 0,
            acks: VecDeque::new(),
            next_seq: 0,
            delivered: 0,
            next_send: 0,
        }
    }

    fn inflight(&self) -> u64 {
        self.next_seq - self.delivered
    }

    /// Run until `end`, calling `probe` after every ACK.
    fn run(&mut self, cc: &mut Bbr, end: Time, mut probe: impl FnMut(Time, &Bbr, &Pipe)) {
        let service = (1e9 / self.rate) as Time;
        loop {
            let can_send = (self.inflight() as f64) < cc.cwnd;
            let send_at = if can_send { Some(self.next_send) } else { None };
            let ack_at = self.acks.front().map(|a| a.0);
            let (t, is_send) = match (send_at, ack_at) {
                (Some(s), Some(a)) if s <= a => (s, true),
                (Some(s), None) => (s, true),
                (_, Some(a)) => (a, false),
                (None, None) => break,
            };
            if t > end {
                break;
            }
            if is_send {
                let depart = t.max(self.free_at) + service;
                self.free_at = depart;
                self.acks.push_back((depart + self.rtt0, t));
                self.next_seq += 1;
                let gap = cc
                    .pacing_rate_bps()
                    .map_or(0, |r| (MSS as f64 * 8.0 / r * 1e9) as Time);
                self.next_send = t + gap;
            } else {
                let (now, sent) = self.acks.pop_front().unwrap();
                self.delivered += 1;
                cc.on_ack(&AckSample {
                    now,
                    acked_bytes: MSS as u64,
                    rtt: Some(now - sent),
                    srtt: now - sent,
                    min_rtt: self.rtt0,
                    inflight_bytes: self.inflight() * MSS as u64,
                    delivered_bytes: self.delivered * MSS as u64,
                    mss: MSS,
                });
                self.next_send = self.next_send.max(now);
                probe(now, cc, self);
            }
        }
    }
}

mod state_machine {
    use super::*;

    // 10 Mb/s of 1000-byte segments = 1250 segments/s; base RTT 20 ms.
    const RATE: f64 = 1250.0;
    const RTT0: Time = 20 * MS;
    const BDP: f64 = RATE * 0.020;

    #[test]
    fn startup_then_drain_then_probe_bw_with_the_bottleneck_rate() {
        let mut cc = bbr();
        let mut pipe = Pipe::new(RATE, RTT0);
        let mut modes = vec![Mode::Startup];
        pipe.run(&mut cc, 3 * NS_PER_S, |_, cc, _| {
            if *modes.last().unwrap() != cc.mode() {
                modes.push(cc.mode());
            }
        });
        assert_eq!(&modes[..3], &[Mode::Startup, Mode::Drain, Mode::ProbeBw]);
        let bw = cc.btl_bw_bps();
        assert!((bw - 10e6).abs() / 10e6 < 0.05, "btl_bw {bw}");
        assert_eq!(cc.min_rtt(), Some(RTT0 + (1e9 / RATE) as Time));
    }

    #[test]
    fn probe_bw_keeps_about_two_bdp_in_flight() {
        let mut cc = bbr();
        let mut pipe = Pipe::new(RATE, RTT0);
        let mut max_cwnd: f64 = 0.0;
        pipe.run(&mut cc, 8 * NS_PER_S, |now, cc, _| {
            if now > 2 * NS_PER_S {
                max_cwnd = max_cwnd.max(cc.cwnd);
            }
        });
        assert_eq!(cc.mode(), Mode::ProbeBw);
        // 2·BDP plus the quantization budget (3·2 segments, +2 in phase 0).
        assert!(
            (2.0 * BDP..=2.0 * BDP + 12.0).contains(&max_cwnd),
            "cwnd {max_cwnd}"
        );
    }

    #[test]
    fn probe_rtt_dips_to_four_segments_for_at_least_200_ms_every_10_s() {
        let mut cc = bbr();
        let mut pipe = Pipe::new(RATE, RTT0);
        let mut entered = None;
        let mut left = None;
        pipe.run(&mut cc, 12 * NS_PER_S, |now, cc, _| {
            if cc.mode() == Mode::ProbeRtt {
                assert!(cc.cwnd <= CWND_MIN_TARGET);
                entered.get_or_insert(now);
            } else if entered.is_some() && left.is_none() {
                left = Some(now);
            }
        });
        let (e, l) = (entered.expect("PROBE_RTT"), left.expect("left PROBE_RTT"));
        assert!(e > 10 * NS_PER_S && e < 11 * NS_PER_S, "entered at {e}");
        assert!(l - e >= PROBE_RTT_TIME, "stayed {} ms", (l - e) / MS);
        assert_eq!(
            cc.mode(),
            Mode::ProbeBw,
            "back to PROBE_BW: the pipe was full"
        );
    }

    #[test]
    fn a_sender_supplied_delivery_rate_feeds_the_filter_per_ack() {
        let mut cc = bbr();
        cc.on_ack_with(
            &AckSample {
                now: MS,
                acked_bytes: MSS as u64,
                rtt: Some(20 * MS),
                delivered_bytes: MSS as u64,
                inflight_bytes: 9 * MSS as u64,
                mss: MSS,
                ..Default::default()
            },
            &AckExtras {
                delivery_rate_bps: Some(4e6),
                ..Default::default()
            },
        );
        assert_eq!(cc.btl_bw_bps(), 4e6);
    }
}
