//! Packet capture of one flow (the pcap export): what the sender's interface
//! sees is its data going out and the ACKs coming back, in time order, and
//! capturing changes nothing about the run.

mod common;

use sim::world::capture::{CapturePoint, FLAG_OUTBOUND, FLAG_RETRANSMIT, RECORD_WIDTH};
use sim::World;

const UNTIL_NS: u64 = 5_000_000_000;

fn captured(at: CapturePoint) -> (World, Vec<f64>) {
    let s = common::load("content/scenarios/default.json");
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
    let (out, inb): (Vec<&[f64]>, Vec<&[f64]>) = rows
        .iter()
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
        assert_eq!(out, r[1] == 1.0, "ACKs leave the receiver, data arrives");
    }
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
