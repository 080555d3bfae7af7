//! On–off: the source alternates between sending and silence, with periods
//! of fixed or exponential length. Over TCP it is a bulk sender while on;
//! over UDP it sends CBR datagrams at `rate_bps` while on. Its parameters,
//! checks, documented example, the period rule ([`OnOff`]) and the datagram
//! source it builds over UDP ([`UdpSource`]).

use super::check::SourceCheck;
use super::registry::SourceParams;
use super::{wire_bits, Protocol, UdpPace, UdpRate, UdpSource};
use crate::engine::time::{self, Time};
use crate::engine::Rng;
use crate::error::ErrorCode as E;
use serde::{Deserialize, Serialize};

/// Shortest on or off period: 1 µs, under the transmission time of one
/// full-size packet at 10 Gb/s (1.2 µs); each period costs an event.
pub const MIN_ON_OFF_S: f64 = 1e-6;

fn default_udp_payload() -> u32 {
    1000
}

/// Alternating on and off periods.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OnOffSpec {
    /// Mean length of an on period, seconds.
    pub on_s: f64,
    /// Mean length of an off period, seconds.
    pub off_s: f64,
    /// Draw period lengths from exponential distributions instead of fixed.
    #[serde(default)]
    pub exponential: bool,
    /// UDP only: sending rate while on, bits per second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_bps: Option<f64>,
    /// UDP only: payload per datagram, bytes.
    #[serde(default = "default_udp_payload")]
    pub packet_bytes: u32,
}

impl SourceParams for OnOffSpec {
    fn check(&self, c: &mut SourceCheck) {
        c.duration("on_s", self.on_s);
        c.floor("on_s", self.on_s, MIN_ON_OFF_S, "s", false);
        c.duration_or_zero("off_s", self.off_s);
        c.floor("off_s", self.off_s, MIN_ON_OFF_S, "s", true);
        match (c.protocol(), self.rate_bps) {
            (Protocol::Udp, Some(r)) => {
                c.rate("rate_bps", r);
                c.payload("packet_bytes", self.packet_bytes);
            }
            (Protocol::Udp, None) => c.err("rate_bps", E::UdpOnOffNeedsRate),
            (Protocol::Tcp, Some(_)) => c.err("rate_bps", E::TcpOnOffRate),
            (Protocol::Tcp, None) => {}
        }
    }
    fn example() -> Self {
        OnOffSpec {
            on_s: 1.0,
            off_s: 1.0,
            exponential: false,
            rate_bps: None,
            packet_bytes: default_udp_payload(),
        }
    }
    /// Over UDP the source needs its rate while on (1 Mb/s, as the Poisson
    /// source's example); over TCP it takes none.
    fn example_for(protocol: Protocol) -> Self {
        let rate_bps = match protocol {
            Protocol::Udp => Some(1e6),
            Protocol::Tcp => None,
        };
        OnOffSpec {
            rate_bps,
            ..Self::example()
        }
    }
    fn on_off(&self) -> Option<OnOff> {
        Some(OnOff {
            on_s: self.on_s,
            off_s: self.off_s,
            exponential: self.exponential,
            on: true,
        })
    }
    fn udp_rate(&self) -> Option<UdpRate> {
        let rate = self.rate_bps?;
        Some(UdpRate {
            payload: self.packet_bytes,
            pace: UdpPace::RateBps(rate),
        })
    }
    fn udp(&self, path_mtu: u32) -> Option<UdpSource> {
        let rate = self.rate_bps?;
        let interval = time::secs(wire_bits(self.packet_bytes) / rate).max(1);
        Some(UdpSource::cbr(interval, self.packet_bytes, path_mtu, false))
    }
}

/// Alternating on and off periods (fixed or exponential lengths), as the
/// world runs them.
#[derive(Clone, Debug)]
pub struct OnOff {
    pub on_s: f64,
    pub off_s: f64,
    pub exponential: bool,
    pub on: bool,
}

impl OnOff {
    /// Length of the period that starts now (the current state's).
    pub fn period(&self, rng: &mut Rng) -> Time {
        let mean = if self.on { self.on_s } else { self.off_s };
        let s = if self.exponential {
            rng.exponential(mean)
        } else {
            mean
        };
        time::secs(s).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_periods_alternate_on_and_off_lengths() {
        let spec = OnOffSpec {
            on_s: 2.0,
            off_s: 0.5,
            ..OnOffSpec::example()
        };
        let mut o = spec.on_off().expect("an on/off source");
        let mut rng = Rng::new(1, 1);
        assert_eq!(o.period(&mut rng), 2 * time::NS_PER_S);
        o.on = false;
        assert_eq!(o.period(&mut rng), time::NS_PER_S / 2);
    }

    #[test]
    fn exponential_periods_have_the_mean() {
        let o = OnOff {
            on_s: 1.0,
            off_s: 1.0,
            exponential: true,
            on: true,
        };
        let mut rng = Rng::new(2, 2);
        let n = 20_000;
        let mean = (0..n).map(|_| o.period(&mut rng) as f64).sum::<f64>() / n as f64 / 1e9;
        assert!((mean - 1.0).abs() < 0.03, "{mean}");
    }

    #[test]
    fn over_udp_it_sends_cbr_at_its_rate_and_over_tcp_no_datagrams() {
        // 1000-byte payloads, 1028 on the wire: 8224 bits at 8.224 Mb/s is 1 ms.
        let udp = OnOffSpec {
            rate_bps: Some(8.224e6),
            ..OnOffSpec::example()
        };
        let src = udp.udp(1500).expect("a datagram source");
        assert_eq!(src.gap(&mut Rng::new(1, 1)), time::NS_PER_S / 1000);
        assert!(OnOffSpec::example().udp(1500).is_none());
    }
}
