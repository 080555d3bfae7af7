//! Model validation against analytic oracles: each case runs scenarios and
//! compares what the model shows with what a formula predicts. `tcplab
//! oracles` (npm run validate) prints the table and fails on any miss.
//! Validation scenarios are trusted native batch runs: they are parsed
//! without the browser's work limits (docs/reliability.md).

mod blocking;
mod build;
mod cc_dynamics;
mod cc_response;
mod host;
mod queue_aqm;
mod queue_sharing;
mod queueing;
mod recovery;
mod tcp;
mod tick;

pub use build::{dumbbell, merge, run, DumbbellFlow};

use serde::Serialize;

/// One line of the validation table.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Row {
    pub case: String,
    pub model: f64,
    pub oracle: f64,
    /// Allowed relative error (e.g. 0.15), or for `at_least`/exact checks the description.
    pub tolerance: String,
    pub pass: bool,
}

impl Row {
    /// |model − oracle| ≤ tol·|oracle|.
    pub fn relative(case: impl Into<String>, model: f64, oracle: f64, tol: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle,
            tolerance: format!("±{}%", tol * 100.0),
            pass: model.is_finite() && (model - oracle).abs() <= tol * oracle.abs(),
        }
    }
    /// model ≥ bound.
    pub fn at_least(case: impl Into<String>, model: f64, bound: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle: bound,
            tolerance: "≥".into(),
            pass: model >= bound,
        }
    }
    /// model ≤ bound.
    pub fn at_most(case: impl Into<String>, model: f64, bound: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle: bound,
            tolerance: "≤".into(),
            pass: model <= bound,
        }
    }
    /// lo ≤ model ≤ hi; the oracle column shows the middle of the range.
    pub fn between(case: impl Into<String>, model: f64, lo: f64, hi: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle: (lo + hi) / 2.0,
            tolerance: format!("[{lo}, {hi}]"),
            pass: model >= lo && model <= hi,
        }
    }
    /// |model − oracle| ≤ tol (an absolute tolerance).
    pub fn absolute(case: impl Into<String>, model: f64, oracle: f64, tol: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle,
            tolerance: format!("±{tol}"),
            pass: model.is_finite() && (model - oracle).abs() <= tol,
        }
    }
    /// model == expected exactly.
    pub fn exact(case: impl Into<String>, model: f64, expected: f64) -> Self {
        Row {
            case: case.into(),
            model,
            oracle: expected,
            tolerance: "exact".into(),
            pass: model == expected,
        }
    }
}

/// A named group of rows.
pub struct Case {
    pub name: &'static str,
    pub run: fn() -> Vec<Row>,
}

/// Every validation case, in table order.
pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    v.extend(tcp::cases());
    v.extend(recovery::cases());
    v.extend(cc_response::cases());
    v.extend(cc_dynamics::cases());
    v.extend(queueing::cases());
    v.extend(host::cases());
    // Queue disciplines and link impairments.
    v.extend(queue_aqm::cases());
    v.extend(queue_sharing::cases());
    v.extend(blocking::cases());
    v.extend(tick::cases());
    v
}

/// Render rows as a fixed-width table.
pub fn table(rows: &[Row]) -> String {
    let w = rows
        .iter()
        .map(|r| r.case.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut s = format!(
        "{:<w$}  {:>14}  {:>14}  {:>9}  {}\n",
        "case", "model", "oracle", "tolerance", "result"
    );
    for r in rows {
        s += &format!(
            "{:<w$}  {:>14}  {:>14}  {:>9}  {}\n",
            r.case,
            fmt(r.model),
            fmt(r.oracle),
            r.tolerance,
            if r.pass { "pass" } else { "FAIL" }
        );
    }
    s
}

fn fmt(v: f64) -> String {
    if v != 0.0 && (v.abs() >= 1e6 || v.abs() < 1e-3) {
        format!("{v:.4e}")
    } else {
        format!("{v:.4}")
    }
}
