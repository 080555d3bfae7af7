//! Metrics and the answer checker (docs/lessons.md).
//!
//! A metric is a path into the run summary (path.rs), optionally prefixed by an aggregate:
//! `sum:`, `mean:`, `min:`, `max:`, `count:` or `jain:` (Jain's index of the values). Without
//! one, the path must reach exactly one number. A question's expected answer is its metric
//! (compared, when it says so, with a second metric by ratio or difference) × `scale`; an
//! answer is correct when it is finite and within `abs` of it, or within `rel` × |expected|
//! (either tolerance suffices), with a relative slack of 1e-9.

use crate::assignment::{Assignment, Comparison, Question, Tolerance};
use crate::path;
use crate::problem::{Problem, ProblemCode};
use serde::Serialize;
use serde_json::Value;

/// Relative slack on a tolerance, so an answer exactly at the edge (0.90 for 0.88 ± 0.02) is
/// not lost to binary rounding.
const SLACK: f64 = 1e-9;

pub const AGGREGATES: [&str; 6] = ["sum", "mean", "min", "max", "count", "jain"];

/// The metric's value in the summary, or why it has none.
pub fn metric(summary: &Value, metric: &str) -> Result<f64, Problem> {
    let (agg, p) = match metric.split_once(':') {
        Some((a, p)) => (Some(a), p),
        None => (None, metric),
    };
    let segs = path::parse(p)?;
    let found = path::select(summary, &segs);
    let nums: Vec<f64> = found.iter().filter_map(|v| v.as_f64()).collect();
    let problem = |code| Problem::new(code, "").with("metric", metric);
    if nums.len() != found.len() {
        return Err(problem(ProblemCode::MetricNotNumber));
    }
    let n = nums.len() as f64;
    match agg {
        None => match nums[..] {
            [x] => Ok(x),
            [] => Err(problem(ProblemCode::MetricMissing)),
            _ => Err(problem(ProblemCode::MetricMany).with("count", nums.len())),
        },
        Some("count") => Ok(n),
        Some(a) if !AGGREGATES.contains(&a) => {
            Err(Problem::new(ProblemCode::UnknownAggregate, "").with("aggregate", a))
        }
        Some(_) if nums.is_empty() => Err(problem(ProblemCode::MetricMissing)),
        Some("sum") => Ok(nums.iter().sum()),
        Some("mean") => Ok(nums.iter().sum::<f64>() / n),
        Some("min") => Ok(nums.iter().copied().fold(f64::INFINITY, f64::min)),
        Some("max") => Ok(nums.iter().copied().fold(f64::NEG_INFINITY, f64::max)),
        Some(_) => {
            let s: f64 = nums.iter().sum();
            let sq: f64 = nums.iter().map(|x| x * x).sum();
            Ok(if sq > 0.0 { s * s / (n * sq) } else { 1.0 })
        }
    }
}

/// The expected answer to `q`; `runs` gives the summary of a scenario's run by name.
pub fn expected<'v>(
    a: &Assignment,
    q: &Question,
    runs: impl Fn(&str) -> Result<&'v Value, Problem>,
) -> Result<f64, Problem> {
    let first = metric(runs(a.question_scenario(q))?, &q.metric)?;
    let value = match (&q.compare, a.compare_scenario(q)) {
        (Some(c), Some(sc)) => {
            let second = metric(runs(sc)?, &c.metric)?;
            match c.by {
                Comparison::Difference => first - second,
                Comparison::Ratio if second == 0.0 => {
                    return Err(
                        Problem::new(ProblemCode::DivisionByZero, "").with("metric", &c.metric)
                    )
                }
                Comparison::Ratio => first / second,
            }
        }
        _ => first,
    };
    Ok(value * q.scale.unwrap_or(1.0))
}

pub fn within(answer: f64, expected: f64, tol: &Tolerance) -> bool {
    if !answer.is_finite() || !expected.is_finite() {
        return false;
    }
    let d = (answer - expected).abs();
    let edge = |t: f64| d <= t * (1.0 + SLACK) + f64::MIN_POSITIVE;
    tol.abs.is_some_and(edge) || tol.rel.is_some_and(|r| edge(r * expected.abs()))
}

/// An answer as typed: a number, spaces around it allowed; `,` read as a decimal point;
/// `1e3` accepted, `inf` and `nan` not.
pub fn parse_answer(text: &str) -> Option<f64> {
    let t = text.trim().replace(',', ".");
    let digits = t.trim_start_matches(['+', '-']);
    if !digits.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return None;
    }
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// What the metric of `q` can possibly be, in the answer's unit (× scale): Jain's index and
/// utilisation lie in [0, 1], rates, counts, times and windows are ≥ 0. A difference of two
/// metrics may be negative; a ratio of two metrics ≥ 0 is ≥ 0.
pub fn answer_range(q: &Question) -> (Option<f64>, Option<f64>) {
    let (lo, hi) = match &q.compare {
        None => metric_range(&q.metric),
        Some(c) => {
            let (a, b) = (metric_range(&q.metric), metric_range(&c.metric));
            let nonneg = a.0.is_some_and(|x| x >= 0.0) && b.0.is_some_and(|x| x >= 0.0);
            match c.by {
                Comparison::Ratio if nonneg => (Some(0.0), None),
                _ => (None, None),
            }
        }
    };
    let scale = q.scale.unwrap_or(1.0);
    let scaled = |x: Option<f64>| x.map(|x| x * scale);
    if scale < 0.0 {
        (scaled(hi), scaled(lo))
    } else {
        (scaled(lo), scaled(hi))
    }
}

/// The range of one metric, from its last key (summary.rs names every field with its unit).
pub fn metric_range(metric: &str) -> (Option<f64>, Option<f64>) {
    let (agg, p) = match metric.split_once(':') {
        Some((a, p)) => (Some(a), p),
        None => (None, metric),
    };
    if agg == Some("jain") {
        return (Some(0.0), Some(1.0));
    }
    let last = p.rsplit('.').next().unwrap_or(p);
    let last = last.split('[').next().unwrap_or(last);
    let unit_range = if last == "jain_index" || last == "utilisation" {
        (Some(0.0), Some(1.0))
    } else if last.ends_with("_bps")
        || last.ends_with("_s")
        || last.ends_with("_segments")
        || last.ends_with("_bytes")
        || last.ends_with("_packets")
        || matches!(
            last,
            "drops"
                | "timeouts"
                | "fast_retransmits"
                | "cc_switches"
                | "events"
                | "nic_overruns"
                | "ecn_reductions"
        )
    {
        (Some(0.0), None)
    } else {
        (None, None)
    };
    match agg {
        Some("count") => (Some(0.0), None),
        Some("sum") => (unit_range.0.map(|_| 0.0), None),
        _ => unit_range,
    }
}

/// What became of one answer.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Correct,
    Wrong,
    /// No answer was given.
    Missing,
    /// The text is not a number.
    NotNumber,
    /// A number the metric cannot be (Jain's index 1.5, a negative rate).
    OutOfRange,
    /// The run to check against is missing or failed, or the metric has no value.
    NoExpected,
}

/// One answer checked: the verdict, the answer as read, the expected value (when there is
/// one) and the problem behind a verdict other than correct or wrong.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Checked {
    pub verdict: Verdict,
    pub answer: Option<f64>,
    pub expected: Option<f64>,
    pub problem: Option<Problem>,
}

/// Check an answer (as typed) to `q`: refused when it is not a number or outside what the
/// metric can be, else compared with the expected value.
pub fn check_answer(q: &Question, text: &str, expected: Result<f64, Problem>) -> Checked {
    let mut c = Checked {
        verdict: Verdict::Missing,
        answer: None,
        expected: None,
        problem: None,
    };
    if text.trim().is_empty() {
        c.expected = expected.ok();
        return c;
    }
    match parse_answer(text) {
        Some(x) => check_value(q, Some(x), expected),
        None => {
            c.verdict = Verdict::NotNumber;
            c.problem = Some(Problem::new(ProblemCode::NotNumber, "").with("text", text.trim()));
            c
        }
    }
}

/// A number outside the metric's possible range: the problem saying so.
pub fn range_problem(q: &Question, x: f64) -> Option<Problem> {
    let (lo, hi) = answer_range(q);
    if lo.is_some_and(|lo| x < lo) || hi.is_some_and(|hi| x > hi) {
        let mut p = Problem::new(ProblemCode::OutOfRange, "");
        if let Some(lo) = lo {
            p = p.with("min", fmt_num(lo));
        }
        if let Some(hi) = hi {
            p = p.with("max", fmt_num(hi));
        }
        Some(p)
    } else {
        None
    }
}

/// Check a number already read (typed, or from a result code): refused outside the metric's
/// range, else compared with the expected value.
pub fn check_value(q: &Question, x: Option<f64>, expected: Result<f64, Problem>) -> Checked {
    let mut c = Checked {
        verdict: Verdict::Missing,
        answer: x,
        expected: None,
        problem: None,
    };
    let Some(x) = x else {
        c.expected = expected.ok();
        return c;
    };
    if let Some(p) = range_problem(q, x) {
        c.verdict = Verdict::OutOfRange;
        c.problem = Some(p);
        return c;
    }
    match expected {
        Ok(e) => {
            c.expected = Some(e);
            c.verdict = if within(x, e, &q.tolerance) {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
        }
        Err(p) => {
            c.verdict = Verdict::NoExpected;
            c.problem = Some(p);
        }
    }
    c
}

/// A number as the grade CSV writes it: rounded to 9 decimals, shortest form.
pub fn fmt_num(x: f64) -> String {
    let r = (x * 1e9).round() / 1e9;
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn q(metric: &str, scale: Option<f64>) -> Question {
        Question {
            id: "q".into(),
            prompt: Default::default(),
            hint: None,
            scenario: None,
            metric: metric.into(),
            compare: None,
            scale,
            unit: None,
            tolerance: Tolerance {
                abs: Some(0.5),
                rel: None,
            },
            predict: false,
            points: None,
        }
    }

    #[test]
    fn aggregates() {
        let s = json!({"flows": [{"g": 1.0}, {"g": 3.0}], "x": 2.0});
        assert_eq!(metric(&s, "x"), Ok(2.0));
        assert_eq!(metric(&s, "sum:flows[*].g"), Ok(4.0));
        assert_eq!(metric(&s, "mean:flows[*].g"), Ok(2.0));
        assert_eq!(metric(&s, "min:flows[*].g"), Ok(1.0));
        assert_eq!(metric(&s, "max:flows[*].g"), Ok(3.0));
        assert_eq!(metric(&s, "count:flows[*].g"), Ok(2.0));
        assert_eq!(metric(&s, "jain:flows[*].g"), Ok(16.0 / 20.0));
        assert_eq!(
            metric(&s, "flows[*].g").unwrap_err().code,
            ProblemCode::MetricMany
        );
        assert_eq!(
            metric(&s, "median:flows[*].g").unwrap_err().code,
            ProblemCode::UnknownAggregate
        );
        assert_eq!(
            metric(&s, "y").unwrap_err().code,
            ProblemCode::MetricMissing
        );
    }

    #[test]
    fn tolerance_abs_or_rel() {
        let abs = Tolerance {
            abs: Some(0.5),
            rel: None,
        };
        assert!(within(10.4, 10.0, &abs));
        assert!(!within(10.6, 10.0, &abs));
        let rel = Tolerance {
            abs: None,
            rel: Some(0.1),
        };
        assert!(within(-9.0, -10.0, &rel));
        assert!(!within(8.9, 10.0, &rel));
        assert!(!within(f64::NAN, 10.0, &rel));
    }

    #[test]
    fn answers_parse_like_people_type_them() {
        assert_eq!(parse_answer(" 0,85 "), Some(0.85));
        assert_eq!(parse_answer("1e3"), Some(1000.0));
        assert_eq!(parse_answer("-.5"), Some(-0.5));
        assert_eq!(parse_answer(""), None);
        assert_eq!(parse_answer("fast"), None);
        assert_eq!(parse_answer("inf"), None);
        assert_eq!(parse_answer("-inf"), None);
        assert_eq!(parse_answer("NaN"), None);
        assert_eq!(parse_answer("1,000.5"), None);
    }

    #[test]
    fn answers_a_metric_cannot_be_are_refused_with_the_range() {
        let jain = q("jain_index", None);
        let c = check_answer(&jain, "1.5", Ok(0.9));
        assert_eq!(c.verdict, Verdict::OutOfRange);
        assert_eq!(c.problem.unwrap().english(), "must be between 0 and 1");
        let util = q("links[b/a>b].utilisation", Some(100.0));
        assert_eq!(
            check_answer(&util, "101", Ok(97.0)).verdict,
            Verdict::OutOfRange
        );
        assert_eq!(
            check_answer(&util, "97.2", Ok(97.0)).verdict,
            Verdict::Correct
        );
        let good = q("flows[f].goodput_bps", Some(1e-6));
        let c = check_answer(&good, "-3", Ok(10.0));
        assert_eq!(c.problem.unwrap().english(), "must be at least 0");
        assert_eq!(check_answer(&good, "12", Ok(10.0)).verdict, Verdict::Wrong);
        assert_eq!(check_answer(&good, " ", Ok(10.0)).verdict, Verdict::Missing);
        assert_eq!(
            check_answer(&good, "x", Ok(10.0)).verdict,
            Verdict::NotNumber
        );
        let mut diff = good.clone();
        diff.compare = Some(crate::assignment::Compare {
            scenario: None,
            metric: "flows[g].goodput_bps".into(),
            by: Comparison::Difference,
        });
        assert_eq!(answer_range(&diff), (None, None));
        diff.compare.as_mut().unwrap().by = Comparison::Ratio;
        assert_eq!(answer_range(&diff), (Some(0.0), None));
    }
}
