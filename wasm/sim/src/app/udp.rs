//! UDP sources: constant bit rate (optionally with a random start phase, paper
//! 003), Poisson arrivals with fixed or exponential sizes (queueing oracles),
//! and on/off CBR.

use crate::engine::time::{self, Time};
use crate::engine::Rng;
use crate::net::packet::{Packet, PacketKind};
use crate::scenario::validate::UDP_HEADER_BYTES;
use crate::scenario::SourceSpec;

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
    pub fn from_spec(spec: &SourceSpec, path_mtu: u32) -> Option<Self> {
        let wire = |payload: u32| (payload + UDP_HEADER_BYTES) as f64 * 8.0;
        let (pattern, payload, random_phase) = match spec {
            SourceSpec::Cbr {
                packet_bytes,
                interval_ms,
                random_phase,
            } => (
                Pattern::Cbr {
                    interval: time::millis(*interval_ms).max(1),
                },
                *packet_bytes,
                *random_phase,
            ),
            SourceSpec::Poisson {
                rate_bps,
                packet_bytes,
                exponential_sizes,
            } => (
                Pattern::Poisson {
                    mean_gap_s: wire(*packet_bytes) / rate_bps,
                    exponential_sizes: *exponential_sizes,
                },
                *packet_bytes,
                false,
            ),
            SourceSpec::OnOff {
                rate_bps: Some(rate),
                packet_bytes,
                ..
            } => (
                Pattern::Cbr {
                    interval: time::secs(wire(*packet_bytes) / rate).max(1),
                },
                *packet_bytes,
                false,
            ),
            _ => return None,
        };
        Some(Self {
            pattern,
            payload,
            max_payload: path_mtu.saturating_sub(UDP_HEADER_BYTES).max(1),
            random_phase,
            sent_packets: 0,
            sent_bytes: 0,
        })
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
