//! wasm-bindgen facade over tcplab-sim: the browser worker and Node drive a
//! [`Simulation`] in chunks and read new trace rows as a Float64Array.
//! No model logic lives here.

use sim::World;
use wasm_bindgen::prelude::*;

/// Errors cross the boundary as JSON: `{"errors":[{"path":"…","message":"…"}]}`.
fn errors_json(errors: &[sim::ValidationError]) -> String {
    let list: Vec<String> = errors
        .iter()
        .map(|e| {
            format!(
                "{{\"path\":{},\"message\":{}}}",
                json_string(&e.path),
                json_string(&e.message)
            )
        })
        .collect();
    format!("{{\"errors\":[{}]}}", list.join(","))
}

fn json_string(s: &str) -> String {
    sim::scenario::json_string(s)
}

/// Validate scenario JSON. Returns `{"errors":[]}` when it is valid.
#[wasm_bindgen]
pub fn validate(scenario_json: &str) -> String {
    match sim::parse_scenario(scenario_json) {
        Ok(_) => errors_json(&[]),
        Err(e) => errors_json(&e),
    }
}

/// Paper 000's host bound for every TCP flow as curves over MTU and over RTT,
/// offload off and on: a JSON array (null for UDP flows).
#[wasm_bindgen]
pub fn bound_curves(scenario_json: &str) -> Result<String, JsError> {
    let s = sim::parse_scenario(scenario_json).map_err(|e| JsError::new(&errors_json(&e)))?;
    let curves: Vec<_> = (0..s.flows.len())
        .map(|i| sim::metrics::bounds::bound_curves(&s, i))
        .collect();
    Ok(sim::scenario::to_json(&curves))
}

/// The scenario JSON Schema (same text as public/schema/scenario.v1.json).
#[wasm_bindgen]
pub fn schema() -> String {
    sim::scenario::json_schema()
}

/// Jain's fairness index of `values` (`sim::metrics::fairness::jain_index`).
#[wasm_bindgen]
pub fn jain_index(values: &[f64]) -> f64 {
    sim::metrics::fairness::jain_index(values)
}

/// Jain's index of every row of a row-major matrix of `width` columns, one value per
/// row; NaN entries (flows not open yet) are left out of their row.
#[wasm_bindgen]
pub fn jain_rows(values: &[f64], width: usize) -> Vec<f64> {
    if width == 0 {
        return Vec::new();
    }
    let mut row = Vec::with_capacity(width);
    values
        .chunks_exact(width)
        .map(|r| {
            row.clear();
            row.extend(r.iter().copied().filter(|v| !v.is_nan()));
            sim::metrics::fairness::jain_index(&row)
        })
        .collect()
}

/// The crate version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A running simulation.
#[wasm_bindgen]
pub struct Simulation {
    world: World,
}

#[wasm_bindgen]
impl Simulation {
    /// Parse, validate and build. Throws an Error whose message is the errors JSON.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsError> {
        let scenario =
            sim::parse_scenario(scenario_json).map_err(|e| JsError::new(&errors_json(&e)))?;
        Ok(Simulation {
            world: World::new(&scenario),
        })
    }

    /// Run up to simulated time `until_ns` (at most `max_events` events).
    /// Returns true when the run is finished.
    pub fn advance(&mut self, until_ns: f64, max_events: f64) -> bool {
        let until = if until_ns.is_finite() && until_ns > 0.0 {
            until_ns as u64
        } else {
            0
        };
        let max = if max_events.is_finite() && max_events > 0.0 {
            max_events as u64
        } else {
            u64::MAX
        };
        self.world.advance(until, max)
    }

    /// Column descriptors as JSON: `[{"key","entity","id","metric","unit"}, …]`.
    pub fn columns(&self) -> String {
        sim::scenario::to_json(self.world.columns())
    }

    /// Rows sampled since the last call, row-major, `columns().length` values each.
    pub fn drain(&mut self) -> Vec<f64> {
        self.world.drain()
    }

    pub fn now_ns(&self) -> f64 {
        self.world.now() as f64
    }

    pub fn end_ns(&self) -> f64 {
        self.world.end() as f64
    }

    pub fn events(&self) -> f64 {
        self.world.events_processed() as f64
    }

    /// Data packets delivered to their destination hosts so far (benchmarks).
    pub fn delivered_packets(&self) -> f64 {
        self.world.delivered_data_packets() as f64
    }

    pub fn finished(&self) -> bool {
        self.world.is_finished()
    }

    /// The run summary as JSON, identical to the native CLI's output.
    pub fn summary(&self) -> String {
        self.world.summary().to_json()
    }

    pub fn trace_hash(&self) -> String {
        self.world.trace_hash()
    }
}
