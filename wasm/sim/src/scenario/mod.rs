//! Scenario schema v1: the one definition of a scenario. Serde types here are
//! exported as JSON Schema (public/schema/scenario.v1.json) and from that as
//! TypeScript types (web/src/scenario/types.ts); tests fail when either is stale.
//! Every field carries its unit in its name.

pub mod cc_rules;
mod estimate;
mod host_check;
mod host_spec;
mod json_path;
mod link_spec;
mod queue_spec;
mod types;
pub mod validate;
mod validate_cc;
mod validate_link;
mod validate_queue;

pub use cc_rules::{resolve_cc, ResolvedCc};
pub use estimate::{estimate_work, WorkEstimate, WorkLevel};
pub use link_spec::{parse_mahimahi, MAX_TRACE_LINES, MAX_TRACE_PERIOD_MS};
pub use queue_spec::*;
pub use types::*;
pub use validate::{validate, ValidationError};

/// The schema version this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

/// Parse and validate scenario JSON. Errors name the field path and the reason.
pub fn parse_scenario(json: &str) -> Result<Scenario, Vec<ValidationError>> {
    parse_with(json, validate)
}

/// As [`parse_scenario`], without the work limits (the event and trace caps of
/// [`estimate_work`]): for native batch runs that may take as long as they need.
pub fn parse_scenario_without_work_limits(json: &str) -> Result<Scenario, Vec<ValidationError>> {
    parse_with(json, validate::validate_fields)
}

fn parse_with(
    json: &str,
    check: fn(&Scenario) -> Vec<ValidationError>,
) -> Result<Scenario, Vec<ValidationError>> {
    let scenario: Scenario = json_path::from_str(json).map_err(|(path, e)| {
        let message = clean_serde_message(&e);
        if let Some(err) = locate_in_queue(json, &path, &message) {
            return vec![err];
        }
        vec![ValidationError::new(path, message)]
    })?;
    let errors = check(&scenario);
    if errors.is_empty() {
        Ok(scenario)
    } else {
        Err(errors)
    }
}

/// An error serde placed at a `….queue` path: find the field inside the
/// queue object (validate_queue::locate_queue_error). `serde_message` is the
/// message of the error as serde placed it.
fn locate_in_queue(json: &str, path: &str, serde_message: &str) -> Option<ValidationError> {
    if !path.ends_with(".queue") {
        return None;
    }
    let root: serde_json::Value = serde_json::from_str(json).ok()?;
    let mut v = &root;
    for seg in path.split('.') {
        let (name, index) = match seg.split_once('[') {
            Some((n, rest)) => (n, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (seg, None),
        };
        v = v.get(name)?;
        if let Some(i) = index {
            v = v.get(i)?;
        }
    }
    let (inner, message) = validate_queue::locate_queue_error(v)?;
    let inner = if inner.is_empty() {
        String::new()
    } else {
        format!(".{inner}")
    };
    let message = match message {
        Some(m) => json_path::without_position(m),
        None => serde_message.to_string(),
    };
    Some(ValidationError::new(format!("{path}{inner}"), message))
}

/// serde_json appends " at line L column C"; keep it only for syntax errors,
/// where the position is the useful part.
fn clean_serde_message(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    if e.is_syntax() || e.is_eof() {
        return format!("malformed JSON: {msg}");
    }
    json_path::without_position(msg)
}

/// The JSON Schema of [`Scenario`], pretty-printed with a trailing newline.
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Scenario);
    let mut s = serde_json::to_string_pretty(&schema).expect("schema serialises");
    s.push('\n');
    s
}

/// A JSON string literal for `s` (quotes and escapes included).
pub fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// Any serialisable value as compact JSON.
pub fn to_json<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("value serialises")
}

#[cfg(test)]
mod tests;
