//! The receiver's measurements reach the sender's controller through ACKs:
//! paper 000's per-packet passage time d, measured by the receiving host's
//! pipeline, and paper 001's rate prate, measured by the receiver over its
//! unit time.

mod common;

use serde_json::json;
use sim::validation::{dumbbell, DumbbellFlow};
use sim::{Scenario, World};

fn with_receiver_host(mut s: Scenario, preset: &str) -> Scenario {
    let dst = s.topology.nodes.iter_mut().find(|n| n.id == "dst").unwrap();
    let host = json!({ "preset": preset }).to_string();
    dst.host = Some(sim::scenario::from_json(&host).unwrap());
    sim::parse_scenario(&sim::scenario::to_json(&s)).expect("valid")
}

fn mean_after(w: &World, rows: &[f64], key: &str, from_s: f64) -> f64 {
    let width = w.columns().len();
    let c = common::col(w, key);
    let v: Vec<f64> = rows
        .chunks_exact(width)
        .filter(|r| r[0] > from_s && r[c] > 0.0)
        .map(|r| r[c])
        .collect();
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

#[test]
fn e2e_feedback_gets_the_receiving_hosts_passage_time() {
    // Paper 000 terminal I receiving at 1 Gb/s: its PCI bus limits it.
    let s = with_receiver_host(
        dumbbell(
            &[DumbbellFlow::with(20.0, json!({"cc": "e2e_feedback"}))],
            1e9,
            5.0,
            json!({"queue": {"kind": "drop_tail", "limit_packets": 2000}}),
            3.0,
            1,
        ),
        "p4_pci",
    );
    let (w, rows) = common::run_rows(&s);
    let host_d_us = mean_after(&w, &rows, "host.dst.passage", 1.0);
    let cc_d_s = mean_after(&w, &rows, "flow.f0.cc.passage_time", 1.0);
    assert!(host_d_us > 1.0, "the host measures d: {host_d_us} µs");
    let rel = (cc_d_s * 1e6 - host_d_us).abs() / host_d_us;
    assert!(
        rel < 0.05,
        "controller's d {} µs vs the host's {host_d_us} µs",
        cc_d_s * 1e6
    );
    // Without a host model the receiver still times its recv()s: the
    // network's spacing of the packets.
    let ideal = dumbbell(
        &[DumbbellFlow::with(20.0, json!({"cc": "e2e_feedback"}))],
        1e9,
        5.0,
        json!({}),
        1.0,
        1,
    );
    let (w, rows) = common::run_rows(&ideal);
    assert!(mean_after(&w, &rows, "flow.f0.cc.bandwidth", 0.2) > 0.0);
}

#[test]
fn receiver_rate_gets_the_receivers_prate() {
    let s = dumbbell(
        &[DumbbellFlow::with(
            40.0,
            json!({"cc": "receiver_rate", "cc_params": {"receiver_rate": {"unit_time_ms": 200}}}),
        )],
        10e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 30}}),
        20.0,
        1,
    );
    let (w, rows) = common::run_rows(&s);
    let prate = mean_after(&w, &rows, "flow.f0.cc.prate", 5.0);
    let goodput = mean_after(&w, &rows, "flow.f0.goodput", 5.0);
    let rel = (prate - goodput).abs() / goodput;
    assert!(
        rel < 0.1,
        "prate {prate} b/s vs goodput {goodput} b/s (payload bytes both)"
    );
}

/// Mean of a flow column from `from_s` on, and its coefficient of variation.
fn mean_cv(w: &World, rows: &[f64], key: &str, from_s: f64) -> (f64, f64) {
    let width = w.columns().len();
    let c = common::col(w, key);
    let v: Vec<f64> = rows
        .chunks_exact(width)
        .filter(|r| r[0] >= from_s)
        .map(|r| r[c])
        .collect();
    let n = v.len().max(1) as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    (mean, var.sqrt() / mean)
}

/// One e2e_feedback flow (and, with `cross_bps`, a UDP CBR flow of
/// 1000-byte datagrams) through a 100 Mb/s bottleneck with a 40-packet
/// queue, RTT 40 ms, 30 s.
fn dumbbell_with_cross(estimator: &str, cross_bps: f64) -> Scenario {
    let tcp = DumbbellFlow::with(
        40.0,
        json!({"cc": "e2e_feedback", "cc_params": {"e2e_feedback": {"estimator": estimator}}}),
    );
    let mut flows = vec![tcp];
    if cross_bps > 0.0 {
        flows.push(DumbbellFlow::with(
            40.0,
            json!({"protocol": "udp", "source": {"kind": "cbr", "packet_bytes": 972,
                   "interval_ms": 1000.0 * 8.0 / cross_bps * 1000.0}}),
        ));
    }
    dumbbell(
        &flows,
        100e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 40}}),
        30.0,
        1,
    )
}

#[test]
fn the_feedback_control_converges_to_the_available_bandwidth() {
    for estimator in ["recv_time", "ack_spacing"] {
        for cross_bps in [0.0, 60e6] {
            let (w, rows) = common::run_rows(&dumbbell_with_cross(estimator, cross_bps));
            // Available: what the UDP flow leaves, in payload (1460 of 1500 bytes).
            let available = (100e6 - cross_bps) * 1460.0 / 1500.0;
            let (goodput, _) = mean_cv(&w, &rows, "flow.f0.goodput", 10.0);
            assert!(
                (goodput / available - 1.0).abs() < 0.1,
                "{estimator}, cross {cross_bps}: {:.1} Mb/s of {:.1} available",
                goodput / 1e6,
                available / 1e6
            );
            // Without oscillation: the window holds within a few percent.
            let (_, cv) = mean_cv(&w, &rows, "flow.f0.cwnd", 10.0);
            assert!(
                cv < 0.1,
                "{estimator}, cross {cross_bps}: cwnd varies {cv:.3}"
            );
        }
    }
}

#[test]
fn in_the_papers_dumbbell_it_beats_newreno_and_overestimated_fast_oscillates() {
    let base = common::load("content/scenarios/paper000-feedback.json");
    let run = |cc: &str| {
        let mut s = base.clone();
        s.flows[0].cc = Some(sim::scenario::from_json(&format!("\"{cc}\"")).unwrap());
        let s = sim::parse_scenario(&sim::scenario::to_json(&s)).unwrap();
        let (w, rows) = common::run_rows(&s);
        (
            mean_cv(&w, &rows, "flow.tcp.goodput", 10.0).0,
            mean_cv(&w, &rows, "flow.tcp.cwnd", 10.0).1,
        )
    };
    let (feedback, feedback_cv) = run("e2e_feedback");
    let (newreno, newreno_cv) = run("newreno");
    let (_, fast_cv) = run("fast"); // α = 100 packets: more than the 40-packet queue holds
    assert!(feedback > 1.1 * newreno, "{feedback} vs NewReno {newreno}");
    assert!(
        feedback_cv < 0.05 && newreno_cv > 0.1,
        "{feedback_cv} {newreno_cv}"
    );
    // FAST moves γ·α = 50 packets a round toward an equilibrium with 100 of
    // its packets queued, which the queue cannot hold: it overflows, halves
    // and climbs again, a swing as wide as NewReno's sawtooth.
    assert!(
        fast_cv > 0.1,
        "FAST with α overestimated does not settle: {fast_cv}"
    );
    // With α = 10 packets, which the queue holds beside the UDP flow's share,
    // the same FAST settles: the oscillation comes from α, not from FAST.
    let mut j: serde_json::Value = serde_json::from_str(&sim::scenario::to_json(&base)).unwrap();
    j["flows"][0]["cc"] = json!("fast");
    j["flows"][0]["cc_params"] = json!({"fast": {"alpha": 10}});
    let (w, rows) = common::run_rows(&sim::parse_scenario(&j.to_string()).unwrap());
    let (_, fast10_cv) = mean_cv(&w, &rows, "flow.tcp.cwnd", 10.0);
    assert!(fast10_cv < 0.05, "FAST with α = 10 settles: {fast10_cv}");
}
