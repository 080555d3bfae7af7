//! The one reader (reader.rs): every scenario the repository ships reads,
//! exports and reads back to the identical scenario, and agrees with
//! serde_json's own derive where both accept the text; each kind of
//! hostile input gets one clear error; an error inside any field of a
//! tagged value (queue, loss, source, trigger) names that field.

use super::parse_scenario_without_work_limits as parse_scenario;
use super::*;
use serde_json::{json, Value};

/// Every scenario in the repository: the files under content/ (lessons and
/// sweeps hold theirs inside), the golden scenarios and the fuzz seeds,
/// as (where, text).
fn shipped() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut dirs: Vec<String> = ["content", "tests/golden", "wasm/fuzz/seeds"]
        .iter()
        .map(|d| format!("{root}/{d}"))
        .collect();
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            let name = path.display().to_string();
            if path.is_dir() {
                dirs.push(name);
            } else if path.extension().is_some_and(|e| e == "json") {
                let v: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
                scenarios_in(&v, &name, &mut out);
            } else if path.extension().is_some_and(|e| e == "bin") {
                // Raw fuzz inputs: scenario JSON when they start with `{`.
                let bytes = std::fs::read(&path).unwrap();
                if bytes.first() == Some(&b'{') {
                    out.push((name, String::from_utf8(bytes).expect("UTF-8")));
                }
            }
        }
    }
    assert!(out.len() > 40, "found {} scenarios", out.len());
    out
}

fn scenarios_in(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) if m.contains_key("topology") => out.push((at.to_string(), v.to_string())),
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| scenarios_in(x, &format!("{at}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| scenarios_in(x, &format!("{at}/{i}"), out)),
        _ => {}
    }
}

#[test]
fn every_shipped_scenario_round_trips_and_agrees_with_serde_json() {
    let mut agreed = 0;
    for (what, text) in shipped() {
        let s: Scenario = from_json(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
        let out = to_json(&s);
        let again: Scenario = from_json(&out).unwrap_or_else(|e| panic!("{what} re-read: {e}"));
        assert_eq!(s, again, "{what}");
        assert_eq!(out, to_json(&again), "{what}: export is stable");
        // serde_json's own reader of the same types: the same scenario,
        // except where it reads a long decimal 1 ulp off (json_tree.rs).
        if !what.ends_with(".bin") {
            let theirs: Scenario = serde_json::from_str(&text).unwrap();
            assert_eq!(s, theirs, "{what}");
            agreed += 1;
        }
    }
    assert!(agreed > 40);
}

fn default_value() -> Value {
    serde_json::from_str(include_str!("../../../../content/scenarios/default.json")).unwrap()
}

/// The one error reading `bytes` gives.
fn refusal(bytes: &[u8]) -> ValidationError {
    let mut errors = parse_scenario_bytes_without_work_limits(bytes).expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors.remove(0)
}

#[test]
fn encodings_other_than_utf8_are_refused_with_the_byte() {
    let text = default_value().to_string();
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend_from_slice(text.as_bytes());
    assert!(refusal(&bom)
        .message
        .contains("byte-order mark (bytes 0 to 2)"));
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert!(refusal(&utf16).message.contains("UTF-16"));
    let mut marked = vec![0xFF, 0xFE];
    marked.extend_from_slice(&utf16);
    assert!(refusal(&marked)
        .message
        .contains("UTF-16 (byte-order mark at byte 0)"));
    let mut bad = text.clone().into_bytes();
    let at = text.find("Default").unwrap_or(20);
    bad[at] = 0xC3; // a lead byte followed by ASCII
    let e = refusal(&bad);
    assert_eq!(
        e.message,
        format!("the text is not UTF-8: invalid byte 0xC3 at byte {at}")
    );
}

#[test]
fn one_document_and_no_trailing_text() {
    let text = default_value().to_string();
    for extra in [" {}", "\n{\"version\":1}", " x", "]", "\u{0}"] {
        let e = refusal(format!("{text}{extra}").as_bytes());
        assert!(e.message.contains("trailing characters"), "{extra:?}: {e}");
        assert!(
            e.message.contains(&format!(
                "(byte {})",
                text.len() + extra.len() - extra.trim_start().len()
            )),
            "{e}"
        );
    }
    assert!(parse_scenario(&format!(" \n{text}\n\t ")).is_ok());
}

#[test]
fn duplicate_keys_are_refused_naming_the_key() {
    let text = default_value().to_string();
    let twice = text.replacen("\"seed\":", "\"seed\":2,\"seed\":", 1);
    let e = refusal(twice.as_bytes());
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("seed", "duplicate field `seed`")
    );
    let twice = text.replacen("\"delay_ms\":", "\"delay_ms\":1,\"delay_ms\":", 1);
    let e = refusal(twice.as_bytes());
    assert_eq!(e.path, "topology.links[0].delay_ms");
}

#[test]
fn numbers_out_of_range_and_of_the_wrong_kind_are_refused() {
    let mut v = default_value();
    v["seed"] = json!(1);
    let text = v.to_string();
    for (number, path, says) in [
        ("1e309", "", "number out of range"),
        ("-1e309", "", "number out of range"),
        ("4294967296", "seed", "expected u32"),
        ("-1", "seed", "expected u32"),
        ("1.5", "seed", "expected u32"),
        ("1e3", "seed", "expected u32"),
    ] {
        let e = refusal(
            text.replace("\"seed\":1", &format!("\"seed\":{number}"))
                .as_bytes(),
        );
        assert_eq!(e.path, path, "{number}: {e}");
        assert!(e.message.contains(says), "{number}: {e}");
    }
    for literal in [
        "NaN",
        "Infinity",
        "-Infinity",
        "nan",
        "1.",
        ".5",
        "01",
        "+1",
        "0x10",
    ] {
        let e = refusal(
            text.replace("\"seed\":1", &format!("\"seed\":{literal}"))
                .as_bytes(),
        );
        assert!(
            e.message.starts_with("malformed JSON: ") && e.message.contains(" at line 1 column"),
            "{literal}: {e}"
        );
    }
}

#[test]
fn a_value_of_the_wrong_type_is_a_field_path_error() {
    for (pointer, value, path) in [
        ("/name", json!(1), "name"),
        ("/description", json!([]), "description"),
        ("/version", json!("1"), "version"),
        ("/flows/0/id", json!(7), "flows[0].id"),
        ("/flows/0/tcp", json!("x"), "flows[0].tcp"),
        ("/flows/0/tcp", json!({"ecn": 1}), "flows[0].tcp.ecn"),
        ("/flows/0/start_s", json!(null), "flows[0].start_s"),
        ("/flows/0/cc", json!(true), "flows[0].cc"),
        ("/flows", json!({}), "flows"),
        (
            "/topology/nodes/0",
            json!(["a", "host"]),
            "topology.nodes[0]",
        ),
        (
            "/topology/links/0/rate_bps",
            json!("10"),
            "topology.links[0].rate_bps",
        ),
        (
            "/topology/links/0/mtu_bytes",
            json!(1500.5),
            "topology.links[0].mtu_bytes",
        ),
        (
            "/topology/nodes/0/kind",
            json!({"host": null}),
            "topology.nodes[0].kind",
        ),
    ] {
        let mut v = default_value();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let parent = v.pointer_mut(parent).unwrap_or_else(|| panic!("{pointer}"));
        match parent {
            Value::Array(a) => a[key.parse::<usize>().unwrap()] = value.clone(),
            _ => parent[key] = value.clone(),
        }
        let e = refusal(v.to_string().as_bytes());
        assert_eq!(e.path, path, "{pointer} = {value}: {e}");
        assert!(
            e.message.starts_with("invalid type"),
            "{pointer} = {value}: {e}"
        );
    }
}

/// Every member of every tagged value (an object with a `kind`) in the
/// shipped scenarios, given a value of the wrong type, is named by the
/// error: serde reads those values from a buffer without paths, and the
/// reader must find the field itself.
#[test]
fn an_error_inside_a_tagged_value_names_the_field() {
    let (mut tried, mut nested) = (0, 0);
    for (what, text) in shipped().into_iter().filter(|(w, _)| !w.ends_with(".bin")) {
        let doc: Value = serde_json::from_str(&text).unwrap();
        let mut tagged = Vec::new();
        tagged_objects(&doc, String::new(), String::new(), &mut tagged);
        for (pointer, path) in tagged {
            let members = doc.pointer(&pointer).unwrap().as_object().unwrap().clone();
            for (key, value) in members.iter().filter(|(k, _)| *k != "kind") {
                let wrong = if value.is_string() {
                    json!(12)
                } else {
                    json!("wrong")
                };
                let mut v = doc.clone();
                v.pointer_mut(&pointer).unwrap()[key] = wrong;
                let e = refusal(v.to_string().as_bytes());
                assert_eq!(e.path, format!("{path}.{key}"), "{what}: {e}");
                tried += 1;
                // One level further: the first element of a list of objects.
                if let Some(Value::Object(first)) = value.as_array().and_then(|a| a.first()) {
                    let (k, x) = first.iter().next().unwrap();
                    let wrong = if x.is_string() {
                        json!(12)
                    } else {
                        json!("wrong")
                    };
                    let mut v = doc.clone();
                    v.pointer_mut(&pointer).unwrap()[key][0][k] = wrong;
                    let e = refusal(v.to_string().as_bytes());
                    assert_eq!(e.path, format!("{path}.{key}[0].{k}"), "{what}: {e}");
                    nested += 1;
                }
            }
            // An unknown member and a missing `kind`, too.
            let mut v = doc.clone();
            v.pointer_mut(&pointer).unwrap()["no_such_field"] = json!(1);
            let e = refusal(v.to_string().as_bytes());
            let own = doc.pointer(&pointer).unwrap()["kind"] == "bulk";
            if !own {
                assert_eq!(e.path, format!("{path}.no_such_field"), "{what}: {e}");
            }
        }
    }
    assert!(tried > 100 && nested > 3, "{tried} fields, {nested} nested");
}

/// (JSON pointer, field path) of every object with a string `kind` that is
/// not a node's.
fn tagged_objects(v: &Value, pointer: String, path: String, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            if m.get("kind").is_some_and(Value::is_string) && !path.contains("nodes[") {
                out.push((pointer.clone(), path.clone()));
            }
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                tagged_objects(x, format!("{pointer}/{k}"), p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                tagged_objects(x, format!("{pointer}/{i}"), format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn missing_fields_inside_tagged_values_name_their_object() {
    let mut v = default_value();
    v["topology"]["links"][0]["loss"] = json!({"kind": "bernoulli"});
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("topology.links[0].loss", "missing field `p`")
    );
    v["topology"]["links"][0]["loss"] = json!({"data_only": true});
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("topology.links[0].loss", "missing field `kind`")
    );
    v["topology"]["links"][0]["loss"] = Value::Null;
    v["topology"]["links"][0]["queue"] = json!({"kind": "wfq", "limit_packets": 10,
        "weights": [{"flow": "a", "weight": 1}, {"flow": "b"}]});
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(e.path, "topology.links[0].queue.weights[1]");
    assert_eq!(e.message, "missing field `weight`");
    v["topology"]["links"][0]["queue"] =
        json!({"kind": "wfq", "weights": [{"flow": "a", "weight": 1, "w": 2}]});
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(e.path, "topology.links[0].queue.weights[0].w");
    v["topology"]["links"][0]["queue"] =
        json!({"kind": "wfq", "weights": [{"flow": "a", "weight": 1}]});
    let text = v
        .to_string()
        .replace("\"weight\":1", "\"weight\":1,\"weight\":1");
    let e = refusal(text.as_bytes());
    assert_eq!(e.path, "topology.links[0].queue.weights[0].weight");
    assert_eq!(e.message, "duplicate field `weight`");
}

#[test]
fn structs_are_objects_and_enums_names() {
    let mut v = default_value();
    v["topology"]["links"][0]["timer_tick"] = json!([1, 0]);
    assert_eq!(
        refusal(v.to_string().as_bytes()).path,
        "topology.links[0].timer_tick"
    );
    let mut v = default_value();
    v["flows"][0]["tcp"]["recovery"] = json!({"sack": null});
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(e.path, "flows[0].tcp.recovery");
    let mut v = default_value();
    v["flows"][0]["tcp"]["recovery"] = json!("sacks");
    let e = refusal(v.to_string().as_bytes());
    assert!(
        e.message
            .starts_with("unknown variant `sacks`, expected one of `sack`"),
        "{e}"
    );
}

#[test]
fn syntax_errors_say_where_by_line_column_and_byte() {
    let e = refusal(b"{\n  \"version\": 1,\n  x");
    assert_eq!(e.path, "");
    assert_eq!(
        e.message,
        "malformed JSON: key must be a string at line 3 column 3 (byte 20)"
    );
    let e = refusal(b"");
    assert!(
        e.message
            .starts_with("malformed JSON: EOF while parsing a value at line 1 column 0 (byte 0)"),
        "{e}"
    );
    let e = refusal(b"{\"version\":1,");
    assert!(e.message.contains("EOF while parsing"), "{e}");
}

#[test]
fn input_over_the_size_limit_is_refused_before_it_is_parsed() {
    let big = vec![b' '; MAX_SCENARIO_BYTES + 1];
    let e = refusal(&big);
    assert!(e
        .message
        .starts_with(&format!("the scenario is {} bytes", MAX_SCENARIO_BYTES + 1)));
    // Just under the limit it is parsed (and refused for what it says).
    let mut text = default_value().to_string().into_bytes();
    text.resize(MAX_SCENARIO_BYTES, b' ');
    assert!(parse_scenario_bytes_without_work_limits(&text).is_ok());
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let e = refusal(deep.as_bytes());
    assert!(e.message.contains("recursion limit exceeded"), "{e}");
}

#[test]
fn check_json_refuses_what_the_reader_refuses_in_any_json() {
    assert!(check_json(br#"{"p":{"a":[1,{"b":2}]},"seed":3}"#).is_ok());
    let e = check_json(br#"{"p":{"a":[1,{"b":2,"b":3}]}}"#).unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("p.a[1].b", "duplicate field `b`")
    );
    assert!(check_json(b"{} {}")
        .unwrap_err()
        .message
        .contains("trailing characters"));
    assert!(check_json(b"[1e400]")
        .unwrap_err()
        .message
        .contains("out of range"));
    assert!(check_json(b"\xEF\xBB\xBF{}")
        .unwrap_err()
        .message
        .contains("byte-order mark"));
}

#[test]
fn text_limits_count_characters_as_their_messages_say() {
    let mut v = default_value();
    v["name"] = json!("漢".repeat(200));
    v["description"] = json!("é".repeat(5000));
    assert!(parse_scenario(&v.to_string()).is_ok());
    v["name"] = json!("漢".repeat(201));
    let e = refusal(v.to_string().as_bytes());
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("name", "must be at most 200 characters")
    );
}
