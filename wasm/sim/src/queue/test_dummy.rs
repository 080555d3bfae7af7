//! A test-only discipline (the queue registry's `#[cfg(test)]` line): a FIFO
//! under its own name, so that the crate's tests can show that one registry
//! line is all a new discipline needs from the schema, the reader, the
//! validator and the world.

use super::droptail::DropTail;
use super::{Limit, LinkInfo, Qdisc, QueueCtx};
use crate::packet::Packet;
use crate::scenario::TestDummySpec;

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
