//! The sweep file, one format for the page, the CLI and the Python package: a base
//! scenario, the parameters swept (each by a field path, with a list of values, a numeric
//! range, or labelled cases that set several fields), the seeds, and the metrics to collect
//! (paths into the run summary). The serde types here are the one source of its JSON Schema
//! (`tcplab schema sweep`, public/schema/sweep.v1.json).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The format's version, written as `"version": 1`.
pub const SWEEP_VERSION: u32 = 1;

/// The metrics collected when a sweep names none.
pub const DEFAULT_METRICS: [&str; 5] = [
    "flows[0].goodput_bps",
    "flows[0].retransmitted_segments",
    "flows[0].timeouts",
    "flows[0].mean_cwnd_segments",
    "jain_index",
];

/// A parameter sweep: every combination of the parameters' values, each run once per seed.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Sweep")]
pub struct SweepSpec {
    /// The schema this file follows (editors read it; tcplab ignores it).
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The format's version: 1.
    pub version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The base scenario: a path relative to the sweep file, or the scenario itself.
    pub scenario: ScenarioRef,
    /// The parameters swept, the first varying slowest. Points are every combination.
    #[serde(default)]
    pub parameters: Vec<Parameter>,
    /// The seeds each combination runs with (the scenario's `seed`); absent: the scenario's
    /// own seed, once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<Vec<u32>>,
    /// Paths into the run summary, one CSV column each, such as `flows[0].goodput_bps`,
    /// `flows[f1].timeouts`, `links[bottleneck/a>b].drops`, `jain_index`. Each names one value
    /// (an index or an id in brackets, no `*`). Absent: goodput, retransmitted segments,
    /// timeouts and mean window of the first flow, and Jain's index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<Vec<String>>,
}

/// A scenario file's path (relative to the sweep file) or a scenario object.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum ScenarioRef {
    Path(String),
    Inline(serde_json::Map<String, Value>),
}

/// One swept parameter: `path` with `values` or `range`, or `cases`.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Parameter {
    /// The CSV column's name (letters, digits, `_`, `-`, `.`).
    pub name: String,
    /// The scenario field set to each value, such as `topology.links[1].queue.limit_packets`
    /// or `topology.links[*].mtu_bytes` (every link). Required with `values` or `range`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The values, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Value>>,
    /// Evenly spaced numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
    /// Labelled settings of several fields at once (the column holds the label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cases: Option<Vec<Case>>,
}

/// `points` numbers from `from` to `to`, linearly or logarithmically spaced; whole numbers
/// when `integer`, otherwise rounded to 6 significant digits; a repeated value is dropped.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub from: f64,
    pub to: f64,
    pub points: u32,
    #[serde(default)]
    pub scale: Scale,
    #[serde(default)]
    pub integer: bool,
}

#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    #[default]
    Linear,
    Log,
}

/// A labelled set of field values.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub label: String,
    /// Field path → value.
    pub set: BTreeMap<String, Value>,
}

/// A problem in a sweep file: the field path (`parameters[1].range.points`) and what is
/// wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecError {
    pub path: String,
    pub message: String,
}

impl SpecError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl SweepSpec {
    /// Read a sweep file's text; an error names the field.
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let spec: SweepSpec = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { String::new() } else { path };
            SpecError::new(path, e.into_inner().to_string())
        })?;
        if spec.version != SWEEP_VERSION {
            return Err(SpecError::new(
                "version",
                format!("this tcplab reads sweep files of version {SWEEP_VERSION}"),
            ));
        }
        Ok(spec)
    }

    /// The JSON text of this sweep, pretty-printed.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The metric paths, the defaults where the file names none.
    pub fn metric_paths(&self) -> Vec<String> {
        match &self.metrics {
            Some(m) => m.clone(),
            None => DEFAULT_METRICS.iter().map(|m| m.to_string()).collect(),
        }
    }
}

/// The JSON Schema of the sweep file.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(SweepSpec);
    serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
}
