//! Summary fields the paper report computes from: a flow's longest stall and a link's pipe
//! delay statistics, against values known by construction.

mod common;

use sim::{parse_scenario, World};

fn summary(edit: impl Fn(&mut serde_json::Value)) -> serde_json::Value {
    let text = std::fs::read_to_string(common::repo_root().join("content/scenarios/default.json"))
        .expect("default scenario");
    let mut s: serde_json::Value = serde_json::from_str(&text).expect("json");
    edit(&mut s);
    let s = parse_scenario(&s.to_string()).expect("valid");
    let mut w = World::new(&s);
    w.run();
    serde_json::to_value(w.summary()).expect("serialises")
}

#[test]
fn a_cbr_flow_stalls_for_its_interval_and_a_link_reports_its_pipe_delay() {
    let sum = summary(|s| {
        s["duration_s"] = 5.into();
        s["flows"][0] = serde_json::json!({
            "id": "u", "src": "sender", "dst": "receiver", "protocol": "udp",
            "source": {"kind": "cbr", "packet_bytes": 500, "interval_ms": 250}
        });
    });
    let stall = sum["flows"][0]["longest_stall_s"].as_f64().unwrap();
    assert!((stall - 0.25).abs() < 1e-6, "{stall}");
    let d = &sum["links"][2]["pipe_delay"];
    assert_eq!(sum["links"][2]["id"], "bottleneck");
    for k in ["mean_s", "min_s", "max_s"] {
        assert!((d[k].as_f64().unwrap() - 0.019).abs() < 1e-9, "{k}: {d}");
    }
    assert!(d["sd_s"].as_f64().unwrap() < 1e-9);
    // The reverse direction carried nothing.
    assert!(
        sum["links"][3]["pipe_delay"].is_null(),
        "{}",
        sum["links"][3]
    );
}

#[test]
fn a_link_outage_is_the_longest_stall_of_a_tcp_flow() {
    // The bottleneck carries nothing for 4 s from 5 s: the receiver gets nothing for about
    // that long, plus the retransmission timer's back-off past the end of the outage. The
    // timer doubles, so the retry after the outage comes at most one interval (< the 4 s
    // already waited plus the first RTO) after its end.
    let sum = summary(|s| {
        s["duration_s"] = 15.into();
        s["topology"]["links"][1]["loss"] =
            serde_json::json!({"kind": "blackout", "start_s": 5, "end_s": 9});
    });
    let stall = sum["flows"][0]["longest_stall_s"].as_f64().unwrap();
    assert!((4.0..9.0).contains(&stall), "{stall}");
}
