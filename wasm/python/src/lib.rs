//! `tcplab._native`: what the Python package (python/tcplab) calls. Scenarios are read by
//! the CLI's reader (`sim::parse_scenario`), runs go through `batch::run` as `tcplab run`
//! does (so summaries and trace hashes are the CLI's), and sweeps are planned, run point by
//! point and merged by tcplab-batch as `tcplab sweep` does, and classes are graded by
//! tcplab-grade as `tcplab grade` does. The GIL is released while a
//! simulation runs. Everything crosses as str, bytes, lists and tuples; the package turns
//! them into dicts, DataFrames and exceptions.

use batch::path::Path as FieldPath;
use batch::plan::{Plan, Point};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Value};

/// One scenario error as it crosses to Python: (field path, message, code, parameters as
/// JSON). The code is the reader's and validator's stable name (`negative_number`), the
/// same the page renders its messages from.
type Problem = (String, String, String, String);

/// The reader's and validator's errors as [`Problem`]s.
fn errors_of(e: &[sim::ValidationError]) -> Vec<Problem> {
    e.iter()
        .map(|e| {
            let code = serde_json::to_value(e.code)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_default();
            let params = serde_json::to_string(&e.params).unwrap_or_else(|_| "{}".into());
            (e.path.clone(), e.message.clone(), code, params)
        })
        .collect()
}

/// Check a scenario file's bytes as `tcplab validate` does (encoding, size, work limits
/// included): `[]` when valid, else its errors.
#[pyfunction]
fn scenario_errors(bytes: &[u8]) -> Vec<Problem> {
    match sim::parse_scenario_bytes(bytes) {
        Ok(_) => Vec::new(),
        Err(e) => errors_of(&e),
    }
}

/// The scenario as the model reads it (every default written out), as JSON text.
#[pyfunction]
fn scenario_normalised(text: &str) -> PyResult<String> {
    sim::parse_scenario(text)
        .map(|s| sim::scenario::to_json(&s))
        .map_err(|e| PyValueError::new_err(errors_of(&e)))
}

/// A finished run: the summary, the trace (kept when asked for) and the bounds.
#[pyclass(module = "tcplab._native", frozen)]
struct NativeRun {
    scenario: sim::Scenario,
    summary: String,
    trace_hash: String,
    columns: Vec<sim::metrics::trace::Column>,
    rows: Vec<f64>,
}

#[pymethods]
impl NativeRun {
    /// The summary JSON, exactly as `tcplab run` prints it.
    fn summary_json(&self) -> String {
        self.summary.clone()
    }

    #[getter]
    fn trace_hash(&self) -> String {
        self.trace_hash.clone()
    }

    /// The trace's columns as `tcplab run --csv` groups them: (file stem, column, index).
    fn columns(&self) -> Vec<(String, String, usize)> {
        batch::trace_csv::groups(&self.columns)
            .into_iter()
            .flat_map(|g| {
                let stem = g.file.trim_end_matches(".csv").to_string();
                g.columns
                    .into_iter()
                    .map(move |(name, i)| (stem.clone(), name, i))
            })
            .collect()
    }

    /// The width of a trace row (time first).
    #[getter]
    fn width(&self) -> usize {
        self.columns.len()
    }

    /// The trace rows, row-major little-endian f64.
    fn rows<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let bytes: Vec<u8> = self.rows.iter().flat_map(|v| v.to_le_bytes()).collect();
        PyBytes::new(py, &bytes)
    }

    /// `tcplab bounds` for the scenario, as JSON text.
    fn bounds_json(&self) -> String {
        batch::run::bounds_json(&self.scenario).to_string()
    }

    /// Write the trace CSV files `tcplab run --csv DIR` writes.
    fn to_csv(&self, py: Python<'_>, dir: &str) -> PyResult<()> {
        py.detach(|| {
            let mut w = batch::trace_csv::TraceCsv::create(dir, &self.columns)?;
            w.write_rows(&self.rows)
        })
        .map_err(|e| PyOSError::new_err(format!("cannot write CSV in {dir}: {e}")))
    }
}

/// Run a scenario (JSON text) to its end with the GIL released.
#[pyfunction]
#[pyo3(signature = (text, keep_trace = true))]
fn run(py: Python<'_>, text: &str, keep_trace: bool) -> PyResult<NativeRun> {
    let scenario = sim::parse_scenario(text).map_err(|e| PyValueError::new_err(errors_of(&e)))?;
    py.detach(|| {
        let mut columns = Vec::new();
        let mut rows = Vec::new();
        let summary = batch::run::run_to_end(&scenario, |world, r| {
            if columns.is_empty() {
                columns = world.columns().to_vec();
            }
            if keep_trace {
                rows.extend_from_slice(r);
            }
            Ok(())
        })
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
        Ok(NativeRun {
            summary: summary.to_json(),
            trace_hash: summary.trace_hash.clone(),
            scenario,
            columns,
            rows,
        })
    })
}

/// A sweep, read and checked; its points go out as self-contained JSON tasks (plain
/// strings, so any process or cluster can carry them).
#[pyclass(module = "tcplab._native", frozen)]
struct NativePlan {
    plan: Plan,
}

#[pymethods]
impl NativePlan {
    fn __len__(&self) -> usize {
        self.plan.len()
    }

    /// The CSV header line (with its line break).
    fn header(&self) -> String {
        batch::run::header(&self.plan.names, &self.plan.metrics)
    }

    /// The parameter names, in order.
    #[getter]
    fn names(&self) -> Vec<String> {
        self.plan.names.clone()
    }

    /// The tasks of shard `index` of `count` (0/1: every point), in point order.
    #[pyo3(signature = (index = 0, count = 1))]
    fn tasks(&self, index: usize, count: usize) -> PyResult<Vec<String>> {
        if count == 0 || index >= count {
            return Err(PyValueError::new_err((
                "shard",
                format!("{index}/{count}: give K/N with 0 ≤ K < N"),
            )));
        }
        let metrics: Vec<&str> = self.plan.metrics.iter().map(|(m, _)| m.as_str()).collect();
        let points = self
            .plan
            .points(batch::Shard { index, count })
            .map_err(|e| PyValueError::new_err((e.path, e.message)))?;
        Ok(points
            .into_iter()
            .map(|p| {
                json!({"index": p.index, "cells": p.cells, "seed": p.seed,
                       "scenario": p.scenario, "metrics": metrics})
                .to_string()
            })
            .collect())
    }

    /// `mtu=1500, seed=1` for a task.
    fn describe(&self, task: &str) -> PyResult<String> {
        let (p, _) = read_task(task)?;
        Ok(self.plan.describe(&p))
    }
}

/// Read and check a sweep file's text (`base_dir`: where a scenario path is relative to);
/// a problem raises ValueError((field path, message)) before anything runs.
#[pyfunction]
fn plan_sweep(py: Python<'_>, text: &str, base_dir: &str) -> PyResult<NativePlan> {
    py.detach(|| {
        let spec = batch::SweepSpec::parse(text)
            .map_err(|e| PyValueError::new_err((e.path, e.message)))?;
        Plan::new(spec, std::path::Path::new(base_dir))
            .map(|plan| NativePlan { plan })
            .map_err(|e| PyValueError::new_err((e.path, e.message)))
    })
}

fn read_task(task: &str) -> PyResult<(Point, Vec<(String, FieldPath)>)> {
    let bad = || PyValueError::new_err(("task", "not a tcplab sweep task".to_string()));
    let v: Value = serde_json::from_str(task).map_err(|_| bad())?;
    let text = |v: &Value| v.as_str().map(String::from);
    let point = Point {
        index: v["index"].as_u64().ok_or_else(bad)? as usize,
        cells: v["cells"]
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|c| text(c).ok_or_else(bad))
            .collect::<PyResult<_>>()?,
        seed: v["seed"]
            .as_u64()
            .and_then(|s| u32::try_from(s).ok())
            .ok_or_else(bad)?,
        scenario: text(&v["scenario"]).ok_or_else(bad)?,
    };
    let metrics = v["metrics"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|m| {
            let m = text(m).ok_or_else(bad)?;
            let p = FieldPath::parse(&m).map_err(|_| bad())?;
            Ok((m, p))
        })
        .collect::<PyResult<_>>()?;
    Ok((point, metrics))
}

/// Run one sweep task with the GIL released: its CSV line, as `tcplab sweep` writes it.
#[pyfunction]
fn run_task(py: Python<'_>, task: &str) -> PyResult<String> {
    let (point, metrics) = read_task(task)?;
    py.detach(|| batch::run::run_point(&point, &metrics))
        .map_err(|e| PyValueError::new_err(("scenario", e)))
}

/// Join sweep CSV parts (name, text) into the unsharded file; ValueError says what is wrong.
#[pyfunction]
#[pyo3(signature = (parts, expect = None))]
fn merge_csv(parts: Vec<(String, String)>, expect: Option<usize>) -> PyResult<String> {
    let parts: Vec<batch::merge::Part> = parts
        .iter()
        .map(|(name, text)| batch::merge::Part { name, text })
        .collect();
    batch::merge::merge(&parts, expect).map_err(PyValueError::new_err)
}

/// A class's grading (`tcplab grade`): the runs to make, then the grade file.
#[pyclass(module = "tcplab._native", frozen)]
struct NativeGrading {
    plan: grading::grader::Plan,
}

#[pymethods]
impl NativeGrading {
    /// The scenario JSON text of every run the grades need.
    fn jobs(&self) -> Vec<String> {
        self.plan.jobs().to_vec()
    }

    /// The grade file (`format`: full, scores, per-question or canvas) and the warnings about
    /// the students' file, from each job's (ok, summary JSON or why it failed).
    fn finish(
        &self,
        results: Vec<(bool, String)>,
        format: &str,
    ) -> PyResult<(String, Vec<String>)> {
        let results: Vec<Result<String, String>> = results
            .into_iter()
            .map(|(ok, text)| if ok { Ok(text) } else { Err(text) })
            .collect();
        let report = self.plan.finish(&results);
        use grading::report;
        let text = match format {
            "full" => report::full(&report),
            "scores" => report::scores(&report),
            "per-question" => report::per_question(&report),
            "canvas" => report::canvas(&report),
            _ => {
                return Err(PyValueError::new_err((
                    "format",
                    format!("'{format}': give full, scores, per-question or canvas"),
                )))
            }
        };
        Ok((
            text,
            report.problems.iter().map(ToString::to_string).collect(),
        ))
    }
}

/// Plan the grading of `csv` for the assignment read from `assignment_file`; the
/// assignment's problems raise ValueError([(field path, message)]).
#[pyfunction]
fn grade_plan(assignment_file: &str, assignment_text: &str, csv: &str) -> PyResult<NativeGrading> {
    batch::grade::plan(std::path::Path::new(assignment_file), assignment_text, csv)
        .map(|plan| NativeGrading { plan })
        .map_err(|problems| {
            let list: Vec<(String, String)> = problems
                .iter()
                .map(|p| (p.path.clone(), p.to_string()))
                .collect();
            PyValueError::new_err(list)
        })
}

/// Run a scenario (JSON text) to the end with the GIL released: its summary JSON (the
/// grader's runs); ValueError says why it could not run.
#[pyfunction]
fn run_summary(py: Python<'_>, text: &str) -> PyResult<String> {
    let text = text.to_string();
    py.detach(move || batch::grade::run_summary(&text))
        .map_err(PyValueError::new_err)
}

/// The JSON Schemas: "scenario" or "sweep".
#[pyfunction]
fn json_schema(which: &str) -> PyResult<String> {
    match which {
        "scenario" => Ok(sim::scenario::json_schema()),
        "sweep" => Ok(batch::spec::json_schema()),
        _ => Err(PyValueError::new_err(format!("no schema called '{which}'"))),
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(scenario_errors, m)?)?;
    m.add_function(wrap_pyfunction!(scenario_normalised, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(plan_sweep, m)?)?;
    m.add_function(wrap_pyfunction!(run_task, m)?)?;
    m.add_function(wrap_pyfunction!(merge_csv, m)?)?;
    m.add_function(wrap_pyfunction!(json_schema, m)?)?;
    m.add_function(wrap_pyfunction!(grade_plan, m)?)?;
    m.add_function(wrap_pyfunction!(run_summary, m)?)?;
    m.add_class::<NativeRun>()?;
    m.add_class::<NativeGrading>()?;
    m.add_class::<NativePlan>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
