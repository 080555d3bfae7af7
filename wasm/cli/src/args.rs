//! The command line of `tcplab`: every subcommand and option, with the help text `tcplab
//! help`, `tcplab COMMAND --help` and `-h` print (doc comments are the help). Parsing
//! (clap) exits 0 after printing help or the version, and 2 on a usage error.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const EXIT_CODES: &str = "\
Exit status:
  0  success
  1  failure to run: a file that cannot be read or written, a golden hash or a
     quoted number that differs, an oracle or paper check that fails
  2  bad input: a usage error, or a scenario, sweep, assignment, student file or
     paper file that does not parse or validate (one `error: FILE: field.path:
     reason` line per problem)";

/// Run tcplab scenarios natively: the simulator behind the web lab, for scripts,
/// sweeps, grading and the model's own checks.
#[derive(Debug, Parser)]
#[command(name = "tcplab", version, after_help = EXIT_CODES, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a scenario; print its summary as JSON (and write the traces as CSV).
    Run(Run),
    /// Check a scenario: print every error with its field path, or the work estimate.
    Validate(Validate),
    /// Print the scenario JSON Schema (or that of the types crossing the wasm boundary).
    Schema(Schema),
    /// Check (or rewrite) the golden trace hashes.
    Golden(Golden),
    /// Validate the model against analytic oracles; exit 1 if any row fails.
    Oracles(Oracles),
    /// Run a sweep file (docs/sweeps.md), or one shard of it; one CSV row per point.
    /// `--merge` joins the shards' files (docs/scale-out.md).
    Sweep(Sweep),
    /// Each TCP flow's bounds, and paper 000's host bound as curves over MTU and RTT (JSON).
    Bounds(Bounds),
    /// Benchmark scenarios natively; one JSON line per scenario.
    Bench(Bench),
    /// Grade a class's answers or result codes against each student's own run.
    Grade(Grade),
    /// Run the paper experiments (content/papers), write the report and the quoted numbers.
    Papers(Papers),
}

#[derive(Debug, Args)]
pub struct Run {
    /// The scenario file (JSON).
    #[arg(value_name = "FILE.json")]
    pub file: String,
    /// Write each flow's, link direction's and host's trace as a CSV file in DIR.
    #[arg(long = "csv", value_name = "DIR")]
    pub csv: Option<String>,
    /// Lift the event and trace caps (long runs are otherwise refused at duration_s).
    #[arg(long)]
    pub no_work_limit: bool,
    /// Write a libpcap file of flow FLOW's packets as its sender or receiver
    /// sees them (the page's pcap export, byte for byte); repeatable.
    #[arg(long = "pcap", num_args = 2, value_names = ["FLOW@sender|receiver", "OUT.pcap"])]
    pub pcap: Vec<String>,
}

#[derive(Debug, Args)]
pub struct Validate {
    /// The scenario file (JSON).
    #[arg(value_name = "FILE.json")]
    pub file: String,
    /// Print the work estimate as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct Schema {
    /// Which schema: the scenario's (default), `sweep` (the sweep file's) or `boundary`,
    /// the types crossing the wasm boundary.
    #[arg(value_enum)]
    pub which: Option<SchemaKind>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    /// The types crossing the wasm boundary.
    Boundary,
    /// The sweep file.
    Sweep,
}

#[derive(Debug, Args)]
pub struct Golden {
    /// The golden file: name → {scenario, trace_hash}, scenario paths relative to the
    /// repository root (the file's grandparent directory).
    #[arg(value_name = "FILE", default_value = "tests/golden/expected.json")]
    pub file: String,
    /// Rewrite the hashes that differ (after an intended model change).
    #[arg(long)]
    pub update: bool,
}

#[derive(Debug, Args)]
pub struct Oracles {
    /// Run only this case (repeatable); an unknown name lists the cases.
    #[arg(long = "only", value_name = "CASE")]
    pub only: Vec<String>,
}

#[derive(Debug, Args)]
pub struct Sweep {
    /// The sweep file: a base scenario, parameters swept by field path, seeds, metrics
    /// (`tcplab schema sweep`).
    #[arg(value_name = "SWEEP.json", required_unless_present = "merge")]
    pub file: Option<String>,
    /// Run only the K-th of N slices of the points (K from 0): the points numbered K
    /// modulo N, for array jobs.
    #[arg(long, value_name = "K/N", conflicts_with = "merge")]
    pub shard: Option<String>,
    /// Join the CSV files of a sharded sweep into the file an unsharded run writes.
    #[arg(long, value_name = "PART.csv", num_args = 1.., conflicts_with = "file")]
    pub merge: Vec<String>,
    /// With --merge: the sweep file, to check that no point is missing at the end.
    #[arg(long = "sweep", value_name = "SWEEP.json", requires = "merge")]
    pub sweep: Option<String>,
    /// Write the CSV to this file instead of standard output.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<String>,
}

#[derive(Debug, Args)]
pub struct Bounds {
    /// The scenario file (JSON).
    #[arg(value_name = "FILE.json")]
    pub file: String,
}

#[derive(Debug, Args)]
pub struct Bench {
    /// Scenario files to time (default: the four in content/scenarios/bench).
    #[arg(value_name = "FILE.json")]
    pub files: Vec<String>,
}

#[derive(Debug, Args)]
pub struct Grade {
    /// The assignment file (JSON).
    #[arg(value_name = "ASSIGNMENT.json")]
    pub assignment: String,
    /// The class: a CSV with a student column and answer or code columns (comma,
    /// semicolon or tab separated; quotes, CRLF and a byte-order mark are fine).
    #[arg(value_name = "STUDENTS.csv")]
    pub students: String,
    /// Write the grades to this file instead of standard output.
    #[arg(long, value_name = "GRADES.csv")]
    pub out: Option<String>,
    /// What the grade file holds.
    #[arg(long, value_enum, default_value_t = GradeFormat::Full)]
    pub format: GradeFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GradeFormat {
    /// Every answer, score, trace match and notes.
    Full,
    /// Student and score.
    Scores,
    /// Student, points per question and score.
    PerQuestion,
    /// A gradebook import for Canvas.
    Canvas,
}

#[derive(Debug, Args)]
pub struct Papers {
    /// Write nothing; exit 1 when the report or a quoted number differs from the model.
    #[arg(long)]
    pub check: bool,
    /// Run only this paper (repeatable) and print its section instead of writing.
    #[arg(long = "only", value_name = "NNN")]
    pub only: Vec<String>,
    /// The repository root holding content/ and docs/.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub root: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
