//! Paper 000 oracles: Table 3.1, the bandwidth/loss knee, simulated
//! bulk TCP against the host bound, the effect of offload across MTUs, and the
//! recv()-time bandwidth estimator (eq. 3.60) against its error bound (3.61).

use super::build::run;
use super::{Case, Row};
use crate::host::estimator::relative_error_bound;
use crate::metrics::bounds::{loss_knee_rtt_s, table_3_1_ratio};
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use crate::Summary;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "paper000-table",
            run: table_and_knee,
        },
        Case {
            name: "paper000-bound",
            run: simulated_vs_bound,
        },
        Case {
            name: "paper000-estimator",
            run: estimator,
        },
    ]
}

fn table_and_knee() -> Vec<Row> {
    // Table 3.1 with the parameters that reproduce it (docs/host-model.md §3):
    // B_GE = 1 Gb/s, B_FSB = 4.065 Gb/s, t_L = 9.79 µs.
    let mut rows: Vec<Row> = [(1500, 0.433), (6000, 0.594), (9000, 0.610)]
        .into_iter()
        .map(|(mtu, paper)| {
            Row::relative(
                format!("Table 3.1 throughput/B_GE at MTU {mtu}"),
                table_3_1_ratio(1e9, 4.065e9, 9.79e-6, mtu),
                paper,
                0.01,
            )
        })
        .collect();
    rows.push(Row::relative(
        "bandwidth→loss-limited knee, MTU 1500, 1 Gb/s, √p=1e-3 (s)",
        loss_knee_rtt_s(1500, 1e9, 1e-3),
        0.012,
        1e-6,
    ));
    rows
}

/// One bulk TCP flow over 1 GbE into a paper-000 receiver, RTT 0.2 ms, with
/// a window of `segments`.
pub fn host_run(preset: &str, offload: bool, mtu: u32, segments: u32) -> Summary {
    host_run_window(preset, offload, mtu, segments * (mtu - 40))
}

/// The same with the window in bytes.
pub fn host_run_window(preset: &str, offload: bool, mtu: u32, window_bytes: u32) -> Summary {
    let flow = json!({"id": "f", "src": "snd", "dst": "rcv", "tcp": {"receive_buffer_bytes": window_bytes}});
    host_scenario(preset, offload, mtu, flow, 1)
}

/// A sender and a paper-000 receiver on 1 GbE, RTT 0.2 ms, with one flow.
fn host_scenario(
    preset: &str,
    offload: bool,
    mtu: u32,
    flow: serde_json::Value,
    seed: u32,
) -> Summary {
    let doc = json!({
        "version": 1, "name": "paper 000 host", "seed": seed, "duration_s": 3, "sample_interval_ms": 10,
        "topology": {
            "nodes": [{"id": "snd", "kind": "host"},
                      {"id": "rcv", "kind": "host", "host": {"preset": preset, "offload": offload}}],
            "links": [{"id": "ge", "a": "snd", "b": "rcv", "rate_bps": 1e9, "delay_ms": 0.1,
                       "mtu_bytes": mtu, "queue": {"kind": "drop_tail", "limit_packets": 1000}}]
        },
        "flows": [flow]
    });
    let s = parse_scenario(&doc.to_string()).expect("valid");
    run(&s).0.summary()
}

/// Goodput over the tightest analytic bound (the host bound or W/RTT).
fn ratio_to_bound(sum: &Summary) -> f64 {
    let f = &sum.flows[0];
    let b = f.bounds.as_ref().expect("TCP flow has bounds");
    f.goodput_bps / b.host_bound_bps.min(b.window_bps)
}

fn simulated_vs_bound() -> Vec<Row> {
    let mut rows = Vec::new();
    for (preset, offload, mtu) in [
        ("p4_pci", false, 1500),
        ("p4_pci", false, 9000),
        ("p4_pci", true, 1500),
        ("pentium_d_pcie", true, 9000),
    ] {
        let toe = if offload { "TOE" } else { "no TOE" };
        let mut worst_over = 0.0f64;
        for segments in [2, 8, 24, 64] {
            worst_over = worst_over.max(ratio_to_bound(&host_run(preset, offload, mtu, segments)));
        }
        rows.push(Row::at_most(
            format!("{preset} {toe} MTU {mtu}: goodput / bound, worst of 4 windows"),
            worst_over,
            1.0,
        ));
        let large = ratio_to_bound(&host_run(preset, offload, mtu, 12));
        rows.push(Row::at_least(
            format!("{preset} {toe} MTU {mtu}: goodput / bound, 12-segment window"),
            large,
            0.9,
        ));
    }
    // Offload pays most where per-packet work dominates: small frames. Same
    // 64 KB window at both MTUs, so neither run is window-limited.
    let gain = |mtu| {
        let on = host_run_window("p4_pci", true, mtu, 65536).flows[0].goodput_bps;
        let off = host_run_window("p4_pci", false, mtu, 65536).flows[0].goodput_bps;
        on / off - 1.0
    };
    let (small, large) = (gain(1500), gain(9000));
    rows.push(Row::at_least(
        "offload gain at MTU 1500 − gain at MTU 9000",
        small - large,
        0.0,
    ));
    rows
}

/// The estimator as the thesis used it: the receiver is the bottleneck of a
/// back-to-back stream (here UDP at the 1 Gb/s line rate), so every recv()
/// time is the host's own passage time d. Worst error over three seeds.
fn estimator() -> Vec<Row> {
    // Eq. 3.61 with Δe = 2 µs: 16.7 % at 1500 B, 2.8 % at 9000 B on 1 Gb/s;
    // the thesis reports 9 KB frames within 3 %.
    [(1500, relative_error_bound(1500, 1e9, 2000.0)), (9000, 0.03)]
        .into_iter()
        .map(|(mtu, allowed)| {
            let worst = (1..=3)
                .map(|seed| {
                    let flow = json!({"id": "f", "src": "snd", "dst": "rcv", "protocol": "udp",
                        "source": {"kind": "cbr", "packet_bytes": mtu - 28, "interval_ms": mtu as f64 * 8.0 / 1e6}});
                    let sum = host_scenario("p4_pci", false, mtu, flow, seed);
                    let est = sum.hosts[0].bandwidth_estimate_bps.unwrap_or(f64::NAN);
                    (est - 1e9).abs() / 1e9
                })
                .fold(0.0, f64::max);
            Row::at_most(
                format!("recv()-time estimate of B_GE, MTU {mtu}, line-rate stream: worst |error| of 3 seeds"),
                worst,
                allowed,
            )
        })
        .collect()
}
