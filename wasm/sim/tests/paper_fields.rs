//! Bad input in the fields papers 000 and 001 added: each error names the
//! field path and the reason, and impossible combinations are refused.

mod common;

use serde_json::{json, Value};

fn paper001() -> Value {
    let text = std::fs::read_to_string(
        common::repo_root().join("content/scenarios/paper001-rate-200ms.json"),
    )
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn errors(v: &Value) -> Vec<(String, String)> {
    sim::parse_scenario(&v.to_string())
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|e| (e.path, e.message))
        .collect()
}

fn has(e: &[(String, String)], path: &str, needle: &str) -> bool {
    e.iter().any(|(p, m)| p == path && m.contains(needle))
}

const USER: &str = "flows[0].tcp.user_level";

#[test]
fn the_user_level_receiver_needs_a_positive_processing_rate() {
    for bad in [json!(0), json!(-5e6)] {
        let mut v = paper001();
        v["flows"][0]["tcp"]["user_level"]["processing_rate_bps"] = bad;
        let e = errors(&v);
        assert!(
            has(&e, &format!("{USER}.processing_rate_bps"), "greater than 0"),
            "{e:?}"
        );
    }
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"]["processing_rate_bps"] = json!(1e13);
    assert!(has(
        &errors(&v),
        &format!("{USER}.processing_rate_bps"),
        "between"
    ));
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"]["processing_rate_bps"] = json!("fast");
    assert!(!errors(&v).is_empty());
    assert_eq!(errors(&v)[0].0, format!("{USER}.processing_rate_bps"));
}

#[test]
fn the_user_level_buffer_must_hold_one_segment() {
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"]["buffer_bytes"] = json!(1000);
    let e = errors(&v);
    assert!(
        has(
            &e,
            &format!("{USER}.buffer_bytes"),
            "one segment (1500 bytes"
        ),
        "{e:?}"
    );
    v["flows"][0]["tcp"]["user_level"]["buffer_bytes"] = json!(1500);
    assert!(errors(&v).is_empty(), "exactly one segment fits");
}

#[test]
fn the_user_level_object_is_complete_and_closed() {
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"] = json!({"processing_rate_bps": 5e6});
    let e = errors(&v);
    assert_eq!(e[0].0, USER, "{e:?}");
    assert!(e[0].1.contains("buffer_bytes"), "{e:?}");
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"]["rate_mbps"] = json!(5);
    let e = errors(&v);
    assert_eq!(e[0].0, format!("{USER}.rate_mbps"), "{e:?}");
}

#[test]
fn rate_control_is_a_switch() {
    let mut v = paper001();
    v["flows"][0]["cc_params"] = json!({"receiver_rate": {"rate_control": "off"}});
    let e = errors(&v);
    assert_eq!(
        e[0].0, "flows[0].cc_params.receiver_rate.rate_control",
        "{e:?}"
    );
    v["flows"][0]["cc_params"]["receiver_rate"]["rate_control"] = json!(false);
    assert!(errors(&v).is_empty());
}

#[test]
fn the_acknowledgement_policy_is_one_of_its_names() {
    let mut v = paper001();
    v["flows"][0]["tcp"]["user_level"]["acknowledge"] = json!("sometimes");
    let e = errors(&v);
    assert_eq!(e[0].0, format!("{USER}.acknowledge"), "{e:?}");
    assert!(e[0].1.contains("when_drained"), "{e:?}");
    v["flows"][0]["tcp"]["user_level"]["acknowledge"] = json!("each_segment");
    assert!(errors(&v).is_empty());
}
