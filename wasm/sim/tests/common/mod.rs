//! Helpers shared by the scenario tests.
#![allow(dead_code)]

use sim::{parse_scenario, Scenario, World};
use std::path::PathBuf;

/// The repository root (wasm/sim/../..).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn load(rel: &str) -> Scenario {
    let text =
        std::fs::read_to_string(repo_root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    parse_scenario(&text).unwrap_or_else(|e| panic!("{rel}: {e:?}"))
}

/// Run to the end in chunks of `chunk_ns`, checking the model's invariants
/// after every chunk (`sim::invariants`).
pub fn run_checked(s: &Scenario, chunk_ns: u64) -> World {
    sim::invariants::run_checked(s, chunk_ns, u64::MAX).0
}

/// Column index by key, e.g. "flow.flow1.cwnd".
pub fn col(w: &World, key: &str) -> usize {
    w.columns()
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no column {key}"))
}

/// Run to the end and return all rows (row-major) with the world.
pub fn run_rows(s: &Scenario) -> (World, Vec<f64>) {
    let mut w = World::new(s);
    let mut rows = Vec::new();
    while !w.advance(w.now() + 1_000_000_000, u64::MAX) {
        rows.extend(w.drain());
    }
    rows.extend(w.drain());
    (w, rows)
}
