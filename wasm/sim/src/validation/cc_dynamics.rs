//! Window dynamics of single algorithms against what their sources say:
//! CUBIC's cubic after one loss (RFC 9438 §4.2), Vegas's α–β band of queued
//! packets, Compound's delay window around γ, BBR on the ns-3/NeST
//! validation path (10 Mb/s, 10 ms, FIFO), and the direction of paper 002's
//! CUBIC-vs-Compound unfairness at 64 ms.

use super::build::{dumbbell, run, DumbbellFlow};
use super::{Case, Row};
use crate::World;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "cubic-epoch",
            run: cubic_epoch,
        },
        Case {
            name: "vegas-queue",
            run: vegas_queue,
        },
        Case {
            name: "compound-dwnd",
            run: compound_dwnd,
        },
        Case {
            name: "bbr",
            run: bbr,
        },
        Case {
            name: "paper002-cubic-compound",
            run: paper002,
        },
    ]
}

/// A trace column as (time, value) pairs.
pub fn series(w: &World, rows: &[f64], key: &str) -> Vec<(f64, f64)> {
    let width = w.columns().len();
    let c = w
        .columns()
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no column {key}"));
    rows.chunks_exact(width).map(|r| (r[0], r[c])).collect()
}

/// The value at the first sample at or after `t`.
fn at(s: &[(f64, f64)], t: f64) -> f64 {
    s.iter().find(|p| p.0 >= t - 1e-9).map_or(f64::NAN, |p| p.1)
}

fn mean(v: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0.0);
    for x in v {
        sum += x;
        n += 1.0;
    }
    if n > 0.0 {
        sum / n
    } else {
        f64::NAN
    }
}

// ---- CUBIC -------------------------------------------------------------------

/// RFC 9438 §4.2: after a congestion event at W_max the window follows
/// W(t) = C(t−K)³ + W_max with K = ∛(W_max(1−β)/C), C = 0.4, β = 0.7, t from
/// the start of the epoch. One RFC 9438 CUBIC flow, RTT 0.1 s, 1 Gb/s, a
/// buffer that never fills; one packet is lost in slow start, nothing after.
fn cubic_epoch() -> Vec<Row> {
    let (c, beta) = (0.4, 0.7);
    let mut s = dumbbell(
        &[DumbbellFlow::with(100.0, json!({"cc": "cubic"}))],
        1e9,
        10.0,
        json!({"loss": {"kind": "nth", "packets": [700]}}),
        20.0,
        1,
    );
    s.sample_interval_ms = 10.0;
    let (w, rows) = run(&s);
    let cwnd = series(&w, &rows, "flow.f0.cwnd");
    let w_max_s = series(&w, &rows, "flow.f0.cc.w_max");
    let epoch_s = series(&w, &rows, "flow.f0.cc.epoch_start");
    let Some(&(_, epoch)) = epoch_s.iter().find(|p| p.1 > 0.0) else {
        return vec![Row::exact(
            "CUBIC: an epoch starts after the loss",
            0.0,
            1.0,
        )];
    };
    let w_max = w_max_s.last().map_or(0.0, |p| p.1);
    let k = libm::cbrt(w_max * (1.0 - beta) / c);
    let w_of = |t: f64| c * (t - k) * (t - k) * (t - k) + w_max;
    let mut out = vec![Row::relative(
        "CUBIC: window at the epoch start = β·W_max (segments)",
        at(&cwnd, epoch),
        beta * w_max,
        0.02,
    )];
    for f in [0.25, 0.5, 0.75, 1.0, 1.25] {
        let t = f * k;
        out.push(Row::relative(
            format!("CUBIC: cwnd at t = {f}·K vs C(t−K)³ + W_max, W_max {w_max:.0}"),
            at(&cwnd, epoch + t),
            w_of(t),
            0.03,
        ));
    }
    let back = cwnd
        .iter()
        .find(|p| p.0 > epoch && p.1 >= w_max)
        .map_or(f64::NAN, |p| p.0 - epoch);
    out.push(Row::relative(
        "CUBIC: time from the epoch start back to W_max vs K (s)",
        back,
        k,
        0.05,
    ));
    out
}

// ---- Vegas -------------------------------------------------------------------

/// Vegas keeps between α = 2 and β = 4 of its packets in the bottleneck
/// queue (Brakmo & Peterson 1995; Linux tcp_vegas.c). Three Vegas flows
/// starting together on 10 Mb/s, RTT 40 ms, a 200-packet buffer.
fn vegas_queue() -> Vec<Row> {
    let n = 3;
    let flows: Vec<_> = (0..n)
        .map(|_| DumbbellFlow::with(40.0, json!({"cc": "vegas"})))
        .collect();
    let mut s = dumbbell(
        &flows,
        10e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 200}}),
        60.0,
        1,
    );
    s.sample_interval_ms = 10.0;
    let (w, rows) = run(&s);
    let q = series(&w, &rows, "link.bottleneck:a>b.queue");
    let per_flow = mean(q.iter().filter(|p| p.0 > 20.0).map(|p| p.1)) / n as f64;
    let util = mean(
        series(&w, &rows, "link.bottleneck:a>b.utilisation")
            .iter()
            .filter(|p| p.0 > 20.0)
            .map(|p| p.1),
    );
    vec![
        Row::between(
            "Vegas: mean packets queued per flow (3 flows), α=2 … β=4",
            per_flow,
            2.0,
            4.0,
        ),
        Row::at_least("Vegas: bottleneck utilisation meanwhile", util, 0.95),
    ]
}

// ---- Compound ------------------------------------------------------------------

/// Compound TCP (Tan et al. 2006, draft-sridharan-tcpm-ctcp-02 eq. 7): the
/// delay window grows while fewer than γ = 30 of the flow's packets are
/// queued and shrinks once Diff ≥ γ. One flow, 100 Mb/s, RTT 100 ms (BDP
/// 833 packets), a 200-packet buffer: slow start ends in a loss, after
/// which the loss window is below the BDP and dwnd fills the gap.
fn compound_dwnd() -> Vec<Row> {
    let gamma = 30.0;
    let mut s = dumbbell(
        &[DumbbellFlow::with(100.0, json!({"cc": "compound"}))],
        100e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 200}}),
        40.0,
        1,
    );
    s.sample_interval_ms = 10.0;
    let (w, rows) = run(&s);
    let dwnd = series(&w, &rows, "flow.f0.cc.delay_window");
    let queue = series(&w, &rows, "link.bottleneck:a>b.queue");
    let state = series(&w, &rows, "flow.f0.state");
    // Each dwnd change, classified by the smallest bottleneck queue the
    // round's RTT samples saw (Diff uses the round's minimum RTT). Those
    // packets reached the queue from about 180 ms to 50 ms before the change:
    // one round of ACKs, sent a round earlier, 40 ms of access path on the
    // way in, and the round's first ACK still from before the last step
    // (dwnd steps go out as one burst; tcp_compound.c's PACE_DWND is not
    // modelled). So samples i−18 … i−6 at 10 ms.
    let (mut up, mut up_short, mut down, mut down_long) = (0.0, 0.0, 0.0, 0.0);
    for i in 18..dwnd.len() {
        let (prev, now) = (dwnd[i - 1].1, dwnd[i].1);
        if now == prev || state[i].1 != 1.0 || state[i - 1].1 != 1.0 {
            continue; // only congestion avoidance; losses cut dwnd by their own rule
        }
        let q_min = queue[i - 18..i - 5]
            .iter()
            .map(|p| p.1)
            .fold(f64::MAX, f64::min);
        if now > prev {
            up += 1.0;
            if q_min < gamma {
                up_short += 1.0;
            }
        } else {
            down += 1.0;
            if q_min >= gamma {
                down_long += 1.0;
            }
        }
    }
    let peak = dwnd.iter().map(|p| p.1).fold(0.0, f64::max);
    let active_queue = mean(
        dwnd.iter()
            .zip(&queue)
            .filter(|(d, _)| d.0 > 5.0 && d.1 > 0.0)
            .map(|(_, q)| q.1),
    );
    vec![
        Row::at_least("Compound: dwnd increases seen (count)", up, 10.0),
        Row::at_least(
            "Compound: share of dwnd increases with the queue below γ = 30",
            up_short / up.max(1.0),
            0.9,
        ),
        Row::at_least("Compound: dwnd decreases seen (count)", down, 10.0),
        Row::at_least(
            "Compound: share of dwnd decreases with the queue at ≥ γ",
            down_long / down.max(1.0),
            0.9,
        ),
        Row::at_least("Compound: largest dwnd (segments)", peak, 100.0),
        Row::between(
            "Compound: mean queue while dwnd > 0 (packets), γ/2 … 2γ",
            active_queue,
            gamma / 2.0,
            2.0 * gamma,
        ),
    ]
}

// ---- BBR -----------------------------------------------------------------------

/// BBR v1 on the ns-3 tcp-bbr-example / NeST validation path: 10 Mb/s,
/// 10 ms bottleneck, 40 ms RTT, FIFO (1000 packets). The bandwidth estimate
/// converges to the bottleneck's payload rate; after STARTUP and DRAIN the
/// standing queue stays below one BDP; PROBE_RTT (cwnd 4 packets for
/// ≥ 200 ms) comes about every 10 s (algorithms.md §0.2, §3.8).
fn bbr() -> Vec<Row> {
    let mut s = dumbbell(
        &[DumbbellFlow::with(40.0, json!({"cc": "bbr"}))],
        10e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 1000}}),
        35.0,
        1,
    );
    s.sample_interval_ms = 10.0;
    let (w, rows) = run(&s);
    let payload_rate = 10e6 * 1460.0 / 1500.0;
    let bdp_packets = 10e6 * 0.040 / (1500.0 * 8.0);
    let bw = series(&w, &rows, "flow.f0.cc.btl_bw");
    let mode = series(&w, &rows, "flow.f0.cc.mode");
    let queue = series(&w, &rows, "link.bottleneck:a>b.queue");
    let cwnd = series(&w, &rows, "flow.f0.cwnd");
    let inflight = series(&w, &rows, "flow.f0.inflight");
    // STARTUP and DRAIN end when mode first reaches PROBE_BW (2).
    let probe_bw_at = mode.iter().find(|p| p.1 == 2.0).map_or(f64::NAN, |p| p.0);
    let bw_mean = mean(bw.iter().filter(|p| p.0 > probe_bw_at).map(|p| p.1));
    let q_after: Vec<f64> = queue
        .iter()
        .filter(|p| p.0 > probe_bw_at)
        .map(|p| p.1)
        .collect();
    let q_mean = mean(q_after.iter().copied());
    // PROBE_RTT episodes: entries into mode 3.
    let mut entries = Vec::new();
    let mut in_probe = Vec::new();
    for i in 1..mode.len() {
        if mode[i].1 == 3.0 {
            if mode[i - 1].1 != 3.0 {
                entries.push(mode[i].0);
            }
            in_probe.push(i);
        }
    }
    let gaps: Vec<f64> = entries.windows(2).map(|e| e[1] - e[0]).collect();
    let gap = mean(gaps.iter().copied());
    let cwnd_probe = in_probe.iter().map(|&i| cwnd[i].1).fold(f64::MAX, f64::min);
    // Inflight once the dip has drained: the last sample of each episode.
    let inflight_probe = in_probe
        .iter()
        .filter(|&&i| i + 1 < mode.len() && mode[i + 1].1 != 3.0)
        .map(|&i| inflight[i].1)
        .fold(0.0, f64::max);
    let duration = entries
        .iter()
        .map(|&t0| {
            mode.iter()
                .filter(|p| p.0 >= t0)
                .take_while(|p| p.1 == 3.0)
                .count() as f64
                * 0.01
        })
        .fold(f64::MAX, f64::min);
    vec![
        Row::relative(
            "BBR: btl_bw after STARTUP vs bottleneck payload rate (b/s)",
            bw_mean,
            payload_rate,
            0.05,
        ),
        Row::at_most("BBR: STARTUP and DRAIN done by (s)", probe_bw_at, 2.0),
        Row::at_most(
            "BBR: mean standing queue after STARTUP vs 1 BDP (packets)",
            q_mean,
            bdp_packets,
        ),
        Row::at_least("BBR: PROBE_RTT episodes in 35 s", entries.len() as f64, 3.0),
        Row::relative("BBR: time between PROBE_RTT entries (s)", gap, 10.0, 0.1),
        Row::exact("BBR: cwnd in PROBE_RTT (segments)", cwnd_probe, 4.0),
        Row::at_most(
            "BBR: inflight at the end of PROBE_RTT (segments)",
            inflight_probe,
            4.0,
        ),
        Row::at_least("BBR: PROBE_RTT lasts (s)", duration, 0.2),
    ]
}

// ---- Paper 002 -------------------------------------------------------------------

/// Paper 002 §3.3–3.5 (Figs. 3–4): CUBIC (Linux 4.2.3) and Compound TCP
/// hosts sharing a DropTail bottleneck are unfair at 64 ms with CUBIC ahead
/// (Jain index ≈ 0.75 over the 20 connections at 1 Gb/s), and fair enough
/// ("not low") at ≤ 32 ms. Scaled to half size keeping the per-connection
/// numbers (≈ 47 Mb/s and a 1000/20 = 50-packet share of buffer each): 5
/// CUBIC (Linux preset) and 5 Compound connections on 500 Mb/s with a
/// 500-packet DropTail buffer, RTT 64 ms and 8 ms (the added delay read as
/// the RTT, digest §4.1), 0.5 ms of access jitter, goodput from 20 s to 60 s.
/// The outcome depends on the buffer: in a two-flow run with 0.1·BDP of
/// buffer Compound came out ahead (docs/algorithms.md).
fn paper002() -> Vec<Row> {
    const N: usize = 5;
    let run_at = |rtt_ms: f64| -> Vec<f64> {
        let cubic = json!({"cc": "cubic", "cc_params": {"cubic": {"preset": "linux"}}});
        let flows: Vec<_> = (0..2 * N)
            .map(|i| {
                let flow = if i < N {
                    cubic.clone()
                } else {
                    json!({"cc": "compound"})
                };
                DumbbellFlow::with(rtt_ms, flow)
            })
            .collect();
        let mut s = dumbbell(
            &flows,
            500e6,
            (rtt_ms / 4.0).min(10.0),
            json!({"queue": {"kind": "drop_tail", "limit_packets": 500}}),
            60.0,
            2,
        );
        for l in s
            .topology
            .links
            .iter_mut()
            .filter(|l| l.id.starts_with("access"))
        {
            l.jitter_ms = 0.5;
        }
        s.sample_interval_ms = 1000.0;
        let (w, rows) = run(&s);
        (0..2 * N)
            .map(|i| {
                let d = series(&w, &rows, &format!("flow.f{i}.delivered"));
                (at(&d, 60.0) - at(&d, 20.0)) * 8.0 / 40.0
            })
            .collect()
    };
    let jain = |x: &[f64]| {
        let s: f64 = x.iter().sum();
        s * s / (x.len() as f64 * x.iter().map(|v| v * v).sum::<f64>())
    };
    let ratio = |g: &[f64]| g[..N].iter().sum::<f64>() / g[N..].iter().sum::<f64>();
    let g64 = run_at(64.0);
    let g8 = run_at(8.0);
    vec![
        Row::at_least(
            "paper 002, 64 ms: CUBIC / Compound goodput (CUBIC ahead)",
            ratio(&g64),
            1.2,
        ),
        // The paper measures ≈ 0.75 on 1 GbE with 10 + 10 connections; this
        // smaller dumbbell shows the direction (fair at 8 ms, not at 64 ms),
        // not the size: docs/papers.md reports paper 002's own experiments.
        Row::at_least(
            "paper 002: Jain at 8 ms minus Jain at 64 ms, 10 conns (paper: ≈ 0.2)",
            jain(&g8) - jain(&g64),
            0.03,
        ),
        Row::at_least(
            "paper 002, 8 ms: Jain index, 10 conns (paper: not low)",
            jain(&g8),
            0.95,
        ),
        Row::at_least(
            "paper 002, 64 ms: both groups fill the link (b/s)",
            g64.iter().sum::<f64>(),
            0.9 * 500e6 * 1460.0 / 1500.0,
        ),
    ]
}
