//! Link impairments end to end, parsed from scenario JSON and run through the
//! world: framing overhead, rate changes, a mahimahi trace, Gilbert–Elliott
//! loss, the dummynet timer tick, a one-way delay box, queue internals as
//! trace columns; and impossible parameters refused with their field path.

use serde_json::{json, Value};
use sim::{parse_scenario, Scenario, World};

/// src → r → dst; the r→dst link is `link` merged over a 10 Mb/s, 5 ms
/// default; one UDP CBR flow of 1472-byte payloads (1500 on the wire).
fn udp_path(link: Value, rate_bps: f64, duration_s: f64) -> Value {
    let mut bn = json!({"id": "bn", "a": "r", "b": "dst", "rate_bps": 10e6, "delay_ms": 5,
                        "queue": {"kind": "drop_tail", "limit_packets": 100}});
    merge(&mut bn, &link);
    json!({
        "version": 1, "duration_s": duration_s, "sample_interval_ms": 100,
        "topology": {
            "nodes": [{"id": "src", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "dst", "kind": "host"}],
            "links": [{"id": "acc", "a": "src", "b": "r", "rate_bps": 1e9, "delay_ms": 1}, bn]
        },
        "flows": [{"id": "u", "src": "src", "dst": "dst", "protocol": "udp",
                   "source": {"kind": "cbr", "packet_bytes": 1472,
                              "interval_ms": 1472.0 * 8.0 / rate_bps * 1000.0 * (1500.0 / 1472.0)}}]
    })
}

fn merge(into: &mut Value, from: &Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (a, b) => *a = b.clone(),
    }
}

fn parse(v: &Value) -> Scenario {
    parse_scenario(&v.to_string()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn errors(v: &Value) -> Vec<sim::ValidationError> {
    parse_scenario(&v.to_string()).expect_err("should be refused")
}

fn has(errs: &[sim::ValidationError], path: &str, needle: &str) -> bool {
    errs.iter()
        .any(|e| e.path == path && e.message.contains(needle))
}

/// Column index by key.
fn col(w: &World, key: &str) -> usize {
    w.columns()
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no column {key}"))
}

/// Run to the end, checking the model's invariants every 0.25 s; returns the
/// world and every sampled row.
fn run(s: &Scenario) -> (World, Vec<Vec<f64>>) {
    let (w, rows) = sim::invariants::run_checked(s, 250_000_000, u64::MAX);
    let width = w.columns().len();
    let rows = rows.chunks(width).map(|r| r.to_vec()).collect();
    (w, rows)
}

#[test]
fn framing_overhead_slows_serialisation() {
    // Saturating 1500-byte packets; 38 bytes of Ethernet framing each.
    let s = parse(&udp_path(json!({"overhead_bytes": 38}), 20e6, 10.0));
    let (w, _) = run(&s);
    let g = w.summary().flows[0].goodput_bps;
    let want = 10e6 * 1472.0 / 1538.0;
    assert!((g - want).abs() < 0.01 * want, "{g} vs {want}");
}

#[test]
fn the_rate_changes_at_the_given_times() {
    let link =
        json!({"rate_changes": [{"at_s": 4, "rate_bps": 2e6}, {"at_s": 7, "rate_bps": 5e6}]});
    let s = parse(&udp_path(link, 20e6, 10.0));
    let (w, rows) = run(&s);
    let g = col(&w, "flow.u.goodput");
    let t = col(&w, "t");
    let mean = |a: f64, b: f64| {
        let v: Vec<f64> = rows
            .iter()
            .filter(|r| r[t] > a && r[t] <= b)
            .map(|r| r[g])
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let payload = 1472.0 / 1500.0;
    for (a, b, rate) in [(1.0, 4.0, 10e6), (4.5, 7.0, 2e6), (7.5, 10.0, 5e6)] {
        let m = mean(a, b);
        assert!(
            (m - rate * payload).abs() < 0.03 * rate,
            "{a}–{b} s: {m} vs {rate}"
        );
    }
}

#[test]
fn a_mahimahi_trace_sets_when_the_link_delivers() {
    // Two opportunities per ms for 1 s, then none for 1 s: a 2 s period
    // carrying 2000 packets, i.e. 12 Mb/s on average.
    let mut text = String::new();
    for ms in 1..=1000 {
        text += &format!("{ms}\n{ms}\n");
    }
    text += "2000\n";
    let link = json!({"trace": {"text": text}, "rate_bps": 1e6});
    let s = parse(&udp_path(link, 30e6, 8.0));
    let (w, rows) = run(&s);
    let sum = w.summary();
    // 4 periods minus the start-up: about 2000 packets per 2 s.
    let got = sum.flows[0].udp_received_packets as f64;
    assert!((got - 8000.0).abs() < 30.0, "{got}");
    // On periods at 24 Mb/s, off periods at nothing.
    let g = col(&w, "flow.u.goodput");
    let t = col(&w, "t");
    for r in &rows {
        let phase = r[t] % 2.0;
        if (0.2..0.9).contains(&phase) {
            assert!((r[g] - 24e6 * 1472.0 / 1500.0).abs() < 0.5e6, "{r:?}");
        } else if (1.2..1.9).contains(&phase) {
            assert_eq!(r[g], 0.0, "t = {}", r[t]);
        }
    }
}

#[test]
fn gilbert_elliott_loss_runs_at_its_stationary_rate() {
    let link =
        json!({"loss": {"kind": "gilbert_elliott", "p": 0.01, "r": 0.2, "data_only": false}});
    let s = parse(&udp_path(link, 8e6, 20.0));
    let (w, rows) = run(&s);
    let f = &w.summary().flows[0];
    let lost = 1.0 - f.udp_received_packets as f64 / f.udp_sent_packets as f64;
    let want = 0.01 / 0.21;
    assert!((lost - want).abs() < 0.15 * want, "{lost} vs {want}");
    let d = col(&w, "link.bn:a>b.drops_impairment");
    assert!(rows.last().unwrap()[d] > 0.0);
}

#[test]
fn a_dummynet_tick_shortens_the_delay_by_up_to_one_tick() {
    // A 10 ms emulator with a 5 ms tick (paper 004): delays in (5, 10] ms.
    let link = json!({"delay_ms": 10, "timer_tick": {"tick_ms": 5}});
    let mut v = udp_path(link, 1e6, 30.0);
    v["flows"][0]["source"] = json!({"kind": "poisson", "rate_bps": 200e3, "packet_bytes": 100});
    let (w, rows) = run(&parse(&v));
    let st = w.link_delay_stats("bn:a>b").unwrap();
    assert!(st.count > 5000, "{}", st.count);
    assert!(st.min > 5_000_000 && st.max <= 10_000_000, "{st:?}");
    assert!((st.mean_s() - 0.0075).abs() < 0.0002, "{}", st.mean_s());
    // The link's delay column shows it per sample interval.
    let d = col(&w, "link.bn:a>b.delay");
    let v: Vec<f64> = rows.iter().map(|r| r[d]).filter(|&x| x > 0.0).collect();
    assert!(
        v.len() > 250 && v.iter().all(|&x| x > 5.0 && x <= 10.0),
        "{v:?}"
    );
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    assert!((mean - 7.5).abs() < 0.2, "{mean}");
}

#[test]
fn a_reverse_delay_delays_one_direction_only() {
    let link = json!({"delay_ms": 30, "reverse": {"delay_ms": 0}});
    let mut v = udp_path(link, 1e6, 5.0);
    // A window of 4 segments keeps the queue short.
    v["flows"][0] = json!({"id": "t", "src": "src", "dst": "dst",
                           "tcp": {"receive_buffer_bytes": 5840}});
    let (w, rows) = run(&parse(&v));
    let srtt = col(&w, "flow.t.srtt");
    let last = rows.last().unwrap()[srtt];
    // RTT = 2·1 ms access + 30 ms one way, plus serialisation and a little queueing.
    assert!(last > 32.0 && last < 40.0, "{last}");
    assert_eq!(w.link_delay_stats("bn:a>b").unwrap().min, 30_000_000);
    assert_eq!(w.link_delay_stats("bn:b>a").unwrap().max, 0);
}

#[test]
fn queue_internals_are_trace_columns_with_units() {
    let queues = [
        json!({"kind": "red", "limit_packets": 60}),
        json!({"kind": "codel"}),
        json!({"kind": "fq_codel"}),
        json!({"kind": "pie"}),
        json!({"kind": "heavy_codel"}),
        json!({"kind": "wfq"}),
        json!({"kind": "drr"}),
        json!({"kind": "priority"}),
        json!({"kind": "token_bucket", "rate_bps": 5e6}),
    ];
    for q in queues {
        let mut v = udp_path(json!({"queue": q.clone()}), 12e6, 3.0);
        v["flows"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "t", "src": "src", "dst": "dst"}));
        let s = parse(&v);
        let (w, rows) = run(&s);
        let cols: Vec<_> = w
            .columns()
            .iter()
            .enumerate()
            .filter(|(_, c)| c.id == "bn:a>b" && c.metric.starts_with("q."))
            .collect();
        assert!(!cols.is_empty(), "{q}");
        for (i, c) in &cols {
            assert!(!c.unit.is_empty(), "{q}: {} has no unit", c.key);
            assert!(rows.iter().all(|r| r[*i].is_finite()), "{q}: {}", c.key);
        }
        assert!(w.columns().iter().any(|c| c.key == "link.bn:a>b.marks"));
    }
    // DropTail has no internals beyond the common columns.
    let (w, _) = run(&parse(&udp_path(json!({}), 5e6, 1.0)));
    assert!(!w.columns().iter().any(|c| c.metric.starts_with("q.")));
}

#[test]
fn impossible_link_parameters_are_refused_with_their_path() {
    let p = "topology.links[1]";
    let cases = [
        (
            json!({"trace": {"text": "1\n2\nabc\n"}}),
            format!("{p}.trace.text"),
            "line 3",
        ),
        (
            json!({"trace": {"text": "5\n3\n"}}),
            format!("{p}.trace.text"),
            "must not decrease",
        ),
        (
            json!({"trace": {"text": "0\n"}}),
            format!("{p}.trace.text"),
            "longer than 0",
        ),
        (
            json!({"trace": {"text": ""}}),
            format!("{p}.trace.text"),
            "no timestamps",
        ),
        (
            json!({"trace": {"text": "1\n", "opportunity_bytes": 0}}),
            format!("{p}.trace.opportunity_bytes"),
            "between 1",
        ),
        (
            json!({"trace": {"text": "1\n"}, "rate_changes": [{"at_s": 1, "rate_bps": 1e6}]}),
            format!("{p}.rate_changes"),
            "cannot be combined",
        ),
        (
            json!({"rate_changes": [{"at_s": 1, "rate_bps": 0}]}),
            format!("{p}.rate_changes[0].rate_bps"),
            "greater than 0",
        ),
        (
            json!({"rate_changes": [{"at_s": 2, "rate_bps": 1e6}, {"at_s": 1, "rate_bps": 2e6}]}),
            format!("{p}.rate_changes[1].at_s"),
            "later than",
        ),
        (json!({"rate_bps": 0}), format!("{p}.rate_bps"), "between"),
        (
            json!({"loss": {"kind": "gilbert_elliott", "p": 1.5, "r": 0.1}}),
            format!("{p}.loss.p"),
            "between 0 and 1",
        ),
        (
            json!({"loss": {"kind": "gilbert_elliott", "p": 0.1, "r": 0}}),
            format!("{p}.loss.r"),
            "never ends",
        ),
        (
            json!({"timer_tick": {"tick_ms": 0}}),
            format!("{p}.timer_tick.tick_ms"),
            "greater than 0",
        ),
        (
            json!({"timer_tick": {"tick_ms": 5}, "jitter_ms": 1}),
            format!("{p}.jitter_ms"),
            "cannot be combined",
        ),
        (
            json!({"jitter_ms": -1}),
            format!("{p}.jitter_ms"),
            "between",
        ),
        (
            json!({"overhead_bytes": 70000}),
            format!("{p}.overhead_bytes"),
            "at most",
        ),
        (
            json!({"reverse": {"delay_ms": -3}}),
            format!("{p}.reverse.delay_ms"),
            "between",
        ),
        (
            json!({"reverse": {"trace": {"text": "x"}}}),
            format!("{p}.reverse.trace.text"),
            "'x'",
        ),
    ];
    for (link, path, needle) in cases {
        let e = errors(&udp_path(link.clone(), 1e6, 1.0));
        assert!(has(&e, &path, needle), "{link}: {e:?}");
    }
    // An unknown field inside an impairment names its path.
    let e = errors(&udp_path(
        json!({"timer_tick": {"tick_ms": 5, "tik": 1}}),
        1e6,
        1.0,
    ));
    assert_eq!(e[0].path, "topology.links[1].timer_tick.tik", "{e:?}");
}

#[test]
fn impossible_queue_parameters_name_the_path_and_the_reason() {
    let p = "topology.links[1]";
    let cases = [
        (
            json!({"queue": {"kind": "red", "min_th": 20, "max_th": 10}}),
            format!("{p}.queue.min_th"),
            "must be below max_th (10), got 20",
        ),
        (
            json!({"queue": {"kind": "token_bucket", "rate_bps": 0}}),
            format!("{p}.queue.rate_bps"),
            "between 1 and",
        ),
        (
            json!({"queue": {"kind": "wfq", "weights": [{"flow": "u", "weight": 0}]}}),
            format!("{p}.queue.weights[0].weight"),
            "must be between 0.000001 and",
        ),
        (
            json!({"queue": {"kind": "drr", "weights": [{"flow": "u", "weight": 0}]}}),
            format!("{p}.queue.weights[0].weight"),
            "must be between 0.000001 and",
        ),
        (
            json!({"queue": {"kind": "wfq", "reservations": [{"flow": "u", "rate_bps": 0}]}}),
            format!("{p}.queue.reservations[0].rate_bps"),
            "must be between",
        ),
        (
            json!({"rate_bps": 0}),
            format!("{p}.rate_bps"),
            "between 1 and",
        ),
        (
            json!({"reverse": {"rate_bps": 0}}),
            format!("{p}.reverse.rate_bps"),
            "between 1 and",
        ),
        (
            json!({"trace": {"text": "10\n20\n2O\n"}}),
            format!("{p}.trace.text"),
            "line 3: '2O' is not a whole number of milliseconds",
        ),
    ];
    for (link, path, needle) in cases {
        let e = errors(&udp_path(link.clone(), 1e6, 1.0));
        assert!(has(&e, &path, needle), "{link}: {e:?}");
    }
}

#[test]
fn a_wrongly_typed_queue_field_names_the_field() {
    let e = errors(&udp_path(
        json!({"queue": {"kind": "token_bucket", "burst_bytes": 1.5e4}}),
        1e6,
        1.0,
    ));
    assert_eq!(e[0].path, "topology.links[1].queue.burst_bytes", "{e:?}");
    assert!(e[0].message.contains("expected u64"), "{e:?}");
    let e = errors(&udp_path(
        json!({"reverse": {"queue": {"kind": "red", "min_th": "five"}}}),
        1e6,
        1.0,
    ));
    assert_eq!(e[0].path, "topology.links[1].reverse.queue.min_th", "{e:?}");
    let e = errors(&udp_path(
        json!({"queue": {"kind": "codel", "targt_ms": 5}}),
        1e6,
        1.0,
    ));
    assert_eq!(e[0].path, "topology.links[1].queue.targt_ms", "{e:?}");
    assert!(e[0].message.contains("unknown field"), "{e:?}");
    // An unknown kind is serde's own error at `kind`, with the list of kinds.
    let e = errors(&udp_path(json!({"queue": {"kind": "sfq"}}), 1e6, 1.0));
    assert_eq!(e[0].path, "topology.links[1].queue.kind", "{e:?}");
    assert!(e[0].message.contains("drop_tail"), "{e:?}");
}
