//! `tcplab oracles [--only NAME]…`: run the model-validation cases (analytic
//! oracles) on every core, print the table, exit 1 if any row fails.

use sim::validation::{cases, table, Row};
use std::process::ExitCode;
use std::time::Instant;

/// A finished case: (name, rows, seconds taken).
type Finished = (&'static str, Vec<Row>, f64);

pub fn run(args: crate::args::Oracles) -> ExitCode {
    let only = args.only;
    let all = cases();
    let names: Vec<&str> = all.iter().map(|c| c.name).collect();
    if let Some(bad) = only.iter().find(|n| !names.contains(&n.as_str())) {
        eprintln!("error: no case '{bad}'; cases: {}", names.join(", "));
        return ExitCode::from(2);
    }
    let selected: Vec<_> = all
        .into_iter()
        .filter(|c| only.is_empty() || only.iter().any(|n| n == c.name))
        .collect();
    let results: Vec<Finished> = crate::pool::map_parallel(selected, |case| {
        let start = Instant::now();
        let rows = (case.run)();
        (case.name, rows, start.elapsed().as_secs_f64())
    });
    let rows: Vec<Row> = results.iter().flat_map(|r| r.1.clone()).collect();
    print!("{}", table(&rows));
    for (name, _, secs) in &results {
        eprintln!("  {name}: {secs:.1} s");
    }
    let failed = rows.iter().filter(|r| !r.pass).count();
    println!("{} passed, {} failed", rows.len() - failed, failed);
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
