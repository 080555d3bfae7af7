//! Poisson arrivals over UDP: datagrams with exponential gaps at a mean rate,
//! of fixed size (M/D/1) or exponential size (M/M/1), for the queueing
//! oracles. Its parameters, checks, documented example and the datagram
//! source it builds ([`UdpSource`]).

use super::check::SourceCheck;
use super::registry::SourceParams;
use super::{wire_bits, UdpPace, UdpRate, UdpSource};
use serde::{Deserialize, Serialize};

/// Datagrams with exponential gaps.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PoissonSpec {
    /// Mean payload rate, bits per second (payload plus headers).
    pub rate_bps: f64,
    /// UDP payload per datagram, bytes (the mean when sizes are exponential).
    pub packet_bytes: u32,
    /// Draw sizes from an exponential distribution (for M/M/1) instead of fixed (M/D/1).
    #[serde(default)]
    pub exponential_sizes: bool,
}

impl SourceParams for PoissonSpec {
    fn check(&self, c: &mut SourceCheck) {
        c.payload("packet_bytes", self.packet_bytes);
        c.rate("rate_bps", self.rate_bps);
    }
    fn example() -> Self {
        PoissonSpec {
            rate_bps: 1e6,
            packet_bytes: 1000,
            exponential_sizes: false,
        }
    }
    fn udp_rate(&self) -> Option<UdpRate> {
        Some(UdpRate {
            payload: self.packet_bytes,
            pace: UdpPace::RateBps(self.rate_bps),
        })
    }
    fn udp(&self, path_mtu: u32) -> Option<UdpSource> {
        let mean_gap_s = wire_bits(self.packet_bytes) / self.rate_bps;
        Some(UdpSource::poisson(
            mean_gap_s,
            self.exponential_sizes,
            self.packet_bytes,
            path_mtu,
        ))
    }
}
