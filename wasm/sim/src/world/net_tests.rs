//! World-level checks of the network side that need packets the endpoints
//! cannot yet make: ECN-capable (ECT) traffic into a marking queue.

use super::World;
use crate::net::{Packet, PacketKind};
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;

/// src → r → dst with a 2 Mb/s CoDel (ECN on) bottleneck; one UDP flow
/// that starts only at the end, so routes exist and packets can be injected.
fn world() -> World {
    let json = r#"{
      "version": 1, "duration_s": 5, "sample_interval_ms": 100,
      "topology": {
        "nodes": [{"id": "src", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "dst", "kind": "host"}],
        "links": [
          {"id": "acc", "a": "src", "b": "r", "rate_bps": 1e9, "delay_ms": 1},
          {"id": "bn", "a": "r", "b": "dst", "rate_bps": 2e6, "delay_ms": 10,
           "queue": {"kind": "codel", "ecn": true}}
        ]
      },
      "flows": [{"id": "u", "src": "src", "dst": "dst", "protocol": "udp", "start_s": 4.9,
                 "source": {"kind": "cbr", "packet_bytes": 1000, "interval_ms": 10}}]
    }"#;
    World::new(&parse_scenario(json).expect("valid"))
}

#[test]
fn ce_marks_on_ect_packets_are_counted_in_the_marks_column() {
    let mut w = world();
    // 4 Mb/s of 1000-byte ECT packets into a 2 Mb/s link for 1 s.
    let gap = 2_000_000;
    for k in 0..500u64 {
        w.advance(k * gap, u64::MAX);
        let mut p = Packet::new(PacketKind::Udp, 0, 0, 2, w.now);
        p.size = 1000;
        p.payload = 972;
        p.ect = true;
        p.uid = k;
        w.counts.created += 1;
        w.forward(0, &p);
    }
    w.run();
    let cols = w.columns().to_vec();
    let at = |key: &str| cols.iter().position(|c| c.key == key).expect(key);
    let (marks, q_marks, aqm, overflow) = (
        at("link.bn:a>b.marks"),
        at("link.bn:a>b.q.ecn_marks"),
        at("link.bn:a>b.drops_aqm"),
        at("link.bn:a>b.drops_overflow"),
    );
    let rows = w.drain();
    let last = &rows[rows.len() - cols.len()..];
    assert!(
        last[marks] > 5.0,
        "CoDel marks under overload: {}",
        last[marks]
    );
    assert_eq!(last[marks], last[q_marks]);
    assert_eq!(last[aqm], 0.0, "ECT packets are marked, not dropped");
    assert_eq!(last[overflow], 0.0);
    let c = w.conservation();
    assert_eq!(c.created, c.delivered + c.dropped + c.held);
}

/// src → r → dst with a 1 Mb/s bottleneck whose queue is `queue` (JSON);
/// `loss` on it, if given. No flow sends before the end (routes only).
fn slow_link(queue: &str, loss: &str) -> World {
    let json = format!(
        r#"{{
      "version": 1, "duration_s": 5, "sample_interval_ms": 100,
      "topology": {{
        "nodes": [{{"id": "src", "kind": "host"}}, {{"id": "r", "kind": "router"}}, {{"id": "dst", "kind": "host"}}],
        "links": [
          {{"id": "acc", "a": "src", "b": "r", "rate_bps": 1e9, "delay_ms": 1}},
          {{"id": "bn", "a": "r", "b": "dst", "rate_bps": 1e6, "delay_ms": 10,
           "queue": {queue}{loss}}}
        ]
      }},
      "flows": [{{"id": "u", "src": "src", "dst": "dst", "protocol": "udp", "start_s": 4.9,
                 "source": {{"kind": "cbr", "packet_bytes": 972, "interval_ms": 10}}}}]
    }}"#
    );
    World::new(&parse_scenario(&json).expect("valid"))
}

/// `n` 1000-byte packets reach the bottleneck (node `r`) at once, at 1 s.
fn burst(w: &mut World, n: u64) {
    w.advance(1_000_000_000, u64::MAX);
    for k in 0..n {
        let mut p = Packet::new(PacketKind::Udp, 0, 0, 2, w.now);
        p.size = 1000;
        p.payload = 972;
        p.uid = k;
        w.counts.created += 1;
        w.forward(1, &p);
    }
}

/// The queues of both paths: the one-event FIFO of a plain DropTail link,
/// the qdisc and transmit slot of one with a loss model (here an outage
/// long after the test), and a CoDel qdisc.
const QUEUES: [(&str, &str); 3] = [
    (r#"{"kind": "drop_tail", "limit_packets": 4}"#, ""),
    (
        r#"{"kind": "drop_tail", "limit_packets": 4}"#,
        r#", "loss": {"kind": "blackout", "start_s": 4.0, "end_s": 4.5}"#,
    ),
    (r#"{"kind": "codel", "limit_packets": 4}"#, ""),
];

#[test]
fn the_sojourn_ends_when_a_packet_leaves_the_queue_not_when_its_last_bit_does() {
    // Two packets at once into an idle 1 Mb/s link: the first goes straight
    // to the transmit slot (sojourn 0), the second waits for its 8 ms of
    // serialisation. Mean 4 ms; 12 ms if the sojourn ran to the end of
    // transmission, as it would if the slot were part of the queue.
    for (queue, loss) in QUEUES {
        let mut w = slow_link(queue, loss);
        burst(&mut w, 2);
        w.advance(1_100_000_000, u64::MAX);
        let mean = w.mean_queueing_delay_s("bn:a>b").unwrap();
        assert!((mean - 0.004).abs() < 1e-9, "{queue}{loss}: {mean} s");
    }
}

#[test]
fn a_queue_of_n_packets_holds_n_plus_the_one_on_the_wire() {
    // Six arrive at once at a 4-packet queue: one is being sent, four wait,
    // the sixth is dropped (Linux and ns-3 count the packet in the device's
    // transmit slot outside the qdisc's limit).
    for (queue, loss) in QUEUES {
        let mut w = slow_link(queue, loss);
        burst(&mut w, 6);
        let (held, _) = w.channels[2].queue_len();
        assert_eq!(held, 4, "{queue}{loss}: queued");
        assert_eq!(w.channels[2].total_drops(), 1, "{queue}{loss}: dropped");
        w.run();
        let c = w.conservation();
        assert_eq!(c.created, c.delivered + c.dropped + c.held);
    }
}
