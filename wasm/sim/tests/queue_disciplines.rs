//! Every queue discipline of the schema, end to end: parsed from scenario
//! JSON, validated, built into a world carrying TCP, run to the end. Packets
//! are conserved, the link is used, and a shaper is woken by the world.

use sim::parse_scenario;

/// Two senders through a router to a receiver; the 10 Mb/s router→receiver
/// link carries `queue` (a JSON object).
fn scenario(queue: &str) -> String {
    format!(
        r#"{{
  "version": 1,
  "duration_s": 30,
  "topology": {{
    "nodes": [
      {{ "id": "s1", "kind": "host" }},
      {{ "id": "s2", "kind": "host" }},
      {{ "id": "r", "kind": "router" }},
      {{ "id": "d", "kind": "host" }}
    ],
    "links": [
      {{ "id": "a1", "a": "s1", "b": "r", "rate_bps": 100000000, "delay_ms": 1 }},
      {{ "id": "a2", "a": "s2", "b": "r", "rate_bps": 100000000, "delay_ms": 5 }},
      {{ "id": "bn", "a": "r", "b": "d", "rate_bps": 10000000, "delay_ms": 10, "queue": {queue} }}
    ]
  }},
  "flows": [
    {{ "id": "f1", "src": "s1", "dst": "d" }},
    {{ "id": "f2", "src": "s2", "dst": "d", "start_s": 0.5 }}
  ]
}}"#
    )
}

/// Run the scenario; returns each flow's goodput (b/s) and the bottleneck's
/// drops and bytes sent.
fn run(queue: &str) -> (Vec<f64>, u64, u64) {
    let s = parse_scenario(&scenario(queue)).unwrap_or_else(|e| panic!("{queue}: {e:?}"));
    let (w, _) = sim::invariants::run_checked(&s, 100_000_000, u64::MAX);
    let sum = w.summary();
    let bn = sum
        .links
        .iter()
        .find(|l| l.id == "bn" && l.direction == "a>b")
        .expect("bottleneck");
    let goodput = sum.flows.iter().map(|f| f.goodput_bps).collect();
    (goodput, bn.drops, bn.tx_bytes)
}

#[test]
fn every_discipline_runs_tcp_through_the_bottleneck() {
    let queues = [
        r#"{ "kind": "drop_tail", "limit_packets": 50 }"#,
        r#"{ "kind": "red", "limit_packets": 60, "min_th": 10, "max_th": 30 }"#,
        r#"{ "kind": "red", "mode": "bytes", "limit_bytes": 90000, "mean_pkt_size_bytes": 1500, "ecn": true }"#,
        r#"{ "kind": "codel" }"#,
        r#"{ "kind": "codel", "control_law": "linux" }"#,
        r#"{ "kind": "fq_codel" }"#,
        r#"{ "kind": "pie" }"#,
        r#"{ "kind": "pie", "dq_rate_estimator": true, "derandomize": true }"#,
        r#"{ "kind": "heavy_codel", "stat_int": 10, "hist_len": 20 }"#,
        r#"{ "kind": "wfq", "weights": [{ "flow": "f2", "weight": 2 }] }"#,
        r#"{ "kind": "wfq", "reservations": [{ "flow": "f1", "rate_bps": 3000000 }] }"#,
        r#"{ "kind": "drr" }"#,
        r#"{ "kind": "priority", "priorities": [{ "flow": "f1", "priority": 0 }] }"#,
        r#"{ "kind": "token_bucket", "mode": "police", "rate_bps": 8000000, "burst_bytes": 30000 }"#,
    ];
    for q in queues {
        let (goodput, _, _) = run(q);
        let total: f64 = goodput.iter().sum();
        assert!(total > 6e6 && total < 10e6, "{q}: {goodput:?}");
        if q.contains("priority") {
            // Strict priority: a greedy high-priority TCP flow may starve the other.
            assert!(goodput[0] > 0.9 * total, "{q}: {goodput:?}");
        } else {
            assert!(goodput.iter().all(|g| *g > 0.0), "{q}: {goodput:?}");
        }
    }
}

#[test]
fn a_shaper_below_the_link_rate_is_woken_by_the_world_and_holds_its_rate() {
    let q = r#"{ "kind": "token_bucket", "rate_bps": 2000000, "burst_bytes": 15000, "limit_packets": 100 }"#;
    let (goodput, drops, tx_bytes) = run(q);
    // The bottleneck sends exactly what the bucket allows: at most b + r·T.
    let r_t = 2e6 / 8.0 * 30.0;
    assert!(tx_bytes as f64 <= 15_000.0 + r_t, "{tx_bytes}");
    assert!(
        tx_bytes as f64 > 0.98 * r_t,
        "{tx_bytes}: the world must wake the shaper"
    );
    assert!(goodput.iter().all(|g| *g > 0.0), "{goodput:?}");
    assert!(drops > 0, "the shaper's queue overflows, so TCP backs off");
}

#[test]
fn fair_queueing_evens_out_flows_with_different_rtts() {
    let jain = |g: &[f64]| {
        g.iter().sum::<f64>().powi(2) / (g.len() as f64 * g.iter().map(|x| x * x).sum::<f64>())
    };
    for q in [
        r#"{ "kind": "fq_codel" }"#,
        r#"{ "kind": "drr" }"#,
        r#"{ "kind": "wfq" }"#,
    ] {
        let (goodput, _, _) = run(q);
        // f2 starts 0.5 s late, so compare shares loosely.
        assert!(jain(&goodput) > 0.9, "{q}: {goodput:?}");
    }
}

#[test]
fn impossible_queue_parameters_are_rejected_with_their_path() {
    let cases = [
        (
            r#"{ "kind": "red", "min_th": 20, "max_th": 10 }"#,
            "topology.links[2].queue.min_th",
        ),
        (
            r#"{ "kind": "token_bucket", "rate_bps": 0 }"#,
            "topology.links[2].queue.rate_bps",
        ),
        (
            r#"{ "kind": "drr", "weights": [{ "flow": "f1", "weight": 0 }] }"#,
            "topology.links[2].queue.weights[0].weight",
        ),
        (
            r#"{ "kind": "wfq", "weights": [{ "flow": "nope", "weight": 1 }] }"#,
            "topology.links[2].queue.weights[0].flow",
        ),
        (
            r#"{ "kind": "codel", "target_ms": 0 }"#,
            "topology.links[2].queue.target_ms",
        ),
        (
            r#"{ "kind": "heavy_codel", "drop_int": 0 }"#,
            "topology.links[2].queue.drop_int",
        ),
        (
            r#"{ "kind": "pie", "alpha": -1 }"#,
            "topology.links[2].queue.alpha",
        ),
        (
            r#"{ "kind": "fq_codel", "flows": 0 }"#,
            "topology.links[2].queue.flows",
        ),
        (
            r#"{ "kind": "token_bucket", "burst_bytes": 100 }"#,
            "topology.links[2].queue.burst_bytes",
        ),
        (
            r#"{ "kind": "token_bucket", "rate_bps": 1000000, "peak_rate_bps": 500000 }"#,
            "topology.links[2].queue.peak_rate_bps",
        ),
        (
            r#"{ "kind": "wfq", "reservations": [{ "flow": "f1", "rate_bps": 6000000 }, { "flow": "f2", "rate_bps": 6000000 }] }"#,
            "topology.links[2].queue.reservations",
        ),
        (
            r#"{ "kind": "wfq", "reservations": [{ "flow": "f1", "rate_bps": 1000000, "burst_bytes": 100 }] }"#,
            "topology.links[2].queue.reservations[0].burst_bytes",
        ),
        (
            r#"{ "kind": "priority", "default_priority": 9 }"#,
            "topology.links[2].queue.default_priority",
        ),
        // A shaper slower than 1 b/s.
        (
            r#"{ "kind": "token_bucket", "rate_bps": 0.5 }"#,
            "topology.links[2].queue.rate_bps",
        ),
        (
            r#"{ "kind": "wfq", "drop_policy": "random" }"#,
            "topology.links[2].queue.drop_policy",
        ),
        (
            r#"{ "kind": "wfq", "protect_reserved": "yes" }"#,
            "topology.links[2].queue.protect_reserved",
        ),
    ];
    for (q, path) in cases {
        let errs = parse_scenario(&scenario(q)).expect_err(q);
        assert!(errs.iter().any(|e| e.path == path), "{q}: {errs:?}");
    }
}

#[test]
fn a_wfq_drop_policy_error_names_the_choices() {
    let errs = parse_scenario(&scenario(r#"{ "kind": "wfq", "drop_policy": "random" }"#))
        .expect_err("unknown policy");
    let e = &errs[0];
    assert_eq!(e.path, "topology.links[2].queue.drop_policy");
    assert!(
        e.message.contains("tail") && e.message.contains("longest_queue"),
        "{e:?}"
    );
    let s = parse_scenario(&scenario(
        r#"{ "kind": "wfq", "drop_policy": "longest_queue", "protect_reserved": false }"#,
    ))
    .expect("valid");
    let json = sim::scenario::to_json(&s);
    assert_eq!(parse_scenario(&json).unwrap(), s);
}

#[test]
fn unknown_queue_fields_are_rejected() {
    let errs =
        parse_scenario(&scenario(r#"{ "kind": "codel", "targt_ms": 5 }"#)).expect_err("typo");
    assert!(errs[0].message.contains("targt_ms"), "{errs:?}");
}

#[test]
fn defaults_are_filled_in_and_round_trip() {
    let s = parse_scenario(&scenario(r#"{ "kind": "red" }"#)).unwrap();
    let q = &s.topology.links[2].queue;
    assert_eq!(
        q,
        &sim::scenario::QueueSpec::Red(sim::queue::red::RedSpec::default())
    );
    let json = sim::scenario::to_json(&s);
    assert_eq!(parse_scenario(&json).unwrap(), s);
}
