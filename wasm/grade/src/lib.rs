//! tcplab-grade: assignments and their grading, one implementation for `tcplab grade` and
//! the page (through the wasm facade): the assignment format, paths into scenarios and run
//! summaries, per-student variants, the answer checker, result codes, the students' CSV and
//! the grade files. Problems come as codes with a field path and parameters (problem.rs), so
//! the page can say them in the reader's language. No simulator here: the caller runs the
//! scenarios (grader.rs says how).

pub mod api;
pub mod assignment;
pub mod check;
pub mod code;
pub mod csv;
pub mod grader;
pub mod lesson;
pub mod path;
pub mod problem;
pub mod report;
pub mod student;
pub mod text;
pub mod variant;

#[cfg(test)]
mod fixtures_tests;
#[cfg(test)]
mod grader_tests;

/// The model version this build grades with: the workspace's one version (Cargo.toml), the
/// same the page's links carry. A result code made by another one says so when graded.
pub const MODEL_VERSION: &str = env!("CARGO_PKG_VERSION");

pub use assignment::Assignment;
pub use problem::{Problem, ProblemCode};
