//! From run summaries to verdicts: each value of a paper file computed (a metric averaged
//! over a run's seeds, or their largest, smallest or a count of them, a ratio, a difference, the largest x of a sweep above a reference),
//! formatted as the report shows it, and each result's rule applied.
//!
//! Conditions are judged on the exact values, and again on the values as shown (scaled and
//! rounded to their decimals): when the two verdicts differ, the paper file is refused and
//! names the value that needs more decimals. So no row passes or fails by rounding, and the
//! verdict is still the one a reader can check against the table.

use super::spec::{Condition, Operand, Paper, Piece, ResultSpec, ValueSpec, Why};
use serde_json::Value;
use std::collections::BTreeMap;

/// The verdict on one result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Reproduced,
    Direction,
    NotReproduced,
}

impl Verdict {
    /// As in report.json.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Direction => "direction",
            Verdict::NotReproduced => "not_reproduced",
        }
    }

    /// As in docs/papers.md.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Direction => "direction only",
            Verdict::NotReproduced => "not reproduced",
        }
    }
}

/// The language a text is filled in. The numbers are the same in both; only the word for a
/// missing one differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Ja,
}

/// Every value of a paper, exact (scaled) and as shown (also rounded).
pub struct Values<'a> {
    paper: &'a Paper,
    exact: BTreeMap<String, f64>,
    shown: BTreeMap<String, f64>,
}

/// Round to `decimals` the way the report prints (so a condition sees the printed number).
fn rounded(x: f64, decimals: usize) -> f64 {
    format!("{x:.decimals$}").parse().unwrap_or(x)
}

fn decimals(v: &ValueSpec) -> usize {
    v.decimals.unwrap_or(2)
}

impl<'a> Values<'a> {
    /// Compute every value; `summaries[run]` holds one summary per seed of the run.
    pub fn compute(
        paper: &'a Paper,
        summaries: &BTreeMap<String, Vec<Value>>,
    ) -> Result<Values<'a>, String> {
        let mut vals = Values {
            paper,
            exact: BTreeMap::new(),
            shown: BTreeMap::new(),
        };
        for name in paper.values.keys() {
            vals.get(name, summaries, 0)?;
        }
        for (i, r) in paper.results.iter().enumerate() {
            let (exact, shown) = (vals.judge(r, false), vals.judge(r, true));
            if exact != shown {
                return Err(format!(
                    "results[{i}] ({}): its exact value {} is {}, but as shown ({}) it would be \
                     {}; give values.{} more decimals",
                    r.id,
                    vals.exact[&r.value],
                    exact.words(),
                    vals.text(&r.value),
                    shown.words(),
                    r.value
                ));
            }
        }
        Ok(vals)
    }

    fn get(
        &mut self,
        name: &str,
        summaries: &BTreeMap<String, Vec<Value>>,
        depth: usize,
    ) -> Result<f64, String> {
        if let Some(&x) = self.exact.get(name) {
            return Ok(x);
        }
        if depth > self.paper.values.len() {
            return Err(format!("values.{name}: depends on itself"));
        }
        let paper = self.paper;
        let spec = &paper.values[name];
        let mut dep = |n: &str| self.get(n, summaries, depth + 1);
        let raw = if let (Some(run), Some(metric)) = (&spec.run, &spec.metric) {
            let runs = summaries
                .get(run)
                .filter(|s| !s.is_empty())
                .ok_or(format!("values.{name}: run '{run}' has no summary"))?;
            let mut xs = Vec::with_capacity(runs.len());
            for s in runs {
                xs.push(
                    grading::check::metric(s, metric).map_err(|e| format!("values.{name}: {e}"))?,
                );
            }
            spec.over_seeds
                .combine(&xs, spec.scale.unwrap_or(1.0), spec.offset.unwrap_or(0.0))
        } else if let Some([a, b]) = &spec.ratio {
            let (a, b) = (dep(a)?, dep(b)?);
            if b == 0.0 {
                return Err(format!("values.{name}: the ratio's denominator is 0"));
            }
            a / b
        } else if let Some([a, b]) = &spec.difference {
            dep(a)? - dep(b)?
        } else if let Some(l) = &spec.largest_x {
            // "Fairer than CoDel for every p ≤ 50 %": the largest x such that every
            // point at or below it is above the reference, so one point below the
            // reference caps the answer under it.
            let reference = dep(&l.above)?;
            let mut above = Vec::with_capacity(l.points.len());
            for (x, v) in &l.points {
                above.push((*x, dep(v)? > reference));
            }
            let mut best = f64::NAN;
            for &(x, _) in &above {
                let all_below = above.iter().filter(|(y, _)| *y <= x).all(|(_, ok)| *ok);
                if all_below && (best.is_nan() || x > best) {
                    best = x;
                }
            }
            best
        } else if let Some(points) = &spec.best_x {
            let mut best = (f64::NAN, f64::NEG_INFINITY);
            for (x, v) in points {
                let y = dep(v)?;
                if y > best.1 {
                    best = (*x, y);
                }
            }
            best.0
        } else {
            unreachable!("checked by Paper::parse")
        };
        self.exact.insert(name.to_string(), raw);
        self.shown
            .insert(name.to_string(), rounded(raw, decimals(spec)));
        Ok(raw)
    }

    /// A value as shown (NaN when a sweep had no point above its reference).
    #[cfg(test)]
    pub fn number(&self, name: &str) -> f64 {
        self.shown[name]
    }

    /// A value as text: the number with its decimals, or "none" for a NaN.
    pub fn text(&self, name: &str) -> String {
        self.text_in(name, Lang::En)
    }

    fn text_in(&self, name: &str, lang: Lang) -> String {
        let x = self.shown[name];
        if x.is_nan() {
            return match lang {
                Lang::En => "none",
                Lang::Ja => "なし",
            }
            .into();
        }
        let d = decimals(&self.paper.values[name]);
        format!("{x:.d$}")
    }

    /// A template in `lang` with every `{value}` filled in.
    pub fn fill_in(&self, template: &str, lang: Lang) -> String {
        super::spec::pieces(template)
            .expect("checked by Paper::parse")
            .into_iter()
            .map(|p| match p {
                Piece::Text(t) => t,
                Piece::Value(v) => self.text_in(&v, lang),
            })
            .collect()
    }

    fn operand(&self, o: &Operand, shown: bool) -> f64 {
        match o {
            Operand::Number(x) => *x,
            Operand::Value(v) if shown => self.shown[v],
            Operand::Value(v) => self.exact[v],
        }
    }

    /// Does every part of `c` hold for `x`? (A NaN never satisfies anything.) Other values
    /// the condition names are taken as shown or exact, as `x` is.
    fn holds(&self, c: &Condition, x: f64, paper_value: Option<f64>, shown: bool) -> bool {
        let op = |o: &Option<Operand>, f: fn(f64, f64) -> bool| {
            o.as_ref().is_none_or(|o| f(x, self.operand(o, shown)))
        };
        let within = c.within.as_ref().is_none_or(|w| {
            let of =
                w.of.as_ref()
                    .map_or(paper_value.unwrap_or(f64::NAN), |o| self.operand(o, shown));
            let d = (x - of).abs();
            // A hair of slack: a shown number exactly at the edge is within.
            let edge = |t: f64| d <= t * (1.0 + 1e-9) + 1e-12;
            w.abs.is_some_and(edge) || w.rel.is_some_and(|r| edge(r * of.abs()))
        });
        !x.is_nan()
            && op(&c.at_least, |a, b| a >= b)
            && op(&c.at_most, |a, b| a <= b)
            && op(&c.above, |a, b| a > b)
            && op(&c.below, |a, b| a < b)
            && within
    }

    /// The verdict on a result (the same on its exact and its shown value: `compute`
    /// refuses a paper where they differ).
    pub fn verdict(&self, r: &ResultSpec) -> Verdict {
        self.judge(r, false)
    }

    fn judge(&self, r: &ResultSpec, shown: bool) -> Verdict {
        let x = if shown {
            self.shown[&r.value]
        } else {
            self.exact[&r.value]
        };
        if self.holds(&r.reproduced, x, r.paper_value, shown) {
            Verdict::Reproduced
        } else if r
            .direction
            .as_ref()
            .is_some_and(|d| self.holds(d, x, r.paper_value, shown))
        {
            Verdict::Direction
        } else {
            Verdict::NotReproduced
        }
    }

    /// The reason text for the verdict, filled in.
    pub fn why(&self, r: &ResultSpec, v: Verdict) -> String {
        self.why_in(&r.why, v, Lang::En)
    }

    /// The reason for the verdict among `why` (the English or a translation), filled in.
    pub fn why_in(&self, why: &Why, v: Verdict, lang: Lang) -> String {
        let t = match v {
            Verdict::Reproduced => &why.reproduced,
            Verdict::Direction => why.direction.as_ref().expect("checked"),
            Verdict::NotReproduced => &why.not_reproduced,
        };
        self.fill_in(t, lang)
    }

    /// The lab column: the result's `lab` text, or the value with its unit.
    pub fn lab(&self, r: &ResultSpec) -> String {
        self.lab_in(r, r.lab.as_deref(), Lang::En)
    }

    /// The lab column from `template` (the English `lab` or its translation; absent in
    /// both or neither), or the value with its unit.
    pub fn lab_in(&self, r: &ResultSpec, template: Option<&str>, lang: Lang) -> String {
        match template {
            Some(t) => self.fill_in(t, lang),
            None => {
                let unit = &self.paper.values[&r.value].unit;
                let n = self.text_in(&r.value, lang);
                if unit.is_empty() {
                    n
                } else {
                    format!("{n} {unit}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paper(values: Value, reproduced: Value, direction: Option<Value>) -> Paper {
        let mut r = json!({
            "id": "r", "claim": "c", "where": "§1", "paper": "≈ 2", "paper_value": 2.0,
            "value": "q", "reproduced": reproduced,
            "why": {"reproduced": "yes", "not_reproduced": "no: {q}"}
        });
        if let Some(d) = direction {
            r["direction"] = d;
            r["why"]["direction"] = "partly".into();
        }
        Paper::parse(
            &json!({
                "format": "tcplab-papers/1", "paper": "9", "title": "t", "cite": "c",
                "runs": {"a": {"scenario": "x", "seeds": [1, 2]}, "b": {"scenario": "y"}},
                "values": values, "results": [r]
            })
            .to_string(),
        )
        .unwrap()
    }

    fn sums() -> BTreeMap<String, Vec<Value>> {
        BTreeMap::from([
            (
                "a".to_string(),
                vec![json!({"g": 3000.0}), json!({"g": 5000.0})],
            ),
            ("b".to_string(), vec![json!({"g": 1000.0})]),
        ])
    }

    fn values() -> Value {
        json!({
            "ga": {"run": "a", "metric": "g", "scale": 0.001, "decimals": 1, "unit": "kb/s"},
            "gb": {"run": "b", "metric": "g", "scale": 0.001, "decimals": 1},
            "q": {"ratio": ["ga", "gb"], "decimals": 2},
            "d": {"difference": ["ga", "gb"], "decimals": 0},
            "lx": {"largest_x": {"points": [[0.5, "gb"], [0.25, "ga"], [0.1, "ga"]], "above": "gb"}},
            "lx_gap": {"largest_x": {"points": [[0.5, "ga"], [0.25, "gb"], [0.1, "ga"]], "above": "gb"}},
            "lx_missing": {"largest_x": {"points": [[0.5, "gb"]], "above": "gb"}},
            "bx": {"best_x": [[0.5, "gb"], [0.25, "ga"], [0.1, "d"]]}
        })
    }

    #[test]
    fn values_average_seeds_scale_and_combine() {
        let p = paper(values(), json!({"within": {"rel": 0.1}}), None);
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!(v.number("ga"), 4.0);
        assert_eq!(v.text("ga"), "4.0");
        assert_eq!(v.number("q"), 4.0);
        assert_eq!(v.text("d"), "3");
        assert_eq!(v.number("lx"), 0.25);
        // 0.5 is above but 0.25 below it is not: "every x ≤ 0.5" fails, so 0.1.
        assert_eq!(v.number("lx_gap"), 0.1);
        assert_eq!(v.number("bx"), 0.25);
        assert_eq!(v.fill_in("{ga} vs {gb} kb/s", Lang::En), "4.0 vs 1.0 kb/s");
        assert_eq!(v.fill_in("{lx_missing}", Lang::En), "none");
        assert_eq!(v.fill_in("{lx_missing} です", Lang::Ja), "なし です");
    }

    #[test]
    fn values_over_seeds_take_the_largest_smallest_or_a_count() {
        let mut vals = values();
        // Seeds of run a: 3.0 and 5.0 kb/s.
        vals["hi"] = json!({"run": "a", "metric": "g", "scale": 0.001, "over_seeds": "max"});
        vals["lo"] = json!({"run": "a", "metric": "g", "scale": 0.001, "over_seeds": "min"});
        vals["n4"] = json!({"run": "a", "metric": "g", "scale": 0.001,
                            "over_seeds": {"count_at_least": 4}, "decimals": 0});
        vals["n3"] = json!({"run": "a", "metric": "g", "scale": 0.001,
                            "over_seeds": {"count_at_least": 3}, "decimals": 0});
        vals["n9"] = json!({"run": "a", "metric": "g", "scale": 0.001,
                            "over_seeds": {"count_at_least": 9}, "decimals": 0});
        let p = paper(vals, json!({"within": {"rel": 0.1}}), None);
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!((v.number("hi"), v.number("lo")), (5.0, 3.0));
        assert_eq!(
            (v.number("n3"), v.number("n4"), v.number("n9")),
            (2.0, 1.0, 0.0)
        );
        assert_eq!(v.number("ga"), 4.0, "the mean stays the default");
    }

    #[test]
    fn over_seeds_is_for_metrics_only() {
        let mut vals = values();
        vals["q"]["over_seeds"] = "max".into();
        let e = Paper::parse(
            &json!({"format": "tcplab-papers/1", "paper": "9", "title": "t", "cite": "c",
                    "runs": {"a": {"scenario": "x"}, "b": {"scenario": "y"}},
                    "values": vals, "results": []})
            .to_string(),
        )
        .err()
        .unwrap();
        assert_eq!(e, "values.q: over_seeds applies to a metric only");
    }

    #[test]
    fn rules_give_reproduced_direction_or_not() {
        // q = 4: not within 10 % of the paper's 2, but above 1.
        let p = paper(
            values(),
            json!({"within": {"rel": 0.1}}),
            Some(json!({"above": 1})),
        );
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!(v.verdict(&p.results[0]), Verdict::Direction);
        let p = paper(values(), json!({"at_least": "ga", "at_most": 4}), None);
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!(v.verdict(&p.results[0]), Verdict::Reproduced);
        let p = paper(values(), json!({"below": 4}), None);
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!(v.verdict(&p.results[0]), Verdict::NotReproduced);
        assert_eq!(v.why(&p.results[0], Verdict::NotReproduced), "no: 4.00");
        assert_eq!(v.lab(&p.results[0]), "4.00");
        let ja = Why {
            reproduced: "再現".into(),
            direction: None,
            not_reproduced: "再現せず: {q}".into(),
        };
        assert_eq!(
            v.why_in(&ja, Verdict::NotReproduced, Lang::Ja),
            "再現せず: 4.00"
        );
    }

    #[test]
    fn a_verdict_that_only_rounding_gives_is_refused() {
        // gb / ga = 0.25 is not below 0.1, but shown with no decimals it reads 0.
        let mut vals = values();
        vals["q"] = json!({"ratio": ["gb", "ga"], "decimals": 0});
        let p = paper(vals.clone(), json!({"below": 0.1}), None);
        let e = Values::compute(&p, &sums()).err().unwrap();
        assert!(e.contains("give values.q more decimals"), "{e}");
        assert!(
            e.contains("not reproduced") && e.contains("as shown (0)"),
            "{e}"
        );
        // With two decimals the shown 0.25 gives the same verdict as the exact value.
        vals["q"]["decimals"] = 2.into();
        let p = paper(vals, json!({"below": 0.1}), None);
        let v = Values::compute(&p, &sums()).unwrap();
        assert_eq!(v.verdict(&p.results[0]), Verdict::NotReproduced);
    }

    #[test]
    fn a_missing_metric_is_an_error_naming_the_value() {
        let mut vals = values();
        vals["ga"]["metric"] = "nothing".into();
        let p = paper(vals, json!({"within": {"rel": 0.1}}), None);
        let e = Values::compute(&p, &sums()).err().unwrap();
        assert!(e.starts_with("values.ga: "), "{e}");
    }
}
