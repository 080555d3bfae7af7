//! A test-only source (the source registry's `#[cfg(test)]` line): bulk TCP
//! under another name, with one parameter and its check, so that the crate's
//! tests can show that one registry line is all a new source needs from the
//! schema, the reader, the validator, the contract tests and the world.

use super::check::SourceCheck;
use super::registry::SourceParams;
use serde::{Deserialize, Serialize};

/// The test-only source's parameters.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestDummySourceSpec {
    /// A label, 1 to 10 (checked, otherwise unused).
    #[serde(default = "one")]
    pub level: u32,
}

fn one() -> u32 {
    1
}

impl SourceParams for TestDummySourceSpec {
    fn check(&self, c: &mut SourceCheck) {
        if !(1..=10).contains(&self.level) {
            c.outside("level", 1u32, 10u32, self.level, "");
        }
    }
    fn example() -> Self {
        TestDummySourceSpec { level: 3 }
    }
}
