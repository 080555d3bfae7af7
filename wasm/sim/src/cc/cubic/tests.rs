//! CUBIC tests, grouped by preset; each reads like the section it checks and
//! pins the worked numbers of reference/algorithms.md §4.

use super::*;
use crate::cc::{CongestionSignal, Handoff};
use crate::engine::time::NS_PER_MS;

const MSS: u32 = 1000;
const MS: Time = NS_PER_MS;

fn ctx() -> CcContext {
    CcContext {
        mss: MSS,
        initial_cwnd_segments: 10,
        seed: 0,
        slow_start: Default::default(),
    }
}

fn cubic(preset: CubicPreset) -> Cubic {
    Cubic::new(
        &CubicParams {
            preset,
            ..Default::default()
        },
        &ctx(),
    )
}

fn ack(now: Time, srtt: Time) -> AckSample {
    AckSample {
        now,
        acked_bytes: MSS as u64,
        rtt: Some(srtt),
        srtt,
        min_rtt: srtt,
        mss: MSS,
        ..Default::default()
    }
}

fn loss(cc: &mut Cubic, now: Time) {
    cc.on_congestion_event(&CongestionEvent {
        now,
        signal: CongestionSignal::Loss,
        inflight_bytes: cc.cwnd(),
        mss: MSS,
    });
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

mod constants {
    use super::*;

    #[test]
    fn alpha_cubic_is_0_529412() {
        // RFC 9438 §4.3: α_cubic = 3(1 − 0.7)/(1 + 0.7).
        assert!(close(alpha_cubic(RFC_BETA), 0.529412, 5e-7));
    }

    #[test]
    fn linux_constants_are_the_scaled_integers() {
        assert!(close(LINUX_BETA as f64 / 1024.0, 0.700195, 5e-7));
        assert!(close(LINUX_CUBE_RTT_SCALE as f64 / 1024.0, 0.400391, 5e-7));
        assert!(close((1024.0 + LINUX_BETA as f64) / 2048.0, 0.850098, 5e-7));
        assert_eq!(linux_beta_scale(LINUX_BETA), 15);
        assert_eq!(linux_cube_factor(LINUX_CUBE_RTT_SCALE), 2_681_735_677);
    }

    #[test]
    fn k_for_w_max_100_1000_10000_after_a_0_7_reduction() {
        // reference/algorithms.md §4: 4.217 / 9.086 / 19.574 s.
        for (w, k) in [(100.0, 4.217), (1000.0, 9.086), (10000.0, 19.574)] {
            let got = k_rfc(w, 0.7 * w, RFC_C);
            assert!(close(got, k, 5e-4), "K({w}) = {got}");
        }
        assert_eq!(k_rfc(100.0, 120.0, RFC_C), 0.0, "K = 0 above W_max");
    }

    #[test]
    fn w_cubic_passes_through_cwnd_epoch_at_zero_and_w_max_at_k() {
        let k = k_rfc(1000.0, 700.0, RFC_C);
        assert!(close(w_cubic(0.0, k, 1000.0, RFC_C), 700.0, 1e-9));
        assert!(close(w_cubic(k, k, 1000.0, RFC_C), 1000.0, 1e-12));
    }
}

mod rfc9438 {
    use super::*;

    fn at_window(w: f64) -> Cubic {
        let mut cc = cubic(CubicPreset::Rfc9438);
        cc.cwnd = w;
        cc
    }

    #[test]
    fn multiplicative_decrease_keeps_beta_of_the_flight() {
        // §4.6: ssthresh = flight_size·β_cubic; cwnd = ssthresh; W_max = cwnd.
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        assert!(close(cc.ssthresh, 70.0, 1e-9));
        assert!(close(cc.cwnd, 70.0, 1e-9));
        assert_eq!(cc.w_max(), 100.0);
        assert_eq!(cc.cwnd_prior, 100.0);
        assert_eq!(cc.ssthresh(), 70_000);
        // A flight smaller than cwnd (application-limited) sets ssthresh.
        let mut cc = at_window(100.0);
        cc.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 60 * MSS as u64,
            mss: MSS,
        });
        assert!(close(cc.ssthresh, 42.0, 1e-9));
        assert_eq!(cc.w_max(), 100.0, "W_max still from cwnd (§4.7)");
    }

    #[test]
    fn fast_convergence_lowers_w_max_when_the_window_shrank() {
        // §4.7: cwnd < W_max ⇒ W_max = cwnd(1 + β)/2.
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        cc.cwnd = 90.0;
        loss(&mut cc, 0);
        assert!(close(cc.w_max(), 90.0 * 0.85, 1e-9));
        assert!(close(cc.cwnd, 63.0, 1e-9));
    }

    #[test]
    fn without_fast_convergence_w_max_is_the_window_at_loss() {
        let mut cc = Cubic::new(
            &CubicParams {
                fast_convergence: Some(false),
                ..Default::default()
            },
            &ctx(),
        );
        cc.cwnd = 100.0;
        loss(&mut cc, 0);
        cc.cwnd = 90.0;
        loss(&mut cc, 0);
        assert_eq!(cc.w_max(), 90.0);
    }

    #[test]
    fn the_epoch_starts_at_the_first_ack_of_congestion_avoidance() {
        let mut cc = at_window(1000.0);
        loss(&mut cc, 5 * MS);
        assert_eq!(cc.epoch_start(), None, "not during recovery");
        cc.on_recovery_exit(40 * MS, MSS);
        cc.on_ack(&ack(50 * MS, 100 * MS));
        assert_eq!(cc.epoch_start(), Some(50 * MS));
        assert!(close(cc.k(), 9.0856, 1e-4), "K = ∛(300/0.4)");
    }

    #[test]
    fn first_ack_of_the_epoch_is_in_the_reno_friendly_region() {
        // At t = 0, W_cubic(0) = cwnd_epoch = W_est before the update; W_est then
        // grows by α_cubic/cwnd and exceeds W_cubic(0): cwnd = W_est (§4.3).
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(0, 100 * MS));
        assert_eq!(cc.region(), Region::RenoFriendly);
        assert!(close(cc.cwnd, 70.0 + alpha_cubic(0.7) / 70.0, 1e-12));
    }

    #[test]
    fn concave_region_grows_by_target_minus_cwnd_over_cwnd() {
        // §4.4 with Reno-friendliness off: one ACK at t = 0, RTT 100 ms:
        // target = W_cubic(0.1) = 0.4(0.1 − K)³ + 100.
        let mut cc = Cubic::new(
            &CubicParams {
                reno_friendly: Some(false),
                ..Default::default()
            },
            &ctx(),
        );
        cc.cwnd = 100.0;
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(0, 100 * MS));
        let k = libm::cbrt(30.0 / 0.4);
        let target = 0.4 * (0.1 - k) * (0.1 - k) * (0.1 - k) + 100.0;
        assert_eq!(cc.region(), Region::Concave);
        assert!(close(cc.cwnd, 70.0 + (target - 70.0) / 70.0, 1e-12));
    }

    #[test]
    fn target_is_clamped_to_one_and_a_half_cwnd() {
        // Far past K the cubic explodes; the increase per ACK is at most 0.5.
        let mut cc = Cubic::new(
            &CubicParams {
                reno_friendly: Some(false),
                ..Default::default()
            },
            &ctx(),
        );
        cc.cwnd = 100.0;
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(0, 100 * MS));
        let before = cc.cwnd;
        cc.on_ack(&ack(100_000 * MS, 100 * MS));
        assert!(close(cc.cwnd, before + 0.5 * before / before, 1e-9));
        assert_eq!(
            cc.region(),
            Region::Concave,
            "cwnd is still below W_max (§4.4)"
        );
    }

    #[test]
    fn alpha_switches_to_one_once_w_est_reaches_cwnd_prior() {
        // PR #146: the switch is at cwnd_prior (here 100), not W_max.
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(0, 100 * MS));
        cc.w_est = 99.0;
        let c = cc.cwnd;
        cc.on_ack(&ack(1, 100 * MS));
        assert!(
            close(cc.w_est, 99.0 + alpha_cubic(0.7) / c, 1e-12),
            "α = α_cubic below cwnd_prior"
        );
        cc.w_est = 100.0;
        let c = cc.cwnd;
        cc.on_ack(&ack(2, 100 * MS));
        assert!(
            close(cc.w_est, 100.0 + 1.0 / c, 1e-12),
            "α = 1 once W_est ≥ cwnd_prior"
        );
    }

    #[test]
    fn timeout_restarts_with_k_zero_at_the_window_of_the_new_ca_stage() {
        // §4.8: Reno's loss window, ssthresh = β·cwnd, then K = 0 and
        // W_max = cwnd at the start of the next CA stage.
        let mut cc = at_window(100.0);
        cc.on_rto(0, 100_000, MSS); // flight 100 segments
        assert_eq!(cc.cwnd(), MSS as u64);
        assert!(close(cc.ssthresh, 70.0, 1e-9));
        cc.cwnd = 70.0;
        cc.on_ack(&ack(10 * MS, 100 * MS));
        assert_eq!(cc.k(), 0.0);
        assert_eq!(cc.origin, 70.0);
    }

    #[test]
    fn one_epoch_follows_the_cubic_back_to_w_max_at_k() {
        // reference §4 "CUBIC epoch": W_max = 1000, β = 0.7, no fast
        // convergence. Fed one window of ACKs per RTT, cwnd tracks
        // W_cubic(t + RTT): at t = K = 9.086 s it is back at W_max, halfway
        // it is on the concave curve.
        let mut cc = Cubic::new(
            &CubicParams {
                fast_convergence: Some(false),
                reno_friendly: Some(false),
                ..Default::default()
            },
            &ctx(),
        );
        cc.cwnd = 1000.0;
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        let rtt = 100 * MS;
        let k = k_rfc(1000.0, 700.0, RFC_C);
        let mut now = 0;
        let (mut at_half, mut at_k) = (None, None);
        while now < 12_000 * MS {
            let n = cc.cwnd.floor().max(1.0) as u64;
            for i in 0..n {
                cc.on_ack(&ack(now + rtt * i / n, rtt));
            }
            now += rtt;
            let t = secs(now);
            if at_half.is_none() && t >= k / 2.0 {
                at_half = Some((t, cc.cwnd));
            }
            if at_k.is_none() && t >= k {
                at_k = Some(cc.cwnd);
            }
        }
        let (t, w) = at_half.unwrap();
        let expect = w_cubic(t, k, 1000.0, RFC_C);
        assert!(
            (w - expect).abs() / expect < 0.01,
            "at {t} s: {w} vs {expect}"
        );
        let w = at_k.unwrap();
        assert!((w - 1000.0).abs() < 1.0, "at K: {w}");
    }
}

mod linux {
    use super::*;

    fn at_window(w: f64) -> Cubic {
        let mut cc = cubic(CubicPreset::Linux);
        cc.cwnd = w;
        cc
    }

    #[test]
    fn ssthresh_is_cwnd_times_717_over_1024_in_integers() {
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        assert_eq!(cc.ssthresh, 70.0, "100·717/1024 = 70.02 → 70");
        assert_eq!(cc.w_max(), 100.0);
        cc.cwnd = 90.0;
        loss(&mut cc, 0);
        assert_eq!(
            cc.w_max(),
            76.0,
            "fast convergence 90·1741/2048 = 76.5 → 76"
        );
        assert_eq!(cc.ssthresh, 63.0);
    }

    #[test]
    fn k_is_in_1024ths_of_a_second_from_cube_factor() {
        let mut cc = at_window(1000.0);
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        assert_eq!(cc.cwnd, 700.0);
        cc.on_ack(&ack(2000 * MS, 100 * MS));
        // cbrt(2681735677 · 300) = 9300.6 → 9300 units = 9.082 s.
        assert_eq!(cc.lx.k, 9300);
        assert!(close(cc.k(), 9300.0 / 1024.0, 1e-12));
        assert_eq!(cc.origin, 1000.0);
    }

    /// Linux preset, HyStart and Reno emulation off, at cwnd = ssthresh = 40
    /// with no loss yet, after one ACK: K = 0 and the origin is cwnd, so the
    /// cubic barely grows and cnt sits at its cap of 20.
    fn linux_at_ssthresh_40() -> Cubic {
        let mut cc = Cubic::new(
            &CubicParams {
                preset: CubicPreset::Linux,
                hystart: Some(HyStartMode::Off),
                reno_friendly: Some(false),
                ..Default::default()
            },
            &ctx(),
        );
        cc.cwnd = 40.0;
        cc.ssthresh = 40.0;
        cc.on_ack(&ack(1000 * MS, 100 * MS));
        cc
    }

    #[test]
    fn cnt_is_capped_at_20_before_the_first_loss_and_at_least_2() {
        // HyStart off, ssthresh reached without loss: K = 0, origin = cwnd,
        // the cubic barely grows, so cnt would be huge; the cap makes it 20.
        let mut cc = linux_at_ssthresh_40();
        assert_eq!(cc.lx.cnt, 20);
        // 20 segments acked → +1.
        let mut t = 1000 * MS;
        for _ in 0..20 {
            t += MS;
            cc.on_ack(&ack(t, 100 * MS));
        }
        assert_eq!(cc.cwnd, 41.0);
    }

    #[test]
    fn a_stretch_ack_counts_every_segment_it_acknowledges() {
        // Linux 4.x `bictcp_update(ca, cwnd, acked)` and
        // `tcp_cong_avoid_ai(tp, ca->cnt, acked)` take the whole count of an
        // ACK (no RFC 3465 limit of 2 in congestion avoidance): with cnt = 20,
        // four ACKs of 5 segments each add one segment.
        let mut cc = linux_at_ssthresh_40();
        assert_eq!(cc.lx.cnt, 20);
        let mut t = 1000 * MS;
        for _ in 0..4 {
            t += MS;
            cc.on_ack(&AckSample {
                acked_bytes: 5 * MSS as u64,
                ..ack(t, 100 * MS)
            });
        }
        assert_eq!(cc.cwnd, 41.0);
    }

    #[test]
    fn cnt_never_allows_more_than_one_segment_per_two_acked() {
        // Far beyond K: target ≫ cwnd ⇒ cwnd/(target − cwnd) = 0 → 2.
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(2000 * MS, 100 * MS));
        cc.on_ack(&ack(600_000 * MS, 100 * MS));
        assert_eq!(cc.lx.cnt, 2);
    }

    #[test]
    fn reno_emulation_adds_one_per_cwnd_times_15_over_8_acked() {
        // beta_scale = 15: tcp_cwnd += 1 every (cwnd·15)>>3 acked segments.
        let mut cc = at_window(100.0);
        loss(&mut cc, 0); // cwnd 70
        cc.on_recovery_exit(0, MSS);
        let mut t = 2000 * MS;
        cc.on_ack(&ack(t, 100 * MS));
        assert_eq!(cc.lx.tcp_cwnd, 70);
        // delta = (70·15)>>3 = 131; ack_cnt starts at 1 and is applied at the
        // (at most every HZ/32) cubic updates: by 2192 ms it holds 193 > 131.
        for _ in 0..200 {
            t += MS;
            cc.on_ack(&ack(t, 100 * MS));
        }
        assert_eq!(cc.lx.tcp_cwnd, 71);
    }

    #[test]
    fn hystart_delay_exit_sets_ssthresh_to_cwnd() {
        let mut cc = cubic(CubicPreset::Linux);
        cc.cwnd = 20.0;
        let mut t = 0;
        let mut delivered = 0;
        // First ACK: delay_min 100 ms, and nothing else outstanding so the
        // next ACK starts a new HyStart round. Then RTTs of 120 ms, 10 ms apart.
        cc.on_ack(&AckSample {
            delivered_bytes: 0,
            inflight_bytes: 0,
            ..ack(t, 100 * MS)
        });
        for _ in 0..12 {
            t += 10 * MS;
            delivered += 1000;
            cc.on_ack(&AckSample {
                delivered_bytes: delivered,
                inflight_bytes: 100_000,
                ..ack(t, 120 * MS)
            });
            if cc.ssthresh.is_finite() {
                break;
            }
        }
        assert!(cc.ssthresh.is_finite(), "HyStart ended slow start");
        assert_eq!(cc.ssthresh, cc.cwnd, "ssthresh := cwnd");
        assert!(cc.hystart.as_ref().unwrap().found);
    }

    #[test]
    fn timeout_resets_w_max_and_rearms_hystart() {
        let mut cc = at_window(100.0);
        loss(&mut cc, 0);
        cc.on_rto(0, 10_000, MSS);
        assert_eq!(cc.w_max(), 0.0);
        assert_eq!(cc.cwnd(), MSS as u64);
        assert!(!cc.hystart.as_ref().unwrap().found);
    }
}

mod paper002 {
    use super::*;

    #[test]
    fn window_after_a_loss_is_0_8_of_w_max() {
        // App. A.2: W(0) = (1 − β)·W_max with β = 0.2.
        let mut cc = cubic(CubicPreset::Paper002);
        cc.cwnd = 100.0;
        loss(&mut cc, 7 * MS);
        assert!(close(cc.cwnd, 80.0, 1e-9));
        assert!(close(cc.ssthresh, 80.0, 1e-9));
        assert_eq!(cc.w_max(), 100.0);
        assert_eq!(cc.epoch_start(), Some(7 * MS), "t counts from the loss");
        // Eq. 2: K = ∛(W_max·β/C) = ∛(100·0.2/0.4) = ∛50.
        assert!(close(cc.k(), libm::cbrt(50.0), 1e-12));
        assert!(close(w_cubic(0.0, cc.k(), 100.0, 0.4), 80.0, 1e-9));
    }

    #[test]
    fn fast_convergence_keeps_0_9_of_the_window() {
        // Eq. 4: W < W_last_max ⇒ W_max = W(2 − β)/2 = 0.9·W.
        let mut cc = cubic(CubicPreset::Paper002);
        cc.cwnd = 100.0;
        loss(&mut cc, 0);
        cc.cwnd = 90.0;
        loss(&mut cc, 0);
        assert!(close(cc.w_max(), 81.0, 1e-9));
        assert!(close(cc.cwnd, 72.0, 1e-9));
    }

    #[test]
    fn tcp_friendly_window_grows_a_third_of_a_segment_per_rtt() {
        // Eq. 3 with β = 0.2: slope 3·0.2/1.8 = 1/3 per RTT.
        let mut cc = cubic(CubicPreset::Paper002);
        cc.cwnd = 100.0;
        loss(&mut cc, 0);
        cc.on_recovery_exit(0, MSS);
        cc.on_ack(&ack(3000 * MS, 100 * MS));
        assert!(close(cc.w_est(), 80.0 + 30.0 / 3.0, 1e-9), "t = 30 RTTs");
    }
}

mod handoff {
    use super::*;

    #[test]
    fn successor_starts_on_its_plateau_at_the_handed_window() {
        let h = Handoff {
            now: 5 * NS_PER_MS,
            cwnd_bytes: 50_000,
            ssthresh_bytes: 40_000,
            srtt: 80 * MS,
            min_rtt: 60 * MS,
            latest_rtt: 70 * MS,
            ..Default::default()
        };
        let mut cc = Cubic::from_handoff(&CubicParams::default(), &ctx(), &h);
        assert_eq!(cc.cwnd(), 50_000);
        assert_eq!(cc.ssthresh(), 40_000);
        assert_eq!(cc.w_max(), 50.0);
        assert_eq!(cc.epoch_start(), None);
        cc.on_ack(&AckSample {
            min_rtt: 60 * MS,
            ..ack(10 * MS, 80 * MS)
        });
        assert_eq!(cc.epoch_start(), Some(10 * MS));
        assert_eq!(cc.k(), 0.0, "W_max = cwnd ⇒ K = 0");
        let back = cc.handoff(11 * MS);
        assert_eq!(back.min_rtt, 60 * MS);
    }
}

#[test]
fn the_cube_delta_agrees_with_128_bit_arithmetic_on_both_sides_of_the_64_bit_path() {
    let reference = |scale: u32, offs: u64| {
        let o = offs as u128;
        ((scale as u128 * o * o * o) >> (10 + 3 * BICTCP_HZ)) as u64
    };
    let mut rng = crate::engine::rng::Rng::new(9, 1);
    let edges = [
        0,
        1,
        1023,
        1024,
        (1 << 16) - 1,
        1 << 16,
        (1 << 16) + 1,
        1 << 20,
        3 << 20,
    ];
    for scale in [1, 410, 4100, (1 << 16) - 1, 1 << 16, 1 << 20] {
        for offs in edges
            .into_iter()
            .chain((0..2000).map(|_| rng.below(1 << 21)))
        {
            assert_eq!(
                linux_cube_delta(scale, offs),
                reference(scale, offs),
                "{scale} {offs}"
            );
        }
    }
    // cube_rtt_scale 410 = bic_scale 41 × 10 (tcp_cubic.c), C ≈ 0.4 segments/s³: 10 s from K
    // (10,240 in 1/1024 s) is 410·10240³ / 2⁴⁰ = 400.4 segments.
    assert_eq!(linux_cube_delta(410, 10_240), 400);
}

mod slow_start {
    use super::*;

    fn with(preset: CubicPreset, hystart: HyStartMode) -> Cubic {
        Cubic::new(
            &CubicParams {
                preset,
                hystart: Some(hystart),
                ..Default::default()
            },
            &ctx(),
        )
    }

    fn delayed_ack(now: Time, rtt: Time) -> AckSample {
        AckSample {
            acked_bytes: 2 * MSS as u64,
            ..ack(now, rtt)
        }
    }

    #[test]
    fn the_linux_preset_doubles_per_round_trip_with_delayed_acks_and_carries_the_excess() {
        let mut cc = with(CubicPreset::Linux, HyStartMode::Off);
        cc.ssthresh = 25.0;
        let mut t = 0;
        for _ in 0..5 {
            t += MS;
            cc.on_ack(&delayed_ack(t, 100 * MS));
        }
        assert_eq!(cc.cwnd, 20.0, "10 segments acknowledged by 5 ACKs: +10");
        for _ in 0..2 {
            t += MS;
            cc.on_ack(&delayed_ack(t, 100 * MS));
        }
        assert_eq!(cc.cwnd, 24.0);
        t += MS;
        cc.on_ack(&delayed_ack(t, 100 * MS));
        // tcp_slow_start stops at ssthresh and returns 1 segment, which
        // cubictcp_cong_avoid passes to bictcp_update and tcp_cong_avoid_ai.
        assert_eq!(cc.cwnd, 25.0);
        assert_eq!(cc.lx.cwnd_cnt, 1.0);
    }

    #[test]
    fn hystart_plus_plus_enters_css_on_an_rtt_rise_and_then_congestion_avoidance() {
        let mut cc = with(CubicPreset::Rfc9438, HyStartMode::Rfc9406);
        let mut t = 0;
        let mut delivered = 0;
        // Rounds of one ACK per segment; RTT 100 ms, then 115 ms from round 4
        // (> 100 + clamp(100/8, 4, 16) = 112.5 ms).
        let mut regions = Vec::new();
        for round in 0..12 {
            let rtt = if round < 4 { 100 * MS } else { 115 * MS };
            let n = cc.cwnd.floor() as u64;
            for _ in 0..n {
                t += MS;
                let inflight = (cc.cwnd.floor() as u64 - 1) * MSS as u64;
                delivered += MSS as u64;
                cc.on_ack(&AckSample {
                    inflight_bytes: inflight,
                    delivered_bytes: delivered,
                    ..ack(t, rtt)
                });
            }
            regions.push(cc.region());
        }
        assert_eq!(&regions[..4], &[Region::SlowStart; 4]);
        assert_eq!(regions[4], Region::ConservativeSlowStart);
        // CSS lasts CSS_ROUNDS = 5 rounds (the partial one counts), then
        // ssthresh = cwnd and congestion avoidance.
        assert!(cc.ssthresh.is_finite(), "left slow start without a loss");
        assert!(cc.cwnd >= cc.ssthresh);
        assert!(matches!(
            regions[11],
            Region::Concave | Region::Convex | Region::RenoFriendly
        ));
        // Exponential growth up to round 4 (10·2⁴ = 160), then at most +¼ a round.
        assert!(cc.cwnd < 160.0 * 1.25_f64.powi(6), "{}", cc.cwnd);
    }

    #[test]
    fn linux_hystart_is_the_default_except_in_paper002() {
        for (preset, on) in [
            (CubicPreset::Rfc9438, true),
            (CubicPreset::Linux, true),
            (CubicPreset::Paper002, false),
        ] {
            let cc = cubic(preset);
            assert_eq!(cc.hystart.is_some(), on, "{preset:?}");
            assert!(cc.hystart_pp.is_none());
        }
        let cc = with(CubicPreset::Linux, HyStartMode::Off);
        assert!(cc.hystart.is_none() && cc.hystart_pp.is_none());
    }
}
