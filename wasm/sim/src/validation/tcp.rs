//! TCP oracles: Mathis and PFTK response functions, the Reno
//! sawtooth's utilisation against buffer size, fairness and RTT unfairness,
//! the textbook per-RTT Reno trace of paper 004, and RTO back-off.

use super::build::{dumbbell, run, DumbbellFlow};
use super::{Case, Row};
use crate::engine::time::NS_PER_S;
use crate::World;
use serde_json::json;

const MSS: f64 = 1460.0;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "mathis",
            run: mathis,
        },
        Case {
            name: "pftk",
            run: pftk,
        },
        Case {
            name: "reno-utilisation",
            run: reno_utilisation,
        },
        Case {
            name: "fairness",
            run: fairness,
        },
        Case {
            name: "textbook-reno",
            run: textbook_reno,
        },
        Case {
            name: "rto-backoff",
            run: rto_backoff,
        },
    ]
}

/// Mathis et al. 1997: BW = (MSS/RTT)·C/√p.
pub fn mathis_bps(rtt_s: f64, p: f64, c: f64) -> f64 {
    MSS * 8.0 / rtt_s * c / p.sqrt()
}

/// PFTK (Padhye et al. 1998) full model without the window limit, bits/s.
pub fn pftk_bps(rtt_s: f64, t0_s: f64, p: f64, b: f64) -> f64 {
    let denom = rtt_s * (2.0 * b * p / 3.0).sqrt()
        + t0_s * (3.0 * (3.0 * b * p / 8.0).sqrt()).min(1.0) * p * (1.0 + 32.0 * p * p);
    MSS * 8.0 / denom
}

/// One bulk flow over a 1 Gb/s path with Bernoulli data loss `p` and a queue
/// that never fills; returns goodput in bits/s over the run after warm-up.
fn lossy_goodput(p: f64, delayed_ack: &str, byte_counting: bool, seed: u32) -> f64 {
    // About 400 loss events, so the mean window settles.
    let duration = (400.0 / p) / (1.22 / p.sqrt() / 0.1);
    let flow = json!({"tcp": {"delayed_ack": delayed_ack, "byte_counting": byte_counting}});
    let s = dumbbell(
        &[DumbbellFlow::with(100.0, flow)],
        1e9,
        10.0,
        json!({"loss": {"kind": "bernoulli", "p": p}}),
        duration.clamp(60.0, 3600.0),
        seed,
    );
    let (w, _) = run(&s);
    w.summary().flows[0].goodput_bps
}

fn mathis() -> Vec<Row> {
    let mut rows = Vec::new();
    for p in [1e-4, 1e-3, 1e-2] {
        let g = lossy_goodput(p, "off", true, 11);
        rows.push(Row::relative(
            format!("Mathis C=1.22, no delayed ACK, p={p:e} (b/s)"),
            g,
            mathis_bps(0.1, p, 1.22),
            0.15,
        ));
    }
    for p in [1e-4, 1e-3] {
        let g = lossy_goodput(p, "linux", false, 12);
        rows.push(Row::relative(
            format!("Mathis C=0.87, delayed ACK, p={p:e} (b/s)"),
            g,
            mathis_bps(0.1, p, 0.87),
            0.15,
        ));
    }
    rows
}

fn pftk() -> Vec<Row> {
    // Timeouts matter at p = 1e-2 and above; T0 = the 200 ms minimum RTO.
    [1e-2, 3e-2]
        .into_iter()
        .map(|p| {
            let g = lossy_goodput(p, "off", true, 13);
            Row::relative(
                format!("PFTK b=1, T0=0.2 s, p={p:e} (b/s)"),
                g,
                pftk_bps(0.1, 0.2, p, 1.0),
                0.2,
            )
        })
        .collect()
}

/// Idealised single-flow sawtooth through DropTail (algorithms.md §0.2):
/// U = 3(P+B)² / (4(P² + PB + B²)) for B ≤ P.
pub fn reno_utilisation_oracle(pipe: f64, buffer: f64) -> f64 {
    if buffer >= pipe {
        return 1.0;
    }
    3.0 * (pipe + buffer).powi(2) / (4.0 * (pipe * pipe + pipe * buffer + buffer * buffer))
}

fn reno_utilisation() -> Vec<Row> {
    // P = 12 Mb/s × 100 ms = 100 packets of 1500 B.
    let pipe = 100.0;
    [0.1, 0.25, 0.5, 1.0]
        .into_iter()
        .map(|x| {
            let b = (x * pipe) as u32;
            let s = dumbbell(
                &[DumbbellFlow::with(
                    100.0,
                    json!({"tcp": {"recovery": "newreno"}}),
                )],
                12e6,
                10.0,
                json!({"queue": {"kind": "drop_tail", "limit_packets": b}}),
                400.0,
                1,
            );
            let (w, rows) = run(&s);
            let util = mean_after(&w, &rows, "link.bottleneck:a>b.utilisation", 100.0);
            Row::relative(
                format!("Reno utilisation, DropTail B={x}·BDP"),
                util,
                reno_utilisation_oracle(pipe, b as f64),
                0.03,
            )
        })
        .collect()
}

/// Mean of a column over samples with t > from_s.
pub fn mean_after(w: &World, rows: &[f64], key: &str, from_s: f64) -> f64 {
    let width = w.columns().len();
    let c = w
        .columns()
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no column {key}"));
    let v: Vec<f64> = rows
        .chunks_exact(width)
        .filter(|r| r[0] > from_s)
        .map(|r| r[c])
        .collect();
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn fairness() -> Vec<Row> {
    // Jitter on every access link breaks DropTail phase effects.
    let jitter = json!({});
    let same: Vec<DumbbellFlow> = (0..4)
        .map(|_| DumbbellFlow::with(40.0, jitter.clone()))
        .collect();
    let s = with_access_jitter(dumbbell(
        &same,
        20e6,
        5.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 67}}),
        300.0,
        3,
    ));
    let (w, _) = run(&s);
    let jain = w.summary().jain_index;
    let diff = [DumbbellFlow::tcp(20.0), DumbbellFlow::tcp(80.0)];
    let s = with_access_jitter(dumbbell(
        &diff,
        10e6,
        5.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 50}}),
        300.0,
        4,
    ));
    let (w, _) = run(&s);
    let f = &w.summary().flows;
    vec![
        Row::at_least("Jain index, 4 identical flows, DropTail", jain, 0.95),
        Row::at_least(
            "RTT unfairness: goodput(20 ms) / goodput(80 ms)",
            f[0].goodput_bps / f[1].goodput_bps,
            1.2,
        ),
    ]
}

/// Add 0.5 ms of FIFO jitter to every access link.
fn with_access_jitter(mut s: crate::Scenario) -> crate::Scenario {
    for l in s
        .topology
        .links
        .iter_mut()
        .filter(|l| l.id.starts_with("access"))
    {
        l.jitter_ms = 0.5;
    }
    s
}

/// Paper 004 Figs 2.6–2.8: IW 1, ssthresh 8, one RTT per round; a loss in
/// round 15 is found in round 16 by three duplicate ACKs (cwnd 20 → 10) or,
/// if the whole round is lost, by a timeout (cwnd → 1). The textbook's trace
/// starts with data: no handshake.
fn textbook_reno() -> Vec<Row> {
    let rtt = 0.1;
    let trace = |loss: serde_json::Value| -> (Vec<f64>, World, Vec<f64>) {
        let flow = json!({
            "start_s": rtt / 2.0,
            "tcp": {"initial_window_segments": 1, "initial_ssthresh_segments": 8,
                    "recovery": "newreno", "handshake": false}
        });
        let mut s = dumbbell(
            &[DumbbellFlow::with(rtt * 1000.0, flow)],
            1e9,
            10.0,
            json!({"loss": loss}),
            2.5,
            1,
        );
        s.sample_interval_ms = 1.0;
        let (w, rows) = run(&s);
        let width = w.columns().len();
        let c = w
            .columns()
            .iter()
            .position(|c| c.key == "flow.f0.cwnd")
            .unwrap();
        // Round k runs from (k + 0.5)·RTT; sample the middle of each round.
        let per_round = (0..22)
            .map(|k| {
                let t = (k as f64 + 1.0) * rtt;
                rows.chunks_exact(width)
                    .find(|r| r[0] >= t - 1e-9)
                    .map_or(f64::NAN, |r| r[c])
            })
            .collect();
        (per_round, w, rows)
    };
    // Round 15 begins with data packet 1 + 2 + 4 + (8 + 9 + … + 19) + 1 = 170.
    let (dup, _, _) = trace(json!({"kind": "nth", "packets": [170]}));
    let expected: Vec<f64> = [1.0, 2.0, 4.0]
        .into_iter()
        .chain((8..=20).map(|w| w as f64))
        .collect();
    let mut rows = vec![
        Row::exact(
            "textbook: slow start 1, 2, 4, 8 (rounds 0–3)",
            dup[..4].iter().sum(),
            15.0,
        ),
        Row::exact(
            "textbook: +1 per RTT to 20 (rounds 0–15 match)",
            dup[..16]
                .iter()
                .zip(&expected)
                .filter(|(a, b)| a == b)
                .count() as f64,
            16.0,
        ),
        Row::exact(
            "textbook: three duplicate ACKs halve 20 → 10 (round 16)",
            dup[16],
            10.0,
        ),
    ];
    // Lose all of round 15: sent at 15.5·RTT, it reaches the bottleneck 40 ms later.
    // No duplicate ACKs come back, so the retransmission timer fires.
    let (rto, _, _) = trace(json!({"kind": "blackout", "start_s": 1.58, "end_s": 1.6}));
    let after = rto[16..].iter().cloned().fold(f64::MAX, f64::min);
    rows.push(Row::exact(
        "textbook: a timeout drops cwnd to 1",
        after,
        1.0,
    ));
    rows
}

/// A 12 s outage: the RTO doubles at each expiry, and the flow recovers after.
fn rto_backoff() -> Vec<Row> {
    let s = dumbbell(
        &[DumbbellFlow::tcp(100.0)],
        10e6,
        10.0,
        json!({"loss": {"kind": "blackout", "start_s": 5.0, "end_s": 17.0},
               "queue": {"kind": "drop_tail", "limit_packets": 100}}),
        40.0,
        1,
    );
    let mut w = World::new(&s);
    let mut rows = Vec::new();
    let mut expiries = Vec::new();
    let mut last = 0.0;
    let mut delivered_at_30s = None;
    let width = w.columns().len();
    let c = w
        .columns()
        .iter()
        .position(|c| c.key == "flow.f0.timeouts")
        .unwrap();
    // Step in 1 ms so each expiry is timed to the millisecond.
    while !w.advance(w.now() + 1_000_000, u64::MAX) {
        if delivered_at_30s.is_none() && w.now() >= 30 * NS_PER_S {
            delivered_at_30s = Some(w.delivered_bytes()[0]);
        }
        rows.extend(w.drain());
        if let Some(r) = rows.chunks_exact(width).last() {
            if r[c] > last {
                expiries.push(w.now() as f64 / NS_PER_S as f64);
                last = r[c];
            }
        }
        if rows.len() > width * 64 {
            rows.drain(..rows.len() - width);
        }
    }
    let gaps: Vec<f64> = expiries.windows(2).map(|p| p[1] - p[0]).collect();
    let ratios: Vec<f64> = gaps.windows(2).map(|g| g[1] / g[0]).collect();
    let mean_ratio = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
    // The last 10 s, well after the outage (the backed-off timer's next
    // expiry after it comes at most one doubled RTO late).
    let delivered_after =
        (w.delivered_bytes()[0] - delivered_at_30s.unwrap_or(0)) as f64 * 8.0 / 10.0;
    rows.clear();
    vec![
        Row::at_least(
            "RTO expiries during a 12 s outage",
            expiries.len() as f64,
            4.0,
        ),
        Row::relative(
            "RTO back-off: each gap / the one before",
            mean_ratio,
            2.0,
            0.05,
        ),
        Row::at_least(
            "recovers after the outage: goodput over the last 10 s (b/s)",
            delivered_after,
            0.4 * 10e6,
        ),
    ]
}
