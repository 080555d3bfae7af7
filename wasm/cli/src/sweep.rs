//! `tcplab sweep SWEEP.json [--shard K/N] [--out FILE.csv]`: run a sweep file (the format
//! of docs/sweeps.md, read and checked by tcplab-batch before anything runs) on every core,
//! one CSV row per point. `--shard K/N` runs only the points numbered K modulo N, for a
//! Slurm array, a Kubernetes Indexed Job or GNU parallel (docs/scale-out.md).
//!
//! `tcplab sweep --merge PART.csv… [--sweep SWEEP.json] --out FILE.csv` joins the parts
//! into exactly the file an unsharded run writes (with `--sweep`, also checking that no
//! point is missing at the end).

use batch::merge::{merge, Part};
use batch::path::Path as FieldPath;
use batch::{Point, Shard};
use std::process::ExitCode;

const USAGE: &str = "usage: tcplab sweep SWEEP.json [--shard K/N] [--out FILE.csv]
       tcplab sweep --merge PART.csv... [--sweep SWEEP.json] [--out FILE.csv]";

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n{USAGE}");
    ExitCode::from(2)
}

pub fn run(args: &[String]) -> ExitCode {
    let (mut files, mut out, mut shard, mut sweep, mut merging) =
        (Vec::new(), None, None, None, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let slot = match a.as_str() {
            "--merge" => {
                merging = true;
                continue;
            }
            "--out" => &mut out,
            "--shard" => &mut shard,
            "--sweep" => &mut sweep,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            f => {
                files.push(f.to_string());
                continue;
            }
        };
        match it.next() {
            Some(v) => *slot = Some(v.clone()),
            None => return usage(&format!("{a} needs a value")),
        }
    }
    if merging {
        if shard.is_some() {
            return usage("--merge takes no --shard");
        }
        return merge_parts(&files, sweep.as_deref(), out.as_deref());
    }
    let [file] = &files[..] else {
        return usage("give one sweep file");
    };
    let shard = match shard.as_deref().map(Shard::parse) {
        None => Shard::ALL,
        Some(Ok(s)) => s,
        Some(Err(e)) => return usage(&e),
    };
    let plan = match batch::read_sweep(std::path::Path::new(file)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let points = match plan.points(shard) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let jobs: Vec<(Point, Vec<(String, FieldPath)>)> = points
        .into_iter()
        .map(|p| (p, plan.metrics.clone()))
        .collect();
    let results = crate::pool::map_parallel(jobs, |(p, m)| {
        batch::run::run_point(p, m).map_err(|e| format!("point {}: {e}", p.index))
    });
    let mut csv = batch::run::header(&plan.names, &plan.metrics);
    for r in results {
        match r {
            Ok(line) => csv += &line,
            Err(e) => {
                eprintln!("error: {file}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    write_out(out.as_deref(), &csv)
}

fn write_out(out: Option<&str>, text: &str) -> ExitCode {
    match out {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write {path}: {e}");
                ExitCode::from(1)
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

fn merge_parts(files: &[String], sweep: Option<&str>, out: Option<&str>) -> ExitCode {
    let expect = match sweep.map(|f| batch::read_sweep(std::path::Path::new(f)).map(|p| p.len())) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => {
            eprintln!("error: {}: {e}", sweep.unwrap_or_default());
            return ExitCode::from(2);
        }
    };
    let mut texts = Vec::new();
    for f in files {
        match std::fs::read_to_string(f) {
            Ok(t) => texts.push(t),
            Err(e) => {
                eprintln!("error: cannot read {f}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let parts: Vec<Part> = files
        .iter()
        .zip(&texts)
        .map(|(name, text)| Part { name, text })
        .collect();
    match merge(&parts, expect) {
        Ok(text) => write_out(out, &text),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
