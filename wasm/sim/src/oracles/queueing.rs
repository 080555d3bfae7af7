//! Queueing-theory oracles for the event core: Poisson UDP arrivals into a
//! FIFO link against M/D/1 and M/M/1 mean waiting times, via the
//! Pollaczek–Khinchine formula Wq = λE[S²] / (2(1 − ρ)).

use super::build::run;
use super::{Case, Row};
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "queueing",
        run: queueing,
    }]
}

const RATE: f64 = 10e6;
const PAYLOAD: f64 = 972.0; // + 28 bytes of UDP/IP = 1000 bytes on the wire
const HEADERS: f64 = 28.0;

fn poisson_wait(rho: f64, exponential: bool) -> (f64, f64) {
    let wire = PAYLOAD + HEADERS;
    let lambda = rho * RATE / (wire * 8.0);
    let packets = 1e6;
    let doc = json!({
        "version": 1, "name": "queueing", "seed": 5, "duration_s": packets / lambda,
        "sample_interval_ms": 1000,
        "topology": {
            "nodes": [{"id": "src", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "dst", "kind": "host"}],
            "links": [
                {"id": "access", "a": "src", "b": "r", "rate_bps": 1e12, "delay_ms": 0, "mtu_bytes": 65535,
                 "queue": {"kind": "drop_tail", "limit_packets": 10000000}},
                {"id": "bottleneck", "a": "r", "b": "dst", "rate_bps": RATE, "delay_ms": 0, "mtu_bytes": 65535,
                 "queue": {"kind": "drop_tail", "limit_packets": 10000000}}
            ]
        },
        "flows": [{"id": "poisson", "src": "src", "dst": "dst", "protocol": "udp",
                   "source": {"kind": "poisson", "rate_bps": rho * RATE,
                              "packet_bytes": PAYLOAD as u32, "exponential_sizes": exponential}}]
    });
    let s = parse_scenario(&doc.to_string()).expect("valid");
    let (w, _) = run(&s);
    let model = w.mean_queueing_delay_s("bottleneck:a>b").expect("channel");
    // Service time S = wire bits / C; with exponential payloads, S = (28 + X)·8/C, X ~ Exp(m).
    // The 64 KB MTU keeps truncation negligible (P(X > 65507) = e^-67).
    let k = 8.0 / RATE;
    let (es, es2) = if exponential {
        let m = PAYLOAD;
        (
            k * (HEADERS + m),
            k * k * (HEADERS * HEADERS + 2.0 * HEADERS * m + 2.0 * m * m),
        )
    } else {
        (k * wire, (k * wire).powi(2))
    };
    let rho_true = lambda * es;
    let oracle = lambda * es2 / (2.0 * (1.0 - rho_true));
    (model, oracle)
}

fn queueing() -> Vec<Row> {
    let mut rows = Vec::new();
    for rho in [0.5, 0.8] {
        let (m, o) = poisson_wait(rho, false);
        rows.push(Row::relative(
            format!("M/D/1 mean queueing delay, ρ={rho} (s)"),
            m,
            o,
            0.03,
        ));
        let (m, o) = poisson_wait(rho, true);
        rows.push(Row::relative(
            format!("M/M/1 mean queueing delay, ρ={rho}, exp. sizes + 28 B headers (s)"),
            m,
            o,
            0.04,
        ));
    }
    rows
}
