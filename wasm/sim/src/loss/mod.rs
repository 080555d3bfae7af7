//! Loss on the wire: a packet that finished transmission is lost instead of
//! arriving. Bernoulli, Gilbert–Elliott bursts (the pure rules in
//! bernoulli_rule.rs and gilbert_elliott_rule.rs), an outage window, or chosen
//! packets (for textbook traces). `net::channel` applies a link direction's
//! [`LossModel`].
//!
//! Each model's file holds its parameter struct (the `LossSpec` variant's
//! content, with defaults, doc strings and checks) and how it is built;
//! registry.rs lists them, and `LossSpec` and the dispatch come from that
//! list. Nothing here names `scenario`: the scenario composes loss models.

pub mod bernoulli;
pub mod bernoulli_rule;
pub mod blackout;
pub mod check;
pub mod gilbert_elliott;
pub mod gilbert_elliott_rule;
pub mod nth;
pub mod registry;
#[cfg(test)]
pub mod test_dummy;

pub use registry::LossParams;

use crate::engine::{Rng, Time};
use crate::packet::Packet;
use bernoulli_rule::BernoulliLoss;
use gilbert_elliott_rule::GilbertElliott;
use registry::{define_loss_types, for_each_loss};

// LossSpec: one line per model in loss/registry.rs.
for_each_loss!(define_loss_types);

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

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

/// How the registry (loss/registry.rs) builds a model: every loss
/// model's parameter struct implements this, in the model's file.
pub trait Registered {
    /// The model on the wire, from parameters that passed validation.
    fn model(&self) -> LossModel;
}

impl LossSpec {
    /// The long-run fraction of (data) packets lost, where it is known in
    /// advance (Bernoulli, Gilbert–Elliott); None for the others.
    pub fn long_run_rate(&self) -> Option<f64> {
        match self {
            LossSpec::Bernoulli(b) => Some(b.p),
            LossSpec::GilbertElliott(g) => {
                if g.p + g.r <= 0.0 {
                    return Some(g.loss_good);
                }
                let pi_bad = g.p / (g.p + g.r);
                Some(pi_bad * g.loss_bad + (1.0 - pi_bad) * g.loss_good)
            }
            _ => None,
        }
    }
}

impl LossModel {
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

#[cfg(test)]
mod tests {
    use super::bernoulli::BernoulliSpec;
    use super::blackout::BlackoutSpec;
    use super::gilbert_elliott::GilbertElliottSpec;
    use super::nth::NthSpec;
    use super::*;
    use crate::engine::time;
    use crate::packet::PacketKind;

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
