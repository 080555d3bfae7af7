//! Loss on the wire: a packet that finished transmission is lost instead of
//! arriving. Bernoulli, Gilbert–Elliott bursts (both from `impairment`), an
//! outage window, or chosen packets (for textbook traces).

use crate::engine::{time, Rng, Time};
use crate::net::impairment::{BernoulliLoss, GilbertElliott};
use crate::net::Packet;
use crate::scenario::loss_registry::for_each_loss;
use crate::scenario::{BernoulliSpec, BlackoutSpec, GilbertElliottSpec, LossSpec, NthSpec};

#[derive(Clone, Debug)]
pub enum LossModel {
    Bernoulli {
        model: BernoulliLoss,
        data_only: bool,
    },
    GilbertElliott {
        model: GilbertElliott,
        data_only: bool,
    },
    Blackout {
        start: Time,
        end: Time,
    },
    Nth {
        packets: Vec<u64>,
        next: usize,
        seen: u64,
    },
}

impl LossModel {
    pub fn from_spec(spec: &LossSpec) -> Self {
        dispatch(spec)
    }

    /// Is this packet lost?
    pub fn lose(&mut self, pkt: &Packet, now: Time, rng: &mut Rng) -> bool {
        // ACKs and the handshake's SYN, SYN-ACK and ACK carry no data.
        let carries_data = pkt.is_payload();
        match self {
            LossModel::Bernoulli { model, data_only } => {
                (carries_data || !*data_only) && model.lose(rng)
            }
            LossModel::GilbertElliott { model, data_only } => {
                (carries_data || !*data_only) && model.lose(rng)
            }
            LossModel::Blackout { start, end } => now >= *start && now < *end,
            LossModel::Nth {
                packets,
                next,
                seen,
            } => {
                if !carries_data {
                    return false;
                }
                *seen += 1;
                if packets.get(*next) == Some(seen) {
                    *next += 1;
                    true
                } else {
                    false
                }
            }
        }
    }
}

/// How the registry (scenario/loss_registry.rs) builds a model: every loss
/// model's parameter struct implements this.
pub trait Registered {
    /// The model on the wire, from parameters that passed validation.
    fn model(&self) -> LossModel;
}

macro_rules! define_loss_dispatch {
    ($(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $variant:ident($spec:ty) = $json:literal, $display:literal;
    )*) => {
        fn dispatch(spec: &LossSpec) -> LossModel {
            match spec {
                $($(#[cfg($cfg)])? LossSpec::$variant(s) => Registered::model(s),)*
            }
        }
    };
}
for_each_loss!(define_loss_dispatch);

impl Registered for BernoulliSpec {
    fn model(&self) -> LossModel {
        LossModel::Bernoulli {
            model: BernoulliLoss::new(self.p),
            data_only: self.data_only,
        }
    }
}

impl Registered for GilbertElliottSpec {
    fn model(&self) -> LossModel {
        LossModel::GilbertElliott {
            model: GilbertElliott::new(self.p, self.r, self.loss_good, self.loss_bad),
            data_only: self.data_only,
        }
    }
}

impl Registered for BlackoutSpec {
    fn model(&self) -> LossModel {
        LossModel::Blackout {
            start: time::secs(self.start_s),
            end: time::secs(self.end_s),
        }
    }
}

impl Registered for NthSpec {
    fn model(&self) -> LossModel {
        nth(&self.packets)
    }
}

#[cfg(test)]
impl Registered for crate::scenario::TestDummyLossSpec {
    fn model(&self) -> LossModel {
        nth(&self.packets)
    }
}

/// Lose the listed packets (counted from 1), each once.
fn nth(packets: &[u64]) -> LossModel {
    let mut packets = packets.to_vec();
    packets.sort_unstable();
    packets.dedup();
    LossModel::Nth {
        packets,
        next: 0,
        seen: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::PacketKind;

    fn data() -> Packet {
        Packet::data(0, 0, 0, 1, 0, 1000, 0)
    }

    #[test]
    fn nth_loses_exactly_the_listed_data_packets() {
        let mut m = LossModel::from_spec(&LossSpec::Nth(NthSpec {
            packets: vec![3, 1],
        }));
        let mut rng = Rng::new(1, 1);
        let ack = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
        assert!(!m.lose(&ack, 0, &mut rng), "ACKs are not counted");
        let lost: Vec<bool> = (0..4).map(|_| m.lose(&data(), 0, &mut rng)).collect();
        assert_eq!(lost, vec![true, false, true, false]);
    }

    #[test]
    fn a_blackout_loses_everything_inside_the_window() {
        let mut m = LossModel::from_spec(&LossSpec::Blackout(BlackoutSpec {
            start_s: 1.0,
            end_s: 2.0,
        }));
        let mut rng = Rng::new(1, 1);
        assert!(!m.lose(&data(), 999_999_999, &mut rng));
        assert!(m.lose(&data(), time::NS_PER_S, &mut rng));
        assert!(!m.lose(&data(), 2 * time::NS_PER_S, &mut rng));
    }

    #[test]
    fn gilbert_elliott_loses_in_bursts_and_skips_acks() {
        let mut m = LossModel::from_spec(&LossSpec::GilbertElliott(GilbertElliottSpec {
            p: 0.01,
            r: 0.5,
            loss_good: 0.0,
            loss_bad: 1.0,
            data_only: true,
        }));
        let mut rng = Rng::new(4, 4);
        let ack = Packet::new(PacketKind::Ack, 0, 1, 0, 0);
        assert!((0..1000).all(|_| !m.lose(&ack, 0, &mut rng)));
        let n = 400_000;
        let lost: Vec<bool> = (0..n).map(|_| m.lose(&data(), 0, &mut rng)).collect();
        let rate = lost.iter().filter(|&&x| x).count() as f64 / n as f64;
        // π_B = 0.01 / 0.51.
        assert!((rate - 0.01 / 0.51).abs() < 0.002, "{rate}");
        let after: Vec<bool> = lost.windows(2).filter(|w| w[0]).map(|w| w[1]).collect();
        let cond = after.iter().filter(|&&x| x).count() as f64 / after.len() as f64;
        assert!((cond - 0.5).abs() < 0.02, "P(loss | loss) = 1 − r: {cond}");
    }

    #[test]
    fn bernoulli_loses_the_requested_fraction() {
        let mut m = LossModel::from_spec(&LossSpec::Bernoulli(BernoulliSpec {
            p: 0.01,
            data_only: true,
        }));
        let mut rng = Rng::new(3, 3);
        let n = 200_000;
        let lost = (0..n).filter(|_| m.lose(&data(), 0, &mut rng)).count();
        assert!((lost as f64 / n as f64 - 0.01).abs() < 0.001);
    }
}
