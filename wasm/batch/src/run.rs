//! Running scenarios to the end, as `tcplab run` does: in one-second steps, handing each
//! step's trace rows to the caller (to stream CSV, or to keep for a DataFrame). The CLI, the
//! sweep and the Python package all run through here, so their summaries and trace hashes
//! are the same.

use crate::path::Path;
use crate::plan::Point;
use serde_json::Value;
use sim::metrics::summary::Summary;
use sim::{Scenario, World};

/// Run `scenario` to its end; `rows` gets each step's trace rows (row-major, `columns`
/// wide, time first).
pub fn run_to_end(
    scenario: &Scenario,
    mut rows: impl FnMut(&World, &[f64]) -> std::io::Result<()>,
) -> std::io::Result<Summary> {
    run_world_to_end(World::new(scenario), |w, r| rows(w, r))
}

/// Run an already built `world` to its end (one with packet captures on, say); `rows` gets
/// each step's trace rows and the world itself, to drain what else it collected.
pub fn run_world_to_end(
    mut world: World,
    mut rows: impl FnMut(&mut World, &[f64]) -> std::io::Result<()>,
) -> std::io::Result<Summary> {
    let step = sim::engine::time::NS_PER_S;
    loop {
        let done = world.advance(world.now() + step, u64::MAX);
        let drained = world.drain();
        rows(&mut world, &drained)?;
        if done {
            return Ok(world.summary());
        }
    }
}

/// Every TCP flow's bounds and paper 000's bound curves over MTU and RTT (`tcplab bounds`).
pub fn bounds_json(s: &Scenario) -> Value {
    use sim::metrics::bounds::{bound_curves, flow_bounds, BoundConditions};
    let flows: Vec<Value> = (0..s.flows.len())
        .map(|i| {
            let values = BoundConditions::for_flow(s, i).and_then(|c| flow_bounds(s, i, &c));
            serde_json::json!({"flow": s.flows[i].id, "bounds": values, "curves": bound_curves(s, i)})
        })
        .collect();
    Value::Array(flows)
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The sweep CSV's header line (with its line break).
pub fn header(names: &[String], metrics: &[(String, Path)]) -> String {
    let cols: Vec<String> = ["point".to_string()]
        .into_iter()
        .chain(names.iter().cloned())
        .chain(["seed".to_string()])
        .chain(metrics.iter().map(|(m, _)| m.clone()))
        .chain(["trace_hash".to_string()])
        .map(|c| csv_field(&c))
        .collect();
    cols.join(",") + "\n"
}

/// A metric's cell: numbers as JSON writes them, nothing for null or a path that reaches
/// nothing (a flow without bounds, a host the scenario does not model).
fn metric_cell(summary: &Value, path: &Path) -> String {
    match path.select(summary).first() {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => csv_field(s),
        Some(v) => csv_field(&v.to_string()),
    }
}

/// Run one sweep point: its CSV line (with its line break), or why it could not run.
pub fn run_point(point: &Point, metrics: &[(String, Path)]) -> Result<String, String> {
    let scenario = sim::parse_scenario(&point.scenario).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    // A panic in the model fails this point, not the sweep (where panics unwind).
    let summary = std::panic::catch_unwind(|| run_to_end(&scenario, |_, _| Ok(())))
        .map_err(|p| {
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            format!("the simulator stopped: {why}")
        })?
        .map_err(|e| e.to_string())?;
    Ok(row(point, metrics, &summary))
}

/// The CSV line of a point that ran.
pub fn row(point: &Point, metrics: &[(String, Path)], summary: &Summary) -> String {
    let json = serde_json::to_value(summary).unwrap_or(Value::Null);
    let cells: Vec<String> = [point.index.to_string()]
        .into_iter()
        .chain(point.cells.iter().map(|c| csv_field(c)))
        .chain([point.seed.to_string()])
        .chain(metrics.iter().map(|(_, p)| metric_cell(&json, p)))
        .chain([summary.trace_hash.clone()])
        .collect();
    cells.join(",") + "\n"
}
