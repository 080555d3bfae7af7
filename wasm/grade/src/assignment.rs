//! The assignment format `tcplab-assignment/1` (docs/lessons.md): which scenarios, how each
//! student's variant is drawn, what is shown, locked or hidden, and the questions with the
//! metric and tolerance each is checked against. Read field by field so that every problem
//! names its field path and comes as a code (problem.rs); unknown fields are refused.

use crate::path;
use crate::problem::{Problem, ProblemCode};
use crate::text::Text;
use crate::variant::Variant;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

pub const FORMAT: &str = "tcplab-assignment/1";

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Assignment {
    pub format: String,
    /// Letters, digits, `-` and `_`; it picks the variants (with the student id), so two
    /// assignments with one id give every student the same variant.
    pub id: String,
    pub title: Text,
    /// Name → a content/scenarios name (string) or a whole scenario (object). Ordered by name.
    pub scenarios: BTreeMap<String, Value>,
    #[serde(default)]
    pub variants: Variants,
    /// Scenario paths a widget shows as settings.
    #[serde(default)]
    pub controls: Vec<String>,
    /// Of the controls, those shown but not editable. Settings a variant sets are locked too.
    #[serde(default)]
    pub locked: Vec<String>,
    /// Controls not shown (a hidden variant parameter is not named to the student either).
    #[serde(default)]
    pub hidden: Vec<String>,
    pub questions: Vec<Question>,
}

#[derive(Serialize, Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Variants {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<SeedRange>,
    #[serde(default)]
    pub params: Vec<VariantParam>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeedRange {
    pub min: u64,
    pub max: u64,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VariantParam {
    /// The scenario it applies to; every scenario of the assignment when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    pub path: String,
    pub values: Vec<Value>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Question {
    /// Letters, digits, `-` and `_` (a CSV column is named after it).
    pub id: String,
    pub prompt: Text,
    /// Shown on request beside the question.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<Text>,
    /// The scenario whose run it is checked against; the first (by name) when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// A path into the run summary, optionally with an aggregate (`mean:flows[*].goodput_bps`).
    pub metric: String,
    /// Checked against `metric` compared with another metric (of another run, say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<Compare>,
    /// Expected answer = metric × scale (b/s → Mb/s is 1e-6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<Text>,
    pub tolerance: Tolerance,
    /// A prediction made before the run: shown beside the result, not scored.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub predict: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
}

/// `metric` ÷ (or −) this metric, each from its own scenario's run: "how many times longer
/// was the queueing delay with DropTail than with CoDel?".
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Compare {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    pub metric: String,
    pub by: Comparison,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    Ratio,
    Difference,
}

#[derive(Serialize, Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Tolerance {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abs: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rel: Option<f64>,
}

impl Question {
    /// Points it is worth: 0 for a prediction.
    pub fn points(&self) -> f64 {
        if self.predict {
            0.0
        } else {
            self.points.unwrap_or(1.0)
        }
    }
}

/// An id: 1 to 64 letters, digits, `-` and `_`.
pub fn is_id(s: &str) -> bool {
    (1..=64).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Assignment {
    /// Read an assignment from its JSON text; every problem found, each with its field path.
    pub fn parse(text: &str) -> Result<Assignment, Vec<Problem>> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            vec![Problem::new(ProblemCode::JsonSyntax, "").with("detail", e.to_string())]
        })?;
        Self::from_value(&v)
    }

    pub fn from_value(v: &Value) -> Result<Assignment, Vec<Problem>> {
        let mut r = Reader::default();
        let a = r.assignment(v);
        match a {
            Some(a) if r.problems.is_empty() => Ok(a),
            _ => Err(r.problems),
        }
    }

    /// The scenario `q` is checked against: its own, or the first by name.
    pub fn question_scenario<'a>(&'a self, q: &'a Question) -> &'a str {
        q.scenario
            .as_deref()
            .or_else(|| self.scenarios.keys().next().map(String::as_str))
            .unwrap_or("")
    }

    /// The scenario the comparison metric of `q` is read from: its own, or the question's.
    pub fn compare_scenario<'a>(&'a self, q: &'a Question) -> Option<&'a str> {
        q.compare
            .as_ref()
            .map(|c| c.scenario.as_deref().unwrap_or(self.question_scenario(q)))
    }

    /// Points available (predictions are not scored).
    pub fn max_score(&self) -> f64 {
        self.questions.iter().map(Question::points).sum()
    }
}

/// The scenario a student runs: the base with the variant's seed and parameters applied.
pub fn apply_variant(name: &str, base: &Value, v: &Variant) -> Result<Value, Problem> {
    let mut s = base.clone();
    if let (Some(seed), Some(obj)) = (v.seed, s.as_object_mut()) {
        obj.insert("seed".into(), Value::from(seed));
    }
    for (i, (p, value)) in v.params.iter().enumerate() {
        if p.scenario.as_deref().is_some_and(|n| n != name) {
            continue;
        }
        let at = format!("variants.params[{i}].path");
        let segs = path::parse(&p.path).map_err(|e| e.at(&at))?;
        if path::set(&mut s, &segs, value) == 0 && p.scenario.is_some() {
            return Err(Problem::new(ProblemCode::VariantReachesNothing, at)
                .with("path", &p.path)
                .with("scenario", name));
        }
    }
    Ok(s)
}

/// Reads the document, collecting problems instead of stopping at the first.
#[derive(Default)]
struct Reader {
    problems: Vec<Problem>,
}

impl Reader {
    fn fail(&mut self, p: Problem) {
        self.problems.push(p);
    }

    fn wrong(&mut self, path: &str, expected: &str) {
        self.fail(Problem::new(ProblemCode::WrongType, path).with("expected", expected));
    }

    /// An object whose fields are all in `allowed`, and with every one of `required`.
    fn object<'v>(
        &mut self,
        v: &'v Value,
        path: &str,
        allowed: &[&str],
        required: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let Some(m) = v.as_object() else {
            self.wrong(path, "an object");
            return None;
        };
        for k in m.keys() {
            if !allowed.contains(&k.as_str()) {
                self.fail(Problem::new(ProblemCode::UnknownField, join(path, k)).with("field", k));
            }
        }
        for k in required {
            if !m.contains_key(*k) {
                self.fail(Problem::new(ProblemCode::MissingField, path).with("field", k));
            }
        }
        Some(m)
    }

    fn string(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        match m.get(key)? {
            Value::String(s) => Some(s.clone()),
            _ => {
                self.wrong(&join(path, key), "text");
                None
            }
        }
    }

    fn id(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        let s = self.string(m, key, path)?;
        if !is_id(&s) {
            self.fail(Problem::new(ProblemCode::BadId, join(path, key)));
        }
        Some(s)
    }

    fn text(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> Option<Text> {
        let v = m.get(key)?;
        Text::read(v, &join(path, key))
            .map_err(|p| self.fail(p))
            .ok()
    }

    /// A finite number ≥ 0.
    fn number(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> Option<f64> {
        let v = m.get(key)?;
        match v.as_f64() {
            Some(x) if x.is_finite() && x >= 0.0 => Some(x),
            Some(_) => {
                self.fail(Problem::new(ProblemCode::BadNumber, join(path, key)));
                None
            }
            None => {
                self.wrong(&join(path, key), "a number");
                None
            }
        }
    }

    fn boolean(&mut self, m: &Map<String, Value>, key: &str, path: &str) -> bool {
        match m.get(key) {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.wrong(&join(path, key), "true or false");
                false
            }
        }
    }

    /// A path (checked for syntax), optionally after an aggregate prefix.
    fn path(&mut self, s: &str, at: &str, aggregate_allowed: bool) {
        let p = match s.split_once(':') {
            Some((agg, p)) if aggregate_allowed => {
                if !crate::check::AGGREGATES.contains(&agg) {
                    self.fail(
                        Problem::new(ProblemCode::UnknownAggregate, at).with("aggregate", agg),
                    );
                }
                p
            }
            _ => s,
        };
        if let Err(e) = path::parse(p) {
            self.fail(e.at(at));
        }
    }

    fn paths(&mut self, m: &Map<String, Value>, key: &str) -> Vec<String> {
        let Some(v) = m.get(key) else {
            return Vec::new();
        };
        let Some(list) = v.as_array() else {
            self.wrong(key, "a list of paths");
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, item) in list.iter().enumerate() {
            let at = format!("{key}[{i}]");
            match item.as_str() {
                Some(s) => {
                    self.path(s, &at, false);
                    out.push(s.to_string());
                }
                None => self.wrong(&at, "a path"),
            }
        }
        out
    }

    fn assignment(&mut self, v: &Value) -> Option<Assignment> {
        const KEYS: [&str; 9] = [
            "format",
            "id",
            "title",
            "scenarios",
            "variants",
            "controls",
            "locked",
            "hidden",
            "questions",
        ];
        let m = self.object(
            v,
            "",
            &KEYS,
            &["format", "id", "title", "scenarios", "questions"],
        )?;
        let format = self.string(m, "format", "").unwrap_or_default();
        if m.contains_key("format") && format != FORMAT {
            self.fail(Problem::new(ProblemCode::WrongFormat, "format").with("expected", FORMAT));
        }
        let id = self.id(m, "id", "").unwrap_or_default();
        let title = self.text(m, "title", "").unwrap_or_default();
        let scenarios = self.scenarios(m.get("scenarios"));
        let variants = m
            .get("variants")
            .map(|v| self.variants(v, &scenarios))
            .unwrap_or_default();
        let controls = self.paths(m, "controls");
        let locked = self.paths(m, "locked");
        let hidden = self.paths(m, "hidden");
        let mut questions = Vec::new();
        match m.get("questions").map(Value::as_array) {
            Some(Some(list)) => {
                for (i, q) in list.iter().enumerate() {
                    if let Some(q) = self.question(q, &format!("questions[{i}]"), &scenarios) {
                        questions.push(q);
                    }
                }
            }
            Some(None) => self.wrong("questions", "a list"),
            None => {}
        }
        let mut seen = BTreeSet::new();
        for (i, q) in questions.iter().enumerate() {
            if !seen.insert(q.id.as_str()) {
                self.fail(
                    Problem::new(ProblemCode::DuplicateQuestion, format!("questions[{i}].id"))
                        .with("id", &q.id),
                );
            }
        }
        Some(Assignment {
            format,
            id,
            title,
            scenarios,
            variants,
            controls,
            locked,
            hidden,
            questions,
        })
    }

    fn scenarios(&mut self, v: Option<&Value>) -> BTreeMap<String, Value> {
        let mut out = BTreeMap::new();
        let Some(v) = v else {
            return out;
        };
        let Some(m) = v.as_object() else {
            self.wrong("scenarios", "an object");
            return out;
        };
        if m.is_empty() {
            self.fail(Problem::new(ProblemCode::NoScenarios, "scenarios"));
        }
        for (name, s) in m {
            let at = format!("scenarios.{name}");
            if !is_id(name) {
                self.fail(Problem::new(ProblemCode::BadScenarioName, &at).with("name", name));
            }
            match s {
                Value::String(n) if !is_id(n) => {
                    self.fail(Problem::new(ProblemCode::BadScenarioName, &at).with("name", n))
                }
                Value::String(_) | Value::Object(_) => {}
                _ => self.wrong(&at, "a scenario name or object"),
            }
            out.insert(name.clone(), s.clone());
        }
        out
    }

    fn scenario_ref(
        &mut self,
        m: &Map<String, Value>,
        path: &str,
        known: &BTreeMap<String, Value>,
    ) -> Option<String> {
        let s = self.string(m, "scenario", path)?;
        if !known.contains_key(&s) {
            self.fail(
                Problem::new(ProblemCode::UnknownScenario, join(path, "scenario"))
                    .with("scenario", &s),
            );
        }
        Some(s)
    }

    fn variants(&mut self, v: &Value, scenarios: &BTreeMap<String, Value>) -> Variants {
        let mut out = Variants::default();
        let Some(m) = self.object(v, "variants", &["seed", "params"], &[]) else {
            return out;
        };
        if let Some(s) = m.get("seed") {
            if let Some(sm) = self.object(s, "variants.seed", &["min", "max"], &["min", "max"]) {
                let whole = |r: &mut Self, k: &str| match sm.get(k).map(Value::as_u64) {
                    Some(Some(x)) => Some(x),
                    Some(None) => {
                        r.wrong(&format!("variants.seed.{k}"), "a whole number ≥ 0");
                        None
                    }
                    None => None,
                };
                if let (Some(min), Some(max)) = (whole(self, "min"), whole(self, "max")) {
                    if min > max {
                        self.fail(Problem::new(ProblemCode::SeedRange, "variants.seed"));
                    }
                    out.seed = Some(SeedRange { min, max });
                }
            }
        }
        match m.get("params").map(Value::as_array) {
            Some(Some(list)) => {
                for (i, p) in list.iter().enumerate() {
                    let at = format!("variants.params[{i}]");
                    let Some(pm) =
                        self.object(p, &at, &["scenario", "path", "values"], &["path", "values"])
                    else {
                        continue;
                    };
                    let scenario = self.scenario_ref(pm, &at, scenarios);
                    let path = self.string(pm, "path", &at).unwrap_or_default();
                    self.path(&path, &join(&at, "path"), false);
                    let values = match pm.get("values").map(Value::as_array) {
                        Some(Some(vs)) if !vs.is_empty() => vs.clone(),
                        Some(Some(_)) => {
                            self.fail(
                                Problem::new(ProblemCode::NoValues, join(&at, "values"))
                                    .with("path", &path),
                            );
                            Vec::new()
                        }
                        Some(None) => {
                            self.wrong(&join(&at, "values"), "a list");
                            Vec::new()
                        }
                        None => Vec::new(),
                    };
                    out.params.push(VariantParam {
                        scenario,
                        path,
                        values,
                    });
                }
            }
            Some(None) => self.wrong("variants.params", "a list"),
            None => {}
        }
        out
    }

    fn question(
        &mut self,
        v: &Value,
        at: &str,
        scenarios: &BTreeMap<String, Value>,
    ) -> Option<Question> {
        const KEYS: [&str; 11] = [
            "id",
            "prompt",
            "hint",
            "scenario",
            "metric",
            "compare",
            "scale",
            "unit",
            "tolerance",
            "predict",
            "points",
        ];
        let m = self.object(v, at, &KEYS, &["id", "prompt", "metric", "tolerance"])?;
        let id = self.id(m, "id", at).unwrap_or_default();
        let prompt = self.text(m, "prompt", at).unwrap_or_default();
        let hint = self.text(m, "hint", at);
        let scenario = self.scenario_ref(m, at, scenarios);
        let metric = self.string(m, "metric", at).unwrap_or_default();
        if m.contains_key("metric") {
            self.path(&metric, &join(at, "metric"), true);
        }
        let compare = m.get("compare").and_then(|c| {
            let cat = join(at, "compare");
            let cm = self.object(c, &cat, &["scenario", "metric", "by"], &["metric", "by"])?;
            let scenario = self.scenario_ref(cm, &cat, scenarios);
            let metric = self.string(cm, "metric", &cat)?;
            self.path(&metric, &join(&cat, "metric"), true);
            let by = match cm.get("by").and_then(Value::as_str) {
                Some("ratio") => Comparison::Ratio,
                Some("difference") => Comparison::Difference,
                other => {
                    self.fail(
                        Problem::new(ProblemCode::UnknownComparison, join(&cat, "by"))
                            .with("by", other.unwrap_or("")),
                    );
                    return None;
                }
            };
            Some(Compare {
                scenario,
                metric,
                by,
            })
        });
        let scale = match m.get("scale").map(Value::as_f64) {
            Some(Some(x)) if x.is_finite() && x != 0.0 => Some(x),
            Some(_) => {
                self.fail(Problem::new(ProblemCode::BadNumber, join(at, "scale")));
                None
            }
            None => None,
        };
        let unit = self.text(m, "unit", at);
        let tolerance = m
            .get("tolerance")
            .and_then(|t| {
                let tat = join(at, "tolerance");
                let tm = self.object(t, &tat, &["abs", "rel"], &[])?;
                let tol = Tolerance {
                    abs: self.number(tm, "abs", &tat),
                    rel: self.number(tm, "rel", &tat),
                };
                if !tm.contains_key("abs") && !tm.contains_key("rel") {
                    self.fail(Problem::new(ProblemCode::NoTolerance, tat).with("id", &id));
                }
                Some(tol)
            })
            .unwrap_or_default();
        let predict = self.boolean(m, "predict", at);
        let points = self.number(m, "points", at);
        Some(Question {
            id,
            prompt,
            hint,
            scenario,
            metric,
            compare,
            scale,
            unit,
            tolerance,
            predict,
            points,
        })
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<(ProblemCode, String)> {
        Assignment::parse(text)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|p| (p.code, p.path))
            .collect()
    }

    const GOOD: &str = r#"{"format": "tcplab-assignment/1", "id": "t", "title": {"en": "T", "ja": "テ"},
        "scenarios": {"main": "default", "b": {"name": "x"}},
        "variants": {"seed": {"min": 1, "max": 9},
          "params": [{"path": "flows[*].cc", "values": ["newreno", "cubic"]}]},
        "controls": ["flows[f1].cc"], "locked": [], "hidden": [],
        "questions": [
          {"id": "q1", "prompt": "Goodput?", "metric": "flows[f1].goodput_bps", "scale": 1e-6,
           "unit": {"en": "Mb/s"}, "tolerance": {"rel": 0.02}, "hint": "Look at the plot."},
          {"id": "q2", "prompt": "Ratio?", "scenario": "b", "metric": "jain_index",
           "compare": {"scenario": "main", "metric": "jain_index", "by": "ratio"},
           "tolerance": {"abs": 0.1}, "predict": true}]}"#;

    #[test]
    fn a_good_assignment_reads() {
        let a = Assignment::parse(GOOD).unwrap();
        assert_eq!(a.title.english(), "T");
        assert_eq!(a.question_scenario(&a.questions[0]), "b");
        assert_eq!(a.compare_scenario(&a.questions[1]), Some("main"));
        assert_eq!(a.max_score(), 1.0);
        assert_eq!(a.variants.seed, Some(SeedRange { min: 1, max: 9 }));
    }

    #[test]
    fn every_problem_is_found_with_its_path() {
        let bad = GOOD
            .replace("\"format\": \"tcplab-assignment/1\"", "\"format\": \"v2\"")
            .replace("\"max\": 9", "\"max\": 0, \"step\": 1")
            .replace("\"rel\": 0.02", "\"rel\": -1")
            .replace("\"scenario\": \"b\"", "\"scenario\": \"nope\"")
            .replace("jain_index\", \"by", "median:x\", \"by")
            .replace("\"id\": \"q2\"", "\"id\": \"q1\"")
            .replace("flows[f1].cc\"]", "flows[f1.cc\"]");
        let got = problems(&bad);
        use ProblemCode::*;
        for want in [
            (WrongFormat, "format"),
            (UnknownField, "variants.seed.step"),
            (SeedRange, "variants.seed"),
            (BadNumber, "questions[0].tolerance.rel"),
            (UnknownScenario, "questions[1].scenario"),
            (UnknownAggregate, "questions[1].compare.metric"),
            (DuplicateQuestion, "questions[1].id"),
            (PathUnclosed, "controls[0]"),
        ] {
            assert!(
                got.contains(&(want.0, want.1.to_string())),
                "{want:?} not in {got:?}"
            );
        }
    }

    #[test]
    fn missing_fields_wrong_types_and_syntax() {
        use ProblemCode::*;
        assert_eq!(problems("{")[0].0, JsonSyntax);
        assert_eq!(problems("[]"), [(WrongType, String::new())]);
        let got = problems(
            r#"{"format": "tcplab-assignment/1", "id": "a b", "title": 3, "scenarios": {}, "questions": [{"id": "q"}]}"#,
        );
        for want in [
            (BadId, "id"),
            (WrongType, "title"),
            (NoScenarios, "scenarios"),
            (MissingField, "questions[0]"),
        ] {
            assert!(
                got.contains(&(want.0, want.1.to_string())),
                "{want:?} not in {got:?}"
            );
        }
    }
}
