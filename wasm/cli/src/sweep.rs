//! `tcplab sweep SWEEP.json [--out FILE.csv]`: run a scenario over a range of
//! one parameter, for each variant, on every core, and write one CSV row per
//! run: variant, value, each flow's goodput and its analytic bounds.
//!
//! A sweep file: {"scenario": "path relative to the sweep file",
//!   "parameter": "/json/pointer/into/the/scenario", "values": [..],
//!   "variants": [{"label": "no TOE", "set": {"/pointer": value, …}}, …]}
//! (`set` may also set the same pointer in several places by listing them.)

use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;

struct Job {
    label: String,
    value: Value,
    scenario: Value,
}

pub fn run(args: crate::args::Sweep) -> ExitCode {
    let (file, out) = (&args.file, args.out.as_ref());
    let spec: Value = match std::fs::read_to_string(file).map(|t| serde_json::from_str(&t)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::from(1);
        }
    };
    let jobs = match plan(file, &spec) {
        Ok(j) => j,
        Err(msg) => {
            eprintln!("error: {file}: {msg}");
            return ExitCode::from(2);
        }
    };
    let results = crate::pool::map_parallel(jobs, run_job);
    let mut csv = String::from("variant,value,flow,goodput_bps,link_bps,window_bps,mathis_bps,host_bound_bps,host_bound_printed_bps\n");
    for r in results {
        match r {
            Ok(lines) => csv += &lines,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, csv) {
                eprintln!("error: cannot write {path}: {e}");
                return ExitCode::from(1);
            }
        }
        None => print!("{csv}"),
    }
    ExitCode::SUCCESS
}

fn plan(file: &str, spec: &Value) -> Result<Vec<Job>, String> {
    let rel = spec["scenario"]
        .as_str()
        .ok_or("scenario: give the scenario file's path")?;
    let path = Path::new(file).parent().unwrap_or(Path::new(".")).join(rel);
    let base: Value = std::fs::read_to_string(&path)
        .map_err(|e| format!("scenario: cannot read {}: {e}", path.display()))
        .and_then(|t| serde_json::from_str(&t).map_err(|e| format!("scenario: {e}")))?;
    let pointer = spec["parameter"]
        .as_str()
        .ok_or("parameter: give a JSON pointer such as /topology/links/0/mtu_bytes")?;
    let values = spec["values"]
        .as_array()
        .filter(|v| !v.is_empty())
        .ok_or("values: give a non-empty list")?;
    let default_variant = [serde_json::json!({"label": "", "set": {}})];
    let variants = spec["variants"]
        .as_array()
        .map_or(&default_variant[..], |v| v.as_slice());
    let mut jobs = Vec::new();
    for (vi, variant) in variants.iter().enumerate() {
        let label = variant["label"].as_str().unwrap_or("").to_string();
        let mut s = base.clone();
        if let Some(sets) = variant["set"].as_object() {
            for (p, v) in sets {
                *s.pointer_mut(p)
                    .ok_or(format!("variants[{vi}].set: no field at {p}"))? = v.clone();
            }
        }
        for value in values {
            let mut run = s.clone();
            *run.pointer_mut(pointer)
                .ok_or(format!("parameter: no field at {pointer}"))? = value.clone();
            jobs.push(Job {
                label: label.clone(),
                value: value.clone(),
                scenario: run,
            });
        }
    }
    Ok(jobs)
}

fn run_job(job: &Job) -> Result<String, String> {
    let scenario = sim::parse_scenario(&job.scenario.to_string()).map_err(|e| {
        let list: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        format!("{} = {}: {}", job.label, job.value, list.join("; "))
    })?;
    let mut world = sim::World::new(&scenario);
    world.run();
    let sum = world.summary();
    let mut lines = String::new();
    let num = |v: f64| {
        if v.is_finite() {
            v.to_string()
        } else {
            String::new()
        }
    };
    for f in &sum.flows {
        let b = f.bounds.as_ref();
        let get = |g: fn(&sim::metrics::bounds::FlowBounds) -> f64| {
            b.map_or(String::new(), |b| num(g(b)))
        };
        lines += &format!(
            "{},{},{},{},{},{},{},{},{}\n",
            job.label,
            job.value,
            f.id,
            f.goodput_bps,
            get(|b| b.link_bps),
            get(|b| b.window_bps),
            get(|b| b.mathis_bps),
            get(|b| b.host_bound_bps),
            get(|b| b.host_bound_printed_bps),
        );
    }
    Ok(lines)
}
