//! `tcplab`: run scenario files natively.
//!
//! tcplab run FILE.json [--csv DIR] [--no-work-limit]
//!                                     print the run summary as JSON (and write traces as CSV);
//!                                     --no-work-limit lifts the event and trace caps
//! tcplab validate FILE.json [--json]  check a scenario; print its errors, or its work estimate
//!                                     (--json: the estimate as JSON)
//! tcplab schema                       print the scenario JSON Schema
//! tcplab oracles [--only CASE]…       validate the model against analytic oracles
//! tcplab sweep SWEEP.json [--out F]   run a parameter sweep, CSV of goodput and bounds
//! tcplab bounds FILE.json             each TCP flow's bounds, and paper 000's bound
//!                                     as curves over MTU and RTT (JSON)
//! tcplab bench [FILE…]               benchmark scenarios natively (JSON lines)
//! tcplab grade ASSIGNMENT.json STUDENTS.csv [--out F]
//!                                     grade answers or result codes (see grade.rs)
//! tcplab golden [--update] [FILE]     check (or rewrite) golden trace hashes
//!                                     (default FILE: tests/golden/expected.json)
//! tcplab papers [--check] [--only NNN]… [--root DIR]
//!                                     run the paper experiments (content/papers), write
//!                                     docs/papers.md and the quoted numbers (see papers/)
//!
//! Exit status: 0 on success, 2 for bad input (with the field path), 1 for I/O errors.

mod assignment;
mod bench;
mod csv;
mod golden;
mod grade;
mod oracles;
mod papers;
mod pool;
mod sweep;

use sim::scenario::parse_scenario_bytes;
use sim::World;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage:
  tcplab run FILE.json [--csv DIR] [--no-work-limit]
  tcplab validate FILE.json [--json]
  tcplab schema
  tcplab golden [--update] [FILE]
  tcplab oracles [--only CASE]...
  tcplab sweep SWEEP.json [--out FILE.csv]
  tcplab bounds FILE.json
  tcplab bench [FILE.json]...
  tcplab grade ASSIGNMENT.json STUDENTS.csv [--out GRADES.csv]
  tcplab papers [--check] [--only NNN]... [--root DIR]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("validate") => validate(&args[1..]),
        Some("golden") => golden::run(&args[1..]),
        Some("grade") => grade::run(&args[1..]),
        Some("oracles") => oracles::run(&args[1..]),
        Some("sweep") => sweep::run(&args[1..]),
        Some("bounds") => bounds(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("papers") => papers::run(&args[1..]),
        Some("schema") => {
            print!("{}", sim::scenario::json_schema());
            ExitCode::SUCCESS
        }
        Some("--help") | Some("-h") | Some("help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

pub(crate) fn load(path: &str) -> Result<sim::Scenario, ExitCode> {
    load_with(path, parse_scenario_bytes)
}

type Parser = fn(&[u8]) -> Result<sim::Scenario, Vec<sim::ValidationError>>;

/// Read and check a scenario file: exit status 1 when it cannot be read,
/// 2 when it is not a valid scenario (too large, not UTF-8, malformed, or
/// invalid, each with its field path or byte position).
fn load_with(path: &str, parse: Parser) -> Result<sim::Scenario, ExitCode> {
    let cannot_read = |e: std::io::Error| {
        eprintln!("error: cannot read {path}: {e}");
        ExitCode::from(1)
    };
    // Refused by its size before it is read into memory.
    let size = std::fs::metadata(path).map_err(cannot_read)?.len();
    if size > sim::scenario::MAX_SCENARIO_BYTES as u64 {
        eprintln!(
            "error: {path}: the scenario is {size} bytes, more than the limit of {}",
            sim::scenario::MAX_SCENARIO_BYTES
        );
        return Err(ExitCode::from(2));
    }
    let bytes = std::fs::read(path).map_err(cannot_read)?;
    parse(&bytes).map_err(|errors| {
        for e in &errors {
            eprintln!("error: {path}: {e}");
        }
        ExitCode::from(2)
    })
}

fn run(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut csv_dir = None;
    let mut parse: Parser = parse_scenario_bytes;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--csv" => match it.next() {
                Some(d) => csv_dir = Some(d.clone()),
                None => {
                    eprintln!("error: --csv needs a directory\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--no-work-limit" => parse = sim::scenario::parse_scenario_bytes_without_work_limits,
            _ if file.is_none() => file = Some(a.clone()),
            _ => {
                eprintln!("error: unexpected argument '{a}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let scenario = match load_with(&file, parse) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut world = World::new(&scenario);
    let mut writer = match csv_dir
        .as_deref()
        .map(|d| csv::TraceCsv::create(d, world.columns()))
    {
        Some(Ok(w)) => Some(w),
        Some(Err(e)) => {
            eprintln!("error: cannot write CSV: {e}");
            return ExitCode::from(1);
        }
        None => None,
    };
    // Advance in one-second chunks so CSV rows stream out and memory stays bounded.
    let step = sim::engine::time::NS_PER_S;
    loop {
        let done = world.advance(world.now() + step, u64::MAX);
        let rows = world.drain();
        if let Some(w) = writer.as_mut() {
            if let Err(e) = w.write_rows(&rows) {
                eprintln!("error: cannot write CSV: {e}");
                return ExitCode::from(1);
            }
        }
        if done {
            break;
        }
    }
    // A closed stdout (e.g. piped into `head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", world.summary().to_json());
    ExitCode::SUCCESS
}

fn validate(args: &[String]) -> ExitCode {
    let (json, files): (Vec<&String>, Vec<&String>) = args.iter().partition(|a| *a == "--json");
    let [file] = files[..] else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match load(file) {
        Ok(s) => {
            let w = sim::scenario::estimate_work(&s);
            if json.is_empty() {
                println!("{file}: valid");
                println!(
                    "work estimate: {:.0} events, {:.0} packets, {:.0} rows × {:.0} columns ({:.0} trace values)",
                    w.events, w.packets, w.rows, w.columns, w.trace_values
                );
            } else {
                println!("{}", w.to_json());
            }
            if w.level == sim::scenario::WorkLevel::Warn {
                eprintln!("warning: {file}: {}", w.message);
            }
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// Every TCP flow's bounds (values) and paper 000's bound curves.
fn bounds(args: &[String]) -> ExitCode {
    let [file] = args else {
        eprintln!("usage: tcplab bounds FILE.json");
        return ExitCode::from(2);
    };
    let s = match load(file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    use sim::metrics::bounds::{bound_curves, flow_bounds, BoundConditions};
    let flows: Vec<serde_json::Value> = (0..s.flows.len())
        .map(|i| {
            let values = BoundConditions::for_flow(&s, i).and_then(|c| flow_bounds(&s, i, &c));
            serde_json::json!({"flow": s.flows[i].id, "bounds": values, "curves": bound_curves(&s, i)})
        })
        .collect();
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        serde_json::to_string_pretty(&flows).expect("serialises")
    );
    ExitCode::SUCCESS
}
