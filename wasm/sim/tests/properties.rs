//! Property tests over random valid scenarios: dumbbells and
//! chains with random rates, delays, MTUs, queue disciplines and their
//! parameters, congestion-control algorithms, loss-recovery styles, TCP and
//! UDP sources, wire loss and modelled end hosts, run for a few simulated
//! seconds. At every step of the run (a few milliseconds or a few hundred
//! events) the model must keep:
//!
//! - conservation of packets: created = delivered + dropped + held;
//! - an in-order byte stream at every receiver: snd_una ≤ rcv_nxt ≤ snd_max,
//!   rcv_nxt never falls, out-of-order ranges sorted, disjoint and above
//!   rcv_nxt, a sized transfer never delivers more than its size;
//! - monotone time: the clock never goes back, trace rows are strictly
//!   increasing in time and the run ends exactly at duration_s;
//! - no NaN or infinity in any trace value (the trace counts any it had to
//!   replace) or in the summary's goodputs, mean windows and fairness index;
//! - cwnd ≥ 1 MSS for every TCP flow once its data has begun (the `cwnd` column);
//! - no queue above its limit (the `queue` and `queue_bytes` columns against
//!   the discipline's configured packet and byte limits);
//! - and determinism: the chunked, checked run has the trace hash of a run
//!   straight to the end.
//!
//! The cases are drawn from a fixed seed so `cargo test` is repeatable; set
//! PROPTEST_RNG_SEED (any number) and PROPTEST_CASES to explore further, e.g.
//! `PROPTEST_RNG_SEED=$RANDOM PROPTEST_CASES=2000 cargo test --release --test properties`.

mod common;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use serde_json::{json, Value};
use sim::parse_scenario;
use sim::scenario::Scenario;
use sim::World;

/// Every algorithm's JSON name, from the registry.
fn cc_name(i: usize) -> &'static str {
    sim::scenario::CcAlgorithm::ALL[i].name()
}
const RECOVERY: [&str; 5] = ["sack", "newreno", "reno", "tahoe", "go_back_n"];
const DELAYED_ACK: [&str; 3] = ["off", "linux", "rfc"];
const MTUS: [u32; 4] = [576, 1500, 1500, 9000];
const HOST_PRESETS: [&str; 4] = ["p4_pci", "pentium_d_pcie", "server", "workstation_10m"];

// ---------------------------------------------------------------------------
// The choices a scenario is built from (small, so proptest shrinks them well).
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum QueueChoice {
    DropTailPackets(u32),
    DropTailBytes(u64),
    Red {
        limit: u32,
        min_th: f64,
        span: f64,
        bytes: bool,
        gentle: bool,
    },
    Codel {
        limit: u32,
        target_ms: f64,
        interval_ms: f64,
        linux: bool,
    },
    FqCodel {
        limit: u32,
        flows: u32,
        memory: u64,
        batch: u32,
    },
    Pie {
        limit: u32,
        target_ms: f64,
        dq_rate: bool,
    },
    HeavyCodel {
        limit: u32,
        sliding: bool,
    },
    Wfq {
        limit: u32,
        flow_limit: u32,
        weight: f64,
        reserve: Option<f64>,
    },
    Drr {
        limit: u32,
        quantum: Option<u32>,
        weight: f64,
    },
    Priority {
        limit: u32,
        first_high: bool,
    },
    TokenBucket {
        shape: bool,
        rate_fraction: f64,
        burst: u64,
        limit: u32,
        demote: bool,
    },
}

fn queue_choice() -> impl Strategy<Value = QueueChoice> {
    prop_oneof![
        (1u32..300).prop_map(QueueChoice::DropTailPackets),
        (9_000u64..400_000).prop_map(QueueChoice::DropTailBytes),
        (
            2u32..300,
            0.0..20.0,
            1.0..40.0,
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(limit, min_th, span, bytes, gentle)| QueueChoice::Red {
                limit,
                min_th,
                span,
                bytes,
                gentle
            }),
        (1u32..500, 0.5..20.0, 5.0..200.0, any::<bool>()).prop_map(
            |(limit, target_ms, interval_ms, linux)| QueueChoice::Codel {
                limit,
                target_ms,
                interval_ms,
                linux
            }
        ),
        (1u32..500, 1u32..64, 9_000u64..1_000_000, 1u32..64).prop_map(
            |(limit, flows, memory, batch)| QueueChoice::FqCodel {
                limit,
                flows,
                memory,
                batch
            }
        ),
        (1u32..500, 1.0..40.0, any::<bool>()).prop_map(|(limit, target_ms, dq_rate)| {
            QueueChoice::Pie {
                limit,
                target_ms,
                dq_rate,
            }
        }),
        (1u32..500, any::<bool>())
            .prop_map(|(limit, sliding)| QueueChoice::HeavyCodel { limit, sliding }),
        (1u32..300, 1u32..100, 0.1..10.0, prop::option::of(0.05..0.6)).prop_map(
            |(limit, flow_limit, weight, reserve)| QueueChoice::Wfq {
                limit,
                flow_limit,
                weight,
                reserve
            }
        ),
        (1u32..300, prop::option::of(200u32..4000), 0.1..10.0).prop_map(
            |(limit, quantum, weight)| QueueChoice::Drr {
                limit,
                quantum,
                weight
            }
        ),
        (1u32..300, any::<bool>())
            .prop_map(|(limit, first_high)| QueueChoice::Priority { limit, first_high }),
        (
            any::<bool>(),
            0.05..1.5,
            9_000u64..100_000,
            1u32..300,
            any::<bool>()
        )
            .prop_map(|(shape, rate_fraction, burst, limit, demote)| {
                QueueChoice::TokenBucket {
                    shape,
                    rate_fraction,
                    burst,
                    limit,
                    demote,
                }
            }),
    ]
}

impl QueueChoice {
    /// The queue's JSON; `f0` (every scenario has it) gets the weights and priorities.
    fn json(&self, rate_bps: f64) -> Value {
        match *self {
            QueueChoice::DropTailPackets(n) => json!({"kind": "drop_tail", "limit_packets": n}),
            QueueChoice::DropTailBytes(b) => json!({"kind": "drop_tail", "limit_bytes": b}),
            QueueChoice::Red {
                limit,
                min_th,
                span,
                bytes,
                gentle,
            } => json!({"kind": "red", "limit_packets": limit, "min_th": min_th,
                        "max_th": min_th + span, "mode": if bytes { "bytes" } else { "packets" },
                        "gentle": gentle}),
            QueueChoice::Codel {
                limit,
                target_ms,
                interval_ms,
                linux,
            } => json!({"kind": "codel", "limit_packets": limit, "target_ms": target_ms,
                        "interval_ms": interval_ms, "control_law": if linux { "linux" } else { "float" }}),
            QueueChoice::FqCodel {
                limit,
                flows,
                memory,
                batch,
            } => json!({"kind": "fq_codel", "limit_packets": limit, "flows": flows,
                        "memory_limit_bytes": memory, "drop_batch": batch}),
            QueueChoice::Pie {
                limit,
                target_ms,
                dq_rate,
            } => json!({"kind": "pie", "limit_packets": limit, "target_ms": target_ms,
                        "dq_rate_estimator": dq_rate}),
            QueueChoice::HeavyCodel { limit, sliding } => json!({"kind": "heavy_codel",
                        "limit_packets": limit, "log": if sliding { "sliding" } else { "tumbling" }}),
            QueueChoice::Wfq {
                limit,
                flow_limit,
                weight,
                reserve,
            } => {
                let reservations: Vec<Value> = reserve
                    .map(|r| json!({"flow": "f0", "rate_bps": r * rate_bps}))
                    .into_iter()
                    .collect();
                json!({"kind": "wfq", "limit_packets": limit, "flow_limit_packets": flow_limit,
                       "weights": [{"flow": "f0", "weight": weight}], "reservations": reservations})
            }
            QueueChoice::Drr {
                limit,
                quantum,
                weight,
            } => {
                let mut q = json!({"kind": "drr", "limit_packets": limit,
                                   "weights": [{"flow": "f0", "weight": weight}]});
                if let Some(quantum) = quantum {
                    q["quantum_bytes"] = json!(quantum);
                }
                q
            }
            QueueChoice::Priority { limit, first_high } => json!({"kind": "priority",
                        "limit_packets": limit,
                        "priorities": [{"flow": "f0", "priority": if first_high { 0 } else { 2 }}]}),
            QueueChoice::TokenBucket {
                shape,
                rate_fraction,
                burst,
                limit,
                demote,
            } => json!({"kind": "token_bucket", "mode": if shape { "shape" } else { "police" },
                        "rate_bps": rate_fraction * rate_bps, "burst_bytes": burst,
                        "limit_packets": limit, "exceed": if demote { "demote" } else { "drop" }}),
        }
    }
}

#[derive(Clone, Debug)]
enum LossChoice {
    Bernoulli(f64, bool),
    /// Start and length as fractions of a second.
    Blackout(f64, f64),
    Nth(Vec<u64>),
}

fn loss_choice() -> impl Strategy<Value = LossChoice> {
    prop_oneof![
        2 => (0.0..0.05, any::<bool>()).prop_map(|(p, d)| LossChoice::Bernoulli(p, d)),
        1 => (0.0..2.0, 0.001..0.5).prop_map(|(s, l)| LossChoice::Blackout(s, l)),
        1 => prop::collection::vec(1u64..400, 1..8).prop_map(LossChoice::Nth),
    ]
}

#[derive(Clone, Debug)]
struct LinkChoice {
    rate_bps: f64,
    delay_ms: f64,
    mtu: u32,
    queue: QueueChoice,
    /// Wire loss (None: a clean wire).
    loss: Option<LossChoice>,
    jitter_ms: f64,
    /// The b→a direction's rate as a fraction of a→b's, and its own queue.
    reverse: Option<(f64, QueueChoice)>,
}

fn link_choice(rate: std::ops::Range<f64>) -> impl Strategy<Value = LinkChoice> {
    (
        rate,
        0.0..25.0,
        prop::sample::select(&MTUS[..]),
        queue_choice(),
        prop::option::weighted(0.25, loss_choice()),
        prop_oneof![3 => Just(0.0), 1 => 0.0..2.0],
        prop::option::weighted(0.2, (0.05..1.0, queue_choice())),
    )
        .prop_map(
            |(rate_bps, delay_ms, mtu, queue, loss, jitter_ms, reverse)| LinkChoice {
                rate_bps,
                delay_ms,
                mtu,
                queue,
                loss,
                jitter_ms,
                reverse,
            },
        )
}

impl LinkChoice {
    fn json(&self, id: &str, a: &str, b: &str) -> Value {
        let mut l = json!({"id": id, "a": a, "b": b, "rate_bps": self.rate_bps,
                           "delay_ms": self.delay_ms, "mtu_bytes": self.mtu,
                           "queue": self.queue.json(self.rate_bps), "jitter_ms": self.jitter_ms});
        match &self.loss {
            None => {}
            Some(LossChoice::Bernoulli(p, data_only)) => {
                l["loss"] = json!({"kind": "bernoulli", "p": p, "data_only": data_only})
            }
            Some(LossChoice::Blackout(start, len)) => {
                l["loss"] = json!({"kind": "blackout", "start_s": start, "end_s": start + len})
            }
            Some(LossChoice::Nth(packets)) => {
                l["loss"] = json!({"kind": "nth", "packets": packets})
            }
        }
        if let Some((fraction, q)) = &self.reverse {
            let rate = self.rate_bps * fraction;
            l["reverse"] = json!({"rate_bps": rate, "queue": q.json(rate)});
        }
        l
    }
}

#[derive(Clone, Debug)]
enum TcpSource {
    Bulk,
    Sized(u64),
    OnOff(f64, f64),
}

#[derive(Clone, Debug)]
enum UdpSource {
    Cbr(u32, f64),
    Poisson(u32, f64),
    OnOff(u32, f64, f64, f64),
}

/// Less common TCP settings: a fixed MSS (with IP fragmentation), small
/// buffers, timers, per-ACK counting, and the algorithms' presets.
#[derive(Clone, Debug)]
struct TcpExtras {
    mss: Option<u32>,
    buffer: Option<u64>,
    min_rto_ms: f64,
    granularity_ms: f64,
    byte_counting: bool,
    preset: usize,
}

fn tcp_extras() -> impl Strategy<Value = TcpExtras> {
    (
        prop::option::weighted(0.15, 64u32..8960),
        prop::option::weighted(0.15, 10_000u64..200_000),
        prop_oneof![3 => Just(200.0), 1 => 1.0..1000.0],
        prop_oneof![3 => Just(1.0), 1 => 0.001..500.0],
        prop::bool::weighted(0.8),
        0usize..3,
    )
        .prop_map(
            |(mss, buffer, min_rto_ms, granularity_ms, byte_counting, preset)| TcpExtras {
                mss,
                buffer,
                min_rto_ms,
                granularity_ms,
                byte_counting,
                preset,
            },
        )
}

#[derive(Clone, Debug)]
enum FlowKind {
    Tcp {
        cc: usize,
        recovery: usize,
        delayed_ack: usize,
        timestamps: bool,
        pacing: bool,
        iw: u32,
        ssthresh: Option<u32>,
        source: TcpSource,
        extras: TcpExtras,
    },
    Udp(UdpSource),
}

#[derive(Clone, Debug)]
struct FlowChoice {
    src: usize,
    dst: usize,
    start_fraction: f64,
    kind: FlowKind,
}

fn flow_choice() -> impl Strategy<Value = FlowChoice> {
    let tcp_source = prop_oneof![
        3 => Just(TcpSource::Bulk),
        1 => (1u64..2_000_000).prop_map(TcpSource::Sized),
        1 => (0.05..1.0, 0.0..0.5).prop_map(|(on, off)| TcpSource::OnOff(on, off)),
    ];
    // UDP payloads fit the smallest MTU here (576 − 28).
    let udp_source = prop_oneof![
        (1u32..548, 0.05..20.0).prop_map(|(b, i)| UdpSource::Cbr(b, i)),
        (1u32..548, 1e4..5e6).prop_map(|(b, r)| UdpSource::Poisson(b, r)),
        (1u32..548, 1e4..5e6, 0.05..1.0, 0.0..0.5)
            .prop_map(|(b, r, on, off)| UdpSource::OnOff(b, r, on, off)),
    ];
    let tcp = (
        0..sim::scenario::CcAlgorithm::ALL.len(),
        0..RECOVERY.len(),
        0..DELAYED_ACK.len(),
        any::<bool>(),
        prop::bool::weighted(0.2),
        1u32..12,
        prop::option::weighted(0.2, 2u32..100),
        tcp_source,
        tcp_extras(),
    )
        .prop_map(
            |(cc, recovery, delayed_ack, timestamps, pacing, iw, ssthresh, source, extras)| {
                FlowKind::Tcp {
                    cc,
                    recovery,
                    delayed_ack,
                    timestamps,
                    pacing,
                    iw,
                    ssthresh,
                    source,
                    extras,
                }
            },
        );
    (
        0usize..16,
        0usize..16,
        prop_oneof![1 => Just(0.0), 1 => 0.0..0.6],
        prop_oneof![4 => tcp, 1 => udp_source.prop_map(FlowKind::Udp)],
    )
        .prop_map(|(src, dst, start_fraction, kind)| FlowChoice {
            src,
            dst,
            start_fraction,
            kind,
        })
}

impl FlowChoice {
    fn json(&self, i: usize, hosts: &[String], duration_s: f64) -> Value {
        let src = self.src % hosts.len();
        // Any other host: skip over src.
        let dst = (src + 1 + self.dst % (hosts.len() - 1)) % hosts.len();
        let mut f = json!({"id": format!("f{i}"), "src": hosts[src], "dst": hosts[dst],
                           "start_s": self.start_fraction * duration_s});
        match &self.kind {
            FlowKind::Tcp {
                cc,
                recovery,
                delayed_ack,
                timestamps,
                pacing,
                iw,
                ssthresh,
                source,
                extras: x,
            } => {
                f["cc"] = json!(cc_name(*cc));
                f["tcp"] = json!({"recovery": RECOVERY[*recovery],
                                  "delayed_ack": DELAYED_ACK[*delayed_ack],
                                  "timestamps": timestamps, "pacing": pacing,
                                  "initial_window_segments": iw,
                                  "min_rto_ms": x.min_rto_ms,
                                  "timer_granularity_ms": x.granularity_ms,
                                  "byte_counting": x.byte_counting});
                if let Some(mss) = x.mss {
                    f["tcp"]["mss_bytes"] = json!(mss);
                    f["tcp"]["ip_fragmentation"] = json!(true);
                }
                if let Some(b) = x.buffer {
                    f["tcp"]["receive_buffer_bytes"] = json!(b);
                    f["tcp"]["send_buffer_bytes"] = json!(b);
                }
                let cubic = ["rfc9438", "linux", "paper002"][x.preset];
                let scalable = ["kelly2003", "linux", "ns3"][x.preset];
                let bbr = ["linux", "draft", "linux"][x.preset];
                f["cc_params"] = json!({
                    "cubic": {"preset": cubic},
                    "scalable": {"variant": scalable},
                    "bbr": {"high_gain": bbr},
                });
                if let (Some(ss), "newreno") = (ssthresh, cc_name(*cc)) {
                    f["tcp"]["initial_ssthresh_segments"] = json!(ss);
                }
                f["source"] = match *source {
                    TcpSource::Bulk => json!({"kind": "bulk"}),
                    TcpSource::Sized(b) => json!({"kind": "sized", "bytes": b}),
                    TcpSource::OnOff(on, off) => {
                        json!({"kind": "on_off", "on_s": on, "off_s": off})
                    }
                };
            }
            FlowKind::Udp(source) => {
                f["protocol"] = json!("udp");
                f["source"] = match *source {
                    UdpSource::Cbr(b, i) => {
                        json!({"kind": "cbr", "packet_bytes": b, "interval_ms": i})
                    }
                    UdpSource::Poisson(b, r) => {
                        json!({"kind": "poisson", "packet_bytes": b, "rate_bps": r})
                    }
                    UdpSource::OnOff(b, r, on, off) => json!({"kind": "on_off", "packet_bytes": b,
                        "rate_bps": r, "on_s": on, "off_s": off, "exponential": true}),
                };
            }
        }
        f
    }
}

#[derive(Clone, Debug)]
enum Shape {
    /// Senders → r1 → (bottleneck) → r2 → receivers.
    Dumbbell {
        senders: Vec<LinkChoice>,
        receivers: Vec<LinkChoice>,
        bottleneck: LinkChoice,
    },
    /// h0 – r1 – … – rk – hk, and a side host on every router.
    Chain {
        hops: Vec<LinkChoice>,
        sides: Vec<LinkChoice>,
    },
}

#[derive(Clone, Debug)]
struct ScenarioChoice {
    seed: u32,
    duration_s: f64,
    sample_interval_ms: f64,
    shape: Shape,
    flows: Vec<FlowChoice>,
    /// Host index and preset of modelled end hosts.
    host_models: Vec<(usize, usize)>,
}

fn shape() -> impl Strategy<Value = Shape> {
    let access = || link_choice(2e6..100e6);
    prop_oneof![
        (
            prop::collection::vec(access(), 1..4),
            prop::collection::vec(access(), 1..3),
            link_choice(0.3e6..60e6),
        )
            .prop_map(|(senders, receivers, bottleneck)| Shape::Dumbbell {
                senders,
                receivers,
                bottleneck
            }),
        (
            prop::collection::vec(link_choice(0.3e6..20e6), 2..5),
            prop::collection::vec(access(), 1..4),
        )
            .prop_map(|(hops, sides)| Shape::Chain { hops, sides }),
    ]
}

fn scenario_choice() -> impl Strategy<Value = ScenarioChoice> {
    (
        any::<u32>(),
        0.2..3.0,
        prop_oneof![Just(10.0), 1.0..50.0],
        shape(),
        prop::collection::vec(flow_choice(), 1..7),
        prop::collection::vec((0usize..16, 0..HOST_PRESETS.len()), 0..3),
    )
        .prop_map(
            |(seed, duration_s, sample_interval_ms, shape, flows, host_models)| ScenarioChoice {
                seed,
                duration_s,
                sample_interval_ms,
                shape,
                flows,
                host_models,
            },
        )
}

impl ScenarioChoice {
    fn json(&self) -> Value {
        let mut hosts: Vec<String> = Vec::new();
        let mut routers: Vec<String> = Vec::new();
        let mut links = Vec::new();
        match &self.shape {
            Shape::Dumbbell {
                senders,
                receivers,
                bottleneck,
            } => {
                routers.extend(["r1".to_string(), "r2".to_string()]);
                for (i, l) in senders.iter().enumerate() {
                    hosts.push(format!("s{i}"));
                    links.push(l.json(&format!("a{i}"), &format!("s{i}"), "r1"));
                }
                links.push(bottleneck.json("bottleneck", "r1", "r2"));
                for (i, l) in receivers.iter().enumerate() {
                    hosts.push(format!("d{i}"));
                    links.push(l.json(&format!("e{i}"), "r2", &format!("d{i}")));
                }
            }
            Shape::Chain { hops, sides } => {
                // hops.len() links join h0, r1..r(n-1), hn.
                let n = hops.len();
                routers.extend((1..n).map(|i| format!("r{i}")));
                let node = |i: usize| {
                    if i == 0 || i == n {
                        format!("h{i}")
                    } else {
                        format!("r{i}")
                    }
                };
                hosts.extend([node(0), node(n)]);
                for (i, l) in hops.iter().enumerate() {
                    links.push(l.json(&format!("hop{i}"), &node(i), &node(i + 1)));
                }
                for (i, l) in sides.iter().enumerate() {
                    let at = format!("r{}", 1 + i % (n - 1));
                    hosts.push(format!("x{i}"));
                    links.push(l.json(&format!("side{i}"), &format!("x{i}"), &at));
                }
            }
        }
        let mut nodes: Vec<Value> = hosts
            .iter()
            .map(|h| json!({"id": h, "kind": "host"}))
            .chain(routers.iter().map(|r| json!({"id": r, "kind": "router"})))
            .collect();
        for &(h, preset) in &self.host_models {
            nodes[h % hosts.len()]["host"] = json!({"preset": HOST_PRESETS[preset]});
        }
        let flows: Vec<Value> = self
            .flows
            .iter()
            .enumerate()
            .map(|(i, f)| f.json(i, &hosts, self.duration_s))
            .collect();
        json!({"version": 1, "name": "property", "seed": self.seed,
               "duration_s": self.duration_s, "sample_interval_ms": self.sample_interval_ms,
               "topology": {"nodes": nodes, "links": links}, "flows": flows})
    }

    fn scenario(&self) -> Scenario {
        let json = self.json().to_string();
        parse_scenario(&json)
            .unwrap_or_else(|e| panic!("generated an invalid scenario: {e:?}\n{json}"))
    }
}

// ---------------------------------------------------------------------------
// The invariants.
// ---------------------------------------------------------------------------

/// Run `s` in small steps through the model's one invariant checker
/// (`sim::invariants`); return the world.
fn run_checked(s: &Scenario, step_ns: u64, step_events: u64) -> World {
    sim::invariants::run_checked(s, step_ns, step_events).0
}

fn config(cases: u32) -> Config {
    let mut c = Config::with_cases(cases);
    // Repeatable unless PROPTEST_RNG_SEED asks for another stream.
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        c.rng_seed = RngSeed::Fixed(0x007c_91ab);
    }
    c.failure_persistence = None;
    c
}

/// The constant of the work bound: actual events ≤ 2 × estimate + this
/// (start-up events a tiny run's estimate rounds away).
const WORK_SLACK_EVENTS: f64 = 5_000.0;

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn random_valid_scenarios_keep_every_invariant(choice in scenario_choice()) {
        let s = choice.scenario();
        let w = run_checked(&s, 3_000_000, 700);
        // The work estimate bounds the work: a run the estimate does not see coming
        // (a runaway) fails here, as it does in the fuzz target scenario_simulate.
        let bound = 2.0 * sim::estimate_work(&s).events + WORK_SLACK_EVENTS;
        prop_assert!(
            (w.events_processed() as f64) <= bound,
            "{} events, estimate bound {bound}", w.events_processed()
        );
        // Determinism: the same trace as one run straight to the end.
        let mut straight = World::new(&s);
        straight.run();
        prop_assert_eq!(w.trace_hash(), straight.trace_hash());
    }
}

// ---------------------------------------------------------------------------
// The golden scenarios (tests/golden/expected.json).
// ---------------------------------------------------------------------------

fn golden_scenarios() -> Vec<(String, Scenario)> {
    let text = std::fs::read_to_string(common::repo_root().join("tests/golden/expected.json"))
        .expect("golden file");
    let golden: Value = serde_json::from_str(&text).expect("golden JSON");
    golden
        .as_object()
        .expect("object")
        .iter()
        .map(|(name, e)| {
            (
                name.clone(),
                common::load(e["scenario"].as_str().expect("path")),
            )
        })
        .collect()
}

/// Every golden scenario keeps the invariants too, checked at a finer step.
#[test]
fn golden_scenarios_keep_every_invariant() {
    for (_, s) in golden_scenarios() {
        run_checked(&s, 1_000_000, 500);
    }
}

/// The values a schema enum (`oneOf` of consts, or of objects tagged by `kind`) allows.
fn schema_names(schema: &Value, def: &str) -> Vec<String> {
    schema["$defs"][def]["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("{def} is not a oneOf"))
        .iter()
        .map(|v| {
            v.get("const")
                .or_else(|| v.pointer("/properties/kind/const"))
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("{def}: {v}"))
                .to_string()
        })
        .collect()
}

/// The golden hashes pin every algorithm, queue discipline,
/// recovery style and source. Names come from the schema, so a new variant
/// fails here until a golden scenario runs it.
#[test]
fn golden_scenarios_cover_every_algorithm_queue_recovery_and_source() {
    // The published schema (the_published_json_schema_is_current keeps it current).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/schema/scenario.v1.json"
    );
    let text = std::fs::read_to_string(path).expect("public/schema/scenario.v1.json");
    let schema: Value = serde_json::from_str(&text).expect("schema");
    let mut used = std::collections::BTreeSet::new();
    let golden = golden_scenarios();
    assert!(golden.len() >= 10, "at least 10 golden scenarios");
    for (_, s) in &golden {
        let v = serde_json::to_value(s).expect("serialises");
        for (i, f) in v["flows"].as_array().expect("flows").iter().enumerate() {
            if f["protocol"] == "tcp" {
                // The flow's own cc, or what the scenario's cc_rules give it.
                let cc =
                    serde_json::to_value(sim::scenario::resolve_cc(s, i).algorithm).expect("cc");
                used.insert(format!("CcAlgorithm:{}", cc.as_str().expect("cc")));
                used.insert(format!(
                    "Recovery:{}",
                    f["tcp"]["recovery"].as_str().expect("r")
                ));
            }
            used.insert(format!(
                "SourceSpec:{}",
                f["source"]["kind"].as_str().expect("k")
            ));
        }
        for l in v["topology"]["links"].as_array().expect("links") {
            for q in [&l["queue"], &l["reverse"]["queue"]] {
                if let Some(kind) = q["kind"].as_str() {
                    used.insert(format!("QueueSpec:{kind}"));
                }
            }
        }
    }
    let mut missing = Vec::new();
    for def in ["CcAlgorithm", "QueueSpec", "Recovery", "SourceSpec"] {
        let names = schema_names(&schema, def);
        assert!(names.len() >= 4, "{def}: {names:?}");
        for name in names {
            if !used.contains(&format!("{def}:{name}")) {
                missing.push(format!("{def}:{name}"));
            }
        }
    }
    assert!(missing.is_empty(), "no golden scenario uses {missing:?}");
    assert!(used.len() >= 13 + 10 + 5 + 5, "{used:?}");
}

// ---------------------------------------------------------------------------
// Validation names the field.
// ---------------------------------------------------------------------------

/// JSON pointers of every numeric leaf.
fn numeric_leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| numeric_leaves(x, format!("{at}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| numeric_leaves(x, format!("{at}/{i}"), out)),
        Value::Number(_) => out.push(at),
        _ => {}
    }
}

/// `/topology/links/1/rate_bps` → `topology.links[1].rate_bps`.
fn field_path(pointer: &str) -> String {
    let mut path = String::new();
    for seg in pointer.split('/').skip(1) {
        if seg.parse::<usize>().is_ok() {
            path += &format!("[{seg}]");
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path += seg;
        }
    }
    path
}

const BAD_NUMBERS: [f64; 9] = [
    -1.0,
    0.0,
    -1e-9,
    1e300,
    1e13,
    4294967296.0,
    0.5,
    1e-300,
    2.0,
];

proptest! {
    #![proptest_config(config(256))]

    /// Put a doubtful number into one numeric field of a valid scenario: the
    /// result is valid, or some error names that field, an enclosing object,
    /// or (for an MTU or a duration, which bound other fields) a field that
    /// depends on it. Nothing panics, and the message is a sentence.
    #[test]
    fn an_error_names_the_field_that_broke_or_its_object(
        choice in scenario_choice(),
        leaf in any::<prop::sample::Index>(),
        bad in prop::sample::select(&BAD_NUMBERS[..]),
    ) {
        let mut v = choice.json();
        let mut leaves = Vec::new();
        numeric_leaves(&v, String::new(), &mut leaves);
        let pointer = leaf.get(&leaves).clone();
        let number = if bad.fract() == 0.0 && (0.0..1.8e19).contains(&bad) {
            json!(bad as u64)
        } else {
            json!(bad)
        };
        *v.pointer_mut(&pointer).expect("leaf") = number;
        let path = field_path(&pointer);
        let Err(errors) = parse_scenario(&v.to_string()) else {
            return Ok(());
        };
        prop_assert!(!errors.is_empty());
        for e in &errors {
            prop_assert!(e.message.len() > 5, "{e:?}");
        }
        let parent = path.rsplit_once(['.', '[']).map_or("", |(p, _)| p).to_string();
        let bounds_others = path.ends_with("mtu_bytes") || path == "duration_s";
        prop_assert!(
            errors.iter().any(|e| e.path == path
                || path.starts_with(&e.path) && !e.path.is_empty()
                || e.path.starts_with(&parent)
                || bounds_others),
            "{path} = {bad}: {errors:?}"
        );
    }
}
