//! The datagram source behind every UDP source kind: constant bit rate
//! (optionally with a random start phase, paper 003), Poisson arrivals with
//! fixed or exponential sizes (queueing oracles), and on/off CBR. Each kind's
//! file builds one through `SourceParams::udp`.

use super::{SourceSpec, UDP_HEADER_BYTES};
use crate::engine::time::{self, Time};
use crate::engine::Rng;
use crate::packet::{Packet, PacketKind};

#[derive(Clone, Debug)]
enum Pattern {
    Cbr {
        interval: Time,
    },
    Poisson {
        mean_gap_s: f64,
        exponential_sizes: bool,
    },
}

/// The rate a UDP source sends at while on, as its parameters give it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UdpRate {
    /// Payload per datagram, bytes (the mean when sizes vary).
    pub payload: u32,
    /// How often it sends.
    pub pace: UdpPace,
}

/// How often a UDP source sends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UdpPace {
    /// A datagram every so many milliseconds.
    IntervalMs(f64),
    /// A mean rate, bits per second on the wire (payload plus headers).
    RateBps(f64),
}

#[derive(Clone, Debug)]
pub struct UdpSource {
    pattern: Pattern,
    payload: u32,
    /// Largest payload that fits the path MTU (exponential sizes are truncated to it).
    max_payload: u32,
    random_phase: bool,
    pub sent_packets: u64,
    pub sent_bytes: u64,
}

impl UdpSource {
    /// A datagram of `payload` bytes every `interval` (at least 1 ns),
    /// starting at once or, with `random_phase`, at a random point of the
    /// first interval.
    pub fn cbr(interval: Time, payload: u32, path_mtu: u32, random_phase: bool) -> Self {
        Self::new(Pattern::Cbr { interval }, payload, path_mtu, random_phase)
    }

    /// Datagrams with exponential gaps of mean `mean_gap_s`, of `payload`
    /// bytes or, with `exponential_sizes`, of exponential size with that mean.
    pub fn poisson(mean_gap_s: f64, exponential_sizes: bool, payload: u32, path_mtu: u32) -> Self {
        let pattern = Pattern::Poisson {
            mean_gap_s,
            exponential_sizes,
        };
        Self::new(pattern, payload, path_mtu, false)
    }

    fn new(pattern: Pattern, payload: u32, path_mtu: u32, random_phase: bool) -> Self {
        Self {
            pattern,
            payload,
            max_payload: path_mtu.saturating_sub(UDP_HEADER_BYTES).max(1),
            random_phase,
            sent_packets: 0,
            sent_bytes: 0,
        }
    }

    /// The datagram source of `spec` on a path of `path_mtu`; None for a
    /// source that sends no datagrams.
    pub fn from_spec(spec: &SourceSpec, path_mtu: u32) -> Option<Self> {
        spec.udp(path_mtu)
    }

    /// Delay before the first datagram after the flow (or an on period) starts.
    pub fn first_gap(&self, rng: &mut Rng) -> Time {
        match self.pattern {
            Pattern::Cbr { interval } if self.random_phase => rng.below(interval),
            Pattern::Cbr { .. } => 0,
            Pattern::Poisson { .. } => self.gap(rng),
        }
    }

    /// Time to the next datagram.
    pub fn gap(&self, rng: &mut Rng) -> Time {
        match self.pattern {
            Pattern::Cbr { interval } => interval,
            Pattern::Poisson { mean_gap_s, .. } => time::secs(rng.exponential(mean_gap_s)).max(1),
        }
    }

    /// The next datagram.
    pub fn datagram(&mut self, flow: u32, src: u32, dst: u32, now: Time, rng: &mut Rng) -> Packet {
        let payload = match self.pattern {
            Pattern::Poisson {
                exponential_sizes: true,
                ..
            } => {
                // UDP datagrams are not fragmented here: truncate at the path MTU.
                (rng.exponential(self.payload as f64).round() as u32).clamp(1, self.max_payload)
            }
            _ => self.payload,
        };
        let mut p = Packet::new(PacketKind::Udp, flow, src, dst, now);
        p.seq = self.sent_packets;
        p.payload = payload;
        p.size = payload + UDP_HEADER_BYTES;
        self.sent_packets += 1;
        self.sent_bytes += payload as u64;
        p
    }
}
