//! Sweep files read, planned, sharded and merged.

use crate::merge::{merge, Part};
use crate::plan::{range_values, Plan, Shard};
use crate::spec::{Range, Scale, SweepSpec};
use serde_json::json;
use std::path::Path;

fn default_scenario() -> serde_json::Value {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/scenarios/default.json"),
    )
    .expect("the default scenario");
    serde_json::from_str(&text).expect("JSON")
}

fn plan(spec: serde_json::Value) -> Result<Plan, crate::SpecError> {
    let mut spec = spec;
    spec["version"] = json!(1);
    spec["scenario"] = default_scenario();
    Plan::new(SweepSpec::parse(&spec.to_string())?, Path::new("."))
}

fn err(spec: serde_json::Value) -> String {
    plan(spec).map(|_| ()).expect_err("refused").to_string()
}

#[test]
fn points_are_every_combination_first_parameter_slowest_seeds_fastest() {
    let p = plan(json!({"parameters": [
        {"name": "buffer", "path": "topology.links[1].queue.limit_packets", "values": [20, 40]},
        {"name": "cc", "path": "flows[*].cc", "values": ["cubic", "newreno", "bbr"]}],
        "seeds": [1, 2]}))
    .expect("plans");
    assert_eq!(p.len(), 12);
    let pts = p.points(Shard::ALL).unwrap();
    assert_eq!(pts[0].cells, ["20", "cubic"]);
    assert_eq!(
        (pts[1].cells.clone(), pts[1].seed),
        (vec!["20".into(), "cubic".into()], 2)
    );
    assert_eq!(pts[2].cells, ["20", "newreno"]);
    assert_eq!(pts[11].cells, ["40", "bbr"]);
    let s: serde_json::Value = serde_json::from_str(&pts[11].scenario).unwrap();
    assert_eq!(s["seed"], json!(2));
    assert_eq!(
        s["topology"]["links"][1]["queue"]["limit_packets"],
        json!(40)
    );
}

#[test]
fn shards_are_round_robin_and_together_are_every_point_once() {
    let p = plan(json!({"parameters": [
        {"name": "mtu", "path": "topology.links[*].mtu_bytes", "range": {"from": 1000, "to": 9000, "points": 7, "integer": true}}]}))
    .unwrap();
    let mut seen: Vec<usize> = (0..3)
        .flat_map(|k| p.points(Shard { index: k, count: 3 }).unwrap())
        .map(|pt| pt.index)
        .collect();
    assert_eq!(
        p.points(Shard { index: 1, count: 3 })
            .unwrap()
            .iter()
            .map(|p| p.index)
            .collect::<Vec<_>>(),
        [1, 4]
    );
    seen.sort();
    assert_eq!(seen, (0..7).collect::<Vec<_>>());
    assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
    assert!(
        Shard::parse("4/4").is_err() && Shard::parse("1/0").is_err() && Shard::parse("x").is_err()
    );
}

#[test]
fn ranges_are_spaced_as_the_page_spaces_them() {
    let r = |from, to, points, scale, integer| Range {
        from,
        to,
        points,
        scale,
        integer,
    };
    assert_eq!(
        range_values(&r(10.0, 200.0, 6, Scale::Linear, false), "r").unwrap(),
        [10.0, 48.0, 86.0, 124.0, 162.0, 200.0]
    );
    assert_eq!(
        range_values(&r(0.0001, 0.01, 3, Scale::Log, false), "r").unwrap(),
        [0.0001, 0.001, 0.01]
    );
    // Rounding to whole numbers drops a value that repeats.
    assert_eq!(
        range_values(&r(1.0, 2.0, 4, Scale::Linear, true), "r").unwrap(),
        [1.0, 2.0]
    );
}

#[test]
fn bad_sweeps_name_the_field_before_anything_runs() {
    let e = err(
        json!({"parameters": [{"name": "x", "path": "topology.linkz[0].mtu_bytes", "values": [1500]}]}),
    );
    assert!(
        e.starts_with("parameters[0].path: 'topology.linkz[0].mtu_bytes' reaches no field"),
        "{e}"
    );
    let e = err(
        json!({"parameters": [{"name": "x", "path": "topology.links[0].mtu_byts", "values": [1500]}]}),
    );
    assert!(
        e.starts_with("parameters[0].values[0]: 1500 gives topology.links[0]"),
        "{e}"
    );
    let e = err(
        json!({"parameters": [{"name": "b", "path": "topology.links[0].rate_bps", "range": {"from": 1e6, "to": 1e7, "points": 0}}]}),
    );
    assert!(
        e.starts_with("parameters[0].range.points: an empty range"),
        "{e}"
    );
    let e = err(
        json!({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes", "values": []}]}),
    );
    assert!(e.starts_with("parameters[0].values: an empty list"), "{e}");
    let e = err(
        json!({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes", "values": [1500, -3]}]}),
    );
    assert!(
        e.starts_with("parameters[0].values[1]: -3 gives topology.links[0].mtu_bytes"),
        "{e}"
    );
    let e = err(
        json!({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes", "range": {"from": 600, "to": 9000, "points": 400}}], "seeds": (0..300).collect::<Vec<u32>>()}),
    );
    assert!(
        e.starts_with("parameters: 120000 points is over the cap of 100000"),
        "{e}"
    );
    let e = err(json!({"parameters": [{"name": "x", "path": "seed", "values": [1], "rnage": {}}]}));
    assert!(
        e.starts_with("parameters[0].rnage: unknown field `rnage`"),
        "{e}"
    );
    let e = err(json!({"metrics": ["flows[*].goodput_bps"]}));
    assert!(
        e.starts_with("metrics[0]: 'flows[*].goodput_bps' names several values"),
        "{e}"
    );
    let e = err(json!({"parameters": [{"name": "seed", "path": "seed", "values": [1]}]}));
    assert!(
        e.starts_with("parameters[0].name: 'seed' is a column tcplab writes"),
        "{e}"
    );
    let e = err(
        json!({"parameters": [{"name": "o", "cases": [{"label": "a", "set": {"topology.nodes[9].x": 1}}]}]}),
    );
    assert!(
        e.starts_with("parameters[0].cases[0].set: 'topology.nodes[9].x' reaches no field"),
        "{e}"
    );
    let mut v = json!({"version": 2, "scenario": "x.json"});
    assert_eq!(
        SweepSpec::parse(&v.to_string()).unwrap_err().path,
        "version"
    );
    v["version"] = json!("one");
    assert_eq!(
        SweepSpec::parse(&v.to_string()).unwrap_err().path,
        "version"
    );
}

#[test]
fn a_point_runs_to_a_row_and_merged_shards_are_the_unsharded_file() {
    let mut base = default_scenario();
    base["duration_s"] = json!(0.5);
    let spec = json!({"version": 1, "scenario": base, "parameters": [
        {"name": "buffer", "path": "topology.links[1].queue.limit_packets", "values": [10, 50, 200]}],
        "metrics": ["flows[0].goodput_bps", "links[1].drops", "flows[9].goodput_bps"]});
    let plan = Plan::new(SweepSpec::parse(&spec.to_string()).unwrap(), Path::new(".")).unwrap();
    let rows = |shard| -> String {
        let mut csv = crate::run::header(&plan.names, &plan.metrics);
        for p in plan.points(shard).unwrap() {
            csv += &crate::run::run_point(&p, &plan.metrics).unwrap();
        }
        csv
    };
    let all = rows(Shard::ALL);
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(
        lines[0],
        "point,buffer,seed,flows[0].goodput_bps,links[1].drops,flows[9].goodput_bps,trace_hash"
    );
    assert_eq!(lines.len(), 4);
    // A metric that reaches nothing (there is no tenth flow) is an empty cell.
    assert!(
        lines[1].starts_with("0,10,1,") && lines[1].contains(",,"),
        "{}",
        lines[1]
    );
    let parts: Vec<String> = (0..2).map(|k| rows(Shard { index: k, count: 2 })).collect();
    let named: Vec<Part> = parts
        .iter()
        .rev()
        .map(|t| Part { name: "p", text: t })
        .collect();
    assert_eq!(merge(&named, Some(3)).unwrap(), all);
    assert!(merge(&named[..1], None)
        .unwrap_err()
        .contains("point 0 is in no part"));
    assert!(merge(&named[1..], Some(3))
        .unwrap_err()
        .contains("point 1 is in no part"));
    let twice = [
        Part {
            name: "a",
            text: &parts[0],
        },
        Part {
            name: "b",
            text: &parts[0],
        },
    ];
    assert!(merge(&twice, None).unwrap_err().contains("in both a and b"));
}
