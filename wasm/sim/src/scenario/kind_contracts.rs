//! Contract tests run for every line of the queue-discipline, loss-model and
//! traffic-source registries, so a new line is covered with no new test (the
//! registries' `#[cfg(test)]` lines are among them). For each kind (a
//! source on a flow of the first transport its line lists):
//! - its defaults (the kind alone) pass the validator, unless a field has no
//!   default or the object must choose between fields;
//! - the reader takes its documented example, which validates, and what is
//!   written back reads as the same scenario;
//! - a short run with it is deterministic and keeps every invariant;
//! - a bad value (-1) in each numeric field of the example is refused, and
//!   the error names that field's path.

use crate::app::SourceSpec;
use crate::invariants::run_checked;
use crate::loss::LossSpec;
use crate::queue::QueueSpec;
use crate::scenario::{parse_scenario_without_work_limits, Scenario, ValidationError};
use serde_json::{json, Value};

/// The default scenario, shortened, with `edit` applied.
fn scenario(edit: impl FnOnce(&mut Value)) -> Value {
    let text = include_str!("../../../../content/scenarios/default.json");
    let mut v: Value = serde_json::from_str(text).expect("default.json");
    v["duration_s"] = json!(3);
    edit(&mut v);
    v
}

fn parse(v: &Value) -> Result<Scenario, Vec<ValidationError>> {
    parse_scenario_without_work_limits(&v.to_string())
}

/// Every numeric leaf of `v` with its path below `at` (`weights[0].weight`).
fn numeric_leaves(v: &Value, at: &str, out: &mut Vec<String>) {
    let join = |k: &str| {
        if at.is_empty() {
            k.to_string()
        } else {
            format!("{at}.{k}")
        }
    };
    match v {
        Value::Number(_) => out.push(at.to_string()),
        Value::Object(m) => {
            for (k, x) in m {
                numeric_leaves(x, &join(k), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                numeric_leaves(x, &format!("{at}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// Set the leaf at `path` (as [`numeric_leaves`] writes it) of `v` to `to`.
fn set_leaf(v: &mut Value, path: &str, to: Value) {
    let mut cur = v;
    for part in path.split('.') {
        let (key, index) = match part.split_once('[') {
            Some((k, i)) => (k, i.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        cur = &mut cur[key];
        if let Some(i) = index {
            cur = &mut cur[i];
        }
    }
    *cur = to;
}

/// The contract for one kind: `place` puts an object (the kind's JSON) into
/// the scenario at `path`; `example` is the kind's documented example.
fn holds(kind: &str, path: &str, example: Value, place: &dyn Fn(&mut Value, Value)) {
    // Its defaults validate: the kind alone is accepted, or refused only for
    // a field without a default (the reader) or a choice the object must
    // make (drop_tail's one of two capacities), never for a default's value.
    let bare = scenario(|v| place(v, json!({"kind": kind})));
    if let Err(e) = parse(&bare) {
        assert!(
            e.iter()
                .all(|e| e.message.starts_with("missing field") || e.path == path),
            "{kind}: the defaults are refused: {e:?}"
        );
    }
    // The reader takes the example; it validates, and reads back as written.
    let with = scenario(|v| place(v, example.clone()));
    let s = parse(&with).unwrap_or_else(|e| panic!("{kind}: example refused: {e:?}"));
    let back: Value = serde_json::from_str(&crate::scenario::to_json(&s)).expect("json");
    let again = parse(&back).expect("written scenario reads");
    assert_eq!(
        again, s,
        "{kind}: the written example reads back differently"
    );
    // A short run is deterministic and keeps every invariant.
    let (a, _) = run_checked(&s, 50_000_000, 200_000);
    let (b, _) = run_checked(&s, 50_000_000, 200_000);
    assert_eq!(a.trace_hash(), b.trace_hash(), "{kind}: two runs differ");
    // -1 in each numeric field is refused at that field's path.
    let mut leaves = Vec::new();
    numeric_leaves(&example, "", &mut leaves);
    for leaf in leaves {
        let mut bad = example.clone();
        set_leaf(&mut bad, &leaf, json!(-1));
        let e = parse(&scenario(|v| place(v, bad)))
            .err()
            .unwrap_or_else(|| panic!("{kind}: {leaf} = -1 accepted"));
        let want = format!("{path}.{leaf}");
        assert!(
            e.iter().any(|e| e.path == want),
            "{kind}: {leaf} = -1 refused, but not at {want}: {e:?}"
        );
    }
}

#[test]
fn every_queue_discipline_keeps_the_contract() {
    let examples = QueueSpec::examples();
    let kinds: Vec<&str> = examples.iter().map(QueueSpec::kind).collect();
    assert_eq!(kinds, QueueSpec::KINDS, "one example per registry line");
    assert!(
        kinds.contains(&"test_dummy"),
        "the test-only line is covered"
    );
    for q in examples {
        let example: Value = serde_json::to_value(&q).expect("json");
        holds(
            q.kind(),
            "topology.links[1].queue",
            example,
            &|v: &mut Value, q: Value| v["topology"]["links"][1]["queue"] = q,
        );
    }
}

#[test]
fn every_loss_model_keeps_the_contract() {
    let examples = LossSpec::examples();
    let kinds: Vec<&str> = examples.iter().map(LossSpec::kind).collect();
    assert_eq!(kinds, LossSpec::KINDS, "one example per registry line");
    assert!(
        kinds.contains(&"test_dummy"),
        "the test-only line is covered"
    );
    for l in examples {
        let example: Value = serde_json::to_value(&l).expect("json");
        holds(
            l.kind(),
            "topology.links[1].loss",
            example,
            &|v: &mut Value, l: Value| v["topology"]["links"][1]["loss"] = l,
        );
    }
}

#[test]
fn every_traffic_source_keeps_the_contract() {
    let examples = SourceSpec::examples();
    let kinds: Vec<&str> = examples.iter().map(SourceSpec::kind).collect();
    assert_eq!(kinds, SourceSpec::KINDS, "one example per registry line");
    assert!(
        kinds.contains(&"test_dummy"),
        "the test-only line is covered"
    );
    let by_protocol = SourceSpec::examples_by_protocol();
    let lines: usize = examples.iter().map(|s| s.protocols().len()).sum();
    assert_eq!(
        by_protocol.len(),
        lines,
        "one example per transport of a line"
    );
    for (protocol, src) in by_protocol {
        let example: Value = serde_json::to_value(&src).expect("json");
        let protocol = serde_json::to_value(protocol).expect("json");
        holds(
            src.kind(),
            "flows[0].source",
            example,
            &|v: &mut Value, s: Value| {
                v["flows"][0]["protocol"] = protocol.clone();
                v["flows"][0]["source"] = s;
            },
        );
    }
}
