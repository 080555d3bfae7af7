//! Grading outside the page (`tcplab grade`, `tcplab.grade` in Python): the assignment's
//! named scenarios found on disk, the grader's plan (tcplab-grade), and each run's summary.
//! The caller runs the plan's jobs where it likes (threads, processes, a cluster) and hands
//! the summaries back to `Plan::finish`.

use grading::grader::Plan;
use grading::{Assignment, Problem, ProblemCode};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where a named scenario is looked for: `<dir of the assignment>/../scenarios`, then
/// `content/scenarios` under the working directory.
fn resolve_scenario(assignment_file: &Path, name: &str, r: &Value) -> Result<Value, Problem> {
    let at = format!("scenarios.{name}");
    let file = match r {
        Value::Object(_) => return Ok(r.clone()),
        Value::String(s) => s,
        _ => return Err(Problem::new(ProblemCode::WrongType, at)),
    };
    let dir = assignment_file.parent().unwrap_or(Path::new("."));
    let candidates: [PathBuf; 2] = [
        dir.join("..")
            .join("scenarios")
            .join(format!("{file}.json")),
        Path::new("content")
            .join("scenarios")
            .join(format!("{file}.json")),
    ];
    for c in &candidates {
        if let Ok(text) = std::fs::read_to_string(c) {
            return serde_json::from_str(&text).map_err(|e| {
                Problem::new(ProblemCode::JsonSyntax, at.clone())
                    .with("detail", format!("{}: {e}", c.display()))
            });
        }
    }
    Err(Problem::new(ProblemCode::ScenarioNotFound, at).with("name", file))
}

/// The grading plan of `csv` for the assignment read from `assignment_file`, or the
/// assignment's problems.
pub fn plan(
    assignment_file: &Path,
    assignment_text: &str,
    csv: &str,
) -> Result<Plan, Vec<Problem>> {
    let a = Assignment::parse(assignment_text)?;
    let mut base = Vec::new();
    let mut problems = Vec::new();
    for (name, r) in &a.scenarios {
        match resolve_scenario(assignment_file, name, r) {
            Ok(s) => base.push((name.clone(), s)),
            Err(p) => problems.push(p),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Plan::new(a, &base, csv))
}

/// Run a grading job (scenario JSON text) to the end: its summary JSON, or the validator's
/// errors.
pub fn run_summary(text: &str) -> Result<String, String> {
    let s = sim::parse_scenario(text).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    crate::run::run_to_end(&s, |_, _| Ok(()))
        .map(|summary| summary.to_json())
        .map_err(|e| e.to_string())
}
