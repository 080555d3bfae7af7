//! The range checks of one parameter block (a `cc_params` entry, say): each
//! check that fails adds a [`ValidationError`] at the block's path and the
//! field's name, with the interval or the related field it breaks.

use super::{ErrorCode as E, Param, ValidationError};

/// Collects the errors of the fields of the object at `path`.
#[derive(Debug)]
pub struct FieldChecks<'a> {
    path: &'a str,
    errors: &'a mut Vec<ValidationError>,
}

impl<'a> FieldChecks<'a> {
    /// Checks of the object at `path`; errors go to `errors`.
    pub fn new(path: &'a str, errors: &'a mut Vec<ValidationError>) -> Self {
        FieldChecks { path, errors }
    }

    fn at(&self, field: &str) -> String {
        format!("{}.{field}", self.path)
    }

    fn interval(
        &mut self,
        field: &str,
        code: E,
        lo: impl Into<Param>,
        hi: impl Into<Param>,
        v: impl Into<Param>,
    ) {
        let e = ValidationError::at(self.at(field), code)
            .with("min", lo)
            .with("max", hi)
            .with("value", v);
        self.errors.push(e);
    }

    /// lo < v ≤ hi (an open lower bound).
    pub fn above(&mut self, field: &str, v: f64, lo: f64, hi: f64) {
        if !v.is_finite() || v <= lo || v > hi {
            self.interval(field, E::NotInOpenClosed, lo, hi, v);
        }
    }

    /// lo < v < hi.
    pub fn open(&mut self, field: &str, v: f64, lo: f64, hi: f64) {
        if !v.is_finite() || v <= lo || v >= hi {
            self.interval(field, E::NotInOpen, lo, hi, v);
        }
    }

    /// lo ≤ v ≤ hi.
    pub fn closed(&mut self, field: &str, v: f64, lo: f64, hi: f64) {
        if !v.is_finite() || v < lo || v > hi {
            self.interval(field, E::NotInClosed, lo, hi, v);
        }
    }

    /// lo ≤ v ≤ hi, integers.
    pub fn closed_int(&mut self, field: &str, v: u32, lo: u32, hi: u32) {
        if v < lo || v > hi {
            self.interval(field, E::IntegerNotInClosed, lo, hi, v);
        }
    }

    /// v ≥ the field `other`, whose value is `bound`.
    pub fn at_least_field(&mut self, field: &str, v: f64, other: &str, bound: f64) {
        if v < bound {
            let e = relation(self.at(field), E::BelowField, other, bound, v);
            self.errors.push(e);
        }
    }

    /// v > the field `other`, whose value is `bound` (when both are finite;
    /// the range checks report the rest).
    pub fn above_field(&mut self, field: &str, v: f64, other: &str, bound: f64) {
        if v.is_finite() && bound.is_finite() && v <= bound {
            let e = relation(self.at(field), E::NotAboveField, other, bound, v);
            self.errors.push(e);
        }
    }
}

/// `value` outside [lo, hi] at `path`, in `unit` (may be empty).
pub fn out_of_range(
    path: &str,
    lo: impl Into<Param>,
    hi: impl Into<Param>,
    value: impl Into<Param>,
    unit: &str,
) -> ValidationError {
    ValidationError::at(path, E::OutOfRange)
        .with("min", lo)
        .with("max", hi)
        .with("value", value)
        .unit(unit)
}

/// `value` in the wrong relation to another field (`field` = `bound`).
pub fn relation(
    path: impl Into<String>,
    code: E,
    field: &str,
    bound: impl Into<Param>,
    value: impl Into<Param>,
) -> ValidationError {
    ValidationError::at(path, code)
        .with("field", field)
        .with("bound", bound)
        .with("value", value)
}

/// A finite number in [lo, hi] at `path` (`unit` for the message): the range
/// check the scenario, queue and source checks share.
pub fn check_range(
    errors: &mut Vec<ValidationError>,
    path: &str,
    v: f64,
    lo: f64,
    hi: f64,
    unit: &str,
) {
    if !v.is_finite() {
        errors.push(ValidationError::at(path, E::NotFinite));
    } else if v < lo || v > hi {
        errors.push(out_of_range(path, lo, hi, v, unit));
    }
}

/// A finite number in (0, hi] at `path`.
pub fn check_positive(errors: &mut Vec<ValidationError>, path: &str, v: f64, hi: f64, unit: &str) {
    if !v.is_finite() {
        errors.push(ValidationError::at(path, E::NotFinite));
    } else if v <= 0.0 {
        errors.push(
            ValidationError::at(path, E::NotPositive)
                .with("value", v)
                .unit(unit),
        );
    } else if v > hi {
        errors.push(
            ValidationError::at(path, E::AboveMax)
                .with("max", hi)
                .with("value", v)
                .unit(unit),
        );
    }
}

/// A positive value below `min` at `path` (zero itself is another rule's:
/// `zero_ok` says which, for the message).
pub fn check_floor(
    errors: &mut Vec<ValidationError>,
    path: &str,
    v: f64,
    min: f64,
    unit: &str,
    zero_ok: bool,
) {
    if v > 0.0 && v < min {
        let code = if zero_ok {
            E::BelowFloorOrZero
        } else {
            E::BelowFloor
        };
        errors.push(
            ValidationError::at(path, code)
                .with("min", min)
                .unit(unit)
                .with("value", v),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_check_names_the_field_under_the_blocks_path() {
        let mut errors = Vec::new();
        let mut c = FieldChecks::new("flows[0].cc_params.vegas", &mut errors);
        c.above("a", 0.0, 0.0, 1.0);
        c.above("ok", 1.0, 0.0, 1.0);
        c.open("b", 1.0, 0.0, 1.0);
        c.closed("c", f64::NAN, 0.0, 1.0);
        c.closed("ok", 0.0, 0.0, 1.0);
        c.closed_int("d", 0, 1, 10);
        c.at_least_field("beta", 4.0, "alpha", 5.0);
        c.above_field("high", 5.0, "low", 5.0);
        c.above_field("ok", f64::INFINITY, "low", f64::INFINITY);
        let got: Vec<(String, E)> = errors.iter().map(|e| (e.path.clone(), e.code)).collect();
        let p = |f: &str| format!("flows[0].cc_params.vegas.{f}");
        assert_eq!(
            got,
            [
                (p("a"), E::NotInOpenClosed),
                (p("b"), E::NotInOpen),
                (p("c"), E::NotInClosed),
                (p("d"), E::IntegerNotInClosed),
                (p("beta"), E::BelowField),
                (p("high"), E::NotAboveField),
            ]
        );
        assert_eq!(errors[0].message, "must be in (0, 1], got 0");
        assert_eq!(errors[4].message, "must be at least alpha (5), got 4");
    }
}

/// Where the checks of one object of a scenario report (a queue, a loss model,
/// a traffic source): its path and the scenario's list of errors. The
/// components' checkers (`QueueCheck`, `LossCheck`, `SourceCheck`) hold one
/// and add what their kind of object needs to know.
#[derive(Debug)]
pub struct FieldErrors<'a> {
    errors: &'a mut Vec<ValidationError>,
    path: &'a str,
}

impl<'a> FieldErrors<'a> {
    /// Errors of the object at `path` go to `errors`.
    pub fn new(errors: &'a mut Vec<ValidationError>, path: &'a str) -> Self {
        FieldErrors { errors, path }
    }

    /// The path of `field` of this object (the object's own for "").
    pub fn path(&self, field: &str) -> String {
        if field.is_empty() {
            self.path.to_string()
        } else {
            format!("{}.{field}", self.path)
        }
    }

    /// Report `e` (built with [`FieldErrors::path`]).
    pub fn push(&mut self, e: ValidationError) {
        self.errors.push(e);
    }

    /// `code` at `field`.
    pub fn err(&mut self, field: &str, code: E) {
        let e = ValidationError::at(self.path(field), code);
        self.errors.push(e);
    }

    /// `code` at `field` with one parameter, `value`.
    pub fn value(&mut self, field: &str, code: E, value: impl Into<Param>) {
        let e = ValidationError::at(self.path(field), code).with("value", value);
        self.errors.push(e);
    }

    /// `value` outside [lo, hi].
    pub fn outside(
        &mut self,
        field: &str,
        lo: impl Into<Param>,
        hi: impl Into<Param>,
        value: impl Into<Param>,
        unit: &str,
    ) {
        let e = out_of_range(&self.path(field), lo, hi, value, unit);
        self.errors.push(e);
    }

    /// A finite number in [lo, hi].
    pub fn range(&mut self, field: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        check_range(self.errors, &self.path(field), v, lo, hi, unit);
    }

    /// A finite number in (0, hi].
    pub fn positive(&mut self, field: &str, v: f64, hi: f64, unit: &str) {
        check_positive(self.errors, &self.path(field), v, hi, unit);
    }

    /// A positive value below `min` (zero itself is another rule's: `zero_ok`
    /// says which, for the message).
    pub fn floor(&mut self, field: &str, v: f64, min: f64, unit: &str, zero_ok: bool) {
        check_floor(self.errors, &self.path(field), v, min, unit, zero_ok);
    }
}
