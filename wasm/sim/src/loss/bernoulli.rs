//! Random loss: each packet is lost independently with probability `p`
//! (the wire's `bernoulli_rule::BernoulliLoss`). Its parameters, checks and
//! how the registry builds it.

use super::bernoulli_rule::BernoulliLoss;
use super::check::LossCheck;
use super::registry::LossParams;
use super::{yes, LossModel, Registered};
use serde::{Deserialize, Serialize};

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

impl Registered for BernoulliSpec {
    fn model(&self) -> LossModel {
        LossModel::Bernoulli {
            model: BernoulliLoss::new(self.p),
            data_only: self.data_only,
        }
    }
}

impl LossParams for BernoulliSpec {
    fn check(&self, c: &mut LossCheck) {
        c.probability("p", self.p);
    }
    fn example() -> Self {
        BernoulliSpec {
            p: 0.01,
            data_only: true,
        }
    }
}
