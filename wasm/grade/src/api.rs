//! The calls the page makes through the grader's wasm module (wasm/grade-bindings forwards
//! them as they are): JSON text in, JSON text out, `{"ok": …}` or `{"problems": […]}`. Here
//! rather than in the facade so that they are built small with the rest of the grader.

use crate::grader::{Plan, Report};
use crate::lesson::{self, AssignedRun};
use crate::problem::{Problem, ProblemCode};
use crate::report::{self, GradeFiles};
use crate::{path, student, Assignment};
use serde::Serialize;
use serde_json::Value;

/// What every call returns.
#[derive(Serialize)]
#[serde(untagged)]
enum Outcome<T: Serialize> {
    Ok { ok: T },
    Problems { problems: Vec<Problem> },
}

fn outcome<T: Serialize>(r: Result<T, Vec<Problem>>) -> String {
    let o = match r {
        Ok(ok) => Outcome::Ok { ok },
        Err(problems) => Outcome::Problems { problems },
    };
    serde_json::to_string(&o).unwrap_or_default()
}

/// JSON text → a value, or the problem (at `what`).
fn json(text: &str, what: &str) -> Result<Value, Vec<Problem>> {
    serde_json::from_str(text).map_err(|e| {
        vec![Problem::new(ProblemCode::JsonSyntax, what).with("detail", e.to_string())]
    })
}

fn wrong(what: &str, expected: &str) -> Vec<Problem> {
    vec![Problem::new(ProblemCode::WrongType, what).with("expected", expected)]
}

/// A JSON object's members (name → value), in order.
fn members(v: Value, what: &str) -> Result<Vec<(String, Value)>, Vec<Problem>> {
    match v {
        Value::Object(m) => Ok(m.into_iter().collect()),
        _ => Err(wrong(what, "an object")),
    }
}

/// Read an assignment: `{"ok": null}` or its problems, each with its field path.
pub fn assignment_check(assignment_json: &str) -> String {
    outcome(Assignment::parse(assignment_json).map(|_| ()))
}

/// A student's variant. `scenarios_json`: the assignment's scenarios resolved, name →
/// scenario object.
pub fn student_view(assignment_json: &str, scenarios_json: &str, student: &str) -> String {
    outcome((|| {
        let a = Assignment::parse(assignment_json)?;
        let scenarios = members(json(scenarios_json, "scenarios")?, "scenarios")?;
        Ok(lesson::student_view(&a, &scenarios, student))
    })())
}

/// Every answer checked against the runs there are. `answers_json`: question id → text;
/// `runs_json`: scenario name → `{"summary": …, "trace_hash": "…"}`.
pub fn lesson_state(
    assignment_json: &str,
    student: &str,
    answers_json: &str,
    runs_json: &str,
) -> String {
    outcome((|| {
        let a = Assignment::parse(assignment_json)?;
        let answers = members(json(answers_json, "answers")?, "answers")?
            .into_iter()
            .map(|(id, t)| match t {
                Value::String(s) => Ok((id, s)),
                _ => Err(wrong(&format!("answers.{id}"), "text")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let runs = members(json(runs_json, "runs")?, "runs")?
            .into_iter()
            .map(|(scenario, mut r)| {
                let hash = r
                    .get("trace_hash")
                    .and_then(Value::as_str)
                    .map(String::from);
                match (r.get_mut("summary").map(Value::take), hash) {
                    (Some(summary), Some(trace_hash)) => Ok(AssignedRun {
                        scenario,
                        summary,
                        trace_hash,
                    }),
                    _ => Err(wrong(
                        &format!("runs.{scenario}"),
                        "a summary and a trace hash",
                    )),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(lesson::lesson_state(&a, student, &answers, &runs))
    })())
}

/// Every combination of the variant parameters' values with its scenarios: what a teacher's
/// answer key runs.
pub fn key_variants(assignment_json: &str, scenarios_json: &str) -> String {
    outcome((|| {
        let a = Assignment::parse(assignment_json)?;
        let scenarios = members(json(scenarios_json, "scenarios")?, "scenarios")?;
        Ok(lesson::key_variants(&a, &scenarios))
    })())
}

/// A student id normalised (`{"ok": "s01"}`), or why it cannot hand in.
pub fn student_id(text: &str) -> String {
    outcome(student::check(text).map_err(|p| vec![p]))
}

/// A path parsed into segments.
pub fn path_parse(path_text: &str) -> String {
    outcome(path::parse(path_text).map_err(|p| vec![p]))
}

/// Every value a path reaches in a document.
pub fn path_select(doc_json: &str, path_text: &str) -> String {
    outcome((|| {
        let doc = json(doc_json, "")?;
        let segs = path::parse(path_text).map_err(|p| vec![p])?;
        Ok(path::select(&doc, &segs)
            .into_iter()
            .cloned()
            .collect::<Vec<_>>())
    })())
}

/// A document with a path set (path.rs: every place it reaches, a missing last key created).
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PathSet {
    pub document: Value,
    /// How many places were set (0: the path reaches nothing).
    pub count: usize,
}

/// The document with every place the path reaches set to `value`.
pub fn path_set(doc_json: &str, path_text: &str, value_json: &str) -> String {
    outcome((|| {
        let mut document = json(doc_json, "")?;
        let value = json(value_json, "value")?;
        let segs = path::parse(path_text).map_err(|p| vec![p])?;
        let count = path::set(&mut document, &segs, &value);
        Ok(PathSet { document, count })
    })())
}

/// A class's grading in the page, between reading the CSV and the last run.
#[derive(Debug)]
pub struct Grading {
    plan: Plan,
    results: Vec<Option<Result<String, String>>>,
}

/// The report and its files.
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Graded {
    pub report: Report,
    pub files: GradeFiles,
}

impl Grading {
    /// `scenarios_json`: the assignment's scenarios resolved (name → scenario object). `Err`:
    /// the problems as `{"problems": […]}`.
    pub fn new(assignment_json: &str, scenarios_json: &str, csv: &str) -> Result<Self, String> {
        let made = (|| {
            let a = Assignment::parse(assignment_json)?;
            let scenarios = members(json(scenarios_json, "scenarios")?, "scenarios")?;
            let missing: Vec<Problem> = a
                .scenarios
                .keys()
                .filter(|n| !scenarios.iter().any(|(m, _)| m == *n))
                .map(|n| {
                    Problem::new(ProblemCode::ScenarioNotFound, format!("scenarios.{n}"))
                        .with("name", n)
                })
                .collect();
            if missing.is_empty() {
                Ok(Plan::new(a, &scenarios, csv))
            } else {
                Err(missing)
            }
        })();
        match made {
            Ok(plan) => Ok(Grading {
                results: vec![None; plan.jobs().len()],
                plan,
            }),
            Err(p) => Err(outcome::<()>(Err(p))),
        }
    }

    pub fn job_count(&self) -> usize {
        self.plan.jobs().len()
    }

    /// The scenario JSON of run `i`.
    pub fn job(&self, i: usize) -> String {
        self.plan.jobs().get(i).cloned().unwrap_or_default()
    }

    /// Run `i` ended: its summary JSON, or why it failed.
    pub fn set(&mut self, i: usize, result: Result<String, String>) {
        if let Some(r) = self.results.get_mut(i) {
            *r = Some(result);
        }
    }

    /// `{"ok": Graded}`; runs not reported count as failed.
    pub fn report(&self) -> String {
        let results: Vec<Result<String, String>> = self
            .results
            .iter()
            .map(|r| r.clone().unwrap_or_else(|| Err("not run".into())))
            .collect();
        let report = self.plan.finish(&results);
        let files = report::files(&report);
        outcome(Ok(Graded { report, files }))
    }
}
