//! Response functions of the loss-based algorithms (algorithms.md §0.2 and
//! the §4 table): the average window W̄ against the loss rate p on a log-log
//! scale, for Reno, HighSpeed, CUBIC and Scalable. One flow, RTT 0.1 s,
//! Bernoulli loss on the data path of a 1 Gb/s bottleneck whose buffer never
//! stays empty; no delayed ACKs. W̄ is the goodput after warm-up times the
//! RTT, in segments: W̄ = goodput·RTT/(8·MSS).
//!
//! p in the formulas is the congestion-event probability (algorithms.md
//! §0.2: "the loss (or congestion-event) probability"): TCP reduces once per
//! window however many of its packets were lost, so the event rate is
//! measured (fast retransmits plus timeouts per packet delivered, after
//! warm-up) and the formula is evaluated there; the row names give the
//! Bernoulli p that produced it. Each point is within 20 % of the formula,
//! and each algorithm's least-squares slope of ln W̄ against ln(event rate)
//! is the formula's (Reno −0.5, HighSpeed −0.835, CUBIC −0.75, Scalable −1)
//! within ±0.1. The formulas describe periodic losses; these are random.

use super::build::{dumbbell, DumbbellFlow};
use super::{Case, Row};
use crate::engine::time;
use crate::World;
use serde_json::{json, Value};

const RTT_S: f64 = 0.1;
const MSS: f64 = 1460.0;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "response-reno",
            run: reno,
        },
        Case {
            name: "response-highspeed",
            run: highspeed,
        },
        Case {
            name: "response-cubic",
            run: cubic,
        },
        Case {
            name: "response-scalable",
            run: scalable,
        },
        Case {
            name: "response-rtt",
            run: at_two_rtts,
        },
    ]
}

/// Mathis et al. 1997 without delayed ACKs: W̄ = √(3/(2p)).
pub fn reno_w(p: f64) -> f64 {
    libm::sqrt(1.5 / p)
}

/// RFC 3649 §5: W = 0.12/p^0.835.
pub fn highspeed_w(p: f64) -> f64 {
    0.12 / libm::pow(p, 0.835)
}

/// RFC 9438 §5.2 (deterministic loss): W̄ = (C(3+β)/(4(1−β)))^¼ · RTT^¾ / p^¾.
pub fn cubic_w(p: f64, rtt_s: f64) -> f64 {
    let (c, beta) = (0.4, 0.7);
    libm::pow(c * (3.0 + beta) / (4.0 * (1.0 - beta)), 0.25) * libm::pow(rtt_s / p, 0.75)
}

/// Scalable TCP (a = 0.01 per ACK, b = 0.125) with periodic losses:
/// W̄ = ln(1+a)/(p·ln(1/(1−b))) ≈ 0.0746/p (algorithms.md §0.2).
pub fn scalable_w(p: f64) -> f64 {
    libm::log(1.01) / (p * libm::log(1.0 / 0.875))
}

/// One point of a response function: the loss rate and the window.
#[derive(Clone, Copy, Debug)]
pub struct Point {
    /// Congestion events (fast retransmits and timeouts) per packet delivered.
    pub event_rate: f64,
    /// W̄ = goodput·RTT/(8·MSS), segments.
    pub w: f64,
}

/// One flow running `flow` (cc and parameters) with Bernoulli loss `p`,
/// measured after a warm-up of a tenth of the run, which lasts about
/// `events` loss events at the oracle's window.
fn measure(flow: &Value, p: f64, oracle_w: f64, events: f64, seed: u32) -> Point {
    measure_at(flow, p, oracle_w, events, seed, RTT_S)
}

/// [`measure`] on a path of round-trip time `rtt_s`.
fn measure_at(flow: &Value, p: f64, oracle_w: f64, events: f64, seed: u32, rtt_s: f64) -> Point {
    let rate_pkts = oracle_w / rtt_s;
    let duration = (events / (p * rate_pkts)).clamp(30.0, 3600.0);
    let mut f = flow.clone();
    super::build::merge(&mut f, &json!({"tcp": {"delayed_ack": "off"}}));
    let mut s = dumbbell(
        &[DumbbellFlow::with(rtt_s * 1000.0, f)],
        1e9,
        10.0,
        // Every W̄ here is below the 8333-packet BDP, so this buffer stays
        // empty in steady state; it only bounds slow start's first overshoot.
        json!({"loss": {"kind": "bernoulli", "p": p},
               "queue": {"kind": "drop_tail", "limit_packets": 1000}}),
        duration,
        seed,
    );
    s.sample_interval_ms = 1000.0;
    let mut w = World::new(&s);
    let warm = time::secs(duration * 0.1);
    while w.now() < warm && !w.advance(warm, u64::MAX) {}
    w.drain();
    let (t_a, a) = (w.now(), w.summary().flows[0].clone());
    while !w.advance(w.end(), u64::MAX) {
        w.drain();
    }
    let (t_b, b) = (w.now(), w.summary().flows[0].clone());
    let packets = (b.delivered_bytes - a.delivered_bytes) as f64 / MSS;
    let events = (b.fast_retransmits + b.timeouts - a.fast_retransmits - a.timeouts) as f64;
    let secs = time::to_secs(t_b - t_a);
    Point {
        event_rate: events / packets,
        w: packets / secs * rtt_s,
    }
}

/// Least-squares slope of ln w against ln p.
pub fn log_log_slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let xs: Vec<f64> = points.iter().map(|&(p, _)| libm::log(p)).collect();
    let ys: Vec<f64> = points.iter().map(|&(_, w)| libm::log(w)).collect();
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

/// Rows for one algorithm: each point against its formula at the measured
/// congestion-event rate, then the slope of ln W̄ against ln(event rate).
fn response(
    name: &str,
    flow: Value,
    ps: &[(f64, f64)],
    formula: fn(f64) -> f64,
    slope: f64,
) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut points = Vec::new();
    for (i, &(p, events)) in ps.iter().enumerate() {
        let pt = measure(&flow, p, formula(p), events, 21 + i as u32);
        points.push((pt.event_rate, pt.w));
        rows.push(Row::relative(
            format!(
                "{name} W̄, Bernoulli p={p:e}: events/pkt {:.2e} (segments)",
                pt.event_rate
            ),
            pt.w,
            formula(pt.event_rate),
            0.2,
        ));
    }
    rows.push(Row::absolute(
        format!("{name} log-log slope of W̄ against the event rate"),
        log_log_slope(&points),
        slope,
        0.1,
    ));
    rows
}

fn reno() -> Vec<Row> {
    response(
        "Reno",
        json!({"cc": "newreno"}),
        &[(1e-2, 200.0), (1e-3, 150.0), (1e-4, 150.0)],
        reno_w,
        -0.5,
    )
}

fn highspeed() -> Vec<Row> {
    response(
        "HighSpeed",
        json!({"cc": "highspeed"}),
        &[(3e-4, 150.0), (1e-4, 150.0), (3e-5, 120.0)],
        highspeed_w,
        -0.835,
    )
}

fn cubic() -> Vec<Row> {
    response(
        "CUBIC",
        json!({"cc": "cubic"}),
        &[(1e-4, 150.0), (3e-5, 150.0), (1e-5, 100.0)],
        |p| cubic_w(p, RTT_S),
        -0.75,
    )
}

fn scalable() -> Vec<Row> {
    response(
        "Scalable",
        json!({"cc": "scalable"}),
        &[(1e-3, 150.0), (3e-4, 150.0), (1e-4, 150.0)],
        scalable_w,
        -1.0,
    )
}

/// CUBIC and HighSpeed at the lab's defaults on 100 and 200 ms paths, each
/// within 15 % of its response function at the measured event rate.
fn at_two_rtts() -> Vec<Row> {
    let mut rows = Vec::new();
    for rtt_s in [0.1, 0.2] {
        let p = 1e-4;
        let cubic = |p: f64| cubic_w(p, rtt_s);
        for (name, flow, formula) in [
            (
                "CUBIC",
                json!({"cc": "cubic"}),
                &cubic as &dyn Fn(f64) -> f64,
            ),
            ("HighSpeed", json!({"cc": "highspeed"}), &highspeed_w),
        ] {
            let pt = measure_at(&flow, p, formula(p), 150.0, 41, rtt_s);
            rows.push(Row::relative(
                format!(
                    "{name} W̄, RTT {} ms, Bernoulli p={p:e}: events/pkt {:.2e} (segments)",
                    rtt_s * 1000.0,
                    pt.event_rate
                ),
                pt.w,
                formula(pt.event_rate),
                0.15,
            ));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_formulas_give_the_reference_table() {
        // algorithms.md §0.2 table, RTT = 0.1 s.
        assert!((reno_w(1e-4) - 122.5).abs() < 0.1);
        assert!((highspeed_w(1e-4) - 263.0).abs() < 1.0);
        assert!((highspeed_w(1e-6) - 12279.0).abs() < 20.0);
        assert!((cubic_w(1e-4, 0.1) - 187.0).abs() < 1.0);
        assert!((cubic_w(1e-6, 0.1) - 5926.0).abs() < 10.0);
        assert!((scalable_w(1e-4) - 745.0).abs() < 1.0);
    }

    #[test]
    fn the_slope_of_a_power_law_is_its_exponent() {
        let pts: Vec<_> = [1e-4, 1e-3, 1e-2]
            .iter()
            .map(|&p| (p, 3.0 * libm::pow(p, -0.75)))
            .collect();
        assert!((log_log_slope(&pts) + 0.75).abs() < 1e-12);
    }
}
