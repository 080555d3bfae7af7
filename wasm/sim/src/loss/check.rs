//! The checks a loss model's parameters use ([`LossCheck`]): each model's
//! `LossParams::check`, in its own file, reports impossible values through
//! it, with the field path, e.g. `topology.links[1].loss.p`.

use super::LossSpec;
use crate::error::{FieldErrors, ValidationError};

/// Checks of one `loss` object: where its errors go, its path, and the
/// longest time a scenario may name.
#[derive(Debug)]
pub struct LossCheck<'a> {
    fields: FieldErrors<'a>,
    max_time_s: f64,
}

impl<'a> std::ops::Deref for LossCheck<'a> {
    type Target = FieldErrors<'a>;
    fn deref(&self) -> &FieldErrors<'a> {
        &self.fields
    }
}

impl<'a> std::ops::DerefMut for LossCheck<'a> {
    fn deref_mut(&mut self) -> &mut FieldErrors<'a> {
        &mut self.fields
    }
}

impl<'a> LossCheck<'a> {
    /// Checks of the `loss` object at `path` (`topology.links[1].loss`) in a
    /// scenario whose times run to at most `max_time_s`.
    pub fn new(errors: &'a mut Vec<ValidationError>, path: &'a str, max_time_s: f64) -> Self {
        LossCheck {
            fields: FieldErrors::new(errors, path),
            max_time_s,
        }
    }

    /// The longest time a scenario may name, s.
    pub fn max_time_s(&self) -> f64 {
        self.max_time_s
    }

    /// A probability, in [0, 1].
    pub fn probability(&mut self, field: &str, v: f64) {
        self.range(field, v, 0.0, 1.0, "");
    }
}

/// Check one loss model; `path` names it (as `topology.links[0].loss`).
pub fn check_loss(errors: &mut Vec<ValidationError>, path: &str, l: &LossSpec, max_time_s: f64) {
    let mut c = LossCheck::new(errors, path, max_time_s);
    l.params().check(&mut c);
}
