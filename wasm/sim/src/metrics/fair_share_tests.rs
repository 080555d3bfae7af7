use super::*;
use crate::scenario::parse_scenario_without_work_limits as parse_scenario;

const ALL: [bool; 3] = [true; 3];

#[test]
fn a_parking_lot_gives_the_long_flow_the_tighter_links_share() {
    // Channels 0 (cap 4) and 1 (cap 10); flow 0 crosses both, flow 1 only
    // channel 0, flow 2 only channel 1. Channel 0 fills first at 2 each; flow 2
    // then takes what flow 0 leaves of channel 1.
    let r = max_min(
        &[4.0, 10.0],
        &[vec![0, 1], vec![0], vec![1]],
        &[f64::INFINITY; 3],
        &ALL,
    );
    assert_eq!(r, vec![2.0, 2.0, 8.0]);
    // Equal capacities: everybody gets half of a link.
    let r = max_min(
        &[10.0, 10.0],
        &[vec![0, 1], vec![0], vec![1]],
        &[f64::INFINITY; 3],
        &ALL,
    );
    assert_eq!(r, vec![5.0, 5.0, 5.0]);
}

#[test]
fn a_flow_that_wants_less_leaves_the_rest_to_the_others() {
    let r = max_min(
        &[10.0],
        &[vec![0], vec![0], vec![0]],
        &[1.0, f64::INFINITY, 6.0],
        &ALL,
    );
    assert_eq!(r, vec![1.0, 4.5, 4.5]);
    let r = max_min(
        &[10.0],
        &[vec![0], vec![0], vec![0]],
        &[1.0, f64::INFINITY, 2.0],
        &ALL,
    );
    assert_eq!(r, vec![1.0, 7.0, 2.0]);
}

#[test]
fn inactive_flows_take_nothing() {
    let r = max_min(
        &[9.0],
        &[vec![0], vec![0], vec![0]],
        &[f64::INFINITY; 3],
        &[true, false, true],
    );
    assert_eq!(r, vec![4.5, 0.0, 4.5]);
}

fn two_flows(second_start_s: f64, second: &str) -> Scenario {
    let json = format!(
        r#"{{"version":1,"name":"two","duration_s":10,
        "topology":{{"nodes":[{{"id":"s","kind":"host"}},{{"id":"r","kind":"router"}},{{"id":"d","kind":"host"}}],
          "links":[{{"id":"a","a":"s","b":"r","rate_bps":1e9,"delay_ms":1}},
                   {{"id":"b","a":"r","b":"d","rate_bps":1e7,"delay_ms":10,
                     "queue":{{"kind":"drop_tail","limit_packets":100}}}}]}},
        "flows":[{{"id":"f0","src":"s","dst":"d","cc":"cubic"}},
                 {{"id":"f1","src":"s","dst":"d","start_s":{second_start_s},{second}}}]}}"#
    );
    parse_scenario(&json).unwrap()
}

#[test]
fn shares_step_down_when_a_flow_starts() {
    // Textbook flows that start with data: the steps are at `start_s`.
    let mut s = two_flows(5.0, r#""cc":"newreno","tcp":{"handshake":false}"#);
    s.flows[0].tcp.handshake = false;
    let steps = fair_share_steps(&s, &[None, None]);
    let payload = 1460.0 / 1500.0;
    assert_eq!(
        steps[0],
        vec![
            FairShareStep {
                from_s: 0.0,
                bps: 1e7 * payload
            },
            FairShareStep {
                from_s: 5.0,
                bps: 5e6 * payload
            },
        ]
    );
    assert_eq!(
        steps[1],
        vec![FairShareStep {
            from_s: 5.0,
            bps: 5e6 * payload
        }]
    );
}

#[test]
fn with_the_handshake_a_share_begins_when_the_data_does() {
    // SYN out and SYN-ACK back: 2 × (1 + 10) ms of propagation, and 52 bytes
    // each way (MSS, SACK-permitted, window scale) at 1 Gb/s and at 10 Mb/s.
    let s = two_flows(5.0, r#""cc":"newreno""#);
    let handshake = 0.022 + 2.0 * 52.0 * 8.0 * (1.0 / 1e9 + 1.0 / 1e7);
    let steps = fair_share_steps(&s, &[None, None]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(steps[0][0].from_s, handshake), "{:?}", steps[0]);
    assert!(close(steps[0][1].from_s, 5.0 + handshake), "{:?}", steps[0]);
    assert!(close(steps[1][0].from_s, 5.0 + handshake), "{:?}", steps[1]);
}

#[test]
fn a_udp_stream_and_a_window_limit_are_demands() {
    // 1000-B datagrams every 2 ms: (1000 + 28)·8 b per 2 ms = 4.112 Mb/s on the
    // wire, less than half the link, so the TCP flow gets the rest.
    let s = two_flows(
        0.0,
        r#""protocol":"udp","source":{"kind":"cbr","packet_bytes":1000,"interval_ms":2}"#,
    );
    let steps = fair_share_steps(&s, &[None, None]);
    let udp_payload = 1472.0 / 1500.0;
    assert!(
        (steps[1][0].bps - 4.112e6 * udp_payload).abs() < 1e-3,
        "{:?}",
        steps[1]
    );
    assert!((steps[0][0].bps - (1e7 - 4.112e6) * 1460.0 / 1500.0).abs() < 1e-3);
    // A TCP window bound below half the link caps that flow and frees the rest.
    let s = two_flows(0.0, r#""cc":"newreno""#);
    let steps = fair_share_steps(&s, &[Some(1e6), None]);
    assert!((steps[0][0].bps - 1e6).abs() < 1e-6);
    assert!((steps[1][0].bps - (1e7 * 1460.0 / 1500.0 - 1e6)).abs() < 1e-3);
}
