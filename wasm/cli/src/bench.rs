//! `tcplab bench [FILE…]`: run benchmark scenarios natively and print, per
//! scenario, simulated seconds, events, delivered data packets, wall time,
//! events/s, packets/s and peak memory, as JSON lines (scripts/bench.mjs
//! collects them beside the WASM numbers). Wall time and the process's CPU
//! time are measured here, in the CLI; the model never reads a clock.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const DEFAULT: [&str; 4] = [
    "content/scenarios/bench/a-10-cubic-1g.json",
    "content/scenarios/bench/b-100-fqcodel-10g.json",
    "content/scenarios/bench/c-1-flow-10g-host.json",
    "content/scenarios/bench/d-paper002-40.json",
];

pub fn run(args: crate::args::Bench) -> ExitCode {
    let files: Vec<String> = if args.files.is_empty() {
        DEFAULT.iter().map(|s| s.to_string()).collect()
    } else {
        args.files
    };
    for file in files {
        let scenario = match crate::load(&file) {
            Ok(s) => s,
            Err(code) => return code,
        };
        let start = Instant::now();
        let cpu_start = cpu_time_s();
        let mut world = sim::World::new(&scenario);
        // Drain as the worker does, so trace memory stays bounded.
        while !world.advance(world.now() + sim::engine::time::NS_PER_S, u64::MAX) {
            world.drain();
        }
        world.drain();
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_time_s().zip(cpu_start).map(|(end, start)| end - start);
        let events = world.events_processed();
        let packets = world.delivered_data_packets();
        let line = serde_json::json!({
            "scenario": file,
            "simulated_s": sim::engine::time::to_secs(world.now()),
            "events": events,
            "delivered_packets": packets,
            "wall_s": wall,
            "events_per_s": events as f64 / wall,
            "packets_per_s": packets as f64 / wall,
            "cpu_s": cpu,
            "peak_rss_bytes": peak_rss_bytes(),
            "trace_hash": world.trace_hash(),
        });
        let _ = writeln!(std::io::stdout(), "{line}");
    }
    ExitCode::SUCCESS
}

/// The time this process has run on a CPU, seconds (Linux schedstat, in ns):
/// on a shared machine, wall time also counts the time other processes held
/// the core.
fn cpu_time_s() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(ns as f64 / 1e9)
}

/// The process's peak resident set (Linux VmHWM), if the OS tells.
fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse::<u64>()
        .ok()?;
    Some(kb * 1024)
}
