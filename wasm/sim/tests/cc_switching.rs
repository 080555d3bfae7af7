//! Per-flow algorithm choice end to end: TranSwitch rules (paper 004) pick a
//! flow's algorithm when it opens; mid-flow switches at a time, on srtt, or
//! on a loss rate hand the window over to the new algorithm, and the trace
//! marks them (`algorithm`, `switches`, per-algorithm `cc.<name>.<metric>`).

mod common;

use serde_json::{json, Value};
use sim::oracles::{dumbbell, DumbbellFlow};
use sim::scenario::CcAlgorithm;
use sim::{Scenario, World};

/// One flow over a 10 Mb/s, 50 ms path with a large DropTail buffer, extra
/// JSON merged into the bottleneck link.
fn one_flow(flow: Value, bottleneck: Value, duration_s: f64) -> Scenario {
    let mut link = json!({"queue": {"kind": "drop_tail", "limit_packets": 200}});
    sim::oracles::merge(&mut link, &bottleneck);
    let mut s = dumbbell(
        &[DumbbellFlow::with(50.0, flow)],
        10e6,
        10.0,
        link,
        duration_s,
        1,
    );
    s.sample_interval_ms = 10.0;
    s
}

/// (time, value) pairs of one column.
fn series(w: &World, rows: &[f64], key: &str) -> Vec<(f64, f64)> {
    let width = w.columns().len();
    let c = common::col(w, key);
    rows.chunks_exact(width).map(|r| (r[0], r[c])).collect()
}

fn index(a: CcAlgorithm) -> f64 {
    a.index() as f64
}

#[test]
fn a_scheduled_switch_hands_the_window_over_and_is_marked_in_the_trace() {
    let s = one_flow(
        json!({"cc": "newreno", "cc_switches": [{"cc": "cubic", "when": {"kind": "at", "at_s": 6.0}}]}),
        json!({}),
        12.0,
    );
    let (w, rows) = common::run_rows(&s);
    let alg = series(&w, &rows, "flow.f0.algorithm");
    let sw = series(&w, &rows, "flow.f0.switches");
    for (&(t, a), &(_, n)) in alg.iter().zip(&sw) {
        if t < 6.0 {
            assert_eq!((a, n), (index(CcAlgorithm::Newreno), 0.0), "t = {t}");
        } else {
            assert_eq!((a, n), (index(CcAlgorithm::Cubic), 1.0), "t = {t}");
        }
    }
    // Both algorithms have their own columns; the idle block reads 0.
    let bytes = series(&w, &rows, "flow.f0.cc.newreno.bytes_acked");
    let w_max = series(&w, &rows, "flow.f0.cc.cubic.w_max");
    assert!(bytes.iter().filter(|p| p.0 >= 6.0).all(|p| p.1 == 0.0));
    assert!(w_max.iter().filter(|p| p.0 < 6.0).all(|p| p.1 == 0.0));
    assert!(
        w_max.iter().any(|p| p.1 > 0.0),
        "CUBIC starts on its plateau"
    );
    assert!(
        !w.columns().iter().any(|c| c.key == "flow.f0.cc.w_max"),
        "no unprefixed controller columns on a switching flow"
    );
    // The window carries over: no jump at the switch.
    let cwnd = series(&w, &rows, "flow.f0.cwnd");
    let ss = series(&w, &rows, "flow.f0.ssthresh");
    let i = cwnd.iter().position(|p| p.0 >= 6.0).unwrap();
    let (before, after) = (cwnd[i - 1].1, cwnd[i].1);
    assert!(
        (after - before).abs() <= 0.03 * before + 1.0,
        "cwnd {before} → {after} across the switch"
    );
    assert_eq!(ss[i - 1].1, ss[i].1, "ssthresh carries over");
}

#[test]
fn a_flow_without_switches_keeps_plain_controller_columns() {
    let s = one_flow(json!({"cc": "cubic"}), json!({}), 2.0);
    let w = World::new(&s);
    assert!(w.columns().iter().any(|c| c.key == "flow.f0.cc.w_max"));
    assert!(w.columns().iter().any(|c| c.key == "flow.f0.algorithm"));
}

#[test]
fn srtt_above_switches_at_the_first_ack_past_the_threshold() {
    // NewReno fills a 200-packet buffer on a 50 ms path: srtt climbs past
    // 120 ms (about 85 packets queued) within a few seconds.
    let s = one_flow(
        json!({"cc": "newreno", "cc_switches": [{"cc": "vegas", "when": {"kind": "srtt_above", "srtt_ms": 120}}]}),
        json!({}),
        10.0,
    );
    let (w, rows) = common::run_rows(&s);
    let alg = series(&w, &rows, "flow.f0.algorithm");
    let srtt = series(&w, &rows, "flow.f0.srtt");
    let k = alg
        .iter()
        .position(|p| p.1 == index(CcAlgorithm::Vegas))
        .expect("switched to vegas");
    assert!(
        srtt[k].1 > 120.0,
        "srtt at the first sample after the switch"
    );
    assert!(
        srtt[k - 1].1 <= 120.5,
        "the sample before still had srtt {} ms",
        srtt[k - 1].1
    );
    // Vegas then drains the queue it inherited.
    let late = srtt
        .iter()
        .filter(|p| p.0 > 8.0)
        .map(|p| p.1)
        .fold(0.0, f64::max);
    assert!(late < 90.0, "srtt after Vegas took over: {late} ms");
}

#[test]
fn loss_rate_above_switches_at_the_end_of_the_first_lossy_window() {
    let run = |p: f64| {
        let s = one_flow(
            // A 30-segment receive window (below the 42-packet BDP) keeps the
            // queue empty: only the wire loses packets.
            json!({"cc": "newreno", "tcp": {"receive_buffer_bytes": 43800},
                   "cc_switches": [{"cc": "westwood_plus",
                   "when": {"kind": "loss_rate_above", "loss_rate": 0.01, "window_s": 2.0}}]}),
            json!({"loss": {"kind": "bernoulli", "p": p}}),
            9.0,
        );
        let (w, rows) = common::run_rows(&s);
        series(&w, &rows, "flow.f0.algorithm")
            .into_iter()
            .find(|q| q.1 == index(CcAlgorithm::WestwoodPlus))
            .map(|q| q.0)
    };
    // Windows run [0, 2), [2, 4), ...; at 3 % loss the first one already qualifies.
    let t = run(0.03).expect("switched");
    assert!((t - 2.0).abs() < 1e-9, "switched at {t} s");
    assert_eq!(run(0.001), None, "0.1 % loss stays below 1 %");
}

#[test]
fn rules_choose_the_algorithm_of_flows_that_leave_cc_out() {
    let mut s = dumbbell(
        &[
            DumbbellFlow::with(40.0, json!({})),
            DumbbellFlow::with(40.0, json!({"dst_port": 80})),
            DumbbellFlow::with(40.0, json!({"dst_port": 80, "cc": "vegas"})),
        ],
        10e6,
        10.0,
        json!({}),
        2.0,
        1,
    );
    let rules = json!([
        {"dst_ports": {"from": 80}, "cc": "bbr"},
        {"src": "s*", "cc": "cubic", "cc_params": {"cubic": {"preset": "linux"}}}
    ]);
    s.cc_rules = sim::scenario::from_json(&rules.to_string()).unwrap();
    let s = sim::parse_scenario(&sim::scenario::to_json(&s)).expect("valid");
    let (w, rows) = common::run_rows(&s);
    let last = |k: &str| series(&w, &rows, k).last().unwrap().1;
    assert_eq!(last("flow.f0.algorithm"), index(CcAlgorithm::Cubic));
    assert_eq!(last("flow.f1.algorithm"), index(CcAlgorithm::Bbr));
    assert_eq!(
        last("flow.f2.algorithm"),
        index(CcAlgorithm::Vegas),
        "explicit cc wins"
    );
    let sum = w.summary();
    let rules: Vec<_> = sum.flows.iter().map(|f| f.cc_rule).collect();
    assert_eq!(
        rules,
        [Some(1), Some(0), None],
        "the summary names the rule"
    );
    assert_eq!(sum.flows[1].cc.as_deref(), Some("bbr"));
    // The rule's parameters reach the controller: the Linux preset counts `cnt`.
    assert!(w.columns().iter().any(|c| c.key == "flow.f1.cc.btl_bw"));
    assert!(last("flow.f0.cc.cnt") > 0.0, "Linux CUBIC keeps cnt");
}

#[test]
fn switching_back_and_forth_reuses_the_columns_and_is_deterministic() {
    let s = one_flow(
        json!({"cc": "cubic", "cc_switches": [
            {"cc": "bbr", "when": {"kind": "at", "at_s": 3.0}},
            {"cc": "cubic", "when": {"kind": "at", "at_s": 6.0}},
            {"cc": "cubic", "when": {"kind": "at", "at_s": 7.0}}]}),
        json!({}),
        9.0,
    );
    let (w, rows) = common::run_rows(&s);
    let keys: Vec<_> = w
        .columns()
        .iter()
        .filter(|c| c.key.starts_with("flow.f0.cc."))
        .map(|c| c.key.split('.').nth(3).unwrap().to_string())
        .collect();
    assert!(keys.iter().all(|k| k == "cubic" || k == "bbr"), "{keys:?}");
    let sw = series(&w, &rows, "flow.f0.switches");
    assert_eq!(
        sw.last().unwrap().1,
        2.0,
        "switching to the running algorithm is not a switch"
    );
    assert_eq!(w.summary().flows[0].cc_switches, 2);
    let (w2, _) = common::run_rows(&s);
    assert_eq!(w.trace_hash(), w2.trace_hash());
    let sum = common::run_checked(&s, 3_000_000).summary();
    assert!(sum.flows[0].goodput_bps > 0.8 * 10e6 * 1460.0 / 1500.0);
}

#[test]
fn the_transwitch_preset_gives_each_flow_its_rules_algorithm() {
    let mut s = common::load("content/scenarios/paper004-transwitch.json");
    s.duration_s = 12.0;
    let w = common::run_checked(&s, 50_000_000);
    let sum = w.summary();
    let got: Vec<_> = sum
        .flows
        .iter()
        .map(|f| (f.cc.clone().unwrap(), f.cc_rule, f.cc_switches))
        .collect();
    assert_eq!(
        got,
        [
            ("fast".to_string(), Some(0), 0),
            ("westwood_plus".to_string(), Some(1), 0),
            ("cubic".to_string(), None, 1),
        ]
    );
}
