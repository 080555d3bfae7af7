//! DropTail: a FIFO that drops arrivals that do not fit (Linux `pfifo`/`bfifo`,
//! ns-3 `DropTailQueue`).

use super::{DropReason, Limit, LinkInfo, Qdisc, QueueCtx};
use crate::packet::Packet;
use crate::scenario::DropTailSpec;
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
