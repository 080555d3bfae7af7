//! The end-host model in whole runs: loopback flows (paper 000 §3.4.2) and
//! NIC overruns, with the invariants checked throughout.

mod common;

use serde_json::json;

fn loopback(mss: u32) -> sim::Scenario {
    let doc = json!({
        "version": 1, "name": "loopback", "seed": 1, "duration_s": 0.5, "sample_interval_ms": 10,
        "topology": {"nodes": [{"id": "pc", "kind": "host", "host": {"preset": "p4_loopback"}}], "links": []},
        "flows": [{"id": "bm", "src": "pc", "dst": "pc",
                   "tcp": {"mss_bytes": mss, "send_buffer_bytes": mss, "receive_buffer_bytes": 1048576}}]
    });
    sim::parse_scenario(&doc.to_string()).expect("valid loopback scenario")
}

#[test]
fn a_loopback_flow_runs_faster_with_larger_segments_as_in_table_3_2() {
    let mut last = 0.0;
    for mtu in [7000u32, 10000, 13000, 16000] {
        let w = common::run_checked(&loopback(mtu - 60), 5_000_000);
        let g = w.summary().flows[0].goodput_bps;
        assert!(g > last, "MTU {mtu}: {g}");
        last = g;
    }
    // Table 3.2's own time column gives 7000 B in 29 µs (241 MB/s) up to 16000 B in
    // 34 µs (471 MB/s); the model (fitted to its rate column) lands in the same range.
    assert!(
        last / 8e6 > 240.0 && last / 8e6 < 480.0,
        "{} MB/s",
        last / 8e6
    );
}

#[test]
fn a_flow_to_itself_needs_a_loopback_host() {
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::repo_root().join("content/scenarios/default.json"))
            .unwrap(),
    )
    .unwrap();
    v["flows"][0]["dst"] = "sender".into();
    let e = sim::parse_scenario(&v.to_string()).unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.path == "flows[0].dst" && e.message.contains("loopback")),
        "{e:?}"
    );
}

#[test]
fn a_small_nic_buffer_overruns_and_tcp_recovers() {
    let s = common::load("content/scenarios/paper000-host.json");
    let mut v = serde_json::to_value(&s).unwrap();
    v["topology"]["nodes"][1]["host"]["nic_buffer_bytes"] = 16384.into();
    v["flows"][0]["tcp"]["receive_buffer_bytes"] = 262144.into();
    let s = sim::parse_scenario(&v.to_string()).unwrap();
    let w = common::run_checked(&s, 3_000_000);
    let sum = w.summary();
    assert!(sum.hosts[0].nic_overruns > 0);
    assert!(sum.flows[0].retransmitted_segments > 0);
    let bound = sum.flows[0].bounds.as_ref().unwrap().host_bound_bps;
    assert!(sum.flows[0].goodput_bps < bound);
}

/// The scenario `rel` with the MTU of its first link set to `mtu`.
fn at_mtu(rel: &str, mtu: u32) -> sim::Scenario {
    let mut s = common::load(rel);
    s.topology.links[0].mtu_bytes = mtu;
    sim::parse_scenario(&sim::scenario::to_json(&s)).expect("valid")
}

#[test]
fn the_table_3_1_host_gets_the_tables_ratios_and_its_own_bound() {
    for (mtu, ratio) in [(1500u32, 0.433), (6000, 0.594), (9000, 0.610)] {
        let w = common::run_checked(
            &at_mtu("content/scenarios/paper000-table3-1.json", mtu),
            1_000_000_000,
        );
        let f = &w.summary().flows[0];
        let r = f.goodput_bps / 1e9;
        assert!(
            (r / ratio - 1.0).abs() < 0.03,
            "MTU {mtu}: {r:.3} of 1 Gb/s vs {ratio}"
        );
        let bound = f.bounds.as_ref().unwrap().host_bound_bps;
        assert!(
            f.goodput_bps <= bound && f.goodput_bps > 0.98 * bound,
            "MTU {mtu}"
        );
        assert_eq!(f.retransmitted_segments, 0);
    }
}

#[test]
fn loopback_tcp_reproduces_table_3_2_at_the_links_mtu() {
    // Equivalent MTU (bytes) and FSB BW (MB/s).
    let table = [
        (7000u32, 276.0),
        (8000, 289.0),
        (9000, 314.0),
        (10_000, 322.0),
        (11_000, 356.0),
        (12_000, 392.0),
        (13_000, 404.0),
        (14_000, 427.0),
        (15_000, 433.0),
        (16_000, 472.0),
    ];
    for (mtu, mb_s) in table {
        let w = common::run_checked(
            &at_mtu("content/scenarios/paper000-loopback.json", mtu),
            1_000_000_000,
        );
        let f = &w.summary().flows[0];
        let got = f.goodput_bps / 8e6;
        assert!(
            (got / mb_s - 1.0).abs() < 0.1,
            "MTU {mtu}: {got:.1} MB/s vs {mb_s}"
        );
        assert_eq!((f.retransmitted_segments, f.timeouts), (0, 0), "MTU {mtu}");
    }
}

#[test]
fn a_loopback_flow_with_the_default_window_does_not_drift_into_timeouts() {
    let mut s = common::load("content/scenarios/paper000-loopback.json");
    s.flows[0].tcp = Default::default();
    let s = sim::parse_scenario(&sim::scenario::to_json(&s)).expect("valid");
    let w = common::run_checked(&s, 100_000_000);
    let sum = w.summary();
    let f = &sum.flows[0];
    assert_eq!(f.timeouts, 0, "{f:?}");
    // Losses only where the loopback backlog overflowed in slow start.
    assert_eq!(f.retransmitted_segments, sum.hosts[0].nic_overruns);
    assert!(
        f.goodput_bps / 8e6 > 0.9 * 314.0,
        "{} MB/s",
        f.goodput_bps / 8e6
    );
}
