//! Invariants for every scenario the tests run: packets are conserved, time is
//! monotone, receivers deliver a growing in-order byte stream, traces are finite.

mod common;

#[test]
fn default_scenario_keeps_the_invariants() {
    let s = common::load("content/scenarios/default.json");
    let w = common::run_checked(&s, 3_000_000);
    let c = w.conservation();
    assert!(c.dropped > 0, "the default scenario should see drops");
    assert!(c.delivered > 0);
}

#[test]
fn golden_two_flow_scenario_keeps_the_invariants() {
    let s = common::load("tests/golden/two-flows.json");
    let w = common::run_checked(&s, 10_000_000);
    let sum = w.summary();
    let short = &sum.flows[0];
    let long = &sum.flows[1];
    assert!(
        short.goodput_bps > long.goodput_bps,
        "the shorter RTT should get more"
    );
}

#[test]
fn a_flow_that_starts_late_sends_nothing_before_its_start() {
    let mut s = common::load("content/scenarios/default.json");
    s.flows[0].start_s = 5.0;
    let mut w = sim::World::new(&s);
    w.advance(4_999_000_000, u64::MAX);
    assert_eq!(w.conservation().created, 0);
    w.run();
    assert!(w.delivered_bytes()[0] > 0);
}
