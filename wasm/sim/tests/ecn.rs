//! ECN end to end (RFC 3168): an ECN-capable flow through a RED or CoDel
//! queue in `ecn` mode is marked instead of dropped, its receiver echoes the
//! marks, and its sender reduces at most once per round trip; the same flow
//! without ECN loses packets at the same queue.

mod common;

use serde_json::{json, Value};
use sim::oracles::{dumbbell, DumbbellFlow};
use sim::{Scenario, Summary, World};

/// Two flows over a 10 Mb/s, 40 ms path through `queue`.
fn scenario(queue: Value, ecn: bool) -> Scenario {
    let flow = json!({"cc": "newreno", "tcp": {"ecn": ecn}});
    dumbbell(
        &[
            DumbbellFlow::with(40.0, flow.clone()),
            DumbbellFlow::with(40.0, flow),
        ],
        10e6,
        10.0,
        json!({ "queue": queue }),
        30.0,
        2,
    )
}

fn last(w: &World, rows: &[f64], key: &str) -> f64 {
    let width = w.columns().len();
    let c = common::col(w, key);
    rows.chunks_exact(width).last().unwrap()[c]
}

struct Outcome {
    sum: Summary,
    /// Drops by the AQM and by overflow after the first 5 s (slow start's
    /// overshoot can drive RED's average past 2·max_th, where it must drop).
    aqm_drops: f64,
    overflow_drops: f64,
    retransmits: f64,
    timeouts: f64,
    reductions: [f64; 2],
}

/// Value of `key` at the end minus its value at 5 s.
fn after_warmup(w: &World, rows: &[f64], key: &str) -> f64 {
    let width = w.columns().len();
    let c = common::col(w, key);
    let at5 = rows
        .chunks_exact(width)
        .find(|r| r[0] >= 5.0)
        .map_or(0.0, |r| r[c]);
    last(w, rows, key) - at5
}

fn run(queue: Value, ecn: bool) -> Outcome {
    let s = scenario(queue, ecn);
    let (w, rows) = common::run_rows(&s);
    Outcome {
        aqm_drops: after_warmup(&w, &rows, "link.bottleneck:a>b.drops_aqm"),
        overflow_drops: after_warmup(&w, &rows, "link.bottleneck:a>b.drops_overflow"),
        retransmits: after_warmup(&w, &rows, "flow.f0.retransmits")
            + after_warmup(&w, &rows, "flow.f1.retransmits"),
        timeouts: after_warmup(&w, &rows, "flow.f0.timeouts")
            + after_warmup(&w, &rows, "flow.f1.timeouts"),
        reductions: [
            last(&w, &rows, "flow.f0.ecn_reductions"),
            last(&w, &rows, "flow.f1.ecn_reductions"),
        ],
        sum: w.summary(),
    }
}

fn check_marks_replace_drops(queue: Value) {
    let plain = run(queue.clone(), false);
    let marked = run(queue, true);
    let total = |o: &Outcome| o.sum.flows.iter().map(|f| f.goodput_bps).sum::<f64>();
    assert!(
        plain.aqm_drops > 10.0,
        "without ECN the AQM drops ({})",
        plain.aqm_drops
    );
    assert!(plain.retransmits >= plain.aqm_drops);
    assert_eq!(plain.reductions, [0.0, 0.0]);
    assert_eq!(
        marked.aqm_drops, 0.0,
        "ECN-capable packets are marked, not dropped"
    );
    assert_eq!(marked.overflow_drops, 0.0);
    assert_eq!(marked.retransmits, 0.0, "nothing to resend");
    assert_eq!(marked.timeouts, 0.0);
    for i in 0..2 {
        assert!(
            marked.reductions[i] > 5.0,
            "flow {i} reduced {} times",
            marked.reductions[i]
        );
        // At most once per round trip (≥ 40 ms) over 30 s.
        assert!(marked.reductions[i] <= 30.0 / 0.04);
    }
    assert!(
        total(&marked) > 0.97 * total(&plain),
        "marks cost no throughput: {} vs {} b/s",
        total(&marked),
        total(&plain)
    );
}

#[test]
fn red_in_ecn_mode_marks_instead_of_dropping() {
    check_marks_replace_drops(json!({
        "kind": "red", "limit_packets": 200, "min_th": 5, "max_th": 15, "ecn": true, "hard_drop": false
    }));
}

#[test]
fn codel_in_ecn_mode_marks_instead_of_dropping() {
    check_marks_replace_drops(json!({"kind": "codel", "ecn": true}));
}

#[test]
fn an_ecn_flow_at_a_drop_tail_queue_sees_losses_as_usual() {
    let o = run(json!({"kind": "drop_tail", "limit_packets": 30}), true);
    assert_eq!(o.reductions, [0.0, 0.0], "no AQM, no marks");
    assert!(o.overflow_drops > 0.0);
}
