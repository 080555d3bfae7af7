//! Admission: a scenario is run only when its fields pass (scenario::validate)
//! and its work estimate is under the hard caps (the work limits, owner:
//! reliability; docs/reliability.md). A scenario whose fields are all valid can
//! still be too big to run in a browser tab: it is refused when the estimate
//! passes a cap, naming the reason and the change that fits. Warnings below the
//! caps are the caller's ([`estimate_work`]).

use super::{estimate_work, WorkEstimate, WorkLevel};
use crate::scenario::{parse_with, read_scenario, validate_fields, Scenario, ValidationError};

/// Parse and validate scenario JSON. Errors name the field path and the reason.
pub fn parse_scenario(json: &str) -> Result<Scenario, Vec<ValidationError>> {
    parse_scenario_bytes(json.as_bytes())
}

/// As [`parse_scenario`], from the bytes of a file or a link: the encoding
/// is checked too (UTF-8 only, no byte-order mark; see `scenario::read_json`).
pub fn parse_scenario_bytes(json: &[u8]) -> Result<Scenario, Vec<ValidationError>> {
    parse_with(json, validate)
}

/// Every check: the fields, then (once they pass) the work limits.
pub fn validate(s: &Scenario) -> Vec<ValidationError> {
    validate_estimated(s).0
}

/// [`validate`], with the estimate it made (None when the fields have errors, as then it
/// makes none): the page's check needs both, and estimating twice is half its time.
fn validate_estimated(s: &Scenario) -> (Vec<ValidationError>, Option<WorkEstimate>) {
    let mut errors = validate_fields(s);
    if !errors.is_empty() {
        return (errors, None);
    }
    let w = estimate_work(s);
    if w.level == WorkLevel::Refuse {
        errors.extend(w.notice.clone());
    }
    (errors, Some(w))
}

/// What the page's editor asks of a scenario: its errors and the work estimate of a run.
#[derive(serde::Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScenarioCheck {
    /// Every error (the refusal of a run too large among them, at `duration_s`).
    pub errors: Vec<ValidationError>,
    /// Null when the fields have errors (there is nothing to estimate).
    pub estimate: Option<WorkEstimate>,
}

/// Validate scenario JSON and estimate the work of a run: the fields are checked, then
/// (when they pass) the work limits, whose refusal is the estimate's notice.
pub fn check_scenario(json: &str) -> ScenarioCheck {
    // Read once, check the fields once and estimate once (the reader's own check would check
    // the fields a second time).
    match read_scenario(json.as_bytes()) {
        Ok(s) => {
            let (errors, estimate) = validate_estimated(&s);
            ScenarioCheck { errors, estimate }
        }
        Err(e) => ScenarioCheck {
            errors: vec![e],
            estimate: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::WorkLevel;
    use super::{check_scenario, parse_scenario};
    use crate::scenario::ErrorCode;

    const DEFAULT: &str = include_str!("../../../../content/scenarios/default.json");

    #[test]
    fn a_valid_scenario_has_no_errors_and_an_estimate() {
        let c = check_scenario(DEFAULT);
        assert_eq!(c.errors, vec![]);
        let w = c.estimate.expect("an estimate");
        assert_eq!((w.level, w.rows, w.notice), (WorkLevel::Ok, 2001.0, None));
        assert!(w.events > 100_000.0);
    }

    #[test]
    fn bad_fields_have_errors_and_no_estimate() {
        let c = check_scenario(&DEFAULT.replace("\"duration_s\": 20", "\"duration_s\": -1"));
        assert_eq!(c.errors[0].path, "duration_s");
        assert_eq!(c.errors[0].code, ErrorCode::NotPositive);
        assert_eq!(c.estimate, None);
        let c = check_scenario("{");
        assert_eq!(c.errors[0].code, ErrorCode::JsonSyntax);
        assert!(c.errors[0].message.starts_with("malformed JSON"));
        assert_eq!(c.estimate, None);
    }

    #[test]
    fn a_refused_run_has_the_refusal_as_its_error_and_its_notice() {
        let long = DEFAULT
            .replace("\"duration_s\": 20", "\"duration_s\": 3600")
            .replace("\"rate_bps\": 20000000", "\"rate_bps\": 10000000000");
        let c = check_scenario(&long);
        let w = c.estimate.expect("an estimate");
        assert_eq!(w.level, WorkLevel::Refuse);
        assert_eq!(c.errors.len(), 1);
        assert_eq!(c.errors[0].code, ErrorCode::TooManyEvents);
        assert_eq!(Some(&c.errors[0]), w.notice.as_ref());
        assert_eq!(c.errors[0].message, w.message);
        // parse_scenario (validate() and the Simulation constructor) refuses it the same way.
        assert_eq!(parse_scenario(&long).unwrap_err(), c.errors);
    }
}
