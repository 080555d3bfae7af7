//! F-RTO end to end (RFC 5682 §3): a TCP flow at the lab's defaults whose
//! segments wait 0.6 s behind a strict-priority UDP burst in a queue that
//! drops nothing. Its RTO (SRTT + 200 ms) fires while they wait; when they
//! arrive, F-RTO finds the timeout spurious and undoes it, so only the
//! timeout's one retransmission (and the tail loss probe) is sent. Without
//! F-RTO the sender resends the whole window and leaves the timeout with
//! half its window as ssthresh.

mod common;

use sim::{parse_scenario, Summary};

fn scenario(frto: bool) -> String {
    format!(
        r#"{{
  "version": 1, "name": "delay spike", "seed": 1, "duration_s": 5, "sample_interval_ms": 10,
  "topology": {{
    "nodes": [{{"id": "s1", "kind": "host"}}, {{"id": "s2", "kind": "host"}},
              {{"id": "r1", "kind": "router"}}, {{"id": "dst", "kind": "host"}}],
    "links": [
      {{"id": "a1", "a": "s1", "b": "r1", "rate_bps": 100e6, "delay_ms": 1}},
      {{"id": "a2", "a": "s2", "b": "r1", "rate_bps": 100e6, "delay_ms": 1}},
      {{"id": "bottleneck", "a": "r1", "b": "dst", "rate_bps": 10e6, "delay_ms": 10,
        "queue": {{"kind": "priority", "limit_packets": 5000,
                   "priorities": [{{"flow": "burst", "priority": 0}}], "default_priority": 1}}}}
    ]
  }},
  "flows": [
    {{"id": "tcp", "src": "s1", "dst": "dst",
      "tcp": {{"receive_buffer_bytes": 60000, "frto": {frto}}}}},
    {{"id": "burst", "src": "s2", "dst": "dst", "protocol": "udp", "start_s": 2.0,
      "source": {{"kind": "on_off", "on_s": 0.6, "off_s": 100, "rate_bps": 10e6, "packet_bytes": 1000}}}}
  ]
}}"#
    )
}

fn run(frto: bool) -> (Summary, f64) {
    let s = parse_scenario(&scenario(frto)).expect("valid scenario");
    let (w, rows) = common::run_rows(&s);
    let width = w.columns().len();
    let ssthresh = common::col(&w, "flow.tcp.ssthresh");
    let last = rows.chunks_exact(width).last().expect("rows")[ssthresh];
    (w.summary(), last)
}

#[test]
fn a_spurious_timeout_is_undone_and_a_real_one_without_frto_is_not() {
    let (with, ssthresh_with) = run(true);
    let (without, ssthresh_without) = run(false);
    let (f, g) = (&with.flows[0], &without.flows[0]);
    // The same timeout fires in both: the delay is longer than the RTO.
    assert_eq!((f.timeouts, g.timeouts), (1, 1), "{f:?}\n{g:?}");
    // With F-RTO: the probe and the timeout's retransmission, nothing more,
    // and no threshold left behind (it had none before: 0 in the trace).
    assert_eq!(f.retransmitted_segments, 2, "{f:?}");
    assert_eq!(ssthresh_with, 0.0);
    // Without: the window resent, and ssthresh from the timeout.
    assert!(g.retransmitted_segments > 20, "{g:?}");
    assert!(ssthresh_without > 0.0);
}
