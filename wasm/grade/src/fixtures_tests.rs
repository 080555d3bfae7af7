//! The fixtures in tests/fixtures/lessons, computed by an independent implementation
//! (tests/fixtures/lessons/make_variants.py for the variants): the grader must reproduce them.

use crate::assignment::{Assignment, SeedRange, Tolerance, VariantParam, Variants};
use crate::{check, code, student, variant};
use serde_json::Value;
use std::collections::BTreeMap;

fn fixture(name: &str) -> Value {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/lessons")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&p).expect("fixture")).expect("fixture JSON")
}

fn assignment(v: &Value) -> Assignment {
    let vs = &v["variants"];
    Assignment {
        format: crate::assignment::FORMAT.into(),
        id: v["id"].as_str().unwrap().into(),
        title: Default::default(),
        scenarios: BTreeMap::new(),
        variants: Variants {
            seed: vs.get("seed").map(|s| SeedRange {
                min: s["min"].as_u64().unwrap(),
                max: s["max"].as_u64().unwrap(),
            }),
            params: vs
                .get("params")
                .and_then(Value::as_array)
                .map(|ps| {
                    ps.iter()
                        .map(|p| VariantParam {
                            scenario: None,
                            path: p["path"].as_str().unwrap().into(),
                            values: p["values"].as_array().unwrap().clone(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        },
        controls: vec![],
        locked: vec![],
        hidden: vec![],
        questions: vec![],
    }
}

#[test]
fn variants_match_the_shared_fixture() {
    let f = fixture("variants.json");
    let cases = f["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for c in cases {
        let a = assignment(&c["assignment"]);
        let typed = c["student"].as_str().unwrap();
        assert_eq!(
            student::normalise(typed),
            c["normalised"].as_str().unwrap(),
            "{c}"
        );
        let v = variant::derive(&a, typed);
        assert_eq!(v.seed, c["seed"].as_u64(), "seed of {c}");
        let values: Vec<Value> = v.params.into_iter().map(|(_, x)| x).collect();
        assert_eq!(Value::from(values), c["values"], "values of {c}");
    }
}

#[test]
fn metrics_match_the_shared_fixture() {
    let f = fixture("metrics.json");
    for c in f["cases"].as_array().unwrap() {
        let m = c["metric"].as_str().unwrap();
        let got = check::metric(&f["summary"], m);
        match c["value"].as_f64() {
            Some(want) => {
                let g = got.unwrap_or_else(|e| panic!("{m}: {e}"));
                assert!(
                    (g - want).abs() <= 1e-12 * want.abs().max(1.0),
                    "{m}: {g} vs {want}"
                );
            }
            None => assert!(got.is_err(), "{m} should be refused, got {got:?}"),
        }
    }
}

#[test]
fn checker_matches_the_shared_fixture() {
    let f = fixture("checker.json");
    for c in f["within"].as_array().unwrap() {
        let tol = Tolerance {
            abs: c["tolerance"].get("abs").and_then(Value::as_f64),
            rel: c["tolerance"].get("rel").and_then(Value::as_f64),
        };
        let answer = c["answer"].as_f64().unwrap_or(f64::NAN);
        let ok = check::within(answer, c["expected"].as_f64().unwrap(), &tol);
        assert_eq!(ok, c["correct"].as_bool().unwrap(), "{c}");
    }
    for c in f["parse"].as_array().unwrap() {
        assert_eq!(
            check::parse_answer(c["text"].as_str().unwrap()),
            c["value"].as_f64(),
            "{c}"
        );
    }
}

#[test]
fn result_codes_match_the_shared_fixture() {
    let f = fixture("codes.json");
    for c in f["good"].as_array().unwrap() {
        let d = code::decode(c["code"].as_str().unwrap()).unwrap();
        assert_eq!(d.assignment, c["assignment"].as_str().unwrap());
        assert_eq!(d.student, c["student"].as_str().unwrap());
        let ans: BTreeMap<String, f64> = d.answers.iter().cloned().collect();
        let want: BTreeMap<String, f64> = serde_json::from_value(c["answers"].clone()).unwrap();
        assert_eq!(ans, want);
        let h: BTreeMap<String, String> = d.hashes.iter().cloned().collect();
        assert_eq!(
            h,
            serde_json::from_value::<BTreeMap<String, String>>(c["hashes"].clone()).unwrap()
        );
        // serde_json orders keys, so the text may differ; the content must not.
        assert_eq!(code::decode(&code::encode(&d)), Ok(d));
    }
    for b in f["bad"].as_array().unwrap() {
        assert!(
            code::decode(b.as_str().unwrap()).is_err(),
            "{b} should be refused"
        );
    }
}
