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
    // Without a host model nothing is measured: the controller falls back to ACK spacing.
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
