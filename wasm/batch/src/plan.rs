//! A sweep file planned: every point's scenario, built and checked before anything runs.
//!
//! Points are numbered in order: the first parameter varies slowest, the seeds fastest.
//! Each point's scenario is the base scenario with the parameters' values set at their
//! paths, then the seed. Every point is read by the one scenario reader (`sim::parse_scenario`,
//! with its work limits) so a sweep that would fail at point 9,000 fails at once, naming
//! the parameter value or the point. A shard `K/N` holds the points whose number is `K`
//! modulo `N` (round robin, so slow and quick points spread evenly).

use crate::path::Path;
use crate::spec::{Parameter, Range, Scale, ScenarioRef, SpecError, SweepSpec};
use serde_json::Value;

/// The most points one sweep file may hold (before sharding): a study of 5 algorithms ×
/// 10 RTTs × 10 buffers × 20 seeds is 10,000.
pub const MAX_POINTS: usize = 100_000;

/// One value of one parameter: what the CSV column shows and what is set.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// The cell: the value as JSON (a string as itself), or a case's label.
    pub cell: String,
    /// Path → value, applied in order.
    pub sets: Vec<(Path, Value)>,
}

/// One run of the sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub index: usize,
    /// One cell per parameter, in the file's order.
    pub cells: Vec<String>,
    pub seed: u32,
    /// The scenario's JSON text.
    pub scenario: String,
}

/// A sweep file, read and checked.
#[derive(Debug, Clone)]
pub struct Plan {
    pub spec: SweepSpec,
    /// Parameter names, in order.
    pub names: Vec<String>,
    pub metrics: Vec<(String, Path)>,
    base: Value,
    levels: Vec<Vec<Level>>,
    seeds: Vec<Option<u32>>,
    base_seed: u32,
}

/// Which slice of the points to run: `index` of `count`, both from 0 (`--shard 0/4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// `K/N` with `0 ≤ K < N`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let bad = || format!("--shard '{text}': give K/N with 0 ≤ K < N, such as 0/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    pub fn holds(&self, point: usize) -> bool {
        point % self.count == self.index
    }
}

/// Column names must survive a CSV file and a pandas attribute.
fn check_name(name: &str, at: &str) -> Result<(), SpecError> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if !ok {
        return Err(SpecError::new(
            at,
            format!("'{name}': use letters, digits, '_', '-' or '.'"),
        ));
    }
    if matches!(name, "point" | "seed" | "trace_hash") {
        return Err(SpecError::new(
            at,
            format!("'{name}' is a column tcplab writes"),
        ));
    }
    Ok(())
}

/// The numbers of a range, as the page's sweep panel makes them.
pub fn range_values(r: &Range, at: &str) -> Result<Vec<f64>, SpecError> {
    if !r.from.is_finite() || !r.to.is_finite() {
        return Err(SpecError::new(at, "from and to must be finite numbers"));
    }
    if r.points == 0 {
        return Err(SpecError::new(
            format!("{at}.points"),
            "an empty range: give at least 1 point",
        ));
    }
    if r.scale == Scale::Log && (r.from <= 0.0 || r.to <= 0.0) {
        return Err(SpecError::new(
            format!("{at}.scale"),
            "a log scale needs from and to above 0",
        ));
    }
    let n = r.points as usize;
    let mut out: Vec<f64> = Vec::with_capacity(n);
    for i in 0..n {
        let f = if n == 1 {
            0.0
        } else {
            i as f64 / (n - 1) as f64
        };
        let v = match r.scale {
            Scale::Log => libm::exp(libm::log(r.from) + f * (libm::log(r.to) - libm::log(r.from))),
            Scale::Linear => r.from + f * (r.to - r.from),
        };
        let v = if r.integer {
            libm::round(v)
        } else {
            // Six significant digits, like JavaScript's toPrecision(6).
            format!("{v:.5e}").parse().unwrap_or(v)
        };
        if out.last() != Some(&v) {
            out.push(v);
        }
    }
    Ok(out)
}

/// A number as JSON: whole numbers without a fraction (`1500`, not `1500.0`).
fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        Value::from(v as i64)
    } else {
        serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
    }
}

/// A value's cell: strings as themselves, everything else as JSON.
fn cell(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

fn parse_path(text: &str, at: &str) -> Result<Path, SpecError> {
    Path::parse(text).map_err(|e| SpecError::new(at, e))
}

/// A parameter's levels.
fn levels(p: &Parameter, at: &str) -> Result<Vec<Level>, SpecError> {
    let given = [p.values.is_some(), p.range.is_some(), p.cases.is_some()];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(SpecError::new(
            at,
            "give exactly one of values, range or cases",
        ));
    }
    if let Some(cases) = &p.cases {
        if p.path.is_some() {
            return Err(SpecError::new(
                format!("{at}.path"),
                "cases name their own paths in set; leave path out",
            ));
        }
        if cases.is_empty() {
            return Err(SpecError::new(
                format!("{at}.cases"),
                "an empty list: give at least one case",
            ));
        }
        return cases
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let cat = format!("{at}.cases[{i}]");
                if c.label.is_empty() || c.label.contains(['\n', '\r']) {
                    return Err(SpecError::new(
                        format!("{cat}.label"),
                        "give a one-line label",
                    ));
                }
                let sets = c
                    .set
                    .iter()
                    .map(|(k, v)| Ok((parse_path(k, &format!("{cat}.set"))?, v.clone())))
                    .collect::<Result<Vec<_>, SpecError>>()?;
                Ok(Level {
                    cell: c.label.clone(),
                    sets,
                })
            })
            .collect();
    }
    let Some(path_text) = &p.path else {
        return Err(SpecError::new(
            format!("{at}.path"),
            "give the scenario field that takes the values",
        ));
    };
    let path = parse_path(path_text, &format!("{at}.path"))?;
    let values: Vec<Value> = match (&p.values, &p.range) {
        (Some(v), _) if v.is_empty() => {
            return Err(SpecError::new(
                format!("{at}.values"),
                "an empty list: give at least one value",
            ))
        }
        (Some(v), _) => v.clone(),
        (None, Some(r)) => range_values(r, &format!("{at}.range"))?
            .into_iter()
            .map(number)
            .collect(),
        (None, None) => Vec::new(),
    };
    Ok(values
        .iter()
        .map(|v| Level {
            cell: cell(v),
            sets: vec![(path.clone(), v.clone())],
        })
        .collect())
}

/// Where a parameter level is written in the file: `parameters[1].values[2]`.
fn level_at(spec: &SweepSpec, p: usize, l: usize) -> String {
    let param = &spec.parameters[p];
    let kind = if param.cases.is_some() {
        "cases"
    } else if param.range.is_some() {
        return format!("parameters[{p}].range");
    } else {
        "values"
    };
    format!("parameters[{p}].{kind}[{l}]")
}

/// The scenario's validator errors, joined.
fn scenario_errors(text: &str) -> Result<(), String> {
    sim::parse_scenario(text).map(|_| ()).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })
}

impl Plan {
    /// Check a sweep and every point's scenario. `base_dir`: where a scenario path is
    /// relative to (the sweep file's folder).
    pub fn new(spec: SweepSpec, base_dir: &std::path::Path) -> Result<Self, SpecError> {
        let base: Value = match &spec.scenario {
            ScenarioRef::Inline(m) => Value::Object(m.clone()),
            ScenarioRef::Path(rel) => {
                let file = base_dir.join(rel);
                let text = std::fs::read_to_string(&file).map_err(|e| {
                    SpecError::new("scenario", format!("cannot read {}: {e}", file.display()))
                })?;
                serde_json::from_str(&text)
                    .map_err(|e| SpecError::new("scenario", format!("{}: {e}", file.display())))?
            }
        };
        scenario_errors(&base.to_string())
            .map_err(|e| SpecError::new("scenario", format!("the base scenario: {e}")))?;
        let base_seed = base
            .get("seed")
            .and_then(Value::as_u64)
            .and_then(|s| u32::try_from(s).ok())
            .unwrap_or(0);

        let mut names = Vec::new();
        let mut levels_all = Vec::new();
        for (i, p) in spec.parameters.iter().enumerate() {
            let at = format!("parameters[{i}]");
            check_name(&p.name, &format!("{at}.name"))?;
            if names.contains(&p.name) {
                return Err(SpecError::new(
                    format!("{at}.name"),
                    format!("'{}' names two parameters", p.name),
                ));
            }
            names.push(p.name.clone());
            levels_all.push(levels(p, &at)?);
        }
        let seeds: Vec<Option<u32>> = match &spec.seeds {
            Some(s) if s.is_empty() => {
                return Err(SpecError::new(
                    "seeds",
                    "an empty list: give at least one seed, or leave seeds out",
                ))
            }
            Some(s) => s.iter().map(|s| Some(*s)).collect(),
            None => vec![None],
        };
        let mut metrics = Vec::new();
        for (i, m) in spec.metric_paths().iter().enumerate() {
            let at = format!("metrics[{i}]");
            let path = parse_path(m, &at)?;
            if !path.is_single() {
                return Err(SpecError::new(
                    at,
                    format!(
                        "'{m}' names several values: pick one by index or id, such as flows[0]"
                    ),
                ));
            }
            if names.contains(m) || metrics.iter().any(|(n, _)| n == m) {
                return Err(SpecError::new(at, format!("'{m}' is already a column")));
            }
            metrics.push((m.clone(), path));
        }
        let total = levels_all
            .iter()
            .map(Vec::len)
            .chain([seeds.len()])
            .try_fold(1usize, |acc, n| acc.checked_mul(n))
            .unwrap_or(usize::MAX);
        if total > MAX_POINTS {
            return Err(SpecError::new(
                "parameters",
                format!("{total} points is over the cap of {MAX_POINTS} per sweep file: split the sweep into several files"),
            ));
        }
        let plan = Plan {
            spec,
            names,
            metrics,
            base,
            levels: levels_all,
            seeds,
            base_seed,
        };
        plan.check_levels()?;
        for i in 0..plan.len() {
            let p = plan.point(i)?;
            scenario_errors(&p.scenario).map_err(|e| {
                SpecError::new(
                    "parameters",
                    format!("point {i} ({}): {e}", plan.describe(&p)),
                )
            })?;
        }
        Ok(plan)
    }

    /// Each parameter level on its own over the base scenario: an unknown path or a value
    /// the scenario schema refuses is named where it is written.
    fn check_levels(&self) -> Result<(), SpecError> {
        for (p, levels) in self.levels.iter().enumerate() {
            for (l, level) in levels.iter().enumerate() {
                let at = level_at(&self.spec, p, l);
                let mut s = self.base.clone();
                for (path, v) in &level.sets {
                    if path.set(&mut s, v) == 0 {
                        let text = path_text(&self.spec.parameters[p], path, l);
                        return Err(SpecError::new(
                            if self.spec.parameters[p].cases.is_some() {
                                format!("{at}.set")
                            } else {
                                format!("parameters[{p}].path")
                            },
                            format!("'{text}' reaches no field of the scenario"),
                        ));
                    }
                }
                scenario_errors(&s.to_string())
                    .map_err(|e| SpecError::new(at, format!("{} gives {e}", level.cell)))?;
            }
        }
        Ok(())
    }

    /// How many points.
    pub fn len(&self) -> usize {
        self.levels.iter().map(Vec::len).product::<usize>() * self.seeds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The point numbered `index` (< `len()`).
    pub fn point(&self, index: usize) -> Result<Point, SpecError> {
        let mut rest = index;
        let seed = self.seeds[rest % self.seeds.len()];
        rest /= self.seeds.len();
        let mut chosen = vec![0; self.levels.len()];
        for (i, levels) in self.levels.iter().enumerate().rev() {
            chosen[i] = rest % levels.len();
            rest /= levels.len();
        }
        let mut s = self.base.clone();
        let mut cells = Vec::with_capacity(chosen.len());
        for (levels, &c) in self.levels.iter().zip(&chosen) {
            for (path, v) in &levels[c].sets {
                path.set(&mut s, v);
            }
            cells.push(levels[c].cell.clone());
        }
        if let Some(seed) = seed {
            if let Value::Object(m) = &mut s {
                m.insert("seed".into(), Value::from(seed));
            }
        }
        Ok(Point {
            index,
            cells,
            seed: seed.unwrap_or(self.base_seed),
            scenario: s.to_string(),
        })
    }

    /// The points of a shard, in order.
    pub fn points(&self, shard: Shard) -> Result<Vec<Point>, SpecError> {
        (0..self.len())
            .filter(|i| shard.holds(*i))
            .map(|i| self.point(i))
            .collect()
    }

    /// `mtu=1500, seed=1`.
    pub fn describe(&self, p: &Point) -> String {
        self.names
            .iter()
            .zip(&p.cells)
            .map(|(n, c)| format!("{n}={c}"))
            .chain([format!("seed={}", p.seed)])
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn path_text(p: &Parameter, path: &Path, level: usize) -> String {
    match (&p.path, &p.cases) {
        (Some(t), _) => t.clone(),
        (None, Some(cases)) => cases
            .get(level)
            .and_then(|c| {
                c.set
                    .keys()
                    .find(|k| Path::parse(k).as_ref() == Ok(path))
                    .cloned()
            })
            .unwrap_or_default(),
        (None, None) => String::new(),
    }
}
