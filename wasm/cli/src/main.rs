//! `tcplab`: run scenario files natively.
//!
//! tcplab run FILE.json [--csv DIR] [--no-work-limit]
//!                                     print the run summary as JSON (and write traces as CSV);
//!                                     --no-work-limit lifts the event and trace caps
//! tcplab validate FILE.json [--json]  check a scenario; print its errors, or its work estimate
//!                                     (--json: the estimate as JSON)
//! tcplab schema [sweep]               print the scenario (or sweep file) JSON Schema
//! tcplab oracles [--only CASE]…       validate the model against analytic oracles
//! tcplab sweep SWEEP.json [--shard K/N] [--out F]
//!                                     run a sweep file (docs/sweeps.md): one CSV row per point
//! tcplab sweep --merge PART.csv… [--sweep SWEEP.json] [--out F]
//!                                     join a sharded sweep's parts (docs/scale-out.md)
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
mod golden;
mod grade;
mod oracles;
mod papers;
mod pool;
mod sweep;

use sim::parse_scenario;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage:
  tcplab run FILE.json [--csv DIR] [--no-work-limit]
  tcplab validate FILE.json [--json]
  tcplab schema [sweep]
  tcplab golden [--update] [FILE]
  tcplab oracles [--only CASE]...
  tcplab sweep SWEEP.json [--shard K/N] [--out FILE.csv]
  tcplab sweep --merge PART.csv... [--sweep SWEEP.json] [--out FILE.csv]
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
        Some("schema") => match args.get(1).map(String::as_str) {
            None => {
                print!("{}", sim::scenario::json_schema());
                ExitCode::SUCCESS
            }
            Some("sweep") => {
                print!("{}", batch::spec::json_schema());
                ExitCode::SUCCESS
            }
            Some(other) => {
                eprintln!("error: no schema called '{other}' (give none, or sweep)");
                ExitCode::from(2)
            }
        },
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
    load_with(path, parse_scenario)
}

type Parser = fn(&str) -> Result<sim::Scenario, Vec<sim::ValidationError>>;

fn load_with(path: &str, parse: Parser) -> Result<sim::Scenario, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {path}: {e}");
        ExitCode::from(1)
    })?;
    parse(&text).map_err(|errors| {
        for e in &errors {
            eprintln!("error: {path}: {e}");
        }
        ExitCode::from(2)
    })
}

fn run(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut csv_dir = None;
    let mut parse: Parser = parse_scenario;
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
            "--no-work-limit" => parse = sim::scenario::parse_scenario_without_work_limits,
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
    let mut writer = None;
    let result = batch::run::run_to_end(&scenario, |world, rows| {
        if writer.is_none() {
            if let Some(d) = csv_dir.as_deref() {
                writer = Some(batch::trace_csv::TraceCsv::create(d, world.columns())?);
            }
        }
        match writer.as_mut() {
            Some(w) => w.write_rows(rows),
            None => Ok(()),
        }
    });
    let summary = match result {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot write CSV: {e}");
            return ExitCode::from(1);
        }
    };
    // A closed stdout (e.g. piped into `head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", summary.to_json());
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
    let flows = batch::run::bounds_json(&s);
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        serde_json::to_string_pretty(&flows).expect("serialises")
    );
    ExitCode::SUCCESS
}
