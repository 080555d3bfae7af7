//! wasm-bindgen facade over tcplab-sim: the browser worker and Node drive a
//! [`Simulation`] in chunks and read new trace rows as a Float64Array.
//! No model logic lives here.
//!
//! Failure paths (docs/reliability.md): bad input comes back as field-path
//! errors; `estimate()` gives the work estimate before a run; a panic (a bug in
//! the model) is written to the console and kept for [`last_panic`], because
//! with `panic = "abort"` the call that panicked ends in a wasm trap
//! (`RuntimeError: unreachable`) that carries no message of its own.

mod lessons;
mod panic;

pub use lessons::*;
pub use panic::{last_panic, trigger_panic};
use sim::world::capture::CapturePoint;
use sim::World;
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated (`init`, `initSync`).
#[wasm_bindgen(start)]
fn start() {
    panic::install_hook();
}

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

/// Read a scenario from the bytes of a file or a link with the one reader
/// (the CLI's): `{"readable":…,"errors":[…]}`. Not readable: `errors`
/// holds the one reason (size, encoding, syntax, or a field of the wrong
/// type, with its path). Readable: `errors` lists what validation refuses,
/// so the page can still open the scenario to be fixed.
#[wasm_bindgen]
pub fn read_scenario(bytes: &[u8]) -> String {
    let (readable, errors) = match sim::scenario::read_json::<sim::Scenario>(bytes) {
        Ok(s) => (true, errors_json(&sim::scenario::validate(&s))),
        Err(e) => (false, errors_json(&[e])),
    };
    format!("{{\"readable\":{readable},{}", &errors[1..])
}

/// The largest scenario the reader accepts, in bytes (a file above it is
/// refused before it is read).
#[wasm_bindgen]
pub fn max_scenario_bytes() -> usize {
    sim::scenario::MAX_SCENARIO_BYTES
}

/// Check JSON that is not a scenario (a link's payload) as the reader
/// checks a scenario's text: `{"errors":[]}` when it is one document of
/// UTF-8 JSON, numbers in range, no key twice in an object.
#[wasm_bindgen]
pub fn check_json(bytes: &[u8]) -> String {
    match sim::scenario::check_json(bytes) {
        Ok(()) => errors_json(&[]),
        Err(e) => errors_json(&[e]),
    }
}

/// Validate scenario JSON and estimate the work of a run:
/// `{"errors":[…],"estimate":{"events","packets","rows","columns","trace_values","level","message"}}`.
/// `estimate` is null when the fields have errors (there is nothing to
/// estimate); `level` is `ok`, `warn` (allowed: show `message` before
/// running) or `refuse` (then `errors` holds the refusal at `duration_s`).
#[wasm_bindgen]
pub fn estimate(scenario_json: &str) -> String {
    match sim::scenario::parse_scenario_without_work_limits(scenario_json) {
        Ok(s) => {
            let errors = sim::scenario::validate(&s);
            let work = sim::scenario::estimate_work(&s);
            let errors = errors_json(&errors);
            format!(
                "{},\"estimate\":{}}}",
                &errors[..errors.len() - 1],
                work.to_json()
            )
        }
        Err(e) => {
            let errors = errors_json(&e);
            format!("{},\"estimate\":null}}", &errors[..errors.len() - 1])
        }
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

    /// Capture flow `flow_id`'s packets at its `"sender"` or `"receiver"`
    /// from now on (for a pcap file).
    pub fn capture(&mut self, flow_id: &str, at: &str) -> Result<(), JsError> {
        let point = CapturePoint::parse(at).ok_or_else(|| {
            JsError::new(&format!("capture point '{at}': use sender or receiver"))
        })?;
        self.world
            .capture(flow_id, point)
            .map_err(|e| JsError::new(&e))
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
}

/// The packet record layout as JSON: field names in order.
#[wasm_bindgen]
pub fn packet_fields() -> String {
    sim::scenario::to_json(&sim::world::capture::FIELDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULT: &str = include_str!("../../../content/scenarios/default.json");

    #[test]
    fn estimate_returns_errors_and_the_estimate_as_one_json_object() {
        let v: serde_json::Value = serde_json::from_str(&estimate(DEFAULT)).unwrap();
        assert_eq!(v["errors"], serde_json::json!([]));
        assert_eq!(v["estimate"]["level"], "ok");
        assert_eq!(v["estimate"]["rows"], 2001.0);
        assert!(v["estimate"]["events"].as_f64().unwrap() > 100_000.0);
    }

    #[test]
    fn estimate_of_bad_fields_has_errors_and_no_estimate() {
        let v: serde_json::Value = serde_json::from_str(&estimate(
            &DEFAULT.replace("\"duration_s\": 20", "\"duration_s\": -1"),
        ))
        .unwrap();
        assert_eq!(v["errors"][0]["path"], "duration_s");
        assert_eq!(v["estimate"], serde_json::Value::Null);
        let v: serde_json::Value = serde_json::from_str(&estimate("{")).unwrap();
        assert!(v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("malformed JSON"));
        assert_eq!(v["estimate"], serde_json::Value::Null);
    }

    #[test]
    fn read_scenario_says_whether_it_reads_and_what_is_wrong() {
        let read = |text: &str| -> serde_json::Value {
            serde_json::from_str(&read_scenario(text.as_bytes())).unwrap()
        };
        assert_eq!(
            read(DEFAULT),
            serde_json::json!({"readable": true, "errors": []})
        );
        let v = read(&DEFAULT.replace("\"name\": \"Single bottleneck\"", "\"name\": 1"));
        assert_eq!(v["readable"], false);
        assert_eq!(v["errors"][0]["path"], "name");
        let v = read(&DEFAULT.replace("\"duration_s\": 20", "\"duration_s\": -1"));
        assert_eq!(v["readable"], true);
        assert_eq!(v["errors"][0]["path"], "duration_s");
        let v: serde_json::Value = serde_json::from_str(&check_json(b"{\"a\":1,\"a\":2}")).unwrap();
        assert_eq!(v["errors"][0]["path"], "a");
    }

    #[test]
    fn a_refused_run_has_the_refusal_and_its_estimate() {
        let long = DEFAULT
            .replace("\"duration_s\": 20", "\"duration_s\": 3600")
            .replace("\"rate_bps\": 20000000", "\"rate_bps\": 10000000000");
        let v: serde_json::Value = serde_json::from_str(&estimate(&long)).unwrap();
        assert_eq!(v["estimate"]["level"], "refuse");
        assert_eq!(v["errors"][0]["path"], "duration_s");
        assert_eq!(v["errors"][0]["message"], v["estimate"]["message"]);
        // validate() and the constructor refuse it the same way.
        let errors: serde_json::Value = serde_json::from_str(&validate(&long)).unwrap();
        assert_eq!(errors["errors"], v["errors"]);
    }
}
