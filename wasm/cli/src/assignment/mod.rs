//! The assignment format (docs/lessons.md), read by `tcplab grade` and, with the same rules,
//! by the page (web/src/lessons/assignment.ts): which scenarios, how each student's variant is
//! drawn, what is locked or hidden, and the questions with the metric and tolerance each is
//! checked against.

pub mod check;
pub mod code;
pub mod path;
pub mod variant;

#[cfg(test)]
mod fixtures_tests;

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const FORMAT: &str = "tcplab-assignment/1";

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    pub format: String,
    pub id: String,
    pub title: String,
    /// Name → a content/scenarios name (string) or a whole scenario (object). Ordered by name.
    pub scenarios: BTreeMap<String, Value>,
    #[serde(default)]
    pub variants: Variants,
    /// Scenario paths the page shows as editable controls.
    #[serde(default)]
    pub controls: Vec<String>,
    /// Controls shown but not editable.
    #[serde(default)]
    pub locked: Vec<String>,
    /// Controls (and the scenario description) not shown at all.
    #[serde(default)]
    pub hidden: Vec<String>,
    pub questions: Vec<Question>,
}

#[derive(Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Variants {
    pub seed: Option<SeedRange>,
    #[serde(default)]
    pub params: Vec<VariantParam>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeedRange {
    pub min: u64,
    pub max: u64,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VariantParam {
    /// The scenario it applies to; every scenario of the assignment when absent.
    pub scenario: Option<String>,
    pub path: String,
    pub values: Vec<Value>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub id: String,
    pub prompt: String,
    /// The scenario whose run it is checked against; the first (by name) when absent.
    pub scenario: Option<String>,
    pub metric: String,
    pub scale: Option<f64>,
    pub unit: Option<String>,
    pub tolerance: Tolerance,
    /// A prediction made before the run: shown beside the result, not scored.
    #[serde(default)]
    pub predict: bool,
    pub points: Option<f64>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    pub abs: Option<f64>,
    pub rel: Option<f64>,
}

impl Question {
    pub fn points(&self) -> f64 {
        if self.predict {
            0.0
        } else {
            self.points.unwrap_or(1.0)
        }
    }
}

impl Assignment {
    pub fn parse(text: &str) -> Result<Assignment, String> {
        let a: Assignment = serde_json::from_str(text).map_err(|e| format!("assignment: {e}"))?;
        a.check()?;
        Ok(a)
    }

    fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!("assignment: format must be \"{FORMAT}\""));
        }
        if self.scenarios.is_empty() {
            return Err("assignment: no scenarios".into());
        }
        if let Some(r) = &self.variants.seed {
            if r.min > r.max {
                return Err("assignment: variants.seed.min exceeds max".into());
            }
        }
        for p in &self.variants.params {
            if p.values.is_empty() {
                return Err(format!("assignment: variant '{}' has no values", p.path));
            }
            path::parse(&p.path).map_err(|e| format!("assignment: variant path {e}"))?;
        }
        let mut seen = std::collections::BTreeSet::new();
        for q in &self.questions {
            if !seen.insert(&q.id) {
                return Err(format!("assignment: question id '{}' twice", q.id));
            }
            if q.tolerance.abs.is_none() && q.tolerance.rel.is_none() {
                return Err(format!("assignment: question '{}' has no tolerance", q.id));
            }
            let sc = self.question_scenario(q);
            if !self.scenarios.contains_key(sc) {
                return Err(format!(
                    "assignment: question '{}' names no scenario '{sc}'",
                    q.id
                ));
            }
            let p = q
                .metric
                .split_once(':')
                .map_or(q.metric.as_str(), |(_, p)| p);
            path::parse(p).map_err(|e| format!("assignment: question '{}': {e}", q.id))?;
        }
        Ok(())
    }

    pub fn question_scenario<'a>(&'a self, q: &'a Question) -> &'a str {
        q.scenario
            .as_deref()
            .or_else(|| self.scenarios.keys().next().map(String::as_str))
            .unwrap_or("")
    }
}

/// Where a named scenario reference is looked for: `<dir of the assignment>/../scenarios`,
/// then `content/scenarios` under the working directory.
pub fn resolve_scenario(assignment_file: &Path, r: &Value) -> Result<Value, String> {
    let name = match r {
        Value::Object(_) => return Ok(r.clone()),
        Value::String(s) => s,
        _ => return Err("a scenario must be a name or an object".into()),
    };
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
    {
        return Err(format!(
            "scenario name '{name}': letters, digits, - and _ only"
        ));
    }
    let dir = assignment_file.parent().unwrap_or(Path::new("."));
    let candidates: [PathBuf; 2] = [
        dir.join("..")
            .join("scenarios")
            .join(format!("{name}.json")),
        Path::new("content")
            .join("scenarios")
            .join(format!("{name}.json")),
    ];
    for c in &candidates {
        if let Ok(text) = std::fs::read_to_string(c) {
            return serde_json::from_str(&text).map_err(|e| format!("{}: {e}", c.display()));
        }
    }
    Err(format!(
        "scenario '{name}' not found in ../scenarios or content/scenarios"
    ))
}

/// The scenario a student runs: the base with the variant's seed and parameters applied.
pub fn apply_variant(name: &str, base: &Value, v: &variant::Variant) -> Result<Value, String> {
    let mut s = base.clone();
    if let (Some(seed), Some(obj)) = (v.seed, s.as_object_mut()) {
        obj.insert("seed".into(), Value::from(seed));
    }
    for (p, value) in &v.params {
        if p.scenario.as_deref().is_some_and(|n| n != name) {
            continue;
        }
        let segs = path::parse(&p.path)?;
        if path::set(&mut s, &segs, value) == 0 && p.scenario.is_some() {
            return Err(format!(
                "variant path '{}' reaches nothing in '{name}'",
                p.path
            ));
        }
    }
    Ok(s)
}
