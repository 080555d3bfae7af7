//! `tcplab schema boundary`: the JSON Schema of every type that crosses the wasm boundary as
//! JSON (web/src/sim/boundary.schema.json; `npm run gen:schema` makes web/src/sim/boundary.ts
//! from it). A type the page reads from the facade is listed here once, and the page's types
//! follow the Rust ones.

use grading::api::{Graded, PathSet};
use grading::lesson::{KeyVariant, LessonState, StudentView};
use grading::path::Segment;
use grading::{Assignment, Problem, ProblemCode};
use schemars::JsonSchema;
use sim::estimate::{ScenarioCheck, WorkEstimate};
use sim::metrics::summary::Summary;
use sim::metrics::trace::Column;
use sim::scenario::{ErrorCode, ValidationError};

/// The root: one field per type, so that each is a named definition.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Boundary {
    /// The run summary (`Simulation.summary()`, `tcplab run`).
    summary: Summary,
    /// The trace columns (`Simulation.columns()`).
    columns: Vec<Column>,
    /// The scenario's errors and work estimate (`validate()`, `estimate()`).
    scenario_check: ScenarioCheck,
    validation_error: ValidationError,
    error_code: ErrorCode,
    work_estimate: WorkEstimate,
    problem: Problem,
    problem_code: ProblemCode,
    assignment: Assignment,
    student_view: StudentView,
    lesson_state: LessonState,
    key_variants: Vec<KeyVariant>,
    segments: Vec<Segment>,
    path_set: PathSet,
    graded: Graded,
}

/// The schema, pretty-printed with a trailing newline.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Boundary);
    let mut s = serde_json::to_string_pretty(&schema).expect("schema serialises");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use grading::ProblemCode;
    use serde_json::Value;

    /// The codes the page's dictionaries must cover (read from the schema by its tests) are
    /// the codes of `ProblemCode::ALL` (from which the English fixture is written).
    #[test]
    fn every_problem_code_is_in_the_list_of_all() {
        let schema: Value = serde_json::from_str(&super::json_schema()).unwrap();
        let def = &schema["$defs"]["ProblemCode"];
        let mut in_schema: Vec<String> = def["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(def["enum"].as_array().into_iter().flatten())
            .filter_map(|v| v.get("const").unwrap_or(v).as_str().map(String::from))
            .collect();
        let mut all: Vec<String> = ProblemCode::ALL
            .iter()
            .map(|c| {
                serde_json::to_value(c)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        in_schema.sort();
        all.sort();
        assert_eq!(in_schema, all);
    }

    /// Likewise the scenario error codes the page's Japanese dictionary must cover.
    #[test]
    fn every_scenario_error_code_is_in_the_schema() {
        let schema: Value = serde_json::from_str(&super::json_schema()).unwrap();
        let def = &schema["$defs"]["ErrorCode"];
        let in_schema: Vec<String> = def["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(def["enum"].as_array().into_iter().flatten())
            .filter_map(|v| v.get("const").unwrap_or(v).as_str().map(String::from))
            .collect();
        let all: Vec<String> = sim::scenario::ErrorCode::ALL
            .iter()
            .map(|c| {
                serde_json::to_value(c)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(in_schema, all);
    }

    #[test]
    fn the_published_boundary_schema_is_current() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/src/sim/boundary.schema.json"
        );
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            on_disk == super::json_schema(),
            "web/src/sim/boundary.schema.json is stale: run `npm run gen:schema`"
        );
    }
}
