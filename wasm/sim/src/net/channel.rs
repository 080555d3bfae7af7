//! One direction of a link: a queue discipline in front of a transmitter, then
//! a propagation pipe. The pipe keeps FIFO order, so only its head needs an
//! event (docs/performance.md). The transmitter serialises at the link rate (which
//! may change at given times) plus per-packet framing bytes, or on a
//! delivery trace; the pipe adds a constant delay, FIFO jitter or an
//! emulator's timer-tick delay; loss happens between the two.

use crate::engine::time::{self, Time};
use crate::engine::Rng;
use crate::loss::LossModel;
use crate::net::fifo_tx::{Departure, FifoTx};
use crate::net::impairment::{FifoJitter, JitterDistribution, TickDelay, TraceLink};
use crate::net::Packet;
use crate::queue::{DropReason, Qdisc};
use std::collections::VecDeque;

/// How long a packet spends in the pipe after its last bit left.
#[derive(Clone, Debug)]
pub enum DelayModel {
    /// Exactly the propagation delay.
    Constant(Time),
    /// Delay plus a random extra that never reorders packets.
    Jitter(FifoJitter),
    /// Released on an emulator's timer ticks (dummynet).
    Tick(TickDelay),
}

impl DelayModel {
    /// Constant delay, or delay plus uniform [0, jitter] kept in FIFO order.
    pub fn with_jitter(delay: Time, jitter: Time) -> Self {
        if jitter == 0 {
            DelayModel::Constant(delay)
        } else {
            DelayModel::Jitter(FifoJitter::new(
                delay,
                jitter,
                JitterDistribution::UniformAbove,
            ))
        }
    }
}

/// Running statistics of the time packets spent in the pipe, ns.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DelayStats {
    pub count: u64,
    pub sum: f64,
    pub sum_sq: f64,
    pub min: Time,
    pub max: Time,
}

impl DelayStats {
    fn add(&mut self, d: Time) {
        if self.count == 0 || d < self.min {
            self.min = d;
        }
        self.max = self.max.max(d);
        self.count += 1;
        self.sum += d as f64;
        self.sum_sq += d as f64 * d as f64;
    }

    /// Mean, seconds (0 before any packet).
    pub fn mean_s(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum / self.count as f64 / 1e9
        }
    }

    /// Population standard deviation, seconds.
    pub fn sd_s(&self) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let n = self.count as f64;
        let mean = self.sum / n;
        libm::sqrt((self.sum_sq / n - mean * mean).max(0.0)) / 1e9
    }
}

pub struct Channel {
    pub link: usize,
    pub a_to_b: bool,
    pub from: u32,
    pub to: u32,
    /// The current transmission rate, b/s.
    pub rate_bps: u64,
    /// Rate changes still to come: (time, rate), in time order.
    pub rate_changes: VecDeque<(Time, u64)>,
    /// Link-layer bytes serialised with every packet.
    pub overhead_bytes: u32,
    pub delay: DelayModel,
    /// Deliver on a trace's opportunities instead of at `rate_bps`.
    pub trace: Option<TraceLink>,
    pub mtu: u32,
    pub qdisc: Box<dyn Qdisc>,
    /// On a plain FIFO link, replaces the qdisc and the transmitter: packets
    /// go straight into the pipe at their departure time (net/fifo_tx.rs).
    pub fifo: Option<FifoTx>,
    pub loss: Option<LossModel>,
    pub rng: Rng,
    /// The packet being serialised onto the wire, if any.
    pub transmitting: Option<Packet>,
    /// When `transmitting` started (for the path log, world/capture_paths.rs).
    pub tx_started: Time,
    /// Packets propagating, with their arrival times (non-decreasing).
    pub pipe: VecDeque<(Time, Packet)>,
    pub tx_packets: u64,
    pub tx_bytes: u64,
    pub busy_time: Time,
    pub drops: [u64; 4],
    /// Queueing delay (arrival to start of transmission) of departed packets.
    pub wait_sum: Time,
    pub wait_count: u64,
    /// Pending QueueWake event for a shaping qdisc or a trace, if any.
    pub wake_at: Option<Time>,
    /// Time packets spent in the pipe (propagation and delay impairments).
    pub pipe_delay: DelayStats,
    /// `pipe_delay` (count, sum) at the last trace sample.
    pub pipe_delay_mark: (u64, f64),
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

    /// Packets and bytes waiting to be sent (after [`Channel::catch_up`]).
    pub fn queue_len(&self) -> (usize, u64) {
        match &self.fifo {
            Some(f) => (f.len_packets(), f.len_bytes()),
            None => (self.qdisc.len_packets(), self.qdisc.len_bytes()),
        }
    }

    /// Accept a packet on a FIFO link at `now`: returns its arrival time at
    /// the far end, or None if the queue is full.
    pub fn fifo_send(&mut self, now: Time, size: u32) -> Option<Time> {
        self.catch_up(now);
        let f = self.fifo.as_ref()?;
        if !f.admits(size) {
            return None;
        }
        let start = f.start_time(now);
        let (done, _) = self.serialise(start, size);
        let arrive = self.release_time(done);
        if let Some(f) = self.fifo.as_mut() {
            f.push(Departure {
                enqueued_at: now,
                start,
                done,
                arrive,
                size,
            });
        }
        if start <= now {
            // The link was idle: book this transmission's start now. A later
            // start is booked by the catch-up at or after it.
            self.catch_up(now);
        }
        Some(arrive)
    }

    /// Book a FIFO link's transmissions that started or ended by `now`, as
    /// the two-event path books them at those instants.
    pub fn catch_up(&mut self, now: Time) {
        let Some(f) = self.fifo.as_mut() else { return };
        let (busy, wait_sum, waits) = (
            &mut self.busy_time,
            &mut self.wait_sum,
            &mut self.wait_count,
        );
        let (packets, bytes) = (&mut self.tx_packets, &mut self.tx_bytes);
        let pipe_delay = &mut self.pipe_delay;
        f.advance(
            now,
            |d| {
                *busy += d.done - d.start;
                *wait_sum += d.start - d.enqueued_at;
                *waits += 1;
            },
            |d| {
                *packets += 1;
                *bytes += d.size as u64;
                pipe_delay.add(d.arrive - d.done);
            },
        );
    }

    /// When a trace-driven transmitter cannot start a packet at `now`: the
    /// time of its next delivery opportunity. None: it may start now.
    pub fn send_wait(&mut self, now: Time) -> Option<Time> {
        self.trace.as_mut().and_then(|t| t.wait(now))
    }

    /// Start serialising a packet of `size` IP bytes at `now`: returns when
    /// its last bit leaves and the busy time to book for it.
    pub fn serialise(&mut self, now: Time, size: u32) -> (Time, Time) {
        let bytes = size + self.overhead_bytes;
        if let Some(t) = self.trace.as_mut() {
            let done = t.send(now, bytes);
            return (done, t.busy_time(bytes));
        }
        while let Some(&(at, rate)) = self.rate_changes.front() {
            if at > now {
                break;
            }
            self.rate_bps = rate;
            self.rate_changes.pop_front();
        }
        let tx = time::transmission_time(bytes as u64, self.rate_bps);
        (now + tx, tx)
    }

    /// When a packet whose last bit left at `now` arrives at the far end:
    /// through the delay model, never before the packet ahead of it (FIFO).
    pub fn arrival_time(&mut self, now: Time) -> Time {
        let t = self.release_time(now);
        self.pipe_delay.add(t - now);
        t
    }

    /// [`Channel::arrival_time`] without booking the time in the pipe.
    fn release_time(&mut self, now: Time) -> Time {
        let t = match &mut self.delay {
            DelayModel::Constant(d) => now + *d,
            DelayModel::Jitter(j) => j.release(now, &mut self.rng),
            DelayModel::Tick(tick) => tick.release(now),
        };
        match self.pipe.back() {
            Some(&(last, _)) => t.max(last),
            None => t,
        }
    }

    /// Mean time in the pipe of the packets that entered it since the last
    /// call, ms (0 if none); moves the mark.
    pub fn take_pipe_delay_ms(&mut self) -> f64 {
        let (n0, s0) = self.pipe_delay_mark;
        let n = self.pipe_delay.count - n0;
        let sum = self.pipe_delay.sum - s0;
        self.pipe_delay_mark = (self.pipe_delay.count, self.pipe_delay.sum);
        if n == 0 {
            0.0
        } else {
            sum / n as f64 / 1e6
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
