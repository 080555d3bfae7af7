//! A test-only algorithm (the registry's `#[cfg(test)]` line): NewReno's
//! behaviour under its own name, with a parameter block of its own, so that
//! the crate's tests can show that this file and one registry line are all a
//! new algorithm needs for the schema, the reader, the validator and the
//! contract tests.

use super::newreno::NewReno;
use super::{CcContext, CongestionControl, CongestionEvent, Handoff, ParamBlock, Registered};
use crate::engine::Time;
use crate::error::FieldChecks;
use serde::{Deserialize, Serialize};

/// The test-only algorithm's `cc_params.test_dummy` block.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct TestDummyParams {
    /// Initial window, segments, in [1, 100]. Default 10.
    #[cfg_attr(feature = "schema", schemars(range(min = 1.0, max = 100.0)))]
    pub initial_window_segments: u32,
}

impl Default for TestDummyParams {
    fn default() -> Self {
        Self {
            initial_window_segments: 10,
        }
    }
}

impl ParamBlock for TestDummyParams {
    fn check(&self, c: &mut FieldChecks) {
        c.closed_int(
            "initial_window_segments",
            self.initial_window_segments,
            1,
            100,
        );
    }
}

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
    type Params = TestDummyParams;
    fn create(p: &TestDummyParams, ctx: &CcContext) -> Self {
        let ctx = CcContext {
            initial_cwnd_segments: p.initial_window_segments,
            ..*ctx
        };
        TestDummy(NewReno::create(&(), &ctx))
    }
    fn resume(_: &TestDummyParams, ctx: &CcContext, h: &Handoff) -> Self {
        TestDummy(NewReno::resume(&(), ctx, h))
    }
}
