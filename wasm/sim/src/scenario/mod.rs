//! Scenario schema v1: the one definition of a scenario. Serde types here are
//! exported as JSON Schema (public/schema/scenario.v1.json) and from that as
//! TypeScript types (web/src/scenario/types.ts); tests fail when either is stale.
//! Every field carries its unit in its name.

pub mod cc_rules;
mod host_check;
pub mod host_params;
mod host_spec;
mod link_spec;
mod reader;
pub mod routing;
mod start;
mod types;
pub mod validate;
mod validate_cc;
mod validate_link;

pub use crate::error::{ErrorCode, Param};
pub use crate::loss::LossSpec;
pub use crate::queue::QueueSpec;
pub use cc_rules::{resolve_cc, ResolvedCc};
pub use link_spec::{parse_mahimahi, MAX_TRACE_LINES, MAX_TRACE_PERIOD_MS};
pub use reader::{check_json, from_json, read_json, MAX_SCENARIO_BYTES};
pub use start::{flow_start_s, latest_start_s};
pub use types::*;
pub use validate::{validate_fields, ValidationError};

/// The schema version this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

/// Parse and check the fields of scenario JSON, without the work limits (the event
/// and trace caps of `crate::estimate`, whose `parse_scenario` adds them): for native
/// batch runs that may take as long as they need. Errors name the field path and the reason.
pub fn parse_scenario_without_work_limits(json: &str) -> Result<Scenario, Vec<ValidationError>> {
    parse_scenario_bytes_without_work_limits(json.as_bytes())
}

/// As [`parse_scenario_without_work_limits`], from the bytes of a file or a link: the
/// encoding is checked too (UTF-8 only, no byte-order mark; see [`read_json`]).
pub fn parse_scenario_bytes_without_work_limits(
    json: &[u8],
) -> Result<Scenario, Vec<ValidationError>> {
    parse_with(json, validate::validate_fields)
}

/// Read a scenario's bytes with the one reader, without validating it. Not generic, so
/// other crates (the wasm facade) call this one copy: a crate that called [`read_json`]
/// itself would compile serde's whole reader of the scenario types again (in release
/// builds each crate keeps its own copy of a generic function), about a quarter of the
/// .wasm's code.
pub fn read_scenario(json: &[u8]) -> Result<Scenario, ValidationError> {
    read_json(json)
}

pub(crate) fn parse_with(
    json: &[u8],
    check: fn(&Scenario) -> Vec<ValidationError>,
) -> Result<Scenario, Vec<ValidationError>> {
    let scenario = read_scenario(json).map_err(|e| vec![e])?;
    let errors = check(&scenario);
    if errors.is_empty() {
        Ok(scenario)
    } else {
        Err(errors)
    }
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
mod kind_contracts;
#[cfg(test)]
mod reader_tests;
#[cfg(test)]
mod tests;
