//! The path log: every packet's passage through every link direction
//! ("channel") it crosses, all flows, as the animated diagram draws them.
//! One record per packet per channel, written once the passage is known:
//! when it entered the queue, when its first bit went on the wire, when its
//! last bit left, and when it reached the far end; or where and why it was
//! dropped. Queue occupancy at any instant is the number of passages of a
//! channel with `enqueued_ns ≤ t < start_ns` (counting the model's records,
//! not modelling anything), so the page can draw queues filling and draining
//! exactly. Records come in the order passages become known, not in time
//! order (a plain FIFO link knows a packet's whole passage when it enqueues
//! it, net/fifo_tx.rs; a qdisc link when its last bit leaves).
//!
//! Only passages that overlap the window `[from, until]` are kept, at most
//! [`MAX_PASSAGES`] between drains; the rest are counted as `missed`.

use super::capture::kind_value;
use crate::engine::Time;
use crate::net::Packet;

/// The record layout, in order. `kind` as in [`super::capture::FIELDS`]
/// (0 data, 1 ACK, 2 UDP, 3 SYN, 4 SYN-ACK, 5 handshake ACK). Times in ns;
/// `start_ns` of a packet dropped in the queue is the time of the drop;
/// `done_ns` and `arrive_ns` are −1 where the packet never got that far.
/// `drop_reason`: the `DropReason` index (overflow, AQM, policer,
/// impairment), −1 when it arrived. `retransmit`: 1 on a segment that
/// resends bytes already sent.
pub const PATH_FIELDS: [&str; 13] = [
    "channel",
    "flow",
    "kind",
    "uid",
    "size",
    "seq",
    "ack",
    "enqueued_ns",
    "start_ns",
    "done_ns",
    "arrive_ns",
    "drop_reason",
    "retransmit",
];
/// Values per record.
pub const PATH_WIDTH: usize = PATH_FIELDS.len();

/// Passages kept between two drains (31 MB of f64 at most).
pub const MAX_PASSAGES: usize = 300_000;

/// One packet's passage through one channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passage {
    pub channel: usize,
    pub enqueued: Time,
    /// Start of serialisation, or the time of a drop in the queue.
    pub start: Time,
    pub done: Option<Time>,
    pub arrive: Option<Time>,
    /// `DropReason` index when dropped.
    pub drop_reason: Option<usize>,
}

#[derive(Debug)]
pub struct PathLog {
    from: Time,
    until: Time,
    records: Vec<f64>,
    missed: u64,
}

impl PathLog {
    /// Keep the passages that overlap `[from, until]` (ns).
    pub fn new(from: Time, until: Time) -> Self {
        PathLog {
            from,
            until,
            records: Vec::new(),
            missed: 0,
        }
    }

    /// Record packet `p`'s passage `a`.
    pub fn record(&mut self, p: &Packet, a: Passage) {
        let ends = a.arrive.or(a.done).unwrap_or(a.start);
        if a.enqueued > self.until || ends < self.from {
            return;
        }
        if self.records.len() / PATH_WIDTH >= MAX_PASSAGES {
            self.missed += 1;
            return;
        }
        let opt = |t: Option<Time>| t.map_or(-1.0, |t| t as f64);
        self.records.extend_from_slice(&[
            a.channel as f64,
            f64::from(p.flow),
            kind_value(p.kind),
            p.uid as f64,
            f64::from(p.size),
            p.seq as f64,
            p.ack as f64,
            a.enqueued as f64,
            a.start as f64,
            opt(a.done),
            opt(a.arrive),
            a.drop_reason.map_or(-1.0, |r| r as f64),
            f64::from(u8::from(p.retransmit)),
        ]);
    }

    /// The records since the last drain, row-major.
    pub fn drain(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.records)
    }

    /// Passages in the window not recorded because the buffer was full.
    pub fn missed(&self) -> u64 {
        self.missed
    }
}

#[cfg(test)]
#[path = "capture_paths_tests.rs"]
mod tests;
