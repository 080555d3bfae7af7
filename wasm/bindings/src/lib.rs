//! wasm-bindgen facade over tcplab-sim: the browser worker and Node drive a
//! [`Simulation`] in chunks and read new trace rows as a Float64Array.
//! No model logic lives here.
//!
//! Failure paths (docs/reliability.md): bad input comes back as field-path
//! errors; `estimate()` gives the work estimate before a run; a panic (a bug in
//! the model) is written to the console and kept for [`last_panic`], because
//! with `panic = "abort"` the call that panicked ends in a wasm trap
//! (`RuntimeError: unreachable`) that carries no message of its own.

mod panic;

pub use panic::{last_panic, trigger_panic};
use sim::world::capture::CapturePoint;
use sim::World;
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated (`init`, `initSync`).
#[wasm_bindgen(start)]
fn start() {
    panic::install_hook();
}

// The types the page reads (ValidationError, ScenarioCheck) are generated from the Rust
// ones into web/src/sim/boundary.ts; the declarations wasm-bindgen writes name them.
#[wasm_bindgen(typescript_custom_section)]
const BOUNDARY_TYPES: &str = "import type { ScenarioCheck, ValidationError } from '../boundary';";

/// A value serialised by serde_json (which the model already carries) as a JS value;
/// JSON.parse of serde_json's output cannot fail.
fn to_js(json: String) -> JsValue {
    js_sys::JSON::parse(&json).unwrap_or(JsValue::NULL)
}

/// A thrown Error: the errors in English as its message, and the typed list as its
/// `errors` property (web/src/sim/errors.ts reads it).
fn errors_thrown(errors: &[sim::ValidationError]) -> JsValue {
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    let error = js_sys::Error::new(&text.join("; "));
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(
        &error,
        &JsValue::from_str("errors"),
        &to_js(sim::scenario::to_json(errors)),
    );
    error.into()
}

/// Validate scenario JSON: the errors, none when it is valid.
#[wasm_bindgen(unchecked_return_type = "ValidationError[]")]
pub fn validate(scenario_json: &str) -> JsValue {
    match sim::parse_scenario(scenario_json) {
        Ok(_) => to_js("[]".into()),
        Err(e) => to_js(sim::scenario::to_json(&e)),
    }
}

/// Read a scenario from the bytes of a file or a link with the one reader (the CLI's).
/// Not readable: `errors` holds the one reason (size, encoding, syntax, or a field of the
/// wrong type, with its path). Readable: `errors` lists what validation refuses, so the page
/// can still open the scenario to be fixed.
#[wasm_bindgen(unchecked_return_type = "{ readable: boolean; errors: ValidationError[] }")]
pub fn read_scenario(bytes: &[u8]) -> JsValue {
    let (readable, errors) = match sim::scenario::read_scenario(bytes) {
        Ok(s) => (true, sim::validate(&s)),
        Err(e) => (false, vec![e]),
    };
    to_js(format!(
        "{{\"readable\":{readable},\"errors\":{}}}",
        sim::scenario::to_json(&errors)
    ))
}

/// The largest scenario the reader accepts, in bytes (a file above it is refused before it
/// is read).
#[wasm_bindgen]
pub fn max_scenario_bytes() -> usize {
    sim::scenario::MAX_SCENARIO_BYTES
}

/// Check JSON that is not a scenario (a link's payload) as the reader checks a scenario's
/// text: no errors when it is one document of UTF-8 JSON, numbers in range, no key twice in
/// an object.
#[wasm_bindgen(unchecked_return_type = "ValidationError[]")]
pub fn check_json(bytes: &[u8]) -> JsValue {
    match sim::scenario::check_json(bytes) {
        Ok(()) => to_js("[]".into()),
        Err(e) => to_js(sim::scenario::to_json(&[e])),
    }
}

/// Validate scenario JSON and estimate the work of a run (`sim::check_scenario`):
/// `estimate` is null when the fields have errors (there is nothing to estimate); its
/// `level` is `ok`, `warn` (allowed: show its notice before running) or `refuse` (then
/// `errors` holds the refusal at `duration_s`).
#[wasm_bindgen(unchecked_return_type = "ScenarioCheck")]
pub fn estimate(scenario_json: &str) -> JsValue {
    to_js(sim::scenario::to_json(&sim::check_scenario(scenario_json)))
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
    /// Parse, validate and build. Throws an Error whose `errors` are the validation errors.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsValue> {
        let scenario = sim::parse_scenario(scenario_json).map_err(|e| errors_thrown(&e))?;
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
        sim::metrics::json::to_string(self.world.columns())
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

    /// Capture flow `flow_id`'s packets at its `"sender"` or `"receiver"`
    /// from now on (for a pcap file).
    pub fn capture(&mut self, flow_id: &str, at: &str) -> Result<(), JsError> {
        let point = CapturePoint::parse(at).ok_or_else(|| {
            JsError::new(&format!("capture point '{at}': use sender or receiver"))
        })?;
        self.world
            .capture(flow_id, point)
            .map(|_| ())
            .map_err(|e| JsError::new(&e))
    }

    /// The event the next `advance(end_ns, 1)` runs, as JSON
    /// (`{"time","kind","target"}`), or `null` at the end of the run.
    pub fn next_event(&self) -> String {
        self.world
            .next_event()
            .map_or_else(|| "null".to_string(), |e| sim::scenario::to_json(&e))
    }

    /// The link directions in order, as JSON (`["bottleneck:a>b", …]`):
    /// what a packet record's `channel` field indexes.
    pub fn channel_ids(&self) -> String {
        sim::scenario::to_json(self.world.channel_ids())
    }

    /// A libpcap file of `records` (rows of the capture, as `drain_packets`
    /// gave them): the writer `tcplab run --pcap` uses (world/pcap.rs).
    pub fn pcap(&self, records: &[f64]) -> Result<Vec<u8>, JsError> {
        let flow = self
            .world
            .capture_pcap_flow(0)
            .ok_or_else(|| JsError::new("no packet capture in this simulation"))?;
        Ok(sim::world::pcap::file(&flow, records))
    }

    /// Captured packets since the last call, row-major,
    /// `packet_fields().length` values each (world/capture.rs).
    pub fn drain_packets(&mut self) -> Vec<f64> {
        self.world.drain_packets()
    }

    /// Packets the capture could not hold between two drains.
    pub fn capture_missed(&self) -> f64 {
        self.world.capture_missed() as f64
    }

    /// Log every packet's passage through every link direction that overlaps
    /// `[from_ns, until_ns]`, from now on (world/capture_paths.rs).
    pub fn log_paths(&mut self, from_ns: f64, until_ns: f64) {
        let ns = |v: f64| {
            if v.is_finite() {
                v.max(0.0) as u64
            } else {
                u64::MAX
            }
        };
        self.world.log_paths(ns(from_ns), ns(until_ns));
    }

    /// The path log's records since the last call, row-major,
    /// `path_fields().length` values each.
    pub fn drain_paths(&mut self) -> Vec<f64> {
        self.world.drain_paths()
    }

    /// Passages in the path log's window it could not hold between two drains.
    pub fn paths_missed(&self) -> f64 {
        self.world.paths_missed() as f64
    }
}

/// The path log's record layout as JSON: field names in order.
#[wasm_bindgen]
pub fn path_fields() -> String {
    sim::scenario::to_json(&sim::world::capture_paths::PATH_FIELDS)
}

/// The packet record layout as JSON: field names in order.
#[wasm_bindgen]
pub fn packet_fields() -> String {
    sim::scenario::to_json(&sim::world::capture::FIELDS)
}

#[cfg(test)]
mod tests {
    // The facade's values are JS values, so its own tests run in Node (tests/unit/wasm.test.ts);
    // what they carry is sim::check_scenario's, tested there.
}
