//! Sized transfer: a TCP application that writes `bytes` and stops; the run
//! records the flow completion time. Its parameters, checks and documented
//! example.

use super::check::SourceCheck;
use super::registry::SourceParams;
use serde::{Deserialize, Serialize};

/// Largest transfer accepted, bytes (2^50, about a petabyte).
pub const MAX_SIZED_BYTES: u64 = 1 << 50;

/// A transfer of a fixed size.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SizedSpec {
    /// Bytes the application writes, 1 to 2^50.
    pub bytes: u64,
}

impl SourceParams for SizedSpec {
    fn check(&self, c: &mut SourceCheck) {
        if self.bytes == 0 || self.bytes > MAX_SIZED_BYTES {
            c.outside("bytes", 1u32, "2^50", self.bytes, "bytes");
        }
    }
    fn example() -> Self {
        SizedSpec { bytes: 1_000_000 }
    }
    fn tcp_bytes(&self) -> Option<u64> {
        Some(self.bytes)
    }
}
