//! tcplab-batch: running scenarios outside the page, for the native CLI and the Python
//! package alike. A run to the end with its traces as CSV files (run.rs, trace_csv.rs), and
//! parameter sweeps: the sweep file (spec.rs, with its JSON Schema), its points checked
//! before anything runs and cut into shards (plan.rs), one CSV row per point (run.rs), and
//! shards merged back into the unsharded file (merge.rs). Grading's runs and scenario files:
//! grade.rs. Paths into scenarios and
//! summaries: path.rs.

pub mod grade;
pub mod merge;
pub mod path;
pub mod plan;
pub mod run;
pub mod spec;
pub mod trace_csv;

#[cfg(test)]
mod tests;

pub use plan::{Plan, Point, Shard, MAX_POINTS};
pub use spec::{SpecError, SweepSpec};

/// Read and plan a sweep file (relative scenario paths from its folder).
pub fn read_sweep(file: &std::path::Path) -> Result<Plan, SpecError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| SpecError::new("", format!("cannot read {}: {e}", file.display())))?;
    let spec = SweepSpec::parse(&text)?;
    Plan::new(spec, file.parent().unwrap_or(std::path::Path::new(".")))
}
