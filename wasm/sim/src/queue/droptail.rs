//! DropTail: a FIFO that drops arrivals that do not fit (Linux `pfifo`/`bfifo`,
//! ns-3 `DropTailQueue`).

use super::check::QueueCheck;
use super::registry::QueueParams;
use super::{DropReason, Limit, LinkInfo, Qdisc, QueueCtx};
use crate::error::ErrorCode as E;
use crate::packet::Packet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub struct DropTail {
    limit: Limit,
    fifo: VecDeque<Packet>,
    bytes: u64,
}

impl DropTail {
    /// The FIFO starts empty and grows as packets queue: reserving the limit up front cost every
    /// link its full queue of packets (40 MB for the 4,000 link directions of 1,000 hosts).
    pub fn new(limit: Limit) -> Self {
        Self {
            limit,
            fifo: VecDeque::new(),
            bytes: 0,
        }
    }
}

/// A DropTail queue's capacity: a byte limit wins over a packet limit; 1000
/// packets when neither is given (Linux `txqueuelen`).
pub fn limit(s: &DropTailSpec) -> Limit {
    match (s.limit_packets, s.limit_bytes) {
        (_, Some(b)) => Limit::Bytes(b),
        (Some(p), None) => Limit::Packets(p as usize),
        (None, None) => Limit::Packets(1000),
    }
}

impl super::Registered for DropTail {
    type Spec = DropTailSpec;
    fn build(s: &DropTailSpec, _link: &LinkInfo) -> Self {
        DropTail::new(limit(s))
    }
}

impl Qdisc for DropTail {
    fn enqueue(&mut self, mut pkt: Packet, ctx: &mut QueueCtx) {
        if self.limit.admits(self.fifo.len(), self.bytes, pkt.size) {
            pkt.enqueued_at = ctx.now;
            self.bytes += pkt.size as u64;
            self.fifo.push_back(pkt);
        } else {
            ctx.drop(pkt, DropReason::Overflow);
        }
    }

    fn dequeue(&mut self, _ctx: &mut QueueCtx) -> Option<Packet> {
        let p = self.fifo.pop_front()?;
        self.bytes -= p.size as u64;
        Some(p)
    }

    fn len_packets(&self) -> usize {
        self.fifo.len()
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }
}

// ---- parameters (the `QueueSpec` variant's content; defaults, ranges, doc strings) ----

/// DropTail parameters: one of the two capacities.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DropTailSpec {
    /// Capacity in packets (give this or limit_bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_packets: Option<u32>,
    /// Capacity in bytes (give this or limit_packets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<u64>,
}

impl QueueParams for DropTailSpec {
    fn check(&self, c: &mut QueueCheck) {
        match (self.limit_packets, self.limit_bytes) {
            (Some(_), Some(_)) => c.err("", E::LimitBoth),
            (None, None) => c.err("", E::LimitNeither),
            (Some(n), None) => c.packets("limit_packets", n),
            (None, Some(b)) => c.byte_limit("limit_bytes", b),
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (self.limit_packets.map(u64::from), self.limit_bytes)
    }
    fn example() -> Self {
        DropTailSpec {
            limit_packets: Some(100),
            limit_bytes: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    fn pkt(uid: u64, payload: u32) -> Packet {
        Packet::data(uid, 0, 0, 1, uid * 1000, payload, 0)
    }

    #[test]
    fn packet_limit_drops_the_arrival_that_does_not_fit() {
        let mut q = DropTail::new(Limit::Packets(2));
        let mut rng = Rng::new(1, 1);
        let mut dropped = Vec::new();
        let mut ctx = QueueCtx {
            now: 5,
            rng: &mut rng,
            dropped: &mut dropped,
        };
        for uid in 0..3 {
            q.enqueue(pkt(uid, 1000), &mut ctx);
        }
        assert_eq!(q.len_packets(), 2);
        assert_eq!(q.len_bytes(), 2 * 1040);
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped[0].0.uid, 2);
        assert_eq!(dropped[0].1, DropReason::Overflow);
    }

    #[test]
    fn byte_limit_counts_bytes_and_keeps_fifo_order() {
        let mut q = DropTail::new(Limit::Bytes(2500));
        let mut rng = Rng::new(1, 1);
        let mut dropped = Vec::new();
        let mut ctx = QueueCtx {
            now: 0,
            rng: &mut rng,
            dropped: &mut dropped,
        };
        q.enqueue(pkt(0, 1460), &mut ctx); // 1500
        q.enqueue(pkt(1, 1460), &mut ctx); // would be 3000: dropped
        q.enqueue(pkt(2, 500), &mut ctx); // 2040
        assert_eq!(q.len_packets(), 2);
        assert_eq!(q.dequeue(&mut ctx).map(|p| p.uid), Some(0));
        assert_eq!(q.dequeue(&mut ctx).map(|p| p.uid), Some(2));
        assert!(q.dequeue(&mut ctx).is_none());
        assert_eq!(q.len_bytes(), 0);
        assert_eq!(dropped.len(), 1);
    }
}
