//! The dummynet timer-tick delay against seed paper 004 (Table 6.4: ping
//! × 30 through a 10 ms dummynet, 0.2 ms base RTT): tick 5 ms → mean 7.94,
//! min 5.53, max 10.2, SD 1.46 ms; tick 0.5 ms → mean 10.18 ms. Run
//! through the world: Poisson probes (so their phase within a tick is
//! uniform) cross a link with `timer_tick`, and the RTT is the paper's
//! 0.2 ms base plus the delay the link imposed. The emulator's constant
//! forwarding cost (0.23 ms, `timer_tick.overhead_ms`) was fitted to the
//! 0.5 ms-tick mean (see net/impairment/tick.rs), so that row checks the
//! fit; the 5 ms-tick rows are predictions.

use super::build::run;
use super::{Case, Row};
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use serde_json::json;

pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "dummynet-tick",
        run: dummynet_tick,
    }]
}

const BASE_RTT_MS: f64 = 0.2;
const OVERHEAD_MS: f64 = 0.23;

/// (mean, sd, min, max) of the RTT in ms for a 10 ms pipe at `tick_ms`.
fn pings(tick_ms: f64) -> (f64, f64, f64, f64) {
    let doc = json!({
        "version": 1, "name": "dummynet", "seed": 4, "duration_s": 200, "sample_interval_ms": 1000,
        "topology": {
            "nodes": [{"id": "ping", "kind": "host"}, {"id": "dummynet", "kind": "router"}, {"id": "echo", "kind": "host"}],
            "links": [
                {"id": "lan", "a": "ping", "b": "dummynet", "rate_bps": 1e9, "delay_ms": 0},
                {"id": "pipe", "a": "dummynet", "b": "echo", "rate_bps": 1e9, "delay_ms": 10,
                 "timer_tick": {"tick_ms": tick_ms, "overhead_ms": OVERHEAD_MS}, "reverse": {"delay_ms": 0}}
            ]
        },
        "flows": [{"id": "probe", "src": "ping", "dst": "echo", "protocol": "udp",
                   "source": {"kind": "poisson", "rate_bps": 64e3, "packet_bytes": 56}}]
    });
    let s = parse_scenario(&doc.to_string()).expect("valid");
    let (w, _) = run(&s);
    let st = w.link_delay_stats("pipe:a>b").expect("channel");
    let ms = |t: u64| t as f64 / 1e6;
    (
        BASE_RTT_MS + st.mean_s() * 1e3,
        st.sd_s() * 1e3,
        BASE_RTT_MS + ms(st.min),
        BASE_RTT_MS + ms(st.max),
    )
}

fn dummynet_tick() -> Vec<Row> {
    let (mean, sd, min, max) = pings(5.0);
    let (mean_fine, _, min_fine, _) = pings(0.5);
    vec![
        Row::relative(
            "dummynet, 5 ms tick: mean RTT (ms), paper 7.94",
            mean,
            7.94,
            0.01,
        ),
        Row::relative(
            "dummynet, 5 ms tick: RTT SD (ms), paper 1.46",
            sd,
            1.46,
            0.05,
        ),
        Row::at_most("dummynet, 5 ms tick: min RTT ≤ paper's 5.53 ms", min, 5.53),
        Row::at_least("dummynet, 5 ms tick: max RTT ≥ paper's 10.2 ms", max, 10.2),
        Row::relative(
            "dummynet, 0.5 ms tick: mean RTT (ms), paper 10.18 (fitted)",
            mean_fine,
            10.18,
            0.005,
        ),
        Row::at_least(
            "dummynet, 0.5 ms tick: min RTT ≥ 10 − 0.5 + base (ms)",
            min_fine,
            9.5 + BASE_RTT_MS,
        ),
    ]
}
