//! Bulk transfer: a TCP application that always has data to send, so the
//! flow is limited only by its congestion and receive windows. Its
//! parameters (none), checks and documented example.

use super::check::SourceCheck;
use super::registry::SourceParams;
use serde::{Deserialize, Serialize};

/// Bulk transfer takes no parameters.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct BulkSpec {}

impl SourceParams for BulkSpec {
    fn check(&self, _c: &mut SourceCheck) {}
    fn example() -> Self {
        BulkSpec {}
    }
}
