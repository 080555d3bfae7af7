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

pub fn run(args: crate::args::Sweep) -> ExitCode {
    if !args.merge.is_empty() {
        return merge_parts(&args.merge, args.sweep.as_deref(), args.out.as_deref());
    }
    let Some(file) = args.file.as_deref() else {
        eprintln!("error: give a sweep file (or --merge with the parts)");
        return ExitCode::from(2);
    };
    let out = args.out;
    let shard = match args.shard.as_deref().map(Shard::parse) {
        None => Shard::ALL,
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
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
    // A point that fails is reported; the points that finished are still written, so a
    // rerun of the failed points and `--merge` complete the sweep.
    let mut csv = batch::run::header(&plan.names, &plan.metrics);
    let mut failed = 0;
    for r in results {
        match r {
            Ok(line) => csv += &line,
            Err(e) => {
                eprintln!("error: {file}: {e}");
                failed += 1;
            }
        }
    }
    let code = write_out(out.as_deref(), &csv);
    if failed > 0 {
        eprintln!("error: {file}: {failed} point(s) failed; the others are written");
        return ExitCode::from(1);
    }
    code
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
