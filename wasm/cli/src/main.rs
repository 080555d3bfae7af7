//! `tcplab`: run scenario files natively. The subcommands and their options are in
//! args.rs (`tcplab help`); each lives in its own module, or below for the short ones.
//!
//! Exit status: 0 on success, 1 when something fails to run (I/O, a failed check),
//! 2 for bad input (a usage error, or a file that does not validate, with the field path).

mod args;
mod bench;
mod boundary;
mod golden;
mod grade;
mod made_by;
mod oracles;
mod papers;
mod pcap;
mod pool;
mod sweep;

use args::{Cli, Command, SchemaKind};
use clap::Parser as _;
use sim::parse_scenario_bytes;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    die_quietly_on_closed_pipe();
    match Cli::parse().command {
        Command::Run(a) => run(a),
        Command::Validate(a) => validate(a),
        Command::Golden(a) => golden::run(a),
        Command::Grade(a) => grade::run(a),
        Command::Oracles(a) => oracles::run(a),
        Command::Sweep(a) => sweep::run(a),
        Command::Bounds(a) => bounds(a),
        Command::Bench(a) => bench::run(a),
        Command::Papers(a) => papers::run(a),
        Command::Schema(a) => {
            match a.which {
                None => print!("{}", sim::scenario::json_schema()),
                Some(SchemaKind::Boundary) => print!("{}", boundary::json_schema()),
                Some(SchemaKind::Sweep) => print!("{}", batch::spec::json_schema()),
            }
            ExitCode::SUCCESS
        }
    }
}

/// End as other Unix tools do when the reader of the output goes away
/// (`tcplab schema | head`): killed by SIGPIPE, with nothing on stderr. Rust
/// starts programs with SIGPIPE ignored, so a write to a closed pipe would
/// fail and `println!` would panic with a backtrace instead.
#[cfg(unix)]
fn die_quietly_on_closed_pipe() {
    // SAFETY: signal(2) with SIG_DFL installs no handler; it runs before any
    // thread of this process starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn die_quietly_on_closed_pipe() {}

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

fn run(args: args::Run) -> ExitCode {
    let parse: Parser = if args.no_work_limit {
        sim::scenario::parse_scenario_bytes_without_work_limits
    } else {
        parse_scenario_bytes
    };
    let (file, csv_dir) = (args.file, args.csv);
    let scenario = match load_with(&file, parse) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if let Some(note) = made_by::other_model(&file, &scenario) {
        eprintln!("{note}");
    }
    let mut world = sim::World::new(&scenario);
    let mut pcaps = match pcap::open(&mut world, &args.pcap) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut writer = None;
    let mut pcap_error = None;
    let result = batch::run::run_world_to_end(world, |world, rows| {
        if let Err(e) = pcaps.write(world) {
            pcap_error = Some(e.to_string());
            return Err(e);
        }
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
            match pcap_error {
                Some(p) => eprintln!("error: cannot write pcap: {p}"),
                None => eprintln!("error: cannot write CSV: {e}"),
            }
            return ExitCode::from(1);
        }
    };
    pcaps.report_missed();
    if let Some(note) = made_by::other_hash(&file, &scenario, &summary.trace_hash) {
        eprintln!("{note}");
    }
    // A closed stdout (e.g. piped into `head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", summary.to_json());
    ExitCode::SUCCESS
}

fn validate(args: args::Validate) -> ExitCode {
    let file = &args.file;
    match load(file) {
        Ok(s) => {
            if let Some(note) = made_by::other_model(file, &s) {
                eprintln!("{note}");
            }
            let w = sim::estimate_work(&s);
            if !args.json {
                println!("{file}: valid");
                println!(
                    "work estimate: {:.0} events, {:.0} packets, {:.0} rows × {:.0} columns ({:.0} trace values)",
                    w.events, w.packets, w.rows, w.columns, w.trace_values
                );
            } else {
                println!("{}", w.to_json());
            }
            if w.level == sim::estimate::WorkLevel::Warn {
                eprintln!("warning: {file}: {}", w.message);
            }
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// Every TCP flow's bounds (values) and paper 000's bound curves.
fn bounds(args: args::Bounds) -> ExitCode {
    let file = &args.file;
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
