//! The three-way handshake (RFC 9293 §3.5) in whole runs: data begins one
//! round trip after `start_s` with the SYN-ACK's RTT sample in hand; a lost
//! SYN is sent again after 1 s (RFC 6298 §5.7), with a 3 s RTO and, after a
//! second loss, a one-segment initial window (Linux `tcp_init_transfer`);
//! the options both ends offer are the ones used; and `handshake: false`
//! sends data at `start_s`, as textbook traces do.

mod common;

use serde_json::{json, Value};
use sim::oracles::{dumbbell, DumbbellFlow};
use sim::scenario::LossSpec;
use sim::world::capture::{CapturePoint, FIELDS, FLAG_ECT, FLAG_SACK_PERMITTED, RECORD_WIDTH};
use sim::{Scenario, World};

/// One flow, 40 ms round trip, over a 20 Mb/s bottleneck, opening at 1 s.
fn one_flow(flow: Value, duration_s: f64) -> Scenario {
    let mut flow = flow;
    sim::oracles::merge(&mut flow, &json!({"start_s": 1.0}));
    let mut s = dumbbell(
        &[DumbbellFlow::with(40.0, flow)],
        20e6,
        10.0,
        json!({"queue": {"kind": "drop_tail", "limit_packets": 50}}),
        duration_s,
        1,
    );
    s.sample_interval_ms = 10.0;
    s
}

/// The flow's trace column `metric` at time `t` (seconds), from every row.
fn column_at(w: &World, rows: &[f64], metric: &str, t: f64) -> f64 {
    let cols = w.columns();
    let i = cols
        .iter()
        .position(|c| c.entity == "flow" && c.metric == metric)
        .unwrap_or_else(|| panic!("no column {metric}"));
    rows.chunks(cols.len())
        .find(|r| (r[0] - t).abs() < 1e-9)
        .unwrap_or_else(|| panic!("no row at {t}"))[i]
}

fn run(s: &Scenario) -> (World, Vec<f64>) {
    sim::oracles::run(s)
}

/// Lose everything the sender's access link sends in [from, to) seconds.
fn blackout(s: &mut Scenario, from: f64, to: f64) {
    let access = s
        .topology
        .links
        .iter_mut()
        .find(|l| l.id == "access0")
        .unwrap();
    access.loss = Some(LossSpec::Blackout(sim::loss::blackout::BlackoutSpec {
        start_s: from,
        end_s: to,
    }));
}

#[test]
fn data_begins_one_round_trip_after_the_start_with_the_syn_ack_rtt_sample() {
    let s = one_flow(json!({}), 1.5);
    let (w, rows) = run(&s);
    let sum = w.summary();
    let start = sum.flows[0].data_start_s.expect("connected");
    // SYN out and SYN-ACK back: 40 ms of propagation and a few µs of serialisation.
    assert!(start > 1.040 && start < 1.0401, "data begins at {start}");
    assert_eq!(sum.flows[0].syn_retransmits, 0);
    // While the SYN is out there is no window and no RTT yet.
    assert_eq!(column_at(&w, &rows, "cwnd", 1.02), 0.0);
    assert_eq!(column_at(&w, &rows, "srtt", 1.02), 0.0);
    // Just after: the initial window, and the SYN-ACK's sample (40.0x ms,
    // rounded up to the 1 ms timer tick) before any data is acknowledged.
    assert_eq!(column_at(&w, &rows, "cwnd", 1.05), 10.0);
    assert_eq!(column_at(&w, &rows, "delivered", 1.05), 0.0);
    assert_eq!(column_at(&w, &rows, "srtt", 1.05), 41.0);
}

#[test]
fn a_lost_syn_is_sent_again_after_one_second_and_the_rto_falls_back_to_three() {
    let mut s = one_flow(json!({}), 3.0);
    blackout(&mut s, 1.0, 1.001);
    let (w, rows) = run(&s);
    let f = &w.summary().flows[0];
    let start = f.data_start_s.expect("connected");
    assert_eq!(f.syn_retransmits, 1);
    assert!(start > 2.040 && start < 2.0401, "data begins at {start}");
    // No RTT sample (which SYN did the SYN-ACK answer?): RFC 6298 §5.7's 3 s
    // until the first data sample; one retransmission keeps 10 segments.
    assert_eq!(column_at(&w, &rows, "rto", 2.05), 3000.0);
    assert_eq!(column_at(&w, &rows, "srtt", 2.05), 0.0);
    assert_eq!(column_at(&w, &rows, "cwnd", 2.05), 10.0);
}

#[test]
fn two_lost_syns_cost_three_seconds_and_start_with_one_segment() {
    let mut s = one_flow(json!({}), 4.5);
    blackout(&mut s, 1.0, 2.5); // the SYNs at 1 s and 2 s are lost, the one at 4 s is not
    let (w, rows) = run(&s);
    let f = &w.summary().flows[0];
    assert_eq!(f.syn_retransmits, 2);
    let start = f.data_start_s.expect("connected");
    assert!(start > 4.040 && start < 4.0401, "data begins at {start}");
    // Linux tcp_init_transfer: more than one SYN retransmission → cwnd 1.
    assert_eq!(column_at(&w, &rows, "cwnd", 4.05), 1.0);
}

#[test]
fn with_timestamps_the_syn_ack_gives_a_sample_even_after_a_lost_syn() {
    let mut s = one_flow(json!({"tcp": {"timestamps": true}}), 2.5);
    blackout(&mut s, 1.0, 1.001);
    let (w, rows) = run(&s);
    assert_eq!(w.summary().flows[0].syn_retransmits, 1);
    // The echoed TSval names the SYN answered (RFC 7323 §4.3).
    assert_eq!(column_at(&w, &rows, "srtt", 2.05), 41.0);
}

/// The capture at the sender of a run: its records.
fn capture(s: &Scenario, seconds: f64) -> Vec<Vec<f64>> {
    let mut w = World::new(s);
    w.capture("f0", CapturePoint::Sender).unwrap();
    w.advance((seconds * 1e9) as u64, u64::MAX);
    w.drain_packets()
        .chunks(RECORD_WIDTH)
        .map(<[f64]>::to_vec)
        .collect()
}

fn field(r: &[f64], name: &str) -> f64 {
    r[FIELDS.iter().position(|f| *f == name).unwrap()]
}

/// A run with a loss in its first window, so that ACKs could carry SACK blocks.
fn lossy(flow: Value) -> Scenario {
    let mut s = one_flow(flow, 2.0);
    s.topology.links[0].loss = Some(LossSpec::Nth(sim::loss::nth::NthSpec {
        packets: vec![20, 22],
    }));
    s
}

#[test]
fn sack_refused_by_the_receiver_means_no_sack_blocks_and_newreno_recovery() {
    let sack_acks = |s: &Scenario| {
        capture(s, 2.0)
            .iter()
            .filter(|r| field(r, "kind") == 1.0 && field(r, "sack_len") > 0.0)
            .count()
    };
    let both = lossy(json!({}));
    assert!(
        sack_acks(&both) > 0,
        "both ends offer SACK: ACKs carry blocks"
    );
    let refused = lossy(json!({"tcp": {"peer": {"sack": false}}}));
    assert_eq!(sack_acks(&refused), 0);
    let rec = capture(&refused, 1.2);
    let (syn, synack) = (&rec[0], &rec[1]);
    assert!(field(syn, "flags") as u32 & FLAG_SACK_PERMITTED != 0);
    assert!(field(synack, "flags") as u32 & FLAG_SACK_PERMITTED == 0);
    // The sender still repairs both losses in one episode (NewReno partial ACKs).
    let (w, _) = run(&refused);
    let f = &w.summary().flows[0];
    assert_eq!(
        (f.fast_retransmits, f.retransmitted_segments, f.timeouts),
        (1, 2, 0)
    );
}

#[test]
fn timestamps_ecn_and_the_mss_are_what_both_ends_offer() {
    // Timestamps asked for but refused: 1460-byte segments, not 1448.
    let s = one_flow(
        json!({"tcp": {"timestamps": true, "peer": {"timestamps": false}}}),
        2.0,
    );
    let (w, _) = run(&s);
    assert_eq!(w.summary().flows[0].delivered_bytes % 1460, 0);
    // A receiver announcing MSS 1000: 1000-byte segments.
    let s = one_flow(json!({"tcp": {"peer": {"mss_bytes": 1000}}}), 2.0);
    let rec = capture(&s, 1.2);
    assert_eq!(field(&rec[1], "mss_option"), 1000.0);
    let data: Vec<&Vec<f64>> = rec.iter().filter(|r| field(r, "kind") == 0.0).collect();
    assert!(!data.is_empty() && data.iter().all(|r| field(r, "payload") == 1000.0));
    // ECN only if the receiver agrees: no ECT(0) data otherwise (RFC 3168 §6.1.1).
    let ect = |flow: Value| {
        capture(&one_flow(flow, 1.2), 1.2)
            .iter()
            .filter(|r| field(r, "kind") == 0.0)
            .all(|r| field(r, "flags") as u32 & FLAG_ECT != 0)
    };
    assert!(ect(json!({"tcp": {"ecn": true}})));
    assert!(!ect(json!({"tcp": {"ecn": true, "peer": {"ecn": false}}})));
}

#[test]
fn without_window_scaling_the_window_stays_within_64_kib() {
    // 65,535 bytes per 40 ms round trip is 13 Mb/s, below the 20 Mb/s link.
    let s = one_flow(json!({"tcp": {"window_scaling": false}}), 6.0);
    let (w, _) = run(&s);
    let f = &w.summary().flows[0];
    let cap = 65_535.0 * 8.0 / 0.040;
    assert!(f.goodput_bps < cap, "{} b/s", f.goodput_bps);
    assert_eq!(
        f.retransmitted_segments, 0,
        "the window, not the queue, limits it"
    );
}

#[test]
fn without_the_handshake_data_leaves_at_the_start_time() {
    let s = one_flow(json!({"tcp": {"handshake": false}}), 1.5);
    let (w, rows) = run(&s);
    assert_eq!(w.summary().flows[0].data_start_s, Some(1.0));
    assert_eq!(column_at(&w, &rows, "cwnd", 1.02), 10.0);
    let rec = capture(&s, 1.1);
    assert_eq!(field(&rec[0], "kind"), 0.0, "the first packet is data");
    assert_eq!(field(&rec[0], "time_ns"), 1e9);
}

#[test]
fn a_random_start_opens_the_flow_at_its_seeded_draw() {
    let at = |seed: u32| {
        let mut s = one_flow(
            json!({"start_jitter_s": 1.5, "tcp": {"handshake": false}}),
            3.0,
        );
        s.seed = seed;
        let (w, _) = run(&s);
        let start = w.summary().flows[0].data_start_s.expect("started");
        assert!((start - sim::scenario::flow_start_s(&s, 0)).abs() < 1e-9);
        let rec = capture(&s, 3.0);
        assert_eq!(field(&rec[0], "time_ns"), (start * 1e9).round());
        start
    };
    let (one, two) = (at(1), at(2));
    assert!((1.0..2.5).contains(&one) && (1.0..2.5).contains(&two));
    assert_ne!(one, two, "each seed draws its own start");
    assert_eq!(at(1), one, "and the same seed the same");
}

#[test]
fn the_summary_says_when_each_flow_opened_and_counts_goodput_from_then() {
    for seed in 1..=4 {
        let mut s = one_flow(json!({"start_jitter_s": 1.5}), 3.0);
        s.seed = seed;
        let drawn = sim::scenario::flow_start_s(&s, 0);
        // Known before the run (the page's summary at time 0) and the same after it.
        let before = World::new(&s).summary().flows[0].opened_s;
        let (w, _) = run(&s);
        let f = &w.summary().flows[0];
        for opened in [before, f.opened_s] {
            assert!(
                (opened - drawn).abs() < 1e-9,
                "seed {seed}: {opened} vs {drawn}"
            );
        }
        assert!(
            f.data_start_s.expect("connected") > f.opened_s,
            "the SYN first"
        );
        let from_open = f.delivered_bytes as f64 * 8.0 / (3.0 - f.opened_s);
        assert!(
            (f.goodput_bps - from_open).abs() <= 1e-9 * from_open,
            "seed {seed}"
        );
    }
    let fixed = one_flow(json!({}), 1.5);
    assert_eq!(World::new(&fixed).summary().flows[0].opened_s, 1.0);
}
