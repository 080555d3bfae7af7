//! from_json_types.rs repeats what the serde attributes on the types say
//! (names, defaults, required fields). In tests the types also derive
//! serde's `Deserialize`, which reads those attributes: both readers must
//! give the same scenario, or both refuse it, for every scenario in
//! content/ and the fuzz seeds, with each member left out in turn and with
//! each tagged value given every kind. (Not the raw fuzz inputs, `*.bin`:
//! one has a 35-digit number, which serde_json alone reads 1 ulp off and
//! from_json reads correctly rounded, see json_value.rs.)

use super::*;
use serde_json::{json, Value};

fn scenarios() -> Vec<(String, Value)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut dirs = vec![
        format!("{root}/content/scenarios"),
        format!("{root}/wasm/fuzz/seeds"),
    ];
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a scenario directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path.display().to_string());
            } else if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).expect("readable");
                let v: Value = serde_json::from_str(&text).expect("JSON");
                if v.get("topology").is_some() {
                    out.push((path.display().to_string(), v));
                }
            }
        }
    }
    assert!(out.len() > 20, "found {} scenarios", out.len());
    out
}

/// Both readers agree on `v`; true when it parses.
fn agree(v: &Value, what: &str) -> bool {
    let text = v.to_string();
    let serde = serde_json::from_str::<Scenario>(&text);
    match (serde, from_json::<Scenario>(&text)) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{what}: {text}");
            true
        }
        (Err(_), Err(_)) => false,
        (a, b) => panic!("{what}: serde {a:?}, from_json {b:?}: {text}"),
    }
}

/// Every object in `v`, as a JSON pointer.
fn objects(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                objects(x, format!("{at}/{k}"), out);
            }
            out.push(at);
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                objects(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

const KINDS: &[&str] = &[
    "drop_tail",
    "red",
    "codel",
    "fq_codel",
    "pie",
    "heavy_codel",
    "wfq",
    "drr",
    "priority",
    "token_bucket",
    "bernoulli",
    "blackout",
    "nth",
    "gilbert_elliott",
    "bulk",
    "sized",
    "cbr",
    "poisson",
    "on_off",
    "at",
    "srtt_above",
    "loss_rate_above",
];

#[test]
fn from_json_matches_the_serde_attributes() {
    let (mut parsed, mut tried) = (0, 0);
    for (file, doc) in scenarios() {
        assert!(agree(&doc, &file), "{file} parses");
        let mut at = Vec::new();
        objects(&doc, String::new(), &mut at);
        for pointer in at {
            let keys: Vec<String> = doc
                .pointer(&pointer)
                .unwrap()
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            for key in &keys {
                let mut v = doc.clone();
                v.pointer_mut(&pointer)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove(key);
                tried += 1;
                parsed += usize::from(agree(&v, &format!("{file}: {pointer} without {key}")));
            }
            if keys.iter().any(|k| k == "kind") && pointer.contains("/topology/links/") {
                for kind in KINDS {
                    let mut v = doc.clone();
                    *v.pointer_mut(&pointer).unwrap() = json!({ "kind": kind });
                    tried += 1;
                    parsed += usize::from(agree(&v, &format!("{file}: {pointer} = {kind}")));
                }
            }
        }
    }
    // Enough of the variations must parse, or the defaults go untested.
    assert!(parsed * 3 > tried, "{parsed} of {tried} parsed");
}

#[test]
fn every_default_matches_the_serde_attributes() {
    let mut v: Value = serde_json::from_str(&scenarios()[0].1.to_string()).unwrap();
    let flow = json!({
        "id": "f", "src": "a", "dst": "b", "cc_params": {
            "cubic": {}, "compound": {}, "highspeed": {}, "scalable": {}, "bic": {},
            "htcp": {}, "vegas": {}, "fast": {}, "bbr": {}, "e2e_feedback": {},
            "receiver_rate": {}
        },
        "tcp": {}, "cc_switches": [{"cc": "bbr", "when": {"kind": "at", "at_s": 1}}]
    });
    let link = json!({
        "id": "l", "a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1, "reverse": {},
        "timer_tick": {"tick_ms": 1}, "trace": {"text": "1"},
        "loss": {"kind": "gilbert_elliott", "p": 0.1, "r": 0.5}
    });
    v["flows"] = json!([flow]);
    v["cc_rules"] = json!([{"cc": "bbr"}]);
    v["topology"] = json!({"nodes": [{"id": "a", "kind": "host", "host": {}}], "links": [link]});
    for source in [
        json!({"kind": "cbr", "packet_bytes": 100, "interval_ms": 1}),
        json!({"kind": "poisson", "rate_bps": 1e6, "packet_bytes": 100}),
        json!({"kind": "on_off", "on_s": 1, "off_s": 1}),
        json!({"kind": "bulk", "ignored": 1}),
    ] {
        v["flows"][0]["source"] = source;
        assert!(agree(&v, "defaults"));
    }
    for loss in [json!({"kind": "bernoulli", "p": 0.1}), json!(["nth", [1]])] {
        v["topology"]["links"][0]["loss"] = loss;
        assert!(agree(&v, "defaults"));
    }
}
