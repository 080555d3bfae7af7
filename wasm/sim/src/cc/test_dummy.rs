//! A test-only algorithm (the registry's `#[cfg(test)]` line): NewReno's
//! behaviour under its own name, so that the crate's tests can show that one
//! registry line is all a new algorithm needs from the schema, the reader, the
//! validator and the contract tests.

use super::newreno::NewReno;
use super::{CcContext, CongestionControl, CongestionEvent, Handoff, Registered};
use crate::engine::Time;

/// NewReno, renamed.
pub struct TestDummy(NewReno);

impl CongestionControl for TestDummy {
    fn name(&self) -> &'static str {
        "test_dummy"
    }
    fn on_ack(&mut self, ack: &super::AckSample) {
        self.0.on_ack(ack);
    }
    fn on_congestion_event(&mut self, ev: &CongestionEvent) {
        self.0.on_congestion_event(ev);
    }
    fn on_rto(&mut self, now: Time, inflight_bytes: u64, mss: u32) {
        self.0.on_rto(now, inflight_bytes, mss);
    }
    fn on_recovery_exit(&mut self, now: Time, mss: u32) {
        self.0.on_recovery_exit(now, mss);
    }
    fn cwnd(&self) -> u64 {
        self.0.cwnd()
    }
    fn ssthresh(&self) -> u64 {
        self.0.ssthresh()
    }
    fn handoff(&self, now: Time) -> Handoff {
        self.0.handoff(now)
    }
}

impl Registered for TestDummy {
    type Params = ();
    fn create(p: &(), ctx: &CcContext) -> Self {
        TestDummy(NewReno::create(p, ctx))
    }
    fn resume(p: &(), ctx: &CcContext, h: &Handoff) -> Self {
        TestDummy(NewReno::resume(p, ctx, h))
    }
}
