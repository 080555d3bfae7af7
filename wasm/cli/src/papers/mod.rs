//! `tcplab papers [--check] [--only NNN]… [--root DIR]`: run every experiment of the paper
//! data files (content/papers/NNN.json), judge each reported result, and write the report
//! (docs/papers.md and content/papers/report.json) and the quoted numbers (in preset
//! descriptions and lessons) from those runs. `--check` writes nothing and exits 1 when any
//! of them differs from what the model gives now; `--only` runs only the papers named and
//! prints their section instead of writing. Bad data files exit 2 with the place.
//!
//! Each paper file has its Japanese text beside it (content/papers/ja/NNN.json, `ja.rs`):
//! report.json carries both languages for the page; docs/papers.md is in English.

mod blocks;
mod eval;
mod ja;
mod quotes;
mod report;
mod spec;

use ja::Japanese;
use serde_json::Value;
use spec::{Paper, Piece};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

const REPORT_MD: &str = "docs/papers.md";
const REPORT_JSON: &str = "content/papers/report.json";
const HEADER: &str = "content/papers/header.md";

use crate::args::Papers as Options;

/// A failure: its message and exit status.
struct Fail(String, u8);

fn bad(msg: impl Into<String>) -> Fail {
    Fail(msg.into(), 2)
}

pub fn run(o: Options) -> ExitCode {
    match papers(&o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg, code)) => {
            eprintln!("{msg}");
            ExitCode::from(code)
        }
    }
}

fn read(root: &Path, rel: &str) -> Result<String, Fail> {
    std::fs::read_to_string(root.join(rel))
        .map_err(|e| Fail(format!("error: cannot read {rel}: {e}"), 1))
}

/// A paper file and its Japanese text.
struct Loaded {
    /// The paper file's repository path.
    rel: String,
    paper: Paper,
    ja: Japanese,
}

/// The data files, in paper order.
fn load(o: &Options) -> Result<Vec<Loaded>, Fail> {
    let dir = o.root.join("content/papers");
    let entries =
        std::fs::read_dir(&dir).map_err(|e| Fail(format!("error: content/papers: {e}"), 1))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && n.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for n in names {
        let rel = format!("content/papers/{n}");
        let p =
            Paper::parse(&read(&o.root, &rel)?).map_err(|e| bad(format!("error: {rel}: {e}")))?;
        if format!("{}.json", p.paper) != n {
            return Err(bad(format!(
                "error: {rel}: paper: \"{}\" does not match the file name",
                p.paper
            )));
        }
        let ja_rel = ja::path(&p.paper);
        let text = read(&o.root, &ja_rel).map_err(|Fail(m, _)| {
            bad(format!(
                "{m} (every paper file needs its Japanese text there)"
            ))
        })?;
        let ja = Japanese::parse(&text, &p).map_err(|e| bad(format!("error: {ja_rel}: {e}")))?;
        if o.only.is_empty() || o.only.contains(&p.paper) {
            out.push(Loaded { rel, paper: p, ja });
        }
    }
    if let Some(missing) = o
        .only
        .iter()
        .find(|n| !out.iter().any(|l| &l.paper.paper == *n))
    {
        return Err(bad(format!(
            "error: --only {missing}: no content/papers/{missing}.json"
        )));
    }
    Ok(out)
}

struct Job {
    /// "<paper>/<run>".
    key: String,
    scenario: Value,
    /// The run's `block_bytes`, if it has one.
    block_bytes: Option<u64>,
}

/// Every run of every paper (one job per seed), with its scenario ready to parse.
fn jobs(o: &Options, papers: &[Loaded]) -> Result<Vec<Job>, Fail> {
    let mut jobs = Vec::new();
    for Loaded { rel, paper: p, .. } in papers {
        for (name, run) in &p.runs {
            let file = format!("content/scenarios/{}.json", run.scenario);
            let mut s: Value = serde_json::from_str(&read(&o.root, &file)?)
                .map_err(|e| bad(format!("error: {file}: {e}")))?;
            for (path, v) in &run.set {
                let segs = grading::path::parse(path).expect("checked by Paper::parse");
                if grading::path::set(&mut s, &segs, v) == 0 {
                    return Err(bad(format!(
                        "error: {rel}: runs.{name}.set: {path} reaches nothing in {file}"
                    )));
                }
            }
            let seeds = if run.seeds.is_empty() {
                vec![None]
            } else {
                run.seeds.iter().copied().map(Some).collect()
            };
            for seed in seeds {
                let mut s = s.clone();
                if let Some(seed) = seed {
                    s["seed"] = seed.into();
                }
                jobs.push(Job {
                    key: format!("{}/{name}", p.paper),
                    scenario: s,
                    block_bytes: run.block_bytes,
                });
            }
        }
    }
    Ok(jobs)
}

fn run_job(job: &Job) -> Result<Value, String> {
    let s = sim::parse_scenario(&job.scenario.to_string()).map_err(|errs| {
        let list: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        format!("{}: {}", job.key, list.join("; "))
    })?;
    let mut world = sim::World::new(&s);
    let blocks = match job.block_bytes {
        Some(b) => Some(
            blocks::run_timing_blocks(&mut world, &s, b)
                .map_err(|e| format!("{}: {e}", job.key))?,
        ),
        None => {
            world.run();
            None
        }
    };
    let mut summary =
        serde_json::to_value(world.summary()).map_err(|e| format!("{}: {e}", job.key))?;
    if let Some(b) = blocks {
        blocks::add_to_summary(&mut summary, b);
    }
    Ok(summary)
}

/// The quoted numbers: each file's text after rewriting, and the drifts found.
struct QuoteResult {
    files: BTreeMap<String, (String, String)>,
    drifts: Vec<String>,
}

fn quotes(o: &Options, reports: &[report::PaperReport]) -> Result<QuoteResult, Fail> {
    let mut files: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut drifts = Vec::new();
    for r in reports {
        for (i, q) in r.paper.quotes.iter().enumerate() {
            let at = format!("content/papers/{}.json: quotes[{i}]", r.paper.paper);
            if !files.contains_key(&q.file) {
                let t = read(&o.root, &q.file).map_err(|Fail(m, _)| bad(format!("{at}: {m}")))?;
                files.insert(q.file.clone(), (t.clone(), t));
            }
            let text = &mut files.get_mut(&q.file).expect("inserted").1;
            let pieces = spec::pieces(&q.text).expect("checked");
            let found = quotes::find(text, &pieces);
            let [one] = &found[..] else {
                return Err(bad(format!(
                    "error: {at}: \"{}\" occurs {} times in {} (it must occur once)",
                    q.text,
                    found.len(),
                    q.file
                )));
            };
            let want: Vec<String> = pieces
                .iter()
                .filter_map(|p| match p {
                    Piece::Value(v) => Some(r.values.text(v)),
                    Piece::Text(_) => None,
                })
                .collect();
            let have: Vec<&String> = one.numbers.iter().map(|n| &n.1).collect();
            if have.iter().zip(&want).any(|(h, w)| *h != w) {
                drifts.push(format!(
                    "{}: \"{}\" quotes {} where the model gives {}",
                    q.file,
                    q.text,
                    have.iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    want.join(", ")
                ));
                *text = quotes::rewrite(text, one, &want);
            }
        }
    }
    Ok(QuoteResult { files, drifts })
}

fn papers(o: &Options) -> Result<(), Fail> {
    let papers = load(o)?;
    let jobs = jobs(o, &papers)?;
    let threads = std::thread::available_parallelism().map_or(2, |p| p.get());
    eprintln!(
        "papers: {} runs of {} papers on up to {threads} threads",
        jobs.len(),
        papers.len()
    );
    let keys: Vec<String> = jobs.iter().map(|j| j.key.clone()).collect();
    let results = crate::pool::map_parallel(jobs, run_job);
    let mut summaries: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (key, r) in keys.into_iter().zip(results) {
        summaries
            .entry(key)
            .or_default()
            .push(r.map_err(|e| bad(format!("error: {e}")))?);
    }
    let mut reports = Vec::new();
    for Loaded { rel, paper: p, ja } in &papers {
        let prefix = format!("{}/", p.paper);
        let own: BTreeMap<String, Vec<Value>> = summaries
            .iter()
            .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|r| (r.to_string(), v.clone())))
            .collect();
        let values =
            eval::Values::compute(p, &own).map_err(|e| bad(format!("error: {rel}: {e}")))?;
        reports.push(report::PaperReport {
            paper: p,
            ja,
            values,
        });
    }
    for r in &reports {
        let counts = [
            eval::Verdict::Reproduced,
            eval::Verdict::Direction,
            eval::Verdict::NotReproduced,
        ]
        .map(|v| {
            r.paper
                .results
                .iter()
                .filter(|x| r.values.verdict(x) == v)
                .count()
        });
        eprintln!(
            "paper {}: {} reproduced, {} direction only, {} not reproduced",
            r.paper.paper, counts[0], counts[1], counts[2]
        );
    }
    let header = read(&o.root, HEADER)?;
    let md = report::markdown(&header, &reports);
    if !o.only.is_empty() {
        print!("{md}");
        return Ok(());
    }
    let mut json = serde_json::to_string_pretty(&report::json(&reports)).expect("serialises");
    json.push('\n');
    let q = quotes(o, &reports)?;
    let mut outputs: Vec<(String, String)> =
        vec![(REPORT_MD.into(), md), (REPORT_JSON.into(), json)];
    outputs.extend(
        q.files
            .into_iter()
            .filter(|(_, (old, new))| old != new)
            .map(|(f, (_, new))| (f, new)),
    );
    if o.check {
        let mut stale: Vec<String> = q.drifts;
        for (file, text) in &outputs[..2] {
            if std::fs::read_to_string(o.root.join(file)).ok().as_deref() != Some(text) {
                stale.push(format!("{file} is not what the runs give"));
            }
        }
        if stale.is_empty() {
            eprintln!("papers: the report and every quoted number match the model");
            return Ok(());
        }
        return Err(Fail(
            format!(
                "{}\n{} difference(s): run `npm run papers` after an intended model change",
                stale.join("\n"),
                stale.len()
            ),
            1,
        ));
    }
    for d in &q.drifts {
        eprintln!("updated {d}");
    }
    for (file, text) in outputs {
        std::fs::write(o.root.join(&file), text)
            .map_err(|e| Fail(format!("error: cannot write {file}: {e}"), 1))?;
    }
    eprintln!("papers: wrote {REPORT_MD} and {REPORT_JSON}");
    Ok(())
}
