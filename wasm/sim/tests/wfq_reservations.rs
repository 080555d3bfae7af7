//! WFQ with reservations end to end, on seed paper 003's serial-line testbed (Hayashi et al.,
//! §3): a reserved TCP flow beside background traffic, the reservation's rate against what the
//! flow gets, and the buffer-management options.

mod common;

use serde_json::{json, Value};
use sim::{parse_scenario, World};

fn preset(name: &str) -> Value {
    let text =
        std::fs::read_to_string(common::repo_root().join(format!("content/scenarios/{name}.json")))
            .expect("preset");
    serde_json::from_str(&text).expect("json")
}

fn summary(s: &Value) -> Value {
    let s = parse_scenario(&s.to_string()).unwrap_or_else(|e| panic!("{e:?}"));
    let mut w = World::new(&s);
    w.run();
    serde_json::to_value(w.summary()).expect("serialises")
}

fn flow<'a>(sum: &'a Value, id: &str) -> &'a Value {
    sum["flows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == id)
        .unwrap_or_else(|| panic!("no flow {id}"))
}

/// The wire rate of a TCP flow of 1460-byte segments from its goodput: 40 bytes of TCP/IP
/// and 8 of HDLC framing per segment on the serial line.
fn wire_bps(goodput_bps: f64) -> f64 {
    goodput_bps * 1508.0 / 1460.0
}

#[test]
fn a_reservation_holds_beside_small_packet_udp_on_a_framed_serial_line() {
    // Case 1's reserved flow (56 kb/s reserved), its access line raised to the reserved
    // 56 kb/s so that it never exceeds the reservation and can fill it, beside twelve UDP
    // flows of 160-byte datagrams every 40 ms (39.2 kb/s each on the wire) that overload the
    // 125 kb/s line. With finish tags in IP bytes while the GPS clock ran at the wire rate,
    // the reserved flow got 21 kb/s.
    let mut s = preset("paper003-reservation-case1");
    s["duration_s"] = 120.into();
    let links = s["topology"]["links"].as_array_mut().expect("links");
    let access = links
        .iter_mut()
        .find(|l| l["id"] == "r3-r1")
        .expect("r3-r1");
    access["rate_bps"] = 56e3.into();
    let reserved = s["flows"][0].clone();
    let mut flows = vec![reserved];
    for i in 0..12 {
        flows.push(json!({
            "id": format!("u{i}"), "src": format!("ws{}", i % 3 + 1), "dst": "ws4",
            "protocol": "udp",
            "source": {"kind": "cbr", "packet_bytes": 160, "interval_ms": 40, "random_phase": true}
        }));
    }
    s["flows"] = Value::Array(flows);
    let sum = summary(&s);
    let got = wire_bps(flow(&sum, "reserved")["goodput_bps"].as_f64().unwrap());
    println!("reserved flow: {got} b/s on the wire");
    assert!(
        (got / 56e3 - 1.0).abs() < 0.05,
        "the reserved flow got {got} b/s of its 56 kb/s on the wire"
    );
}
