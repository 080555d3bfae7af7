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

#[test]
fn a_segment_the_receiver_already_had_counts_as_a_duplicate() {
    // Undisturbed, every retransmission replaces a lost segment: none arrives twice.
    let clean = summary(|s| s["duration_s"] = 5.into());
    let f = &clean["flows"][0];
    assert!(f["retransmitted_segments"].as_u64().unwrap() > 0, "{f}");
    assert_eq!(f["duplicate_segments"], 0, "{f}");
    // Paper 003's twelve 1998 Reno connections through a 40-packet FIFO on a 125 kb/s line
    // time out often (the queue holds seconds of data): some timers fire for segments that
    // are still queued, and go-back after a timeout resends segments already received.
    let text = std::fs::read_to_string(
        common::repo_root().join("content/scenarios/paper003-tcp-fifo-12.json"),
    )
    .expect("paper 003 preset");
    let mut w = World::new(&parse_scenario(&text).expect("valid"));
    w.run();
    let sum = serde_json::to_value(w.summary()).expect("serialises");
    let total = |k: &str| -> u64 {
        let flows = sum["flows"].as_array().unwrap();
        flows.iter().map(|f| f[k].as_u64().unwrap()).sum()
    };
    let (dups, retx) = (total("duplicate_segments"), total("retransmitted_segments"));
    assert!(
        dups > 0 && dups < retx,
        "{dups} duplicates, {retx} retransmissions"
    );
}
