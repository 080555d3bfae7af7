//! The end-host pipeline: a deterministic model of one host's packet path.
//!
//! Receive: line → NIC buffer (bytes; overrun drops) → [offload processor] →
//! DMA over the I/O bus → CPU (t_L, checksum and copy over the memory bus) →
//! TCP and the application's `recv()`. Send: the same in reverse, without the
//! NIC buffer and the line (the link's queue and transmitter do those).
//!
//! Every stage is a FIFO server with a deterministic service time, so a
//! packet leaves a stage at max(its arrival, the stage's free time) plus the
//! service time, and everything about a packet is known the moment it arrives:
//! the world needs one call and one event per packet. NIC occupancy at an
//! arrival comes from a deque of DMA-completion times. Internally times are
//! f64 ns (exact integers up to 104 days; only + − × ÷ and max, which are
//! bit-identical on every target); returned times are rounded up to the
//! integer-ns clock.

use super::estimator::{BandwidthEstimator, TimerNoise};
use super::params::{HostParams, StageCosts};
use crate::engine::{Rng, Time};
use crate::scenario::HostOverlap;
use std::collections::VecDeque;

/// Why the host discarded an arriving packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostDrop {
    /// The NIC receive buffer had no room (paper 001's overrun).
    NicOverrun,
    /// The loopback device's backlog queue was full.
    BacklogFull,
}

/// Packets the loopback device holds for the CPU before it drops: Linux's
/// `netdev_max_backlog` default (net/core/dev.c, `enqueue_to_backlog`).
pub const LOOPBACK_BACKLOG_PACKETS: usize = 1000;

/// Cumulative packet counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostStats {
    /// Packets accepted from the wire (handed to TCP at their delivery time).
    pub rx_packets: u64,
    pub rx_bytes: u64,
    /// Packets dropped because the NIC buffer (or, for loopback traffic, the
    /// loopback backlog) was full.
    pub nic_overruns: u64,
    pub tx_packets: u64,
    pub tx_bytes: u64,
    pub loopback_packets: u64,
}

const PCI: usize = 0;
const MEMBUS: usize = 1;
const CPU: usize = 2;
const NP: usize = 3;

/// Busy time of one resource: completed busy time plus the booked segments
/// that have not ended yet (they may lie in the future, because a packet's
/// whole passage is booked when it arrives).
#[derive(Clone, Debug, Default)]
struct BusyMeter {
    done_ns: f64,
    pending: VecDeque<(f64, f64)>,
}

impl BusyMeter {
    fn add(&mut self, start: f64, end: f64) {
        if end <= start {
            return;
        }
        if let Some(last) = self.pending.back_mut() {
            if start <= last.1 {
                last.1 = last.1.max(end);
                return;
            }
        }
        self.pending.push_back((start, end));
    }

    /// Busy time in (−∞, now]; folds finished segments.
    fn busy_until(&mut self, now: f64) -> f64 {
        while let Some(&(s, e)) = self.pending.front() {
            if e <= now {
                self.done_ns += e - s;
                self.pending.pop_front();
            } else {
                break;
            }
        }
        self.done_ns
            + self
                .pending
                .front()
                .map_or(0.0, |&(s, _)| (now - s).max(0.0))
    }
}

/// Interval accumulators for [`HostPipeline::metrics`].
#[derive(Clone, Debug, Default)]
struct Sampling {
    at: Time,
    busy: [f64; 4],
    passage_sum_ns: f64,
    latency_sum_ns: f64,
    n: u64,
}

/// One host's packet path (see the module docs and docs/host-model.md).
#[derive(Clone, Debug)]
pub struct HostPipeline {
    params: HostParams,
    line_bps: f64,
    ideal: bool,
    last_call: Time,
    /// Serial overlap: when the one server is next free.
    serial_free: f64,
    /// Pipelined overlap: when each resource is next free.
    np_free: f64,
    pci_free: f64,
    cpu_free: f64,
    /// Frames in the NIC buffer: (DMA end, bytes), DMA ends non-decreasing.
    nic: VecDeque<(f64, u32)>,
    nic_bytes: u64,
    /// Pipelined overlap: CPU-completion times of the last `rx_ring_packets` receptions.
    ring: VecDeque<f64>,
    last_rx_done: f64,
    last_loop_done: f64,
    /// Loopback packets not yet through the CPU: their completion times.
    backlog: VecDeque<f64>,
    meters: [BusyMeter; 4],
    stats: HostStats,
    sampling: Sampling,
    estimator: BandwidthEstimator,
}

/// Trace columns of a host, `(metric, unit)`, in the order [`HostPipeline::metrics`] writes them.
pub const HOST_METRICS: [(&str, &str); 9] = [
    // Mean passage time d (paper 000: the recv() time) of the packets that
    // arrived in the interval; 0 when none did.
    ("passage", "us"),
    // Mean time from wire arrival to TCP of those packets; 0 when none.
    ("latency", "us"),
    ("nic_buffer", "bytes"),
    ("nic_overruns", "packets"),
    // Fractions of the interval each resource was busy.
    ("pci_util", "fraction"),
    ("membus_util", "fraction"),
    ("cpu_util", "fraction"),
    ("toe_util", "fraction"),
    // Eq. 3.60 from the latest ten noisy recv() intervals; 0 before the first.
    ("bw_estimate", "b/s"),
];

fn ceil_time(t: f64) -> Time {
    if t <= 0.0 {
        0
    } else {
        t.ceil() as Time
    }
}

impl HostPipeline {
    /// A pipeline for a host with `params`, attached to a line of
    /// `line_rate_bps` (its access link; the serial model's line term), with
    /// its own random stream for the timer noise.
    pub fn new(params: &HostParams, line_rate_bps: f64, rng: Rng) -> Self {
        let ring_cap = params.rx_ring_packets.clamp(1, 4096) as usize;
        Self {
            params: params.clone(),
            // A line without a rate adds no line time.
            line_bps: if line_rate_bps > 0.0 {
                line_rate_bps
            } else {
                f64::INFINITY
            },
            ideal: params.is_ideal(),
            last_call: 0,
            serial_free: f64::NEG_INFINITY,
            np_free: f64::NEG_INFINITY,
            pci_free: f64::NEG_INFINITY,
            cpu_free: f64::NEG_INFINITY,
            nic: VecDeque::with_capacity(64),
            nic_bytes: 0,
            ring: VecDeque::with_capacity(ring_cap),
            last_rx_done: f64::NEG_INFINITY,
            last_loop_done: f64::NEG_INFINITY,
            backlog: VecDeque::new(),
            meters: Default::default(),
            stats: HostStats::default(),
            sampling: Sampling::default(),
            estimator: BandwidthEstimator::new(
                TimerNoise {
                    offset_ns: params.timer_offset_ns,
                    jitter_ns: params.timer_jitter_ns,
                },
                rng,
            ),
        }
    }

    pub fn params(&self) -> &HostParams {
        &self.params
    }

    pub fn stats(&self) -> HostStats {
        self.stats
    }

    /// Latest bandwidth estimate (eq. 3.60), b/s.
    pub fn bandwidth_estimate(&self) -> Option<f64> {
        self.estimator.last()
    }

    fn enter(&mut self, now: Time) {
        debug_assert!(now >= self.last_call, "host calls must come in time order");
        self.last_call = now;
        // Fold finished busy segments so the meters stay small between samples.
        for m in &mut self.meters {
            m.busy_until(now as f64);
        }
    }

    fn book(&mut self, resource: usize, start: f64, duration: f64) -> f64 {
        let end = start + duration;
        self.meters[resource].add(start, end);
        end
    }

    /// CPU work: t_L first, then the memory-bus work.
    fn book_cpu(&mut self, start: f64, c: &StageCosts) -> f64 {
        let end = self.book(CPU, start, c.cpu_ns);
        self.meters[MEMBUS].add(end - c.membus_ns, end);
        end
    }

    /// A packet of `size_bytes` (IP datagram) has fully arrived from the wire
    /// at `now`. Returns when TCP (and, in paper 000's sense, the waiting
    /// `recv()`) gets it, never before `now`, or the reason it was dropped.
    /// Returned times are non-decreasing from call to call.
    pub fn on_wire_arrival(&mut self, now: Time, size_bytes: u32) -> Result<Time, HostDrop> {
        self.arrive(now, size_bytes, false)
    }

    /// A pure acknowledgement of `size_bytes` has fully arrived from the wire
    /// at `now`: as [`HostPipeline::on_wire_arrival`], but it costs only its
    /// bytes ([`HostParams::ack_costs`]) and is not a `recv()` of data, so it
    /// leaves the passage time and the bandwidth estimator alone.
    pub fn on_ack_arrival(&mut self, now: Time, size_bytes: u32) -> Result<Time, HostDrop> {
        self.arrive(now, size_bytes, true)
    }

    fn arrive(&mut self, now: Time, size_bytes: u32, ack: bool) -> Result<Time, HostDrop> {
        self.enter(now);
        if self.ideal {
            self.stats.rx_packets += 1;
            self.stats.rx_bytes += size_bytes as u64;
            return Ok(now);
        }
        let t = now as f64;
        while let Some(&(end, size)) = self.nic.front() {
            if end > t {
                break;
            }
            self.nic.pop_front();
            self.nic_bytes -= size as u64;
        }
        if self.nic_bytes + size_bytes as u64 > self.params.nic_buffer_bytes {
            self.stats.nic_overruns += 1;
            return Err(HostDrop::NicOverrun);
        }
        let c = if ack {
            self.params.ack_costs(size_bytes, Some(self.line_bps))
        } else {
            self.params.rx_costs(size_bytes, self.line_bps)
        };
        let first_bit = t - size_bytes as f64 * 8.0 / self.line_bps * 1e9;
        let (dma_end, done) = match self.params.overlap {
            HostOverlap::Serial => {
                // The frame holds the whole path from its first bit (eq. 3.48).
                let start = first_bit.max(self.serial_free);
                let np_end = self.book(NP, start + c.line_ns, c.np_ns);
                let dma_end = self.book(PCI, np_end, c.dma_ns);
                let done = self.book_cpu(dma_end, &c);
                self.serial_free = done;
                (dma_end, done)
            }
            HostOverlap::Pipelined => {
                let np_end = if c.np_ns > 0.0 {
                    let end = self.book(NP, t.max(self.np_free), c.np_ns);
                    self.np_free = end;
                    end
                } else {
                    t
                };
                let slot = if self.ring.len() >= self.ring_capacity() {
                    self.ring.front().copied().unwrap_or(f64::NEG_INFINITY)
                } else {
                    f64::NEG_INFINITY
                };
                let dma_end = self.book(PCI, np_end.max(self.pci_free).max(slot), c.dma_ns);
                self.pci_free = dma_end;
                let done = self.book_cpu(dma_end.max(self.cpu_free), &c);
                self.cpu_free = done;
                self.ring.push_back(done);
                if self.ring.len() > self.ring_capacity() {
                    self.ring.pop_front();
                }
                (dma_end, done)
            }
        };
        self.nic.push_back((dma_end, size_bytes));
        self.nic_bytes += size_bytes as u64;
        self.stats.rx_packets += 1;
        self.stats.rx_bytes += size_bytes as u64;
        if ack {
            return Ok(ceil_time(done).max(now));
        }
        // d: from when the receiver began waiting for this packet (the
        // previous delivery, or this frame's first bit if it was idle).
        let passage = done - first_bit.max(self.last_rx_done);
        // What a timer around a recv() loop sees: the time since the previous
        // recv() returned (idle gaps included; the modal-bin rule drops them).
        if self.last_rx_done.is_finite() {
            self.estimator
                .record(done - self.last_rx_done, size_bytes, &self.params);
        }
        self.last_rx_done = done;
        self.sampling.passage_sum_ns += passage;
        self.sampling.latency_sum_ns += done - t;
        self.sampling.n += 1;
        Ok(ceil_time(done).max(now))
    }

    fn ring_capacity(&self) -> usize {
        self.params.rx_ring_packets.max(1) as usize
    }

    /// TCP at this host emits a packet of `size_bytes` at `now`. Returns when
    /// it is in the NIC, ready for the link's queue. Non-decreasing from call
    /// to call. The send side never drops: the socket blocks instead.
    pub fn on_app_send(&mut self, now: Time, size_bytes: u32) -> Time {
        self.send(now, size_bytes, false)
    }

    /// TCP at this host emits a pure acknowledgement of `size_bytes` at
    /// `now`: as [`HostPipeline::on_app_send`], but it costs only its bytes
    /// ([`HostParams::ack_costs`]; the segment that triggered it paid t_L).
    pub fn on_ack_send(&mut self, now: Time, size_bytes: u32) -> Time {
        self.send(now, size_bytes, true)
    }

    fn send(&mut self, now: Time, size_bytes: u32, ack: bool) -> Time {
        self.enter(now);
        self.stats.tx_packets += 1;
        self.stats.tx_bytes += size_bytes as u64;
        if self.ideal {
            return now;
        }
        let t = now as f64;
        let c = if ack {
            self.params.ack_costs(size_bytes, None)
        } else {
            self.params.tx_costs(size_bytes)
        };
        let done = match self.params.overlap {
            HostOverlap::Serial => {
                let cpu_end = self.book_cpu(t.max(self.serial_free), &c);
                let dma_end = self.book(PCI, cpu_end, c.dma_ns);
                let done = self.book(NP, dma_end, c.np_ns);
                self.serial_free = done;
                done
            }
            HostOverlap::Pipelined => {
                let cpu_end = self.book_cpu(t.max(self.cpu_free), &c);
                self.cpu_free = cpu_end;
                let dma_end = self.book(PCI, cpu_end.max(self.pci_free), c.dma_ns);
                self.pci_free = dma_end;
                if c.np_ns > 0.0 {
                    let end = self.book(NP, dma_end.max(self.np_free), c.np_ns);
                    self.np_free = end;
                    end
                } else {
                    dma_end
                }
            }
        };
        ceil_time(done).max(now)
    }

    /// Loopback (paper 000 Table 3.2): this host sends `size_bytes` to itself
    /// at `now`. Returns when the receiving socket has it: memory bus and CPU
    /// only, d = MTU/B_int + t_L (eq. 3.52). Non-decreasing from call to call.
    /// A packet that finds [`LOOPBACK_BACKLOG_PACKETS`] packets still waiting
    /// for the CPU is dropped, as Linux's `enqueue_to_backlog` drops beyond
    /// `netdev_max_backlog`.
    pub fn on_loopback_send(&mut self, now: Time, size_bytes: u32) -> Result<Time, HostDrop> {
        self.loopback(now, size_bytes, false)
    }

    /// A pure acknowledgement through the loopback device: as
    /// [`HostPipeline::on_loopback_send`], but it costs only its bytes (the
    /// segment that triggered it paid t_L; [`HostParams::ack_costs`]).
    pub fn on_loopback_ack(&mut self, now: Time, size_bytes: u32) -> Result<Time, HostDrop> {
        self.loopback(now, size_bytes, true)
    }

    fn loopback(&mut self, now: Time, size_bytes: u32, ack: bool) -> Result<Time, HostDrop> {
        self.enter(now);
        self.stats.loopback_packets += 1;
        if self.ideal {
            return Ok(now);
        }
        let t = now as f64;
        while self.backlog.front().is_some_and(|&done| done <= t) {
            self.backlog.pop_front();
        }
        if self.backlog.len() >= LOOPBACK_BACKLOG_PACKETS {
            self.stats.nic_overruns += 1;
            return Err(HostDrop::BacklogFull);
        }
        let mut c = self.params.loopback_costs(size_bytes);
        if ack {
            c.cpu_ns = c.membus_ns;
        }
        let free = match self.params.overlap {
            HostOverlap::Serial => self.serial_free,
            HostOverlap::Pipelined => self.cpu_free,
        };
        let done = self.book_cpu(t.max(free), &c);
        match self.params.overlap {
            HostOverlap::Serial => self.serial_free = done,
            HostOverlap::Pipelined => self.cpu_free = done,
        }
        self.backlog.push_back(done);
        if !ack {
            let passage = done - t.max(self.last_loop_done);
            self.last_loop_done = done;
            self.sampling.passage_sum_ns += passage;
            self.sampling.latency_sum_ns += done - t;
            self.sampling.n += 1;
        }
        Ok(ceil_time(done).max(now))
    }

    /// Bytes in the NIC receive buffer at `now` (frames whose DMA has not ended).
    pub fn nic_buffer_bytes(&self, now: Time) -> u64 {
        let t = now as f64;
        self.nic
            .iter()
            .filter(|&&(end, _)| end > t)
            .map(|&(_, s)| s as u64)
            .sum()
    }

    /// Names of [`HostPipeline::metrics`], in order (units in [`HOST_METRICS`]).
    pub fn metric_names(&self) -> [&'static str; HOST_METRICS.len()] {
        HOST_METRICS.map(|(name, _)| name)
    }

    /// Append the current values of [`HOST_METRICS`] to `out`. Interval
    /// quantities cover the time since the previous call (or since 0), so
    /// call it once per sampling instant, in time order.
    pub fn metrics(&mut self, now: Time, out: &mut Vec<f64>) {
        let t = now as f64;
        let span = now.saturating_sub(self.sampling.at) as f64;
        let mut util = [0.0; 4];
        for (r, u) in util.iter_mut().enumerate() {
            let busy = self.meters[r].busy_until(t);
            if span > 0.0 {
                *u = ((busy - self.sampling.busy[r]) / span).clamp(0.0, 1.0);
            }
            self.sampling.busy[r] = busy;
        }
        let n = self.sampling.n as f64;
        let (passage, latency) = if self.sampling.n > 0 {
            (
                self.sampling.passage_sum_ns / n / 1e3,
                self.sampling.latency_sum_ns / n / 1e3,
            )
        } else {
            (0.0, 0.0)
        };
        out.extend_from_slice(&[
            passage,
            latency,
            self.nic_buffer_bytes(now) as f64,
            self.stats.nic_overruns as f64,
            util[PCI],
            util[MEMBUS],
            util[CPU],
            util[NP],
            self.estimator.last().unwrap_or(0.0),
        ]);
        self.sampling.at = now;
        self.sampling.passage_sum_ns = 0.0;
        self.sampling.latency_sum_ns = 0.0;
        self.sampling.n = 0;
    }
}
