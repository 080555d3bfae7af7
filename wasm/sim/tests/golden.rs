//! Golden trace hashes (tests/golden/expected.json): the same scenario and seed
//! give the same trace, bit for bit, natively, in Node-WASM and in the browser.
//! After an intended model change, refresh them with `npm run golden:update`.

mod common;

use serde_json::Value;

#[test]
fn golden_scenarios_hash_as_recorded() {
    let text =
        std::fs::read_to_string(common::repo_root().join("tests/golden/expected.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    let entries = expected.as_object().unwrap();
    assert!(!entries.is_empty());
    let mut mismatches = Vec::new();
    for (name, entry) in entries {
        let s = common::load(entry["scenario"].as_str().unwrap());
        let mut w = sim::World::new(&s);
        w.run();
        let got = w.trace_hash();
        if got != entry["trace_hash"].as_str().unwrap() {
            mismatches.push(format!(
                "{name}: expected {}, got {got}",
                entry["trace_hash"]
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "golden hashes differ:\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn chunking_does_not_change_the_trace() {
    let s = common::load("content/scenarios/default.json");
    let mut whole = sim::World::new(&s);
    whole.run();
    let mut chunked = sim::World::new(&s);
    while !chunked.advance(chunked.now() + 37_000_000, 5_000) {}
    assert_eq!(whole.trace_hash(), chunked.trace_hash());
    assert_eq!(whole.summary(), chunked.summary());
}

#[test]
fn another_seed_is_still_deterministic() {
    let mut s = common::load("tests/golden/two-flows.json");
    s.seed = 99;
    let mut a = sim::World::new(&s);
    let mut b = sim::World::new(&s);
    a.run();
    b.run();
    assert_eq!(a.trace_hash(), b.trace_hash());
}
