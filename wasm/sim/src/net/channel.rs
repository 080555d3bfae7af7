//! One direction of a link: a queue discipline in front of a transmitter, then
//! a propagation pipe. Delay is constant, so the pipe is a FIFO and only its
//! head needs an event (DESIGN.md §6).

use crate::engine::{Rng, Time};
use crate::net::Packet;
use crate::queue::{DropReason, Qdisc};
use std::collections::VecDeque;

pub struct Channel {
    pub link: usize,
    pub a_to_b: bool,
    pub from: u32,
    pub to: u32,
    pub rate_bps: u64,
    pub delay: Time,
    pub mtu: u32,
    pub qdisc: Box<dyn Qdisc>,
    pub rng: Rng,
    /// The packet being serialised onto the wire, if any.
    pub transmitting: Option<Packet>,
    /// Packets propagating, with their arrival times (non-decreasing).
    pub pipe: VecDeque<(Time, Packet)>,
    pub tx_packets: u64,
    pub tx_bytes: u64,
    pub busy_time: Time,
    pub drops: [u64; 4],
    /// Pending QueueWake event for a shaping qdisc, if any.
    pub wake_at: Option<Time>,
}

impl Channel {
    pub fn total_drops(&self) -> u64 {
        self.drops.iter().sum()
    }

    pub fn count_drop(&mut self, reason: DropReason) {
        self.drops[reason.index()] += 1;
    }

    /// Packets held: queued, on the wire and propagating.
    pub fn held_packets(&self) -> usize {
        self.qdisc.len_packets() + usize::from(self.transmitting.is_some()) + self.pipe.len()
    }
}
