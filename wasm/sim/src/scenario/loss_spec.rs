//! The serde types of the loss models in scenario schema v1: one parameter
//! struct per model (the list of models is the registry,
//! scenario/loss_registry.rs). Field doc comments become the JSON Schema's
//! descriptions.

use super::loss_registry::{define_loss_types, for_each_loss};
use serde::{Deserialize, Serialize};

// LossSpec: one line per model in scenario/loss_registry.rs.
for_each_loss!(define_loss_types);

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

/// Independent losses.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BernoulliSpec {
    /// Loss probability, 0 to 1.
    pub p: f64,
    /// Only data packets (not ACKs) are lost.
    #[serde(default = "yes")]
    pub data_only: bool,
}

/// An outage.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BlackoutSpec {
    pub start_s: f64,
    pub end_s: f64,
}

/// Chosen packets.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NthSpec {
    pub packets: Vec<u64>,
}

/// A Gilbert–Elliott channel.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GilbertElliottSpec {
    /// P(Good → Bad) per packet, 0 to 1.
    pub p: f64,
    /// P(Bad → Good) per packet, 0 to 1.
    pub r: f64,
    /// Loss probability in Good, 0 to 1 (netem 1 − k; default 0).
    #[serde(default)]
    pub loss_good: f64,
    /// Loss probability in Bad, 0 to 1 (netem 1 − h; default 1).
    #[serde(default = "one")]
    pub loss_bad: f64,
    /// Only data packets (not ACKs) see the channel.
    #[serde(default = "yes")]
    pub data_only: bool,
}

/// The test-only model's parameters (scenario/loss_registry.rs).
#[cfg(test)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestDummyLossSpec {
    /// Data packets to lose, counted from 1.
    pub packets: Vec<u64>,
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
