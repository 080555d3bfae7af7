//! The capture behind the packet views and the pcap writer, on the default
//! scenario: each data segment once per transmission, ACKs that never go
//! back, drops at the queue that dropped them; and a pcap file whose headers
//! and checksums a packet analyser accepts, opening with the handshake.

use super::super::capture::{CapturePoint, FIELDS, FLAG_OUTBOUND, FLAG_RETRANSMIT, RECORD_WIDTH};
use super::*;
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;
use crate::World;

const DEFAULT_FILE: &str = include_str!("../../../../content/scenarios/default.json");

/// The default scenario, its first 4 s (slow start, the first overflow of
/// the bottleneck queue, its recovery and congestion avoidance).
fn default_json() -> String {
    let s = DEFAULT_FILE.replace(r#""duration_s": 20,"#, r#""duration_s": 4,"#);
    assert_ne!(s, DEFAULT_FILE);
    s
}

fn field(name: &str) -> usize {
    FIELDS.iter().position(|f| *f == name).expect("field")
}

/// A scenario run to the end with a capture of flow1 at `at`:
/// the world and every record.
fn captured(json: &str, at: CapturePoint) -> (World, Vec<f64>) {
    let mut w = World::new(&parse_scenario(json).expect("valid"));
    w.capture("flow1", at).expect("flow1");
    let mut rows = Vec::new();
    while !w.advance(w.now() + 200_000_000, u64::MAX) {
        rows.extend(w.drain_packets());
    }
    rows.extend(w.drain_packets());
    assert_eq!(w.capture_missed(), 0);
    (w, rows)
}

#[test]
fn every_data_segment_appears_once_per_transmission() {
    let (w, rows) = captured(&default_json(), CapturePoint::Sender);
    let (kind, flags, seq, payload) = (
        field("kind"),
        field("flags"),
        field("seq"),
        field("payload"),
    );
    let mut next_new = 0.0;
    let mut retransmitted = 0;
    for r in rows.chunks_exact(RECORD_WIDTH) {
        let f = r[flags] as u32;
        if r[kind] != 0.0 || f & FLAG_OUTBOUND == 0 {
            continue;
        }
        if f & FLAG_RETRANSMIT != 0 {
            retransmitted += 1;
            assert!(
                r[seq] + r[payload] <= next_new,
                "a retransmission of unsent data"
            );
        } else {
            // New data tiles the stream: each byte sent once, in order.
            assert_eq!(r[seq], next_new, "new data out of order or repeated");
            next_new += r[payload];
        }
    }
    let s = w.summary();
    assert!(
        retransmitted > 0,
        "the default scenario overflows its queue"
    );
    assert_eq!(retransmitted, s.flows[0].retransmitted_segments);
    assert!(next_new >= s.flows[0].delivered_bytes as f64);
}

#[test]
fn acks_never_go_back_and_drops_name_their_queue() {
    let (w, rows) = captured(&default_json(), CapturePoint::Sender);
    let (kind, ack, channel, reason) = (
        field("kind"),
        field("ack"),
        field("channel"),
        field("drop_reason"),
    );
    let mut last_ack = 0.0;
    let mut acks = 0;
    let mut drops = vec![0u64; w.channel_ids().len()];
    for r in rows.chunks_exact(RECORD_WIDTH) {
        if r[kind] == 1.0 {
            assert!(
                r[ack] >= last_ack,
                "ACK went back from {last_ack} to {}",
                r[ack]
            );
            last_ack = r[ack];
            acks += 1;
        }
        if r[kind] == 6.0 {
            drops[r[channel] as usize] += 1;
            assert_eq!(r[reason], 0.0, "DropTail drops on overflow");
        } else {
            assert_eq!(r[channel], -1.0);
        }
    }
    assert!(acks > 1000);
    // One flow: every drop of every queue is the flow's, counted where it fell.
    let s = w.summary();
    let per_link: Vec<u64> = s.links.iter().map(|l| l.drops).collect();
    assert_eq!(drops, per_link);
    let bottleneck = w
        .channel_ids()
        .iter()
        .position(|c| c == "bottleneck:a>b")
        .expect("channel");
    assert!(drops[bottleneck] > 0);
    assert_eq!(drops.iter().sum::<u64>(), drops[bottleneck]);
}

/// Each packet of a pcap file: (record header fields, bytes kept).
fn packets(file: &[u8]) -> Vec<([u32; 4], &[u8])> {
    let mut out = Vec::new();
    let mut off = 24;
    while off < file.len() {
        let u = |i: usize| u32::from_le_bytes(file[off + i..off + i + 4].try_into().expect("4"));
        let h = [u(0), u(4), u(8), u(12)];
        out.push((h, &file[off + 16..off + 16 + h[2] as usize]));
        off += 16 + h[2] as usize;
    }
    assert_eq!(off, file.len());
    out
}

fn ones_sum(bytes: &[u8], init: u64) -> u64 {
    let mut s = sum16(bytes, init);
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    s
}

#[test]
fn the_pcap_opens_with_the_handshake_and_its_checksums_verify() {
    let plain = default_json();
    let json = plain.replace(
        r#""start_s": 0 }"#,
        r#""start_s": 0, "tcp": {"timestamps": true} }"#,
    );
    assert_ne!(json, plain);
    let (w, rows) = captured(&json, CapturePoint::Sender);
    let flow = w.capture_pcap_flow(0).expect("capture");
    let bytes = file(&flow, &rows);
    assert_eq!(&bytes[..4], &[0x4d, 0x3c, 0xb2, 0xa1]);
    assert_eq!(
        u32::from_le_bytes(bytes[20..24].try_into().expect("4")),
        101
    );
    let ps = packets(&bytes);
    let on_wire = rows
        .chunks_exact(RECORD_WIDTH)
        .filter(|r| r[field("kind")] != 6.0)
        .count();
    assert_eq!(ps.len(), on_wire, "drop records are not packets");
    let mut last = 0u64;
    for (h, p) in &ps {
        let ns = u64::from(h[0]) * 1_000_000_000 + u64::from(h[1]);
        assert!(ns >= last);
        last = ns;
        assert_eq!(p[0], 0x45);
        assert_eq!(ones_sum(&p[..20], 0), 0xffff, "IP checksum");
        assert_eq!(
            u16::from_be_bytes([p[2], p[3]]) as u32,
            h[3],
            "total length = orig_len"
        );
        let len = p.len() - 20 + (h[3] as usize - p.len());
        let mut pseudo = p[12..20].to_vec();
        pseudo.extend_from_slice(&[0, 6, (len >> 8) as u8, len as u8]);
        assert_eq!(
            ones_sum(&p[20..], ones_sum(&pseudo, 0)),
            0xffff,
            "TCP checksum"
        );
    }
    // SYN, SYN-ACK, ACK, then data with PSH.
    let flags: Vec<u8> = ps[..4].iter().map(|(_, p)| p[33]).collect();
    assert_eq!(flags, [0x02, 0x12, 0x10, 0x18]);
    let (syn, synack) = (ps[0].1, ps[1].1);
    // MSS 1460, SACK-permitted, timestamps, NOP, window scale 14 (1 GiB buffer).
    assert_eq!(syn.len(), 60, "a SYN with every option");
    assert_eq!(&syn[40..44], &[2, 4, 0x05, 0xb4]);
    assert_eq!(&syn[44..46], &[4, 2]);
    assert_eq!(&syn[56..60], &[1, 3, 3, 14]);
    assert_eq!(u16::from_be_bytes([synack[20], synack[21]]), flow.dst_port);
    assert_eq!((flow.src_port, flow.dst_port), (49152, 5001));
    // The first data byte is sequence number 1 (the SYN took 0).
    assert_eq!(
        u32::from_be_bytes(ps[3].1[24..28].try_into().expect("4")),
        1
    );
}

#[test]
fn stepping_one_event_at_a_time_then_running_on_gives_the_run_s_trace_hash() {
    let s = parse_scenario(&default_json()).expect("valid");
    let mut straight = World::new(&s);
    straight.run();
    let mut stepped = World::new(&s);
    // Through the handshake and the first flight, one event per call.
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..3000 {
        let before = stepped.events_processed();
        let next = stepped.next_event().expect("an event");
        assert!(next.time >= stepped.now());
        kinds.insert(next.kind);
        stepped.advance(stepped.end(), 1);
        assert_eq!(stepped.events_processed(), before + 1);
        assert_eq!(stepped.now(), next.time, "the step ran the event announced");
    }
    // (DropTail links send without a transmit-done event: their fast path.)
    for k in ["flow_start", "arrive", "sender_timer", "sample"] {
        assert!(kinds.contains(k), "{k} in {kinds:?}");
    }
    stepped.run();
    assert_eq!(stepped.trace_hash(), straight.trace_hash());
    assert_eq!(stepped.summary().to_json(), straight.summary().to_json());
}

/// Paper 003's twelve Reno flows through a 125 kb/s FIFO line: timeouts.
const FIFO_12: &str = include_str!("../../../../content/scenarios/paper003-tcp-fifo-12.json");

/// The segments of `flow` the sender's timers sent, as (tail-loss probes, timeout
/// retransmissions), checking each mark on the way.
fn timer_marks(w: &mut World, flow: &str) -> (u64, u64) {
    use super::super::capture::{FLAG_RTO, FLAG_TLP};
    w.capture(flow, CapturePoint::Sender).expect("flow");
    let mut rows = Vec::new();
    while !w.advance(w.now() + 10_000_000_000, u64::MAX) {
        rows.extend(w.drain_packets());
    }
    rows.extend(w.drain_packets());
    let (kind, flags) = (field("kind"), field("flags"));
    let (mut tlp, mut rto) = (0, 0);
    for r in rows.chunks_exact(RECORD_WIDTH) {
        let f = r[flags] as u32;
        if f & (FLAG_TLP | FLAG_RTO) == 0 {
            continue;
        }
        assert!(
            r[kind] == 0.0 && f & FLAG_OUTBOUND != 0,
            "only data the sender sends is sent by a timer"
        );
        assert_ne!(f & (FLAG_TLP | FLAG_RTO), FLAG_TLP | FLAG_RTO);
        if f & FLAG_TLP != 0 {
            tlp += 1;
        } else {
            assert!(f & FLAG_RETRANSMIT != 0, "a timeout resends");
            rto += 1;
        }
    }
    (tlp, rto)
}

#[test]
fn timeout_retransmissions_are_marked_as_such() {
    let mut w = World::new(&parse_scenario(FIFO_12).expect("valid"));
    let (tlp, rto) = timer_marks(&mut w, "t0");
    let s = &w.summary().flows[0];
    assert!(s.timeouts > 0, "the line is shared by twelve flows");
    assert_eq!(
        tlp, s.tlp_probes,
        "Reno without SACK sends no probes (RFC 8985 §7)"
    );
    assert!(
        rto >= s.timeouts,
        "each timeout resends at least one segment"
    );
}

#[test]
fn tail_loss_probes_are_marked_as_such() {
    // The default scenario with one data packet in ten lost at the bottleneck: SACK is on,
    // and now and then a whole flight's tail is lost, so the probe timer fires (RFC 8985 §7).
    let mut scenario = parse_scenario(DEFAULT_FILE).expect("valid");
    let bottleneck = scenario
        .topology
        .links
        .iter_mut()
        .find(|l| l.id == "bottleneck")
        .expect("bottleneck");
    bottleneck.loss = Some(crate::scenario::LossSpec::Bernoulli(
        crate::loss::bernoulli::BernoulliSpec {
            p: 0.1,
            data_only: true,
        },
    ));
    let mut w = World::new(&scenario);
    let (tlp, _) = timer_marks(&mut w, "flow1");
    let s = &w.summary().flows[0];
    assert!(s.tlp_probes > 0, "the probe timer fires");
    assert_eq!(tlp, s.tlp_probes, "one marked segment per probe");
}
