//! Tests every algorithm must pass: building from a scenario name, the metric
//! contract, finite ssthresh after a congestion event (the sender's fast
//! recovery adds to it), a long random-free ACK stream without panics, and the
//! mid-flow hand-off from every algorithm to every other.

use super::*;
use crate::engine::time::NS_PER_MS;

const MSS: u32 = 1448;
const MS: Time = NS_PER_MS;

/// Every algorithm of the registry (the test-only one included).
const ALL: &[CcAlgorithm] = CcAlgorithm::ALL;

fn ctx() -> CcContext {
    CcContext {
        mss: MSS,
        initial_cwnd_segments: 10,
        seed: 7,
        slow_start: Default::default(),
    }
}

fn name_of(a: CcAlgorithm) -> String {
    crate::scenario::to_json(&a).trim_matches('"').to_string()
}

/// Drive a controller through a crude ACK-clocked pipe: every RTT a window of
/// ACKs arrives; the RTT grows with the window above a 100-segment BDP and a
/// loss happens when the window passes 250 segments.
fn drive(cc: &mut dyn CongestionControl, start: Time, rounds: u32) -> Time {
    let mut now = start;
    let mut delivered: u64 = 0;
    let base = 50 * MS;
    for _ in 0..rounds {
        let w = (cc.cwnd() / MSS as u64).max(1);
        let queue = w.saturating_sub(100);
        let rtt = base + queue * base / 100;
        if w > 250 {
            cc.on_congestion_event(&CongestionEvent {
                now,
                signal: CongestionSignal::Loss,
                inflight_bytes: w * MSS as u64,
                mss: MSS,
            });
            let s = cc.ssthresh();
            assert!(s < u64::MAX, "{}: ssthresh finite after a loss", cc.name());
            assert!(s.checked_add(3 * MSS as u64).is_some());
            now += rtt;
            cc.on_recovery_exit(now, MSS);
            continue;
        }
        for i in 0..w {
            delivered += MSS as u64;
            cc.on_ack(&AckSample {
                now: now + rtt * i / w,
                acked_bytes: MSS as u64,
                rtt: Some(rtt),
                srtt: rtt,
                min_rtt: base,
                inflight_bytes: (w - 1) * MSS as u64,
                delivered_bytes: delivered,
                mss: MSS,
            });
        }
        now += rtt;
        assert!(cc.cwnd() >= 1, "{}: cwnd positive", cc.name());
    }
    now
}

#[test]
fn every_algorithm_builds_and_names_itself_as_in_the_scenario() {
    for &a in ALL {
        let cc = build_with(a, &CcParams::default(), &ctx());
        assert_eq!(cc.name(), name_of(a));
        assert_eq!(build(a, MSS, 10).name(), name_of(a));
    }
}

#[test]
fn metric_names_units_and_values_line_up() {
    for &a in ALL {
        let mut cc = build_with(a, &CcParams::default(), &ctx());
        let names = cc.metric_names();
        assert_eq!(names.len(), cc.metric_units().len(), "{}", cc.name());
        let mut out = Vec::new();
        cc.metrics(&mut out);
        assert_eq!(out.len(), names.len(), "{}", cc.name());
        drive(cc.as_mut(), 0, 60);
        out.clear();
        cc.metrics(&mut out);
        assert_eq!(out.len(), names.len());
        assert!(out.iter().all(|v| v.is_finite()), "{}: {out:?}", cc.name());
    }
}

/// The labels of state-like metrics, as the page reads them
/// (web/src/panels/plots/ccStateNames.json): `{ algorithm: { "cc.<metric>": [labels] } }`.
/// Regenerate with `TCPLAB_WRITE_STATE_NAMES=1 cargo test -p tcplab-sim --lib state_names`.
#[test]
fn the_pages_state_names_are_the_algorithms() {
    let mut algorithms = serde_json::Map::new();
    for &a in ALL.iter().filter(|a| !name_of(**a).starts_with("test_")) {
        let cc = build_with(a, &CcParams::default(), &ctx());
        let mut states = serde_json::Map::new();
        for (metric, labels) in cc.metric_states() {
            assert!(
                cc.metric_names().contains(metric),
                "{}: {metric}",
                cc.name()
            );
            states.insert(format!("cc.{metric}"), serde_json::json!(labels));
        }
        if !states.is_empty() {
            algorithms.insert(name_of(a).to_string(), states.into());
        }
    }
    let mut fresh = serde_json::to_string_pretty(&algorithms).expect("json");
    fresh.push('\n');
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/src/panels/plots/ccStateNames.json"
    );
    if std::env::var_os("TCPLAB_WRITE_STATE_NAMES").is_some() {
        std::fs::write(path, &fresh).expect("write");
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == fresh,
        "web/src/panels/plots/ccStateNames.json is stale: run \
         `TCPLAB_WRITE_STATE_NAMES=1 cargo test -p tcplab-sim --lib state_names`"
    );
}

#[test]
fn every_algorithm_survives_growth_losses_and_timeouts() {
    for &a in ALL {
        let mut cc = build_with(a, &CcParams::default(), &ctx());
        let now = drive(cc.as_mut(), 0, 200);
        cc.on_rto(now, 50 * MSS as u64, MSS);
        assert!(cc.cwnd() >= 1);
        drive(cc.as_mut(), now + 200 * MS, 100);
    }
}

#[test]
fn a_cumulative_ack_after_go_back_n_does_not_inflate_the_window() {
    // After a timeout the sender resends from snd_una and one ACK may cover
    // everything the receiver had buffered. Window-based algorithms grow by
    // at most L = 2 segments for it (RFC 3465 §2.2), plus one per-round step.
    for &a in ALL {
        if matches!(a, CcAlgorithm::Bbr | CcAlgorithm::E2eFeedback) {
            continue; // bounded by their model's target, not per ACK
        }
        let mut cc = build_with(a, &CcParams::default(), &ctx());
        let now = drive(cc.as_mut(), 0, 60);
        cc.on_congestion_event(&CongestionEvent {
            now,
            signal: CongestionSignal::Loss,
            inflight_bytes: cc.cwnd(),
            mss: MSS,
        });
        cc.on_recovery_exit(now, MSS);
        let before = cc.cwnd();
        cc.on_ack(&AckSample {
            now: now + 10 * MS,
            acked_bytes: 2000 * MSS as u64,
            rtt: Some(60 * MS),
            srtt: 60 * MS,
            min_rtt: 50 * MS,
            inflight_bytes: 10 * MSS as u64,
            delivered_bytes: 1_000_000_000,
            mss: MSS,
        });
        let grew = cc.cwnd().saturating_sub(before);
        assert!(grew <= 3 * MSS as u64, "{}: +{} bytes", cc.name(), grew);
    }
}

#[test]
fn the_same_inputs_give_the_same_window_trace() {
    for &a in ALL {
        let trace = |seed| {
            let mut cc = build_with(a, &CcParams::default(), &CcContext { seed, ..ctx() });
            let mut out = Vec::new();
            let mut now = 0;
            for _ in 0..20 {
                now = drive(cc.as_mut(), now, 10);
                out.push(cc.cwnd());
            }
            out
        };
        assert_eq!(trace(3), trace(3), "{a:?}");
    }
}

mod handoff {
    use super::*;

    fn running(a: CcAlgorithm) -> (Box<dyn CongestionControl>, Time) {
        let mut cc = build_with(a, &CcParams::default(), &ctx());
        let now = drive(cc.as_mut(), 0, 40);
        (cc, now)
    }

    #[test]
    fn carries_window_ssthresh_and_rtt_estimates() {
        let (cc, now) = running(CcAlgorithm::Newreno);
        let h = cc.handoff(now);
        assert_eq!(h.now, now);
        assert_eq!(h.cwnd_bytes, cc.cwnd());
        assert_eq!(h.ssthresh_bytes, cc.ssthresh());
        assert!(h.srtt > 0 && h.min_rtt == 50 * MS && h.latest_rtt > 0);
    }

    #[test]
    fn every_successor_starts_from_the_handed_window() {
        for &from in ALL {
            let (old, now) = running(from);
            let h = old.handoff(now);
            for &to in ALL {
                let mut new = build_from(to, &CcParams::default(), &ctx(), &h);
                assert_eq!(new.name(), name_of(to));
                let w = new.cwnd();
                let expect = h.cwnd_bytes;
                match to {
                    // Integer-segment algorithms round down to whole segments.
                    CcAlgorithm::Bic | CcAlgorithm::Vegas => {
                        assert!(
                            w <= expect && w + MSS as u64 > expect,
                            "{from:?}→{to:?}: {w} vs {expect}"
                        );
                    }
                    // BBR keeps at least 4 segments.
                    CcAlgorithm::Bbr => assert!(w >= expect.min(4 * MSS as u64)),
                    _ => assert_eq!(w, expect.max(MSS as u64), "{from:?}→{to:?}"),
                }
                // And it runs on from there.
                drive(new.as_mut(), now, 30);
            }
        }
    }

    #[test]
    fn cubic_sets_w_max_to_the_handed_window_and_restarts_its_epoch() {
        let (old, now) = running(CcAlgorithm::Newreno);
        let h = old.handoff(now);
        let c = cubic::Cubic::from_handoff(&Default::default(), &ctx(), &h);
        assert_eq!(c.w_max(), h.cwnd_bytes as f64 / MSS as f64);
        assert_eq!(c.epoch_start(), None);
    }

    #[test]
    fn delay_based_successors_take_base_rtt_from_min_rtt() {
        let (old, now) = running(CcAlgorithm::Cubic);
        let h = old.handoff(now);
        let v = vegas::Vegas::from_handoff(&Default::default(), &ctx(), &h);
        assert_eq!(v.base_rtt(), Some(50 * MS));
        let b = bbr::Bbr::from_handoff(&Default::default(), &ctx(), &h);
        assert_eq!(b.min_rtt(), Some(50 * MS));
        assert!(b.btl_bw_bps() > 0.0, "seeded from cwnd/srtt");
    }

    #[test]
    fn bandwidth_estimates_pass_between_model_based_algorithms() {
        let (mut old, now) = running(CcAlgorithm::Bbr);
        drive(old.as_mut(), now, 20);
        let h = old.handoff(now);
        let bw = h.bandwidth_bps.expect("BBR hands over its estimate");
        let w = westwood::WestwoodPlus::from_handoff(&ctx(), &h);
        assert_eq!(w.bw_est() * 8.0, bw);
    }
}

/// One round trip of slow start from a 10-segment window, acknowledged by
/// delayed ACKs for two segments each (`acks` of them); the window after it.
fn one_delayed_ack_round(a: CcAlgorithm, rule: crate::scenario::SlowStart) -> f64 {
    // Paper 001's controller opens with one segment: give it ten like the rest.
    let params = CcParams {
        receiver_rate: Some(crate::cc::receiver_rate::ReceiverRateParams {
            initial_window_segments: 10,
            ..Default::default()
        }),
        ..Default::default()
    };
    let mut cc = build_with(
        a,
        &params,
        &CcContext {
            slow_start: rule,
            ..ctx()
        },
    );
    assert_eq!(cc.cwnd(), 10 * MSS as u64, "{}", name_of(a));
    let rtt = 50 * MS;
    let mut delivered = 0;
    for i in 0..5 {
        delivered += 2 * MSS as u64;
        cc.on_ack(&AckSample {
            now: rtt + i * 5 * MS,
            acked_bytes: 2 * MSS as u64,
            rtt: Some(rtt),
            srtt: rtt,
            min_rtt: rtt,
            inflight_bytes: 10 * MSS as u64 - delivered,
            delivered_bytes: delivered,
            mss: MSS,
        });
    }
    cc.cwnd() as f64 / MSS as f64
}

#[test]
fn slow_start_with_delayed_acks_doubles_the_window_each_round_trip() {
    use crate::scenario::SlowStart;
    // Linux tcp_slow_start counts segments, not ACKs: 10 segments acknowledged
    // by 5 ACKs grow a 10-segment window to 20. BBR's startup (pacing gain
    // 2/ln 2) and paper 000's e2e_feedback (no slow start) grow otherwise.
    for &a in ALL {
        if matches!(a, CcAlgorithm::Bbr | CcAlgorithm::E2eFeedback) {
            continue;
        }
        assert_eq!(
            one_delayed_ack_round(a, SlowStart::Linux),
            20.0,
            "{}",
            name_of(a)
        );
        assert_eq!(
            one_delayed_ack_round(a, SlowStart::Rfc3465),
            20.0,
            "{}",
            name_of(a)
        );
        // RFC 5681's one segment per ACK: ×1.5 per round trip. Paper 001's
        // receiver_rate counts packets received (+1 each, its §4.1 code), not
        // ACKs, whatever the flow's slow-start rule.
        let per_ack = if a == CcAlgorithm::ReceiverRate {
            20.0
        } else {
            15.0
        };
        assert_eq!(
            one_delayed_ack_round(a, SlowStart::Rfc5681),
            per_ack,
            "{}",
            name_of(a)
        );
    }
}

/// The flow's `tcp.byte_counting` reaches Compound (as newreno) from the
/// start and across a hand-off: with it off, a delayed ACK for two segments
/// grows the loss window as one ACK does.
#[test]
fn compound_takes_the_flows_byte_counting() {
    let growth = |byte_counting: bool, handoff: bool| {
        let stack = StackInit {
            initial_ssthresh_segments: None,
            byte_counting,
        };
        let params = CcParams::default();
        let mut cc = build_for_flow(CcAlgorithm::Compound, &params, &ctx(), &stack);
        // Leave slow start: a loss sets the loss window's ssthresh.
        cc.on_congestion_event(&CongestionEvent {
            now: 0,
            signal: CongestionSignal::Loss,
            inflight_bytes: 40 * MSS as u64,
            mss: MSS,
        });
        cc.on_recovery_exit(0, MSS);
        if handoff {
            let h = cc.handoff(MS);
            cc = build_from_for_flow(CcAlgorithm::Compound, &params, &ctx(), &stack, &h);
        }
        let before = cc.cwnd();
        cc.on_ack(&AckSample {
            now: 2 * MS,
            acked_bytes: 2 * MSS as u64,
            inflight_bytes: 5 * MSS as u64,
            delivered_bytes: 2 * MSS as u64,
            mss: MSS,
            ..Default::default()
        });
        cc.cwnd() - before
    };
    for handoff in [false, true] {
        let by_bytes = growth(true, handoff) as f64;
        let per_ack = growth(false, handoff) as f64;
        assert!(per_ack > 0.0, "handoff {handoff}");
        assert!(
            (by_bytes / per_ack - 2.0).abs() < 0.05,
            "handoff {handoff}: {by_bytes} vs {per_ack}"
        );
    }
}
