//! `tcplab oracles [--only NAME]…`: run the model-validation cases (analytic
//! oracles) on every core, print the table, exit 1 if any row fails.

use sim::validation::{cases, table, Row};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A finished case: (table position, name, rows, seconds taken).
type Finished = (usize, &'static str, Vec<Row>, f64);

pub fn run(args: &[String]) -> ExitCode {
    let mut only = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match (a.as_str(), it.next()) {
            ("--only", Some(name)) => only.push(name.clone()),
            _ => {
                eprintln!("usage: tcplab oracles [--only CASE]…");
                return ExitCode::from(2);
            }
        }
    }
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
    let n = selected.len();
    let queue = Arc::new(Mutex::new(
        selected.into_iter().enumerate().collect::<Vec<_>>(),
    ));
    let results: Arc<Mutex<Vec<Finished>>> = Arc::default();
    let threads = std::thread::available_parallelism()
        .map_or(2, |p| p.get())
        .min(n.max(1));
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let (queue, results) = (queue.clone(), results.clone());
            std::thread::spawn(move || loop {
                let Some((i, case)) = queue.lock().expect("queue").pop() else {
                    break;
                };
                let start = Instant::now();
                let rows = (case.run)();
                let secs = start.elapsed().as_secs_f64();
                results
                    .lock()
                    .expect("results")
                    .push((i, case.name, rows, secs));
            })
        })
        .collect();
    for w in workers {
        if w.join().is_err() {
            eprintln!("error: a validation case panicked");
            return ExitCode::from(1);
        }
    }
    let mut results = std::mem::take(&mut *results.lock().expect("results"));
    results.sort_by_key(|r| r.0);
    let rows: Vec<Row> = results.iter().flat_map(|r| r.2.clone()).collect();
    print!("{}", table(&rows));
    for (_, name, _, secs) in &results {
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
