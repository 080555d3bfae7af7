//! Bursty loss: a Gilbert–Elliott channel (the wire's
//! `gilbert_elliott_rule::GilbertElliott`). Its parameters, checks and how the
//! registry builds it.

use super::check::LossCheck;
use super::gilbert_elliott_rule::GilbertElliott;
use super::registry::LossParams;
use super::{one, yes, LossModel, Registered};
use crate::error::{ErrorCode as E, ValidationError};
use serde::{Deserialize, Serialize};

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

impl Registered for GilbertElliottSpec {
    fn model(&self) -> LossModel {
        LossModel::GilbertElliott {
            model: GilbertElliott::new(self.p, self.r, self.loss_good, self.loss_bad),
            data_only: self.data_only,
        }
    }
}

/// Floor of a Gilbert–Elliott transition probability: one in a billion packets.
pub const MIN_TRANSITION_P: f64 = 1e-9;

impl LossParams for GilbertElliottSpec {
    fn check(&self, c: &mut LossCheck) {
        let (pgb, r, loss_good, loss_bad) = (self.p, self.r, self.loss_good, self.loss_bad);
        c.probability("p", pgb);
        c.probability("r", r);
        c.probability("loss_good", loss_good);
        c.probability("loss_bad", loss_bad);
        // A chain that changes state less than once in a billion packets is
        // no model of a channel; below this floor 1/r and p/(p + r) lose meaning.
        for (field, v) in [("p", pgb), ("r", r)] {
            if v > 0.0 && v < MIN_TRANSITION_P {
                let e = ValidationError::at(c.path(field), E::BelowFloorOrZero)
                    .with("min", MIN_TRANSITION_P)
                    .with("value", v);
                c.push(e);
            }
        }
        if r == 0.0 && pgb > 0.0 && loss_bad == 1.0 {
            c.err("r", E::GilbertNeverRecovers);
        }
    }
    fn example() -> Self {
        GilbertElliottSpec {
            p: 0.01,
            r: 0.3,
            loss_good: 0.0,
            loss_bad: 1.0,
            data_only: true,
        }
    }
}
