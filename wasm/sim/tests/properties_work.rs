//! Calibration of the work estimate (estimate::estimate_work) against the
//! events real runs process: every golden scenario and a set of harder cases
//! (high rates, many flows, lossy wires, UDP overload, small windows, IP
//! fragmentation, delayed ACKs). docs/reliability.md lists the measured ratios.
//!
//! The estimate must stay between 0.6 and 3 times the real count on this set.
//! It is allowed to be far too high for Reno-like flows that losses keep well
//! below their share on long fat pipes (the `reno_far_below_its_share` case
//! shows the size of that), never far too low.

mod common;

use serde_json::{json, Value};
use sim::World;
use sim::{estimate_work, parse_scenario};

const LOW: f64 = 0.6;
const HIGH: f64 = 3.0;

/// (estimated, real) events of a scenario.
fn measure(s: &sim::Scenario) -> (f64, u64) {
    let est = estimate_work(s).events;
    let mut w = World::new(s);
    w.run();
    (est, w.events_processed())
}

/// The default scenario with `edit` applied.
fn variant(edit: impl FnOnce(&mut Value)) -> sim::Scenario {
    let text = std::fs::read_to_string(common::repo_root().join("content/scenarios/default.json"))
        .expect("default scenario");
    let mut v: Value = serde_json::from_str(&text).expect("JSON");
    edit(&mut v);
    parse_scenario(&v.to_string()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn calibration_cases() -> Vec<(&'static str, sim::Scenario)> {
    vec![
        (
            "1 Gb/s, 2 s",
            variant(|v| {
                v["duration_s"] = json!(2);
                v["topology"]["links"][0]["rate_bps"] = json!(10e9);
                v["topology"]["links"][1]["rate_bps"] = json!(1e9);
                v["topology"]["links"][1]["queue"]["limit_packets"] = json!(1700);
            }),
        ),
        (
            "30 flows, 4 algorithms, 100 Mb/s",
            variant(|v| {
                v["duration_s"] = json!(4);
                let links = v["topology"]["links"].as_array_mut().expect("links");
                links[1]["rate_bps"] = json!(100e6);
                links[1]["queue"]["limit_packets"] = json!(300);
                let nodes = v["topology"]["nodes"].as_array_mut().expect("nodes");
                let mut flows = Vec::new();
                let mut access = Vec::new();
                for i in 0..30 {
                    nodes.push(json!({"id": format!("s{i}"), "kind": "host"}));
                    access.push(
                        json!({"id": format!("a{i}"), "a": format!("s{i}"), "b": "router",
                                       "rate_bps": 1e9, "delay_ms": 1.0 + i as f64 * 0.5}),
                    );
                    let cc = ["newreno", "cubic", "bbr", "vegas"][i % 4];
                    flows.push(
                        json!({"id": format!("f{i}"), "src": format!("s{i}"), "dst": "receiver",
                                      "cc": cc,
                                      "start_s": i as f64 * 0.05}),
                    );
                }
                v["topology"]["links"]
                    .as_array_mut()
                    .expect("links")
                    .extend(access);
                v["flows"] = json!(flows);
            }),
        ),
        (
            "1 % loss at 100 Mb/s",
            variant(|v| {
                v["duration_s"] = json!(5);
                v["topology"]["links"][1]["rate_bps"] = json!(100e6);
                v["topology"]["links"][1]["loss"] = json!({"kind": "bernoulli", "p": 0.01});
            }),
        ),
        (
            "0.01 % loss at 100 Mb/s",
            variant(|v| {
                v["duration_s"] = json!(5);
                v["topology"]["links"][1]["rate_bps"] = json!(100e6);
                v["topology"]["links"][1]["loss"] = json!({"kind": "bernoulli", "p": 0.0001});
            }),
        ),
        (
            "UDP at twice the bottleneck",
            variant(|v| {
                v["duration_s"] = json!(5);
                v["flows"].as_array_mut().expect("flows").push(json!({
                    "id": "u", "src": "sender", "dst": "receiver", "protocol": "udp",
                    "source": {"kind": "cbr", "packet_bytes": 1000, "interval_ms": 0.2}}));
            }),
        ),
        (
            "64 KB window, 100 ms",
            variant(|v| {
                v["duration_s"] = json!(10);
                v["topology"]["links"][1]["rate_bps"] = json!(100e6);
                v["topology"]["links"][1]["delay_ms"] = json!(49);
                v["flows"][0]["tcp"] = json!({"receive_buffer_bytes": 65535});
            }),
        ),
        (
            "9000-byte segments in 1500-byte fragments",
            variant(|v| {
                v["duration_s"] = json!(10);
                v["flows"][0]["tcp"] = json!({"mss_bytes": 8960, "ip_fragmentation": true});
            }),
        ),
        (
            "H-TCP, delayed ACKs, timestamps",
            variant(|v| {
                v["flows"][0]["cc"] = json!("htcp");
                v["flows"][0]["tcp"] = json!({"delayed_ack": "rfc", "timestamps": true});
            }),
        ),
        (
            "BBR paced, CUBIC on/off",
            variant(|v| {
                v["duration_s"] = json!(8);
                v["flows"][0]["cc"] = json!("bbr");
                v["flows"].as_array_mut().expect("flows").push(json!({
                    "id": "c", "src": "sender", "dst": "receiver", "cc": "cubic",
                    "source": {"kind": "on_off", "on_s": 1, "off_s": 1}}));
            }),
        ),
    ]
}

fn golden_cases() -> Vec<(String, sim::Scenario)> {
    let text = std::fs::read_to_string(common::repo_root().join("tests/golden/expected.json"))
        .expect("golden file");
    let golden: Value = serde_json::from_str(&text).expect("golden JSON");
    golden
        .as_object()
        .expect("object")
        .iter()
        .map(|(n, e)| {
            (
                n.clone(),
                common::load(e["scenario"].as_str().expect("path")),
            )
        })
        .collect()
}

#[test]
fn the_estimate_is_within_its_stated_factor_of_real_runs() {
    let mut cases: Vec<(String, sim::Scenario)> = golden_cases();
    cases.extend(
        calibration_cases()
            .into_iter()
            .map(|(n, s)| (n.to_string(), s)),
    );
    let mut table = String::new();
    let mut outside = Vec::new();
    for (name, s) in &cases {
        let (est, real) = measure(s);
        let ratio = est / real as f64;
        table += &format!("{name:<45} {est:>12.0} {real:>10} {ratio:>6.2}\n");
        if !(LOW..=HIGH).contains(&ratio) {
            outside.push(name.clone());
        }
    }
    // `cargo test -- --nocapture` prints the table for docs/reliability.md.
    println!(
        "{:<45} {:>12} {:>10} {:>6}\n{table}",
        "case", "estimate", "events", "ratio"
    );
    assert!(
        outside.is_empty(),
        "outside [{LOW}, {HIGH}]: {outside:?}\n{table}"
    );
}

/// The documented exception: NewReno over a 1 Gb/s, 40 ms path into a P4/PCI
/// receiver that overruns its NIC. The few losses leave Reno far below the
/// host's capacity for the whole run (its window regrows by one segment per
/// RTT), so the estimate, which assumes the flow fills its share, is 10–30×
/// too high. Too high only delays a run behind a warning; it never lets a
/// long run through.
#[test]
fn reno_far_below_its_share_is_overestimated_not_underestimated() {
    let s = variant(|v| {
        v["duration_s"] = json!(5);
        v["topology"]["links"][1]["rate_bps"] = json!(1e9);
        v["topology"]["links"][1]["queue"]["limit_packets"] = json!(3000);
        v["topology"]["nodes"][2]["host"] = json!({"preset": "p4_pci"});
    });
    let (est, real) = measure(&s);
    let ratio = est / real as f64;
    assert!(ratio > 5.0, "{ratio}");
}
