//! Scenario builders for validation cases: a dumbbell with per-flow access
//! delays, built as JSON and parsed, so every case is also a valid scenario.

use crate::scenario::{parse_scenario_without_work_limits as parse_scenario, Scenario};
use crate::World;
use serde_json::{json, Value};

/// One flow of a dumbbell: its own sender host and access link.
pub struct DumbbellFlow {
    /// Round-trip propagation delay of this flow's path, ms.
    pub rtt_ms: f64,
    /// Extra JSON merged into the flow object (cc, source, tcp, protocol...).
    pub flow: Value,
}

impl DumbbellFlow {
    pub fn tcp(rtt_ms: f64) -> Self {
        Self {
            rtt_ms,
            flow: json!({}),
        }
    }
    pub fn with(rtt_ms: f64, flow: Value) -> Self {
        Self { rtt_ms, flow }
    }
}

/// Senders s0..sN → r1 → (bottleneck) → dst. The bottleneck has `delay_ms`
/// one way; each access link gets the rest of its flow's RTT. `bottleneck`
/// JSON is merged into the bottleneck link (queue, loss, ...).
pub fn dumbbell(
    flows: &[DumbbellFlow],
    rate_bps: f64,
    bottleneck_delay_ms: f64,
    bottleneck: Value,
    duration_s: f64,
    seed: u32,
) -> Scenario {
    let mut nodes = vec![
        json!({"id": "r1", "kind": "router"}),
        json!({"id": "dst", "kind": "host"}),
    ];
    let mut link = json!({
        "id": "bottleneck", "a": "r1", "b": "dst", "rate_bps": rate_bps, "delay_ms": bottleneck_delay_ms,
        "queue": {"kind": "drop_tail", "limit_packets": 100000}
    });
    merge(&mut link, &bottleneck);
    let mut links = vec![link];
    let mut fl = Vec::new();
    for (i, f) in flows.iter().enumerate() {
        let host = format!("s{i}");
        nodes.push(json!({"id": host, "kind": "host"}));
        let access_delay = (f.rtt_ms / 2.0 - bottleneck_delay_ms).max(0.0);
        links.push(json!({
            "id": format!("access{i}"), "a": host, "b": "r1",
            "rate_bps": (rate_bps * 10.0).min(1e12), "delay_ms": access_delay,
            "queue": {"kind": "drop_tail", "limit_packets": 100000}
        }));
        let mut flow = json!({"id": format!("f{i}"), "src": host, "dst": "dst"});
        merge(&mut flow, &f.flow);
        fl.push(flow);
    }
    let doc = json!({
        "version": 1, "name": "validation", "seed": seed, "duration_s": duration_s,
        "sample_interval_ms": 100,
        "topology": {"nodes": nodes, "links": links},
        "flows": fl
    });
    parse_scenario(&doc.to_string())
        .unwrap_or_else(|e| panic!("validation scenario invalid: {e:?}"))
}

/// Shallow-recursive JSON merge: objects merge, anything else replaces.
pub fn merge(into: &mut Value, from: &Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (a, b) => *a = b.clone(),
    }
}

/// Run to the end and return the world with every sampled row (row-major),
/// checking the model's invariants (`crate::invariants`) after every simulated
/// second.
pub fn run(s: &Scenario) -> (World, Vec<f64>) {
    crate::invariants::run_checked(s, 1_000_000_000, u64::MAX)
}
