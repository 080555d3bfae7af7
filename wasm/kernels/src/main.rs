//! `tcplab-kernels [STEPS] [RUNS]`: time each calibration kernel natively,
//! STEPS steps (default 20,000,000), best of RUNS (default 3), and print one
//! JSON line per kernel (scripts/bench-kernels.mjs sets these beside the WASM
//! timings).

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, name: &str, default: u32| match args.get(i) {
        None => Ok(default),
        Some(a) => match a.parse::<u32>() {
            Ok(v) if v > 0 => Ok(v),
            _ => Err(format!(
                "{name} must be a whole number from 1 to 2^32-1, got {a:?}"
            )),
        },
    };
    let (n, runs) = match (number(0, "STEPS", 20_000_000), number(1, "RUNS", 3)) {
        (Ok(n), Ok(runs)) => (n, runs),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("tcplab-kernels: {e}\nusage: tcplab-kernels [STEPS] [RUNS]");
            return ExitCode::from(2);
        }
    };
    for (name, kernel) in kernels::KERNELS {
        let mut best = f64::INFINITY;
        let mut checksum = 0;
        for _ in 0..runs {
            let t0 = Instant::now();
            checksum = kernel(n);
            best = best.min(t0.elapsed().as_secs_f64());
        }
        // The checksum as a string: JSON numbers lose u64 precision in JavaScript.
        println!(r#"{{"kernel":"{name}","steps":{n},"wall_s":{best},"checksum":"{checksum}"}}"#);
    }
    ExitCode::SUCCESS
}
