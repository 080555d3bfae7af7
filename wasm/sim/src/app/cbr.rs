//! Constant bit rate over UDP: a datagram of `packet_bytes` every
//! `interval_ms`, optionally from a random phase within the first interval
//! (so that several CBR sources do not send in lockstep). Its parameters,
//! checks, documented example and the datagram source it builds
//! ([`UdpSource`]).

use super::check::SourceCheck;
use super::registry::SourceParams;
use super::{UdpPace, UdpRate, UdpSource};
use crate::engine::time;
use crate::error::{ErrorCode as E, ValidationError};
use serde::{Deserialize, Serialize};

/// Longest interval between datagrams, ms (a minute).
pub const MAX_INTERVAL_MS: f64 = 60_000.0;
/// Shortest interval between datagrams, ms (100 ns: each datagram is an
/// event, and time is counted in whole nanoseconds).
pub const MIN_INTERVAL_MS: f64 = 0.0001;

/// Fixed-size datagrams at a fixed interval.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CbrSpec {
    /// UDP payload per datagram, bytes.
    pub packet_bytes: u32,
    /// Time between datagrams, milliseconds.
    pub interval_ms: f64,
    /// Start at a random phase within the first interval.
    #[serde(default)]
    pub random_phase: bool,
}

impl SourceParams for CbrSpec {
    fn check(&self, c: &mut SourceCheck) {
        c.payload("packet_bytes", self.packet_bytes);
        let ms = self.interval_ms;
        c.positive("interval_ms", ms, MAX_INTERVAL_MS, "ms");
        if ms.is_finite() && ms > 0.0 && ms < MIN_INTERVAL_MS {
            let e = ValidationError::at(c.path("interval_ms"), E::BelowMin)
                .with("min", MIN_INTERVAL_MS)
                .unit("ms");
            c.push(e);
        }
    }
    fn example() -> Self {
        CbrSpec {
            packet_bytes: 1000,
            interval_ms: 1.0,
            random_phase: false,
        }
    }
    fn udp_rate(&self) -> Option<UdpRate> {
        Some(UdpRate {
            payload: self.packet_bytes,
            pace: UdpPace::IntervalMs(self.interval_ms),
        })
    }
    fn udp(&self, path_mtu: u32) -> Option<UdpSource> {
        let interval = time::millis(self.interval_ms).max(1);
        Some(UdpSource::cbr(
            interval,
            self.packet_bytes,
            path_mtu,
            self.random_phase,
        ))
    }
}
