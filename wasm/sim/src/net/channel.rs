//! One direction of a link: a queue discipline in front of a transmitter, then
//! a propagation pipe. Delay is constant, so the pipe is a FIFO and only its
//! head needs an event (DESIGN.md §6).

use crate::engine::{Rng, Time};
use crate::net::loss::LossModel;
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
    /// Upper bound of the uniform extra delay per packet (0: none).
    pub jitter: Time,
    pub mtu: u32,
    pub qdisc: Box<dyn Qdisc>,
    pub loss: Option<LossModel>,
    pub rng: Rng,
    /// The packet being serialised onto the wire, if any.
    pub transmitting: Option<Packet>,
    /// Packets propagating, with their arrival times (non-decreasing).
    pub pipe: VecDeque<(Time, Packet)>,
    pub tx_packets: u64,
    pub tx_bytes: u64,
    pub busy_time: Time,
    pub drops: [u64; 4],
    /// Queueing delay (arrival to start of transmission) of departed packets.
    pub wait_sum: Time,
    pub wait_count: u64,
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

    /// When a packet finishing transmission now arrives: propagation delay
    /// plus jitter, never before the packet ahead of it (FIFO).
    pub fn arrival_time(&mut self, now: Time) -> Time {
        let mut t = now + self.delay;
        if self.jitter > 0 {
            t += self.rng.below(self.jitter + 1);
        }
        match self.pipe.back() {
            Some(&(last, _)) => t.max(last),
            None => t,
        }
    }

    /// Mean queueing delay so far, seconds.
    pub fn mean_wait_s(&self) -> f64 {
        if self.wait_count == 0 {
            0.0
        } else {
            self.wait_sum as f64 / self.wait_count as f64 / 1e9
        }
    }
}
