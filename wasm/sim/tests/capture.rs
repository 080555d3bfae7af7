//! Packet capture of one flow (the pcap export): what the sender's interface
//! sees is the handshake (SYN out with its options, SYN-ACK in, ACK out),
//! then its data going out and the ACKs coming back, in time order, and
//! capturing changes nothing about the run.

mod common;

use sim::world::capture::{
    CapturePoint, FIELDS, FLAG_OUTBOUND, FLAG_RETRANSMIT, FLAG_SACK_PERMITTED, FLAG_TIMESTAMPS,
    RECORD_WIDTH,
};
use sim::World;

const UNTIL_NS: u64 = 5_000_000_000;

fn captured(at: CapturePoint) -> (World, Vec<f64>) {
    captured_from(common::load("content/scenarios/default.json"), at)
}

fn captured_from(s: sim::Scenario, at: CapturePoint) -> (World, Vec<f64>) {
    let mut w = World::new(&s);
    w.capture("flow1", at).expect("flow1 exists");
    let mut records = Vec::new();
    while !w.advance(UNTIL_NS, 100_000) && w.now() < UNTIL_NS {
        records.extend(w.drain_packets());
    }
    records.extend(w.drain_packets());
    (w, records)
}

#[test]
fn the_sender_sees_its_data_leave_and_the_acks_arrive_in_time_order() {
    let (w, rec) = captured(CapturePoint::Sender);
    assert_eq!(rec.len() % RECORD_WIDTH, 0);
    let rows: Vec<&[f64]> = rec.chunks(RECORD_WIDTH).collect();
    assert!(rows.len() > 1000, "{} records", rows.len());
    assert!(rows.windows(2).all(|r| r[1][0] >= r[0][0]), "time order");
    // SYN out, SYN-ACK in, ACK out; then data and ACKs (kinds 0 and 1).
    let kinds: Vec<f64> = rows[..3].iter().map(|r| r[1]).collect();
    assert_eq!(kinds, [3.0, 4.0, 5.0]);
    // Drop records (kind 6) are the queues', not the interface's.
    let (out, inb): (Vec<&[f64]>, Vec<&[f64]>) = rows[3..]
        .iter()
        .filter(|r| r[1] != 6.0)
        .partition(|r| (r[9] as u32) & FLAG_OUTBOUND != 0);
    assert!(
        out.iter().all(|r| r[1] == 0.0 && r[6] > 0.0),
        "data goes out"
    );
    assert!(inb.iter().all(|r| r[1] == 1.0), "ACKs come in");
    // New data (not retransmitted) goes out in sequence order, back to back.
    let fresh: Vec<&[f64]> = out
        .iter()
        .filter(|r| (r[9] as u32) & FLAG_RETRANSMIT == 0)
        .copied()
        .collect();
    assert!(fresh.windows(2).all(|p| p[1][4] == p[0][4] + p[0][6]));
    // Cumulative ACKs never fall, and the last one covers what was delivered.
    assert!(inb.windows(2).all(|p| p[1][5] >= p[0][5]));
    let delivered = w.delivered_bytes()[0] as f64;
    assert!(inb.last().unwrap()[5] <= delivered);
    assert!(inb.last().unwrap()[5] > 0.9 * delivered);
    // The default scenario overflows its queue: some segments are resent.
    assert!(out.len() > fresh.len());
    assert_eq!(w.capture_missed(), 0);
}

#[test]
fn the_receiver_sees_the_data_arrive_and_its_acks_leave() {
    let (_, rec) = captured(CapturePoint::Receiver);
    let rows: Vec<&[f64]> = rec.chunks(RECORD_WIDTH).collect();
    assert!(rows.iter().any(|r| r[1] == 0.0) && rows.iter().any(|r| r[1] == 1.0));
    for r in &rows {
        let out = (r[9] as u32) & FLAG_OUTBOUND != 0;
        // ACKs and the SYN-ACK leave the receiver; data, the SYN and its ACK arrive.
        assert_eq!(out, r[1] == 1.0 || r[1] == 4.0, "kind {}", r[1]);
    }
}

#[test]
fn the_syn_and_syn_ack_carry_mss_window_scale_sack_permitted_and_timestamps() {
    let mut s = common::load("content/scenarios/default.json");
    s.flows[0].tcp.timestamps = true;
    s.flows[0].start_s = 0.25;
    let (_, rec) = captured_from(s, CapturePoint::Sender);
    let rows: Vec<&[f64]> = rec.chunks(RECORD_WIDTH).collect();
    let field = |r: &[f64], name: &str| r[FIELDS.iter().position(|f| *f == name).unwrap()];
    let (syn, synack, ack) = (rows[0], rows[1], rows[2]);
    for r in [syn, synack] {
        let flags = field(r, "flags") as u32;
        assert_eq!(field(r, "mss_option"), 1460.0, "MTU 1500 − 40");
        // A 1 GiB receive buffer needs the largest shift, 14 (RFC 7323 §2.3).
        assert_eq!(field(r, "wscale_option"), 14.0);
        assert!(flags & FLAG_SACK_PERMITTED != 0 && flags & FLAG_TIMESTAMPS != 0);
        // 20 + 20 + MSS (4) + SACK-permitted and timestamps (12) + NOP, window scale (4).
        assert_eq!(field(r, "size"), 60.0);
    }
    // The SYN-ACK comes one round trip (40 ms and a bit) after the SYN, and
    // echoes its timestamp; the ACK follows at once with the data behind it.
    let rtt = field(synack, "time_ns") - field(syn, "time_ns");
    assert!(rtt > 40e6 && rtt < 41e6, "{rtt}");
    assert_eq!(field(synack, "tsecr"), field(syn, "tsval"));
    assert_eq!((field(ack, "kind"), field(ack, "size")), (5.0, 52.0));
    assert_eq!(field(rows[3], "kind"), 0.0, "then data");
    assert_eq!(field(rows[3], "time_ns"), field(ack, "time_ns"));
}

#[test]
fn capturing_does_not_change_the_run() {
    let s = common::load("content/scenarios/default.json");
    let mut plain = World::new(&s);
    plain.advance(UNTIL_NS, u64::MAX);
    let (mut cap, _) = captured(CapturePoint::Sender);
    assert_eq!(plain.trace_hash(), cap.trace_hash());
    assert_eq!(plain.drain(), cap.drain());
}

#[test]
fn an_unknown_flow_is_refused_by_name() {
    let s = common::load("content/scenarios/default.json");
    let mut w = World::new(&s);
    let e = w.capture("nope", CapturePoint::Sender).unwrap_err();
    assert!(e.contains("'nope'"), "{e}");
    assert!(w.drain_packets().is_empty());
}
