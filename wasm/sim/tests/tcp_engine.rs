//! TCP engine scenarios: loss recovery styles, traffic sources, buffers,
//! delayed ACKs, pacing, fragmentation and timers, with the invariants
//! (conservation, in-order delivery, monotone time, finite traces) checked
//! throughout every run.

mod common;

use serde_json::{json, Value};
use sim::oracles::{dumbbell, DumbbellFlow};
use sim::Scenario;

/// One flow over a 20 Mb/s, 40 ms path with a 50-packet DropTail buffer.
fn one_flow(flow: Value, duration_s: f64) -> Scenario {
    dumbbell(
        &[DumbbellFlow::with(40.0, flow)],
        20e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 50}}),
        duration_s,
        1,
    )
}

fn checked(s: &Scenario) -> sim::Summary {
    common::run_checked(s, 7_000_000).summary()
}

#[test]
fn every_recovery_style_fills_the_pipe_and_keeps_the_invariants() {
    for (recovery, min_util) in [
        ("sack", 0.9),
        ("newreno", 0.85),
        ("reno", 0.7),
        ("tahoe", 0.6),
        ("go_back_n", 0.6),
    ] {
        let s = one_flow(json!({"tcp": {"recovery": recovery}}), 30.0);
        let sum = checked(&s);
        let f = &sum.flows[0];
        let util = f.goodput_bps / (20e6 * 1460.0 / 1500.0);
        assert!(
            util > min_util,
            "{recovery}: goodput {:.1} Mb/s",
            f.goodput_bps / 1e6
        );
        assert!(
            f.retransmitted_segments > 0,
            "{recovery}: the buffer overflows, so something is resent"
        );
    }
}

#[test]
fn sack_recovers_a_burst_of_losses_without_a_timeout_where_newreno_times_out_or_crawls() {
    // Lose five packets of one window: SACK repairs them in about one RTT.
    let loss = json!({"loss": {"kind": "nth", "packets": [300, 302, 304, 306, 308]}});
    let run = |recovery: &str| {
        let mut s = dumbbell(
            &[DumbbellFlow::with(
                40.0,
                json!({"tcp": {"recovery": recovery}}),
            )],
            20e6,
            10.0,
            loss.clone(),
            5.0,
            1,
        );
        s.topology.links[0].queue =
            sim::scenario::QueueSpec::DropTail(sim::queue::droptail::DropTailSpec {
                limit_packets: Some(1000),
                limit_bytes: None,
            });
        checked(&s)
    };
    let sack = run("sack");
    let newreno = run("newreno");
    assert_eq!(sack.flows[0].timeouts, 0);
    assert_eq!(
        sack.flows[0].fast_retransmits, 1,
        "one recovery episode for the whole burst"
    );
    assert_eq!(
        sack.flows[0].retransmitted_segments, 5,
        "exactly the lost segments are resent"
    );
    assert!(sack.flows[0].delivered_bytes >= newreno.flows[0].delivered_bytes);
}

#[test]
fn a_sized_transfer_delivers_exactly_its_bytes_and_records_its_completion_time() {
    let bytes = 1_000_000u64;
    let s = one_flow(json!({"source": {"kind": "sized", "bytes": bytes}}), 10.0);
    let sum = checked(&s);
    let f = &sum.flows[0];
    assert_eq!(f.delivered_bytes, bytes);
    let fct = f.completion_time_s.expect("completes");
    // At least the serialisation time plus one RTT, and well under the run.
    assert!(fct > bytes as f64 * 8.0 / 20e6 + 0.04, "fct {fct}");
    assert!(fct < 2.0, "fct {fct}");
}

#[test]
fn udp_cbr_arrives_at_its_rate_and_is_not_congestion_controlled() {
    let flow = json!({"protocol": "udp", "source": {"kind": "cbr", "packet_bytes": 972, "interval_ms": 1.0}});
    let s = one_flow(flow, 10.0);
    let sum = checked(&s);
    let f = &sum.flows[0];
    assert_eq!(
        f.udp_sent_packets, 10_001,
        "one at t = 0 and one at t = 10 s"
    );
    assert!(
        f.udp_received_packets >= 9_980,
        "all but those in flight arrive"
    );
    assert!((f.goodput_bps - 972.0 * 8.0 * 1000.0).abs() < 0.01 * 972.0 * 8000.0);
}

#[test]
fn udp_overload_is_dropped_at_the_bottleneck() {
    // 30 Mb/s into 20 Mb/s: about a third is lost.
    let flow = json!({"protocol": "udp", "source": {"kind": "poisson", "packet_bytes": 1000, "rate_bps": 30e6}});
    let sum = checked(&one_flow(flow, 10.0));
    let f = &sum.flows[0];
    let loss = 1.0 - f.udp_received_packets as f64 / f.udp_sent_packets as f64;
    assert!((loss - 1.0 / 3.0).abs() < 0.03, "loss {loss}");
}

#[test]
fn on_off_tcp_sends_only_while_on() {
    let flow = json!({"source": {"kind": "on_off", "on_s": 1.0, "off_s": 1.0}});
    let s = one_flow(flow, 40.0);
    let (w, rows) = common::run_rows(&s);
    let width = w.columns().len();
    let g = common::col(&w, "flow.f0.goodput");
    // In the middle of each off period nothing arrives; in the middle of an on period, plenty.
    let at = |t: f64| rows.chunks_exact(width).find(|r| r[0] >= t).unwrap()[g];
    for k in 5..15 {
        assert!(at(2.0 * k as f64 + 0.6) > 10e6, "on at {}", 2 * k);
        assert_eq!(at(2.0 * k as f64 + 1.6), 0.0, "off at {}", 2 * k + 1);
    }
    let sum = w.summary();
    assert!(sum.flows[0].goodput_bps < 0.55 * 20e6);
}

#[test]
fn the_receive_window_caps_throughput_at_rwnd_over_rtt() {
    let flow = json!({"tcp": {"receive_buffer_bytes": 65536}});
    let s = dumbbell(
        &[DumbbellFlow::with(100.0, flow)],
        100e6,
        10.0,
        json!({}),
        20.0,
        1,
    );
    let sum = checked(&s);
    let cap = 65536.0 * 8.0 / 0.1;
    let g = sum.flows[0].goodput_bps;
    assert!(
        g <= cap * 1.001 && g > 0.85 * cap,
        "goodput {g} vs rwnd/RTT {cap}"
    );
    assert_eq!(sum.links[0].drops, 0);
}

#[test]
fn delayed_acks_halve_the_number_of_acks() {
    let run = |mode: &str| {
        let s = one_flow(json!({"tcp": {"delayed_ack": mode}}), 10.0);
        let sum = checked(&s);
        let data = sum
            .links
            .iter()
            .find(|l| l.id == "bottleneck" && l.direction == "a>b")
            .unwrap()
            .tx_packets as f64;
        let acks = sum
            .links
            .iter()
            .find(|l| l.id == "bottleneck" && l.direction == "b>a")
            .unwrap()
            .tx_packets as f64;
        acks / data
    };
    assert!(run("off") > 0.99);
    let ratio = run("linux");
    assert!(ratio > 0.5 && ratio < 0.6, "acks per data packet {ratio}");
}

#[test]
fn pacing_keeps_the_slow_start_burst_out_of_the_queue() {
    let peak = |pacing: bool| {
        let mut s = dumbbell(
            &[DumbbellFlow::with(
                40.0,
                json!({"tcp": {"pacing": pacing, "initial_window_segments": 10}}),
            )],
            20e6,
            10.0,
            json!({"queue": {"kind": "drop_tail", "limit_packets": 1000}}),
            0.3,
            1,
        );
        s.sample_interval_ms = 1.0;
        let (w, rows) = common::run_rows(&s);
        let width = w.columns().len();
        let q = common::col(&w, "link.bottleneck:a>b.queue");
        // The early rounds, while cwnd is still below the BDP: unpaced ACK-clocked
        // pairs queue up; paced segments are spread out. (The overshoot at the end
        // of slow start is the same either way.)
        rows.chunks_exact(width)
            .filter(|r| r[0] < 0.15)
            .map(|r| r[q])
            .fold(0.0, f64::max)
    };
    let (paced, bursty) = (peak(true), peak(false));
    assert!(paced < bursty, "paced peak {paced}, unpaced {bursty}");
}

#[test]
fn timestamps_take_twelve_bytes_from_the_mss() {
    let s = one_flow(
        json!({"tcp": {"timestamps": true, "recovery": "sack"}}),
        5.0,
    );
    let sum = checked(&s);
    // 1448-byte segments in 1500-byte packets.
    let l = sum
        .links
        .iter()
        .find(|l| l.id == "bottleneck" && l.direction == "a>b")
        .unwrap();
    // Besides them: the SYN (60 bytes with its options) and the handshake's ACK (52).
    assert_eq!(
        (l.tx_bytes - 60 - 52) % 1500,
        0,
        "every data packet is 1500 bytes"
    );
    assert_eq!(sum.flows[0].delivered_bytes % 1448, 0);
}

#[test]
fn a_fixed_mss_larger_than_the_mtu_is_fragmented_and_reassembled() {
    let flow = json!({"tcp": {"mss_bytes": 8960, "ip_fragmentation": true}});
    let s = one_flow(flow, 5.0);
    let sum = checked(&s);
    assert!(sum.flows[0].delivered_bytes > 0);
    assert_eq!(sum.flows[0].delivered_bytes % 8960, 0);
    let l = sum
        .links
        .iter()
        .find(|l| l.id == "bottleneck" && l.direction == "a>b")
        .unwrap();
    // 9000-byte datagrams travel as seven fragments.
    assert!(l.tx_packets >= 7 * (sum.flows[0].delivered_bytes / 8960));
}

#[test]
fn a_coarse_timer_rounds_the_rto_up_to_whole_ticks() {
    let flow =
        json!({"tcp": {"timer_granularity_ms": 500, "min_rto_ms": 1000, "recovery": "tahoe"}});
    let s = one_flow(flow, 10.0);
    let (w, rows) = common::run_rows(&s);
    let width = w.columns().len();
    let rto = common::col(&w, "flow.f0.rto");
    for r in rows.chunks_exact(width) {
        assert!(r[rto] >= 1000.0, "minimum RTO 1 s, got {}", r[rto]);
    }
}

#[test]
fn refuses_settings_that_cannot_work() {
    let bad = |flow: Value| {
        let mut v: Value = serde_json::from_str(
            &std::fs::read_to_string(common::repo_root().join("content/scenarios/default.json"))
                .unwrap(),
        )
        .unwrap();
        for (k, val) in flow.as_object().unwrap() {
            v["flows"][0][k] = val.clone();
        }
        sim::parse_scenario(&v.to_string()).expect_err("refused")
    };
    let e = bad(json!({"tcp": {"mss_bytes": 9000}}));
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].tcp.mss_bytes" && e.message.contains("MTU")),
        "{e:?}"
    );
    let e = bad(json!({"tcp": {"receive_buffer_bytes": 0}}));
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].tcp.receive_buffer_bytes"),
        "{e:?}"
    );
    let e = bad(json!({"source": {"kind": "cbr", "packet_bytes": 100, "interval_ms": 1}}));
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].source.kind" && e.message.contains("bulk")),
        "{e:?}"
    );
    let e = bad(
        json!({"protocol": "udp", "source": {"kind": "cbr", "packet_bytes": 5000, "interval_ms": 1}}),
    );
    assert!(
        e.iter().any(|e| e.path == "flows[0].source.packet_bytes"),
        "{e:?}"
    );
    let e = bad(json!({"tcp": {"initial_window_segments": 0}}));
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].tcp.initial_window_segments"),
        "{e:?}"
    );
    let e = bad(json!({"tcp": {"recovery": "vegas"}}));
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].tcp.recovery" && e.message.contains("newreno")),
        "{e:?}"
    );
}
