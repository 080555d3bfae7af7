//! Listed packets: the data packets named in `packets` (counted from 1, in
//! the order they cross the link) are lost, for textbook traces. Its
//! parameters, checks and how the registry builds it.

use super::check::LossCheck;
use super::registry::LossParams;
use super::{LossModel, Registered};
use crate::error::ErrorCode as E;
use serde::{Deserialize, Serialize};

/// Chosen packets.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NthSpec {
    pub packets: Vec<u64>,
}

impl Registered for NthSpec {
    fn model(&self) -> LossModel {
        LossModel::nth(&self.packets)
    }
}

impl LossParams for NthSpec {
    fn check(&self, c: &mut LossCheck) {
        check_packet_list(c, &self.packets);
    }
    fn example() -> Self {
        NthSpec {
            packets: vec![20, 21],
        }
    }
}

/// A list of packets to lose: 1 to 100,000 of them, counted from 1.
pub(super) fn check_packet_list(c: &mut LossCheck, packets: &[u64]) {
    if packets.is_empty() || packets.len() > 100_000 {
        c.err("packets", E::NthListLength);
    }
    if packets.contains(&0) {
        c.err("packets", E::NthFromOne);
    }
}
