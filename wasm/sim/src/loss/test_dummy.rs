//! A test-only loss model (the loss registry's `#[cfg(test)]` line): every
//! listed packet is lost, as `nth` does, under another name, so that the
//! crate's tests can show that one registry line is all a new model needs.

use super::check::LossCheck;
use super::registry::LossParams;
use super::{LossModel, Registered};
use serde::{Deserialize, Serialize};

/// The test-only model's parameters.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestDummyLossSpec {
    /// Data packets to lose, counted from 1.
    pub packets: Vec<u64>,
}

impl Registered for TestDummyLossSpec {
    fn model(&self) -> LossModel {
        LossModel::nth(&self.packets)
    }
}

impl LossParams for TestDummyLossSpec {
    fn check(&self, c: &mut LossCheck) {
        super::nth::check_packet_list(c, &self.packets);
    }
    fn example() -> Self {
        TestDummyLossSpec {
            packets: vec![20, 21],
        }
    }
}
