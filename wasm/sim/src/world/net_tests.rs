//! World-level checks of the network side that need packets the endpoints
//! cannot yet make: ECN-capable (ECT) traffic into a marking queue.

use super::World;
use crate::net::{Packet, PacketKind};
use crate::scenario::parse_scenario;

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
