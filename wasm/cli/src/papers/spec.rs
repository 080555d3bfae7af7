//! The paper data files, `content/papers/NNN.json` (format `tcplab-papers/1`, described at
//! the top of docs/papers.md): the runs of one paper's experiments, the values computed from
//! their summaries, each reported result with the rule that judges it, and the places in the
//! repository that quote the values.
//!
//! `Paper::parse` reads a file and checks every reference in it (a value naming an unknown
//! run, a result judging an unknown value, a placeholder with no value…), so a mistake is
//! reported with its place (`results[2].value: unknown value 'x'`) before anything runs.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

pub const FORMAT: &str = "tcplab-papers/1";

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Paper {
    pub format: String,
    /// The paper's number, as in `content/papers/NNN.json`.
    pub paper: String,
    pub title: String,
    /// The full reference (as in docs/references.md).
    pub cite: String,
    /// A paragraph shown under the paper's heading: what the lab had to assume.
    #[serde(default)]
    pub notes: String,
    /// Name → a run (a preset, possibly changed, possibly over several seeds). Ordered by name.
    pub runs: BTreeMap<String, Run>,
    /// Name → a number computed from the runs' summaries. Ordered by name.
    pub values: BTreeMap<String, ValueSpec>,
    pub results: Vec<ResultSpec>,
    #[serde(default)]
    pub quotes: Vec<Quote>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// A `content/scenarios` name (without `.json`).
    pub scenario: String,
    /// Scenario path (the assignment path syntax, docs/lessons.md) → the value to put there.
    #[serde(default)]
    pub set: BTreeMap<String, Value>,
    /// Run once per seed; a metric of this run is the mean over the seeds.
    #[serde(default)]
    pub seeds: Vec<u64>,
    /// Also time each flow over successive blocks of this many bytes delivered in order
    /// (paper 001's throughput measure, `blocks.rs`): its summary gains
    /// `flows[i].block_goodput_bps`, one number per whole block.
    pub block_bytes: Option<u64>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ValueSpec {
    /// A metric of one run's summary (`run` + `metric`, the metric syntax of docs/lessons.md)…
    pub run: Option<String>,
    pub metric: Option<String>,
    /// …or the ratio of two values (both already scaled)…
    pub ratio: Option<[String; 2]>,
    /// …or their difference…
    pub difference: Option<[String; 2]>,
    /// …or, over a sweep, the largest x such that every point at or below it is above the
    /// reference value…
    pub largest_x: Option<LargestX>,
    /// …or the x whose value is the largest (the first of equals).
    pub best_x: Option<Vec<(f64, String)>>,
    /// The number shown = metric × scale + offset (b/s → kb/s is scale 0.001; a one-way
    /// delay plus a fixed base RTT is an offset). Only for `metric` values.
    pub scale: Option<f64>,
    pub offset: Option<f64>,
    /// Decimals shown (default 2).
    pub decimals: Option<usize>,
    /// Shown after the number in the report's lab column when the result has no `lab` text.
    #[serde(default)]
    pub unit: String,
    /// How a `metric` value combines the run's seeds: the mean (default), the largest or the
    /// smallest, or how many seeds give at least a number (compared after scale and offset).
    #[serde(default)]
    pub over_seeds: OverSeeds,
}

/// How a metric value combines the summaries of its run's seeds.
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Default)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum OverSeeds {
    #[default]
    Mean,
    Max,
    Min,
    /// The number of seeds whose value (scaled and offset) is at least this.
    CountAtLeast(f64),
}

impl OverSeeds {
    /// Combine one metric per seed, each shown as metric × `scale` + `offset` (a count is a
    /// number of seeds, neither scaled nor offset).
    pub fn combine(self, xs: &[f64], scale: f64, offset: f64) -> f64 {
        let shown = xs.iter().map(|x| x * scale + offset);
        match self {
            OverSeeds::Mean => xs.iter().sum::<f64>() / xs.len() as f64 * scale + offset,
            OverSeeds::Max => shown.fold(f64::NEG_INFINITY, f64::max),
            OverSeeds::Min => shown.fold(f64::INFINITY, f64::min),
            OverSeeds::CountAtLeast(t) => shown.filter(|&x| x >= t).count() as f64,
        }
    }
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LargestX {
    /// (x, value name) pairs.
    pub points: Vec<(f64, String)>,
    /// The value a point must exceed.
    pub above: String,
}

impl ValueSpec {
    /// The values this one is computed from (the runs of a sweep's points first; a
    /// `largest_x` reference is not among them).
    pub fn dependencies(&self) -> Vec<&String> {
        match (&self.ratio, &self.difference, &self.largest_x, &self.best_x) {
            (Some(p), ..) | (_, Some(p), ..) => p.iter().collect(),
            (_, _, Some(l), _) => l.points.iter().map(|(_, v)| v).collect(),
            (.., Some(points)) => points.iter().map(|(_, v)| v).collect(),
            _ => Vec::new(),
        }
    }
}

/// A number, or the name of a value (compared in the value's shown unit).
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Operand {
    Number(f64),
    Value(String),
}

#[derive(Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub at_least: Option<Operand>,
    pub at_most: Option<Operand>,
    pub above: Option<Operand>,
    pub below: Option<Operand>,
    pub within: Option<Within>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Within {
    /// The centre; the result's `paper_value` when absent.
    pub of: Option<Operand>,
    pub rel: Option<f64>,
    pub abs: Option<f64>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResultSpec {
    pub id: String,
    /// What the paper reports, in one sentence.
    pub claim: String,
    /// Where in the paper (section, figure, table).
    #[serde(rename = "where")]
    pub place: String,
    /// The paper's value as the paper gives it ("≈ 0.75", "≥ 10 s", "WFQ < FIFO").
    pub paper: String,
    /// The paper's number, when there is one (the default centre of `within`).
    pub paper_value: Option<f64>,
    /// The value the rule judges.
    pub value: String,
    /// How the lab column reads, with `{value}` placeholders; default "{<value>} <unit>".
    pub lab: Option<String>,
    /// When every condition here holds: reproduced.
    pub reproduced: Condition,
    /// Otherwise, when every condition here holds: direction only. Absent: never.
    pub direction: Option<Condition>,
    pub why: Why,
    /// The run the page's button opens; default the first run the judged value uses.
    pub open: Option<String>,
}

/// The reason shown for each verdict (placeholders allowed).
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Why {
    pub reproduced: String,
    pub direction: Option<String>,
    pub not_reproduced: String,
}

/// A place that quotes values: `text` (with `{value}` placeholders) must occur exactly once
/// in `file`, and its numbers are the values as the report formats them.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    /// Repository-relative path.
    pub file: String,
    pub text: String,
}

/// A piece of a template: literal text or a `{name}` placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Value(String),
}

/// Split "a {x} b" into pieces; `{{` and `}}` are not special (no escapes are needed).
pub fn pieces(template: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return Err(format!("'{{' without '}}' in \"{template}\""));
        };
        let name = &rest[open + 1..open + close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "'{{{name}}}' in \"{template}\" is not a value name (letters, digits, _)"
            ));
        }
        if open > 0 {
            out.push(Piece::Text(rest[..open].to_string()));
        }
        out.push(Piece::Value(name.to_string()));
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_string()));
    }
    Ok(out)
}

impl Paper {
    pub fn parse(text: &str) -> Result<Paper, String> {
        let p: Paper = serde_json::from_str(text).map_err(|e| e.to_string())?;
        p.check()?;
        Ok(p)
    }

    fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "format: expected \"{FORMAT}\", got \"{}\"",
                self.format
            ));
        }
        for (name, r) in &self.runs {
            if r.scenario.is_empty() || r.scenario.contains(['/', '\\']) {
                return Err(format!(
                    "runs.{name}.scenario: give a content/scenarios name, got \"{}\"",
                    r.scenario
                ));
            }
            for path in r.set.keys() {
                grading::path::parse(path).map_err(|e| format!("runs.{name}.set: {e}"))?;
            }
            if r.block_bytes == Some(0) {
                return Err(format!(
                    "runs.{name}.block_bytes: a block needs at least one byte, got 0"
                ));
            }
        }
        for (name, v) in &self.values {
            self.check_value(name, v)
                .map_err(|e| format!("values.{name}: {e}"))?;
        }
        let mut ids = std::collections::BTreeSet::new();
        for (i, r) in self.results.iter().enumerate() {
            let at = |e: String| format!("results[{i}]: {e}");
            if !ids.insert(r.id.as_str()) {
                return Err(at(format!("id '{}' is used twice", r.id)));
            }
            // The report and the page put `where` in parentheses themselves.
            if r.place.starts_with('(') && r.place.ends_with(')') {
                return Err(at("where: give it without the parentheses around it".into()));
            }
            self.value_name(&r.value)
                .map_err(|e| at(format!("value: {e}")))?;
            for c in std::iter::once(&r.reproduced).chain(&r.direction) {
                self.check_condition(c, r.paper_value).map_err(&at)?;
            }
            if r.direction.is_some() != r.why.direction.is_some() {
                return Err(at(
                    "give why.direction exactly when there is a direction rule".into(),
                ));
            }
            let texts = [Some(&r.why.reproduced), r.why.direction.as_ref()];
            for t in texts.into_iter().flatten().chain(&r.lab) {
                self.check_template(t).map_err(&at)?;
            }
            if let Some(open) = &r.open {
                if !self.runs.contains_key(open) {
                    return Err(at(format!("open: unknown run '{open}'")));
                }
            }
        }
        for (i, q) in self.quotes.iter().enumerate() {
            let at = |e: String| format!("quotes[{i}]: {e}");
            if q.file.starts_with('/') || q.file.split('/').any(|p| p == "..") {
                return Err(at(format!("file: a repository path, got \"{}\"", q.file)));
            }
            let ps = pieces(&q.text).map_err(&at)?;
            if !ps.iter().any(|p| matches!(p, Piece::Value(_))) {
                return Err(at("text: quotes no value".into()));
            }
            // Two placeholders side by side could not be told apart in the file.
            if ps
                .windows(2)
                .any(|w| matches!(w, [Piece::Value(_), Piece::Value(_)]))
            {
                return Err(at("text: two values need text between them".into()));
            }
            self.check_template(&q.text).map_err(&at)?;
        }
        Ok(())
    }

    fn value_name(&self, name: &str) -> Result<(), String> {
        if self.values.contains_key(name) {
            Ok(())
        } else {
            Err(format!("unknown value '{name}'"))
        }
    }

    fn operand(&self, o: &Operand) -> Result<(), String> {
        match o {
            Operand::Number(x) if x.is_finite() => Ok(()),
            Operand::Number(x) => Err(format!("{x} is not a finite number")),
            Operand::Value(v) => self.value_name(v),
        }
    }

    fn check_value(&self, name: &str, v: &ValueSpec) -> Result<(), String> {
        let kinds = [
            v.metric.is_some(),
            v.ratio.is_some(),
            v.difference.is_some(),
            v.largest_x.is_some(),
            v.best_x.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Err("give exactly one of metric, ratio, difference, largest_x, best_x".into());
        }
        if v.metric.is_some() != v.run.is_some() {
            return Err("a metric needs a run, and a run a metric".into());
        }
        if let Some(run) = &v.run {
            if !self.runs.contains_key(run) {
                return Err(format!("run: unknown run '{run}'"));
            }
        }
        if let Some(m) = &v.metric {
            let path = m.split_once(':').map_or(m.as_str(), |(_, p)| p);
            grading::path::parse(path).map_err(|e| format!("metric: {e}"))?;
        }
        if (v.scale.is_some() || v.offset.is_some()) && v.metric.is_none() {
            return Err("scale and offset apply to a metric only".into());
        }
        if v.over_seeds != OverSeeds::Mean && v.metric.is_none() {
            return Err("over_seeds applies to a metric only".into());
        }

        if v.best_x.as_ref().is_some_and(Vec::is_empty)
            || v.largest_x.as_ref().is_some_and(|l| l.points.is_empty())
        {
            return Err("give at least one point".into());
        }
        let mut deps = v.dependencies();
        if let Some(l) = &v.largest_x {
            deps.push(&l.above);
        }
        for d in deps {
            if d == name {
                return Err(format!("'{name}' refers to itself"));
            }
            self.value_name(d)?;
        }
        Ok(())
    }

    fn check_condition(&self, c: &Condition, paper_value: Option<f64>) -> Result<(), String> {
        let ops = [&c.at_least, &c.at_most, &c.above, &c.below];
        for o in ops.into_iter().flatten() {
            self.operand(o)?;
        }
        if let Some(w) = &c.within {
            match &w.of {
                Some(o) => self.operand(o)?,
                None if paper_value.is_none() => {
                    return Err("within needs 'of' or the result's paper_value".into())
                }
                None => {}
            }
            if w.rel.is_none() && w.abs.is_none() {
                return Err("within needs rel or abs".into());
            }
        }
        if ops.iter().all(|o| o.is_none()) && c.within.is_none() {
            return Err("a rule needs at least one condition".into());
        }
        Ok(())
    }

    fn check_template(&self, t: &str) -> Result<(), String> {
        for p in pieces(t)? {
            if let Piece::Value(v) = p {
                self.value_name(&v)?;
            }
        }
        Ok(())
    }

    /// The runs a value depends on, in first-use order.
    pub fn runs_of(&self, value: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_runs(value, &mut out, 0);
        out
    }

    fn collect_runs(&self, value: &str, out: &mut Vec<String>, depth: usize) {
        let Some(v) = self.values.get(value) else {
            return;
        };
        if depth > self.values.len() {
            return; // a cycle; evaluation reports it
        }
        if let Some(r) = &v.run {
            if !out.contains(r) {
                out.push(r.clone());
            }
        }
        for d in v.dependencies() {
            self.collect_runs(d, out, depth + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimal() -> serde_json::Value {
        serde_json::json!({
            "format": FORMAT, "paper": "999", "title": "T", "cite": "C",
            "runs": {"a": {"scenario": "default"}},
            "values": {"g": {"run": "a", "metric": "jain_index", "decimals": 3}},
            "results": [{
                "id": "r", "claim": "c", "where": "§1", "paper": "1", "paper_value": 1.0,
                "value": "g", "reproduced": {"within": {"rel": 0.1}},
                "why": {"reproduced": "yes {g}", "not_reproduced": "no"}
            }],
            "quotes": [{"file": "README.md", "text": "Jain {g}"}]
        })
    }

    fn err_of(edit: impl Fn(&mut serde_json::Value)) -> String {
        let mut v = minimal();
        edit(&mut v);
        Paper::parse(&v.to_string()).unwrap_err()
    }

    #[test]
    fn a_minimal_file_parses() {
        let p = Paper::parse(&minimal().to_string()).unwrap();
        assert_eq!(p.runs_of("g"), vec!["a".to_string()]);
    }

    #[test]
    fn mistakes_are_named_with_their_place() {
        let e = err_of(|v| v["results"][0]["value"] = "nope".into());
        assert_eq!(e, "results[0]: value: unknown value 'nope'");
        let e = err_of(|v| v["values"]["g"]["run"] = "b".into());
        assert_eq!(e, "values.g: run: unknown run 'b'");
        let e = err_of(|v| v["quotes"][0]["text"] = "Jain {h}".into());
        assert_eq!(e, "quotes[0]: unknown value 'h'");
        let e = err_of(|v| v["quotes"][0]["text"] = "{g}{g}".into());
        assert_eq!(e, "quotes[0]: text: two values need text between them");
        let e = err_of(|v| v["results"][0]["reproduced"] = serde_json::json!({}));
        assert_eq!(e, "results[0]: a rule needs at least one condition");
        let e = err_of(|v| v["values"]["r2"] = serde_json::json!({"ratio": ["g", "r2"]}));
        assert_eq!(e, "values.r2: 'r2' refers to itself");
        let e = err_of(|v| v["quotes"][0]["file"] = "../x".into());
        assert!(e.starts_with("quotes[0]: file:"), "{e}");
        let e = err_of(|v| v["results"][0]["where"] = "(§2)".into());
        assert_eq!(
            e,
            "results[0]: where: give it without the parentheses around it"
        );
        let e = err_of(|v| v["runs"]["a"]["block_bytes"] = 0.into());
        assert_eq!(
            e,
            "runs.a.block_bytes: a block needs at least one byte, got 0"
        );
        let e = err_of(|v| v["format"] = "x".into());
        assert!(e.starts_with("format:"), "{e}");
        let e = err_of(|v| v["results"][0]["surprise"] = 1.into());
        assert!(e.contains("unknown field `surprise`"), "{e}");
    }

    #[test]
    fn templates_split_into_text_and_values() {
        assert_eq!(
            pieces("a {x} b {y_2}").unwrap(),
            vec![
                Piece::Text("a ".into()),
                Piece::Value("x".into()),
                Piece::Text(" b ".into()),
                Piece::Value("y_2".into())
            ]
        );
        assert!(pieces("a {x").is_err());
        assert!(pieces("a {x y}").is_err());
    }
}
