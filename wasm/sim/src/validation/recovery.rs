//! Loss recovery and the retransmission timer at the lab's defaults (SACK
//! recovery with PRR and RACK-TLP, Linux's RTO with its 200 ms minimum, an
//! ACK per segment), with nothing tuned for the check:
//!
//! - one flow with Bernoulli loss p ∈ {10⁻⁴, 10⁻³} at RTT 20, 100 and 200 ms
//!   is within 10 % of Mathis et al. 1997 (C = 1.31 for an ACK per segment
//!   and random losses),
//!   and fewer than 5 % of its loss events end in a timeout;
//! - ten CUBIC flows through a 1 Gb/s, 100 ms, one-BDP DropTail bottleneck
//!   (benchmark scenario (a), run for 300 s) never time out and, once
//!   CUBIC has converged (the last 50 s), share it fairly: Jain's index
//!   ≥ 0.99, for the benchmark's start times and the same with jitter. Staggered starts leave slow
//!   start with windows a factor of two apart per RTT of delay (the later
//!   flows' HyStart sees the earlier flows' queue); CUBIC evens them out
//!   over about four minutes here, Jain rising from about 0.73 at 10–60 s
//!   to 0.98 at 150–300 s;
//! - the default scenario has no timeout.
//!
//! Before RACK-TLP, PRR and Linux's RTO, the minimum RTO bounded the RTO
//! itself (≈ SRTT + 1 ms on a steady path), so on a 200 ms path about one
//! loss event in four ended in a spurious timeout and goodput fell ~18 %
//! below Mathis; a lost retransmission was repaired only by the timeout.

use super::build::{dumbbell, DumbbellFlow};
use super::tcp::mathis_bps;
use super::{Case, Row};
use crate::scenario::{parse_scenario_without_work_limits as parse, Scenario};
use crate::World;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "mathis-defaults",
            run: mathis_defaults,
        },
        Case {
            name: "cubic-10-flows",
            run: cubic_ten_flows,
        },
        Case {
            name: "default-scenario",
            run: default_scenario,
        },
    ]
}

/// Mathis's C with an ACK for every segment and random (independent)
/// losses: Mathis et al. (1997) give 1.31 for random losses; √(3/2) ≈ 1.22
/// is their constant for periodic losses, one every 1/p packets. The loss
/// here is Bernoulli, so random.
const C_RANDOM_EVERY_ACK: f64 = 1.31;

fn mathis_defaults() -> Vec<Row> {
    let mut rows = Vec::new();
    for rtt_ms in [20.0, 100.0, 200.0] {
        for p in [1e-4, 1e-3] {
            let rtt = rtt_ms / 1000.0;
            // About 600 loss events at the Mathis window W = C/√p: random
            // losses make the cycles uneven, so a few hundred events leave the
            // mean a few percent off. A scenario lasts at most an hour, so
            // the long ones are split over seeds and pooled.
            let rate_pkts = C_RANDOM_EVERY_ACK / libm::sqrt(p) / rtt;
            let total = (600.0 / (p * rate_pkts)).max(60.0);
            let runs = (total / 3600.0).ceil() as u32;
            let (mut bits, mut secs, mut timeouts, mut events) = (0.0, 0.0, 0, 0);
            for k in 0..runs {
                let s = dumbbell(
                    &[DumbbellFlow::tcp(rtt_ms)],
                    1e9,
                    10.0,
                    json!({"loss": {"kind": "bernoulli", "p": p}}),
                    total / runs as f64,
                    31 + k,
                );
                // Mathis is a steady state: leave out slow start and the few
                // halvings that bring its window down (the first tenth).
                // `advance` returns whether the run has finished, so one call
                // with no event limit reaches the end of the warm-up.
                let mut w = World::new(&s);
                w.advance(w.end() / 10, u64::MAX);
                w.drain();
                let (t0, d0) = (w.now(), w.delivered_bytes()[0]);
                while !w.advance(w.end(), u64::MAX) {
                    w.drain();
                }
                bits += (w.delivered_bytes()[0] - d0) as f64 * 8.0;
                secs += crate::engine::time::to_secs(w.now() - t0);
                let f = &w.summary().flows[0];
                timeouts += f.timeouts;
                events += f.fast_retransmits + f.timeouts;
            }
            rows.push(Row::relative(
                format!("defaults, RTT {rtt_ms} ms, p={p:e}: goodput after warm-up vs Mathis C=1.31, random loss (b/s)"),
                bits / secs,
                mathis_bps(rtt, p, C_RANDOM_EVERY_ACK),
                0.10,
            ));
            rows.push(Row::at_most(
                format!("defaults, RTT {rtt_ms} ms, p={p:e}: timeouts per loss event"),
                timeouts as f64 / events.max(1) as f64,
                0.05,
            ));
        }
    }
    rows
}

/// Benchmark scenario (a), 300 s long, with the flows' start times `i·step + jitter`.
fn ten_cubic(step_s: f64, jitter_seed: u64) -> Scenario {
    let mut v: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../content/scenarios/bench/a-10-cubic-1g.json"
    ))
    .expect("benchmark scenario (a) is JSON");
    let mut rng = crate::engine::Rng::new(jitter_seed, 16);
    v["duration_s"] = json!(300.0);
    v["sample_interval_ms"] = json!(1000.0);
    if let Some(flows) = v["flows"].as_array_mut() {
        for (i, f) in flows.iter_mut().enumerate() {
            let jitter = if jitter_seed == 0 {
                0.0
            } else {
                rng.uniform() * step_s
            };
            f["start_s"] = json!(i as f64 * step_s + jitter);
        }
    }
    parse(&v.to_string()).expect("benchmark scenario (a) is valid")
}

fn cubic_ten_flows() -> Vec<Row> {
    let mut rows = Vec::new();
    for (label, step, seed) in [
        ("starts 0.1 s apart", 0.1, 0),
        ("starts 0.1 s apart + jitter", 0.1, 1),
    ] {
        let s = ten_cubic(step, seed);
        let mut w = World::new(&s);
        // CUBIC evens out windows that left slow start far apart within
        // about four minutes here (at 10–60 s Jain is about 0.73).
        w.advance(w.end() * 5 / 6, u64::MAX);
        w.drain();
        let at_250: Vec<u64> = w.delivered_bytes();
        while !w.advance(w.end(), u64::MAX) {
            w.drain();
        }
        let last_50_s: Vec<f64> = w
            .delivered_bytes()
            .iter()
            .zip(&at_250)
            .map(|(b, a)| (b - a) as f64)
            .collect();
        let sum = w.summary();
        rows.push(Row::at_least(
            format!("10 CUBIC, 1 Gb/s, 100 ms, 1 BDP, {label}: Jain's index, 250-300 s"),
            crate::metrics::fairness::jain_index(&last_50_s),
            0.99,
        ));
        rows.push(Row::exact(
            format!("10 CUBIC, 1 Gb/s, 100 ms, 1 BDP, {label}: timeouts"),
            sum.flows.iter().map(|f| f.timeouts).sum::<u64>() as f64,
            0.0,
        ));
    }
    rows
}

fn default_scenario() -> Vec<Row> {
    let s = parse(include_str!("../../../../content/scenarios/default.json"))
        .expect("the default scenario is valid");
    let mut w = World::new(&s);
    while !w.advance(w.end(), u64::MAX) {
        w.drain();
    }
    let f = &w.summary().flows[0];
    vec![Row::exact(
        "default scenario: timeouts",
        f.timeouts as f64,
        0.0,
    )]
}
