//! Traffic sources: what the application behind a flow offers. TCP sources
//! (bulk, sized, on/off) set how much data the sender may send; UDP sources
//! (CBR, Poisson, on/off CBR) emit datagrams on their own schedule.

pub mod udp;

use crate::engine::time::{self, Time};
use crate::engine::Rng;
use crate::scenario::SourceSpec;

pub use udp::UdpSource;

/// Alternating on and off periods (fixed or exponential lengths).
#[derive(Clone, Debug)]
pub struct OnOff {
    pub on_s: f64,
    pub off_s: f64,
    pub exponential: bool,
    pub on: bool,
}

impl OnOff {
    pub fn from_spec(spec: &SourceSpec) -> Option<Self> {
        match spec {
            SourceSpec::OnOff {
                on_s,
                off_s,
                exponential,
                ..
            } => Some(Self {
                on_s: *on_s,
                off_s: *off_s,
                exponential: *exponential,
                on: true,
            }),
            _ => None,
        }
    }

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

/// Bytes a TCP source offers at the start: None for endless data.
pub fn tcp_app_bytes(spec: &SourceSpec) -> Option<u64> {
    match spec {
        SourceSpec::Sized { bytes } => Some(*bytes),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_periods_alternate_on_and_off_lengths() {
        let mut o = OnOff::from_spec(&SourceSpec::OnOff {
            on_s: 2.0,
            off_s: 0.5,
            exponential: false,
            rate_bps: None,
            packet_bytes: 1000,
        })
        .unwrap();
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
}
