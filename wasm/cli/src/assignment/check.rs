//! Metrics and the answer checker, shared with web/src/lessons/check.ts.
//!
//! A metric is a path into the run summary (`path.rs`), optionally prefixed by an
//! aggregate: `sum:`, `mean:`, `min:`, `max:`, `count:` or `jain:` (Jain's index of the
//! values). Without one, the path must reach exactly one number. The expected answer is the
//! metric × `scale`; an answer is correct when it is finite and within `abs` of it, or within
//! `rel` × |expected| of it (either tolerance suffices), with a relative slack of 1e-9.

use super::{path, Question, Tolerance};
use serde_json::Value;

/// Relative slack on a tolerance (the page uses the same).
const SLACK: f64 = 1e-9;

/// The metric's value in the summary, or why it has none.
pub fn metric(summary: &Value, metric: &str) -> Result<f64, String> {
    let (agg, p) = match metric.split_once(':') {
        Some((a, p)) => (Some(a), p),
        None => (None, metric),
    };
    let segs = path::parse(p)?;
    let found = path::select(summary, &segs);
    let nums: Vec<f64> = found.iter().filter_map(|v| v.as_f64()).collect();
    if nums.len() != found.len() {
        return Err(format!("'{metric}' reaches a value that is not a number"));
    }
    let n = nums.len() as f64;
    match agg {
        None => match nums[..] {
            [x] => Ok(x),
            [] => Err(format!("'{metric}' reaches nothing in the summary")),
            _ => Err(format!(
                "'{metric}' reaches {} values: add sum:, mean:, min:, max:, count: or jain:",
                nums.len()
            )),
        },
        Some("count") => Ok(n),
        Some(_) if nums.is_empty() => Err(format!("'{metric}' reaches nothing in the summary")),
        Some("sum") => Ok(nums.iter().sum()),
        Some("mean") => Ok(nums.iter().sum::<f64>() / n),
        Some("min") => Ok(nums.iter().copied().fold(f64::INFINITY, f64::min)),
        Some("max") => Ok(nums.iter().copied().fold(f64::NEG_INFINITY, f64::max)),
        Some("jain") => {
            let s: f64 = nums.iter().sum();
            let sq: f64 = nums.iter().map(|x| x * x).sum();
            Ok(if sq > 0.0 { s * s / (n * sq) } else { 1.0 })
        }
        Some(a) => Err(format!(
            "unknown aggregate '{a}:' (sum, mean, min, max, count, jain)"
        )),
    }
}

/// The expected answer to `q` for this summary.
pub fn expected(summary: &Value, q: &Question) -> Result<f64, String> {
    metric(summary, &q.metric).map(|v| v * q.scale.unwrap_or(1.0))
}

pub fn within(answer: f64, expected: f64, tol: &Tolerance) -> bool {
    if !answer.is_finite() || !expected.is_finite() {
        return false;
    }
    let d = (answer - expected).abs();
    // A hair of slack so an answer exactly at the edge (0.90 for 0.88 ± 0.02) is not lost to
    // binary rounding.
    let edge = |t: f64| d <= t * (1.0 + SLACK) + f64::MIN_POSITIVE;
    tol.abs.is_some_and(edge) || tol.rel.is_some_and(|r| edge(r * expected.abs()))
}

/// An answer as typed: a number, spaces around it allowed; `,` as a decimal point accepted.
pub fn parse_answer(text: &str) -> Option<f64> {
    let t = text.trim().replace(',', ".");
    if t.is_empty() {
        return None;
    }
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        assert!(metric(&s, "flows[*].g").is_err());
        assert!(metric(&s, "median:flows[*].g").is_err());
        assert!(metric(&s, "y").is_err());
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
        assert_eq!(parse_answer(""), None);
        assert_eq!(parse_answer("fast"), None);
        assert_eq!(parse_answer("inf"), None);
    }
}
