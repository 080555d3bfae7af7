//! How disciplines share a link, run through the world: FQ-CoDel gives TCP
//! flows with different RTTs equal shares (RFC 8290 §1: flow isolation),
//! WFQ shares by weight (Parekh & Gallager: g_i = C·φ_i/Σφ), and a token
//! bucket's output never exceeds b + r·T over any interval T.

use super::build::{dumbbell, run, DumbbellFlow};
use super::{Case, Row};
use crate::metrics::fairness::jain_index;
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "fq-codel-rtt-fairness",
            run: fq_codel_fairness,
        },
        Case {
            name: "wfq-weights",
            run: wfq_weights,
        },
        Case {
            name: "token-bucket",
            run: token_bucket,
        },
    ]
}

/// Bulk TCP flows (NewReno, or CUBIC) with the given RTTs through a 20 Mb/s
/// bottleneck with `queue`; each flow's goodput over the last 50 s of 60
/// (after slow start).
fn rtt_shares(rtts_ms: &[f64], queue: serde_json::Value, cc: &str) -> Vec<f64> {
    let flows: Vec<DumbbellFlow> = rtts_ms
        .iter()
        .map(|&r| DumbbellFlow::with(r, json!({"cc": cc})))
        .collect();
    let s = dumbbell(&flows, 20e6, 2.0, json!({ "queue": queue }), 60.0, 7);
    let (w, rows) = run(&s);
    let cols = w.columns();
    let width = cols.len();
    let t = cols.iter().position(|c| c.key == "t").expect("time");
    let delivered: Vec<usize> = (0..flows.len())
        .map(|i| {
            let key = format!("flow.f{i}.delivered");
            cols.iter().position(|c| c.key == key).expect("delivered")
        })
        .collect();
    let at = |time: f64| {
        rows.chunks(width)
            .find(|r| r[t] >= time)
            .or_else(|| rows.chunks(width).last())
            .expect("rows")
            .to_vec()
    };
    let (a, b) = (at(10.0), at(60.0));
    delivered
        .iter()
        .map(|&c| (b[c] - a[c]) * 8.0 / (b[t] - a[t]))
        .collect()
}

fn fq_codel_fairness() -> Vec<Row> {
    let mut rows = Vec::new();
    let rtts = [10.0, 20.0, 40.0, 80.0];
    let mut fq_newreno = 0.0;
    for cc in ["newreno", "cubic"] {
        let g = rtt_shares(&rtts, json!({"kind": "fq_codel"}), cc);
        if cc == "newreno" {
            fq_newreno = jain_index(&g);
        }
        rows.push(Row::at_least(
            format!("FQ-CoDel, 4 {cc} flows, RTTs 10–80 ms: Jain's index"),
            jain_index(&g),
            0.98,
        ));
        let total: f64 = g.iter().sum();
        rows.push(Row::at_least(
            format!("FQ-CoDel, 4 {cc} flows: utilisation of 20 Mb/s"),
            total / 20e6,
            0.9,
        ));
    }
    // A flow whose RTT is above CoDel's 100 ms interval cannot keep its own
    // queue backlogged under CoDel's drops, so it gets less than a fair share.
    let g = rtt_shares(
        &[10.0, 20.0, 40.0, 80.0, 160.0],
        json!({"kind": "fq_codel"}),
        "newreno",
    );
    rows.push(Row::at_least(
        "FQ-CoDel, 5 newreno flows, RTTs 10–160 ms: Jain's index (the 160 ms flow lags)",
        jain_index(&g),
        0.9,
    ));
    // The same flows behind a DropTail buffer of one BDP at 40 ms favour the
    // short RTTs (Reno: throughput ∝ 1/RTT or steeper).
    let g = rtt_shares(
        &rtts,
        json!({"kind": "drop_tail", "limit_packets": 67}),
        "newreno",
    );
    rows.push(Row::at_most(
        "DropTail (67 packets), same 4 newreno flows: Jain's index ≤ FQ-CoDel's",
        jain_index(&g),
        fq_newreno,
    ));
    rows
}

/// Four saturating UDP flows (each offering the whole link) with weights
/// 1, 2, 3, 4 into a 10 Mb/s WFQ link; and four bulk NewReno flows with
/// RTTs 10–80 ms and the same weights. Shares of the goodput over the run.
fn wfq_weights() -> Vec<Row> {
    let weights = [1.0, 2.0, 3.0, 4.0];
    let sum_w: f64 = weights.iter().sum();
    let queue = json!({"kind": "wfq", "weights": weights.iter().enumerate()
        .map(|(i, w)| json!({"flow": format!("f{i}"), "weight": w})).collect::<Vec<_>>()});
    let mut rows = Vec::new();
    // UDP: 1472-byte payloads, 1500 bytes on the wire, each at 10 Mb/s.
    let udp: Vec<DumbbellFlow> = (0..4)
        .map(|_| {
            DumbbellFlow::with(
                20.0,
                json!({"protocol": "udp", "source": {"kind": "cbr", "packet_bytes": 1472,
                        "interval_ms": 1.2, "random_phase": true}}),
            )
        })
        .collect();
    let s = dumbbell(&udp, 10e6, 5.0, json!({ "queue": queue }), 30.0, 3);
    let (w, _) = run(&s);
    let g: Vec<f64> = w.summary().flows.iter().map(|f| f.goodput_bps).collect();
    let total: f64 = g.iter().sum();
    for (i, (gi, wi)) in g.iter().zip(weights).enumerate() {
        rows.push(Row::relative(
            format!("WFQ, saturating UDP: share of flow {i} (weight {wi})"),
            gi / total,
            wi / sum_w,
            0.02,
        ));
    }
    // TCP with different RTTs: while each flow keeps a backlog WFQ's weights
    // decide, not the RTTs. The per-flow limit is raised from 64 to 200 so
    // that the weight-4 flow (80 ms, a 27-packet share of the pipe) is not
    // tail-dropped into timeouts and idles (with 64 it gets 0.37, not 0.40).
    let mut queue = queue;
    queue["flow_limit_packets"] = json!(200);
    let tcp: Vec<DumbbellFlow> = [10.0, 20.0, 40.0, 80.0]
        .iter()
        .map(|&r| DumbbellFlow::tcp(r))
        .collect();
    let s = dumbbell(&tcp, 10e6, 2.0, json!({ "queue": queue }), 60.0, 3);
    let (w, _) = run(&s);
    let g: Vec<f64> = w.summary().flows.iter().map(|f| f.goodput_bps).collect();
    let total: f64 = g.iter().sum();
    for (i, (gi, wi)) in g.iter().zip(weights).enumerate() {
        rows.push(Row::relative(
            format!(
                "WFQ, TCP with RTT {} ms: share of flow {i} (weight {wi})",
                10 << i
            ),
            gi / total,
            wi / sum_w,
            0.02,
        ));
    }
    rows
}

/// A 4 Mb/s UDP stream of 1500-byte packets into a token-bucket shaper
/// (r = 1 Mb/s, b = 30000 bytes) on a 10 Mb/s link, sampled every 1 ms
/// at the receiver: the bytes in any window (t1, t2] minus r·(t2 − t1)
/// never exceed b, the first burst reaches b, and the long-run rate is r.
fn token_bucket() -> Vec<Row> {
    let (r, b) = (1e6, 30_000.0);
    let doc = json!({
        "version": 1, "name": "token bucket", "seed": 2, "duration_s": 20, "sample_interval_ms": 1,
        "topology": {
            "nodes": [{"id": "src", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "dst", "kind": "host"}],
            "links": [
                {"id": "access", "a": "src", "b": "r", "rate_bps": 1e9, "delay_ms": 1},
                {"id": "shaped", "a": "r", "b": "dst", "rate_bps": 10e6, "delay_ms": 5,
                 "queue": {"kind": "token_bucket", "rate_bps": r, "burst_bytes": b as u64, "limit_packets": 1000}}
            ]
        },
        "flows": [{"id": "u", "src": "src", "dst": "dst", "protocol": "udp",
                   "source": {"kind": "cbr", "packet_bytes": 1472, "interval_ms": 3.0}}]
    });
    let s = parse_scenario(&doc.to_string()).expect("valid");
    let (w, rows) = run(&s);
    let cols = w.columns();
    let width = cols.len();
    let t = cols.iter().position(|c| c.key == "t").expect("time");
    let d = cols
        .iter()
        .position(|c| c.key == "flow.u.delivered")
        .expect("delivered");
    // Wire bytes delivered: whole 1500-byte datagrams of 1472 bytes of payload.
    let series: Vec<(f64, f64)> = rows
        .chunks(width)
        .map(|row| (row[t], row[d] / 1472.0 * 1500.0))
        .collect();
    // max over t1 < t2 of (W(t2) − r·t2) − (W(t1) − r·t1).
    let mut lowest = f64::INFINITY;
    let mut excess = f64::NEG_INFINITY;
    for &(ts, bytes) in &series {
        let v = bytes - r / 8.0 * ts;
        excess = excess.max(v - lowest);
        lowest = lowest.min(v);
    }
    let at = |time: f64| series.iter().find(|p| p.0 >= time).expect("sample").1;
    let rate = (at(20.0) - at(5.0)) * 8.0 / 15.0;
    vec![
        Row::at_most(
            "Token bucket: max over intervals of output − r·T (bytes) ≤ b",
            excess,
            b,
        ),
        Row::at_least(
            "Token bucket: the first burst reaches b − one packet (bytes)",
            excess,
            b - 1500.0,
        ),
        Row::relative("Token bucket: long-run output rate (b/s)", rate, r, 0.01),
    ]
}
