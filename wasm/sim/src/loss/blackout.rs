//! An outage: the link carries nothing between `start_s` and `end_s`. Its
//! parameters, checks and how the registry builds it.

use super::check::LossCheck;
use super::registry::LossParams;
use super::{LossModel, Registered};
use crate::engine::time;
use crate::error::{ErrorCode as E, ValidationError};
use serde::{Deserialize, Serialize};

/// An outage.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BlackoutSpec {
    pub start_s: f64,
    pub end_s: f64,
}

impl Registered for BlackoutSpec {
    fn model(&self) -> LossModel {
        LossModel::Blackout {
            start: time::secs(self.start_s),
            end: time::secs(self.end_s),
        }
    }
}

impl LossParams for BlackoutSpec {
    fn check(&self, c: &mut LossCheck) {
        let (start_s, end_s) = (self.start_s, self.end_s);
        let max = c.max_time_s();
        c.range("start_s", start_s, 0.0, max, "s");
        c.range("end_s", end_s, 0.0, max, "s");
        if end_s <= start_s {
            let e = ValidationError::at(c.path("end_s"), E::NotAfterField).with("field", "start_s");
            c.push(e);
        }
    }
    fn example() -> Self {
        BlackoutSpec {
            start_s: 1.0,
            end_s: 1.5,
        }
    }
}
