//! A test-only discipline (the queue registry's `#[cfg(test)]` line): a FIFO
//! under its own name, so that the crate's tests can show that one registry
//! line is all a new discipline needs from the schema, the reader, the
//! validator and the world.

use super::check::QueueCheck;
use super::droptail::DropTail;
use super::registry::QueueParams;
use super::{Limit, LinkInfo, Qdisc, QueueCtx};
use crate::packet::Packet;
use serde::{Deserialize, Serialize};

/// DropTail, renamed.
pub struct TestDummy(DropTail);

impl super::Registered for TestDummy {
    type Spec = TestDummySpec;
    fn build(s: &TestDummySpec, _link: &LinkInfo) -> Self {
        TestDummy(DropTail::new(Limit::Packets(s.limit_packets as usize)))
    }
}

impl Qdisc for TestDummy {
    fn enqueue(&mut self, pkt: Packet, ctx: &mut QueueCtx) {
        self.0.enqueue(pkt, ctx);
    }
    fn dequeue(&mut self, ctx: &mut QueueCtx) -> Option<Packet> {
        self.0.dequeue(ctx)
    }
    fn len_packets(&self) -> usize {
        self.0.len_packets()
    }
    fn len_bytes(&self) -> u64 {
        self.0.len_bytes()
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// The test-only discipline's parameters (the registry's `#[cfg(test)]` line).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestDummySpec {
    /// Capacity in packets.
    pub limit_packets: u32,
}

impl QueueParams for TestDummySpec {
    fn check(&self, c: &mut QueueCheck) {
        c.packets("limit_packets", self.limit_packets);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
    fn example() -> Self {
        TestDummySpec { limit_packets: 100 }
    }
}
