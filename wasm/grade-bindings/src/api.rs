//! The lessons' and the grader's calls: forwarded to tcplab-grade's `api` as they are (JSON
//! text in, JSON text out; the types are in the boundary schema, web/src/sim/boundary.ts).

use grade::api;
use wasm_bindgen::prelude::*;

/// Read an assignment: `{"ok": null}` or `{"problems": […]}`.
#[wasm_bindgen]
pub fn assignment_check(assignment_json: &str) -> String {
    api::assignment_check(assignment_json)
}

/// A student's variant: `{"ok": StudentView}`.
#[wasm_bindgen]
pub fn student_view(assignment_json: &str, scenarios_json: &str, student: &str) -> String {
    api::student_view(assignment_json, scenarios_json, student)
}

/// Every answer checked: `{"ok": LessonState}`.
#[wasm_bindgen]
pub fn lesson_state(
    assignment_json: &str,
    student: &str,
    answers_json: &str,
    runs_json: &str,
) -> String {
    api::lesson_state(assignment_json, student, answers_json, runs_json)
}

/// A student id normalised: `{"ok": "s01"}`.
#[wasm_bindgen]
pub fn student_id(text: &str) -> String {
    api::student_id(text)
}

/// A path parsed: `{"ok": Segment[]}`.
#[wasm_bindgen]
pub fn path_parse(path: &str) -> String {
    api::path_parse(path)
}

/// The values a path reaches: `{"ok": [value, …]}`.
#[wasm_bindgen]
pub fn path_select(doc_json: &str, path: &str) -> String {
    api::path_select(doc_json, path)
}

/// The document with the path set: `{"ok": PathSet}`.
#[wasm_bindgen]
pub fn path_set(doc_json: &str, path: &str, value_json: &str) -> String {
    api::path_set(doc_json, path, value_json)
}

/// A class's grading: read the CSV and plan the runs, give each run's result as the
/// page's workers finish, then take the report and the grade files.
#[wasm_bindgen]
pub struct Grading(api::Grading);

#[wasm_bindgen]
impl Grading {
    /// Throws an Error whose message is `{"problems": […]}` for a bad assignment.
    #[wasm_bindgen(constructor)]
    pub fn new(assignment_json: &str, scenarios_json: &str, csv: &str) -> Result<Grading, JsError> {
        api::Grading::new(assignment_json, scenarios_json, csv)
            .map(Grading)
            .map_err(|e| JsError::new(&e))
    }

    /// Runs needed: each distinct scenario once.
    pub fn job_count(&self) -> usize {
        self.0.job_count()
    }

    /// The scenario JSON of run `i`.
    pub fn job(&self, i: usize) -> String {
        self.0.job(i)
    }

    /// Run `i` finished: its summary JSON.
    pub fn done(&mut self, i: usize, summary_json: String) {
        self.0.set(i, Ok(summary_json));
    }

    /// Run `i` failed: why.
    pub fn failed(&mut self, i: usize, message: String) {
        self.0.set(i, Err(message));
    }

    /// `{"ok": Graded}`.
    pub fn report(&self) -> String {
        self.0.report()
    }
}

/// Every combination of the variant parameters' values: `{"ok": KeyVariant[]}`.
#[wasm_bindgen]
pub fn key_variants(assignment_json: &str, scenarios_json: &str) -> String {
    api::key_variants(assignment_json, scenarios_json)
}
