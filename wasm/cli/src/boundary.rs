//! `tcplab schema boundary`: the JSON Schema of every type that crosses the wasm boundary as
//! JSON (web/src/sim/boundary.schema.json; `npm run gen:schema` makes web/src/sim/boundary.ts
//! from it). A type the page reads from the facade is listed here once, and the page's types
//! follow the Rust ones.

use grading::api::Graded;
use grading::lesson::{LessonState, StudentView};
use grading::path::Segment;
use grading::{Assignment, Problem, ProblemCode};
use schemars::JsonSchema;

/// The root: one field per type, so that each is a named definition.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Boundary {
    problem: Problem,
    problem_code: ProblemCode,
    assignment: Assignment,
    student_view: StudentView,
    lesson_state: LessonState,
    segments: Vec<Segment>,
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
