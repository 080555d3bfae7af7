//! Scenario parsing and validation: every error names the field path and the reason.

use super::parse_scenario_without_work_limits as parse_scenario;
use super::*;

fn default_json() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/scenarios/default.json"
    ))
    .expect("content/scenarios/default.json exists")
}

fn with(mutate: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&default_json()).unwrap();
    mutate(&mut v);
    v.to_string()
}

fn errors(json: &str) -> Vec<ValidationError> {
    parse_scenario(json).expect_err("should be refused")
}

fn has(errs: &[ValidationError], path: &str, needle: &str) -> bool {
    errs.iter()
        .any(|e| e.path == path && e.message.contains(needle))
}

#[test]
fn the_default_scenario_is_valid() {
    let s = parse_scenario(&default_json()).expect("valid");
    assert_eq!(s.version, 1);
    assert_eq!(s.flows.len(), 1);
}

#[test]
fn malformed_json_is_reported_with_its_position() {
    let e = errors("{ \"version\": 1, ");
    assert!(e[0].message.starts_with("malformed JSON"), "{e:?}");
}

#[test]
fn a_negative_rate_names_the_link_field() {
    let e = errors(&with(|v| {
        v["topology"]["links"][1]["rate_bps"] = (-5).into()
    }));
    assert!(has(&e, "topology.links[1].rate_bps", "between"), "{e:?}");
}

#[test]
fn an_unknown_algorithm_lists_the_allowed_values() {
    let e = errors(&with(|v| v["flows"][0]["cc"] = "warp".into()));
    assert_eq!(e[0].path, "flows[0].cc");
    assert!(e[0].message.contains("newreno"), "{e:?}");
}

#[test]
fn unknown_fields_are_refused() {
    let e = errors(&with(|v| v["flows"][0]["colour"] = "red".into()));
    assert!(e[0].message.contains("colour"), "{e:?}");
    assert_eq!(e[0].path, "flows[0].colour");
}

#[test]
fn a_kind_without_fields_refuses_other_members() {
    let e = errors(&with(|v| {
        v["flows"][0]["source"] = serde_json::json!({"kind": "bulk", "bytes": 5});
    }));
    assert_eq!(e[0].path, "flows[0].source.bytes", "{e:?}");
    assert!(e[0].message.contains("unknown field"), "{e:?}");
    let bulk = with(|v| v["flows"][0]["source"] = serde_json::json!({"kind": "bulk"}));
    assert!(parse_scenario(&bulk).is_ok());
}

#[test]
fn a_wrong_type_names_the_field() {
    let e = errors(&with(|v| v["duration_s"] = "long".into()));
    assert_eq!(e[0].path, "duration_s");
}

#[test]
fn flows_must_join_reachable_hosts() {
    let e = errors(&with(|v| {
        v["flows"][0]["dst"] = "router".into();
    }));
    assert!(has(&e, "flows[0].dst", "router"), "{e:?}");
    let e = errors(&with(|v| {
        v["flows"][0]["src"] = "nowhere".into();
    }));
    assert!(has(&e, "flows[0].src", "unknown node"), "{e:?}");
    let e = errors(&with(|v| {
        v["topology"]["nodes"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"id": "island", "kind": "host"}));
        v["flows"][0]["dst"] = "island".into();
    }));
    assert!(has(&e, "flows[0].dst", "no path"), "{e:?}");
}

#[test]
fn duplicate_ids_and_dangling_links_are_refused() {
    let e = errors(&with(|v| v["topology"]["nodes"][1]["id"] = "sender".into()));
    assert!(has(&e, "topology.nodes[1].id", "duplicate"), "{e:?}");
    assert!(has(&e, "topology.links[0].b", "unknown node"), "{e:?}");
}

#[test]
fn a_queue_needs_exactly_one_limit() {
    let e = errors(&with(|v| {
        v["topology"]["links"][1]["queue"] = serde_json::json!({"kind": "drop_tail"})
    }));
    assert!(has(&e, "topology.links[1].queue", "limit"), "{e:?}");
    let e = errors(&with(|v| {
        v["topology"]["links"][1]["queue"] =
            serde_json::json!({"kind": "drop_tail", "limit_packets": 0})
    }));
    assert!(
        has(&e, "topology.links[1].queue.limit_packets", "between"),
        "{e:?}"
    );
}

#[test]
fn durations_and_sizes_have_limits() {
    let e = errors(&with(|v| v["duration_s"] = 0.into()));
    assert!(has(&e, "duration_s", "greater than 0"), "{e:?}");
    let e = errors(&with(|v| v["duration_s"] = 1e9.into()));
    assert!(has(&e, "duration_s", "at most"), "{e:?}");
    let e = errors(&with(|v| {
        v["topology"]["links"][0]["mtu_bytes"] = 20.into()
    }));
    assert!(has(&e, "topology.links[0].mtu_bytes", "between"), "{e:?}");
    let e = errors(&with(|v| v["flows"][0]["start_s"] = 25.into()));
    assert!(has(&e, "flows[0].start_s", "before the end"), "{e:?}");
}

#[test]
fn a_random_start_is_finite_not_negative_and_ends_before_the_run() {
    let e = errors(&with(|v| v["flows"][0]["start_jitter_s"] = (-0.5).into()));
    assert!(has(&e, "flows[0].start_jitter_s", "≥ 0, got -0.5"), "{e:?}");
    // duration_s is 20: a start up to 15 + 5 could fall at the very end.
    let e = errors(&with(|v| {
        v["flows"][0]["start_s"] = 15.into();
        v["flows"][0]["start_jitter_s"] = 5.into();
    }));
    assert!(
        has(
            &e,
            "flows[0].start_jitter_s",
            "before the end of the run (20 s), got 20 s"
        ),
        "{e:?}"
    );
    assert_eq!(e.len(), 1, "{e:?}");
    let mut s = parse_scenario(&default_json()).unwrap();
    s.flows[0].start_jitter_s = f64::NAN;
    let e = validate_fields(&s);
    assert!(has(&e, "flows[0].start_jitter_s", "finite"), "{e:?}");
    // Just inside the run, and the default of none, are fine.
    parse_scenario(&with(|v| {
        v["flows"][0]["start_s"] = 15.into();
        v["flows"][0]["start_jitter_s"] = 4.99.into();
    }))
    .expect("valid");
    // A switch at a fixed time must come after the latest start.
    let e = errors(&with(|v| {
        v["flows"][0]["start_jitter_s"] = 2.into();
        v["flows"][0]["cc_switches"] =
            serde_json::json!([{"cc": "cubic", "when": {"kind": "at", "at_s": 1}}]);
    }));
    assert!(
        has(
            &e,
            "flows[0].cc_switches[0].when.at_s",
            "must be in [2, 20)"
        ),
        "{e:?}"
    );
}

#[test]
fn a_future_version_is_refused() {
    let e = errors(&with(|v| v["version"] = 2.into()));
    assert!(has(&e, "version", "version 1"), "{e:?}");
}

#[test]
fn markup_in_ids_is_refused() {
    let e = errors(&with(|v| {
        v["flows"][0]["id"] = "<img src=x onerror=alert(1)>".into()
    }));
    assert!(has(&e, "flows[0].id", "only letters"), "{e:?}");
}

/// The schema as `tcplab schema` prints it: this test build's registries each
/// have a test-only line (scenario/*_registry.rs and cc/registry.rs, the last
/// line) that the published one lacks. Cut as text, so the rest stays byte for
/// byte.
#[cfg(feature = "schema")]
fn published_schema() -> String {
    let mut s = json_schema();
    // Each registry's test-only line is a oneOf entry `{ … "const": "test_dummy" … }`
    // after another entry.
    while let Some(at) = s.find(r#""const": "test_dummy""#) {
        let open = s[..at].rfind("\n        {").expect("its object");
        let start = s[..open].rfind(',').expect("after another entry");
        let close = at + s[at..].find("\n        }").expect("its end");
        s.replace_range(start..close + "\n        }".len(), "");
    }
    // The test-only algorithm's parameter block: a property of `CcParams`
    // and its definition.
    drop_member(&mut s, "        ", "test_dummy");
    drop_member(&mut s, "    ", "TestDummyParams");
    assert!(
        !s.contains("test_") && !s.contains("TestDummy"),
        "only the test-only lines are left out"
    );
    s
}

/// Cut the member `key` of a pretty-printed JSON object whose members sit at
/// `indent`, with the comma that joins it to a neighbour.
#[cfg(feature = "schema")]
fn drop_member(s: &mut String, indent: &str, key: &str) {
    let head = format!("\n{indent}\"{key}\": {{");
    let start = s
        .find(&head)
        .unwrap_or_else(|| panic!("{key} in the schema"));
    let end_mark = format!("\n{indent}}}");
    let end = start + 1 + s[start + 1..].find(&end_mark).expect("its end") + end_mark.len();
    if s[end..].starts_with(',') {
        s.replace_range(start..end + 1, "");
    } else {
        let comma = s[..start].rfind(',').expect("after another member");
        s.replace_range(comma..end, "");
    }
}

#[cfg(feature = "schema")]
#[test]
fn the_published_json_schema_is_current() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/schema/scenario.v1.json"
    );
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == published_schema(),
        "public/schema/scenario.v1.json is stale: run `npm run gen:schema` \
         (or `cargo run --bin tcplab -- schema > public/schema/scenario.v1.json`)"
    );
}

#[test]
fn a_scenario_round_trips_through_json() {
    let s = parse_scenario(&default_json()).unwrap();
    let again = parse_scenario(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(s, again);
}

#[test]
fn wfq_weights_and_reserved_rates_too_small_for_the_gps_clock_are_refused() {
    // cargo-fuzz found a reservation of 1.3e-315 b/s (a subnormal): the finish
    // tag L/φ became infinite and so did WFQ's virtual time.
    let e = errors(&with(|v| {
        v["topology"]["links"][1]["queue"] = serde_json::json!({
            "kind": "wfq",
            "limit_packets": 200,
            "weights": [{"flow": "flow1", "weight": 1e-9}],
            "reservations": [{"flow": "flow1", "rate_bps": 1.326247384e-315}],
        })
    }));
    let q = "topology.links[1].queue";
    assert!(
        has(
            &e,
            &format!("{q}.reservations[0].rate_bps"),
            "between 1 and"
        ),
        "{e:?}"
    );
    assert!(
        has(
            &e,
            &format!("{q}.weights[0].weight"),
            "between 0.000001 and"
        ),
        "{e:?}"
    );
}

#[test]
fn a_wfq_discard_threshold_above_the_hold_queue_is_refused() {
    for t in [0, 41] {
        let e = errors(&with(|v| {
            v["topology"]["links"][1]["queue"] = serde_json::json!({
                "kind": "wfq",
                "limit_packets": 40,
                "discard_threshold_packets": t,
            })
        }));
        let f = "topology.links[1].queue.discard_threshold_packets";
        assert!(has(&e, f, "between 1 and 40"), "{t}: {e:?}");
    }
    let at_limit = with(|v| {
        v["topology"]["links"][1]["queue"] =
            serde_json::json!({"kind": "wfq", "limit_packets": 40, "discard_threshold_packets": 40})
    });
    parse_scenario(&at_limit).expect("a threshold at the hold queue is valid");
}

#[test]
fn the_algorithm_column_indexes_the_schemas_enum_order() {
    // The `algorithm` trace column holds an index into CcAlgorithm::ALL; the
    // web reads it against the schema's enum (web/src/scenario/ccAlgorithms.ts).
    let schema: serde_json::Value = serde_json::from_str(&json_schema()).unwrap();
    let defs = schema
        .get("definitions")
        .or_else(|| schema.get("$defs"))
        .expect("schema definitions");
    let names: Vec<&str> = defs["CcAlgorithm"]["oneOf"]
        .as_array()
        .expect("CcAlgorithm is a oneOf")
        .iter()
        .map(|v| v["const"].as_str().expect("a const name"))
        .collect();
    let all: Vec<&str> = CcAlgorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(names, all);
}

// Field paths of the errors serde's derive places oddly (the reader,
// reader.rs, names the field; reader_tests.rs has more).

#[test]
fn a_duplicate_field_names_the_key() {
    let json = default_json().replacen("\"version\"", "\"version\": 1, \"version\"", 1);
    let e = errors(&json);
    assert_eq!(e[0].path, "version", "{e:?}");
    assert!(
        e[0].message.starts_with("duplicate field `version`"),
        "{e:?}"
    );
}

#[test]
fn a_missing_field_names_its_object() {
    let e = errors(&with(|v| {
        v["flows"][0].as_object_mut().unwrap().remove("src");
    }));
    assert_eq!(e[0].path, "flows[0]", "{e:?}");
    assert!(e[0].message.contains("missing field `src`"), "{e:?}");
}

#[test]
fn an_error_inside_a_tagged_value_names_the_field_in_pretty_and_compact_json() {
    for pretty in [false, true] {
        let mut v: serde_json::Value = serde_json::from_str(&default_json()).unwrap();
        // The loss is the link's last member, so serde_json reads past the
        // link's closing brace before it reports the error.
        v["topology"]["links"][1]["loss"] = serde_json::json!({"kind": "bernoulli", "q": 1});
        v["flows"][0]["source"] = serde_json::json!({"kind": "sized", "bytes": -1});
        let json = if pretty {
            serde_json::to_string_pretty(&v).unwrap()
        } else {
            v.to_string()
        };
        let e = errors(&json);
        assert_eq!(e[0].path, "flows[0].source.bytes", "{e:?}");
        assert!(e[0].message.contains("`-1`"), "{e:?}");
        v["flows"][0]["source"] = serde_json::json!({"kind": "bulk"});
        let e = errors(&v.to_string());
        assert_eq!(e[0].path, "topology.links[1].loss.q", "{e:?}");
        assert!(e[0].message.contains("unknown field `q`"), "{e:?}");
    }
}

#[test]
fn an_enum_written_as_an_object_is_refused_naming_the_field() {
    let e = errors(&with(|v| {
        v["flows"][0]["cc"] = serde_json::json!({"warp": 1})
    }));
    assert_eq!(e[0].path, "flows[0].cc", "{e:?}");
    assert!(e[0].message.starts_with("invalid type: map"), "{e:?}");
}

#[test]
fn a_document_that_ends_early_says_where_it_ended() {
    let json = with(|_| {});
    let cut = json.find("\"flows\":[{\"").unwrap() + "\"flows\":[{\"c".len();
    let e = errors(&json[..cut]);
    assert!(
        e[0].message.starts_with("malformed JSON: ") && e[0].message.contains(" at line 1 column"),
        "{e:?}"
    );
    assert!(
        e[0].message.contains("EOF") && e[0].message.ends_with(&format!("(byte {})", cut - 1)),
        "{e:?}"
    );
}

#[test]
fn a_queue_field_is_named_wherever_the_kind_stands() {
    for queue in [
        r#"{"kind": "red", "min_th": "five"}"#,
        r#"{"min_th": "five", "kind": "red"}"#,
        "{\"min_th\":\n \"five\",\n \"kind\": \"red\"\n}",
    ] {
        let json = with(|v| v["topology"]["links"][1]["queue"] = serde_json::json!(null))
            .replace("\"queue\":null", &format!("\"queue\":{queue}"));
        let e = errors(&json);
        assert_eq!(
            e[0].path, "topology.links[1].queue.min_th",
            "{queue}: {e:?}"
        );
        assert!(e[0].message.contains("expected f64"), "{e:?}");
    }
}

#[test]
fn an_enum_inside_a_queue_given_a_number_names_the_field() {
    let e = errors(&with(
        |v| {
            v["topology"]["links"][1]["queue"] =
                serde_json::json!({"kind": "token_bucket", "rate_bps": 1e6, "mode": 5})
        },
    ));
    assert_eq!(e[0].path, "topology.links[1].queue.mode", "{e:?}");
    // Worded as for an enum anywhere else (serde's buffer said "string or map").
    assert_eq!(
        e[0].message, "invalid type: integer `5`, expected enum TokenBucketMode",
        "{e:?}"
    );
}

#[test]
fn a_tagged_value_written_as_an_array_is_refused() {
    // serde's derive would read ["sized", 5000]; the reader takes objects only.
    let e = errors(&with(|v| {
        v["flows"][0]["source"] = serde_json::json!(["sized", 5000]);
    }));
    assert_eq!(e[0].path, "flows[0].source", "{e:?}");
    assert!(e[0].message.starts_with("invalid type: sequence"), "{e:?}");
}

/// Found by fuzzing (scenario_decode): a number with more digits than an f64
/// holds was parsed 1 ulp off by serde_json's default fast path, so the
/// exported scenario read back as a different one. Parsing is now correctly
/// rounded (`json_tree.rs` re-reads floats from their text), and export then import is exact.
#[test]
fn a_long_decimal_is_read_correctly_rounded_and_survives_export_and_import() {
    let text = "10000000.077777777777777777777777777";
    let json = with(|v| {
        v["topology"]["links"][1]["rate_bps"] = serde_json::Value::from(0.0);
    })
    .replacen("\"rate_bps\":0.0", &format!("\"rate_bps\":{text}"), 1);
    let s = parse_scenario(&json).expect("valid");
    let rate = s.topology.links[1].rate_bps;
    assert_eq!(rate, text.parse::<f64>().unwrap(), "correctly rounded");
    let back = parse_scenario(&to_json(&s)).expect("the export parses");
    assert_eq!(back, s);
}
