//! Semantic validation of a link's impairments: loss models, jitter, the
//! timer tick, framing overhead, rate changes and delivery traces. Errors
//! name the field path, e.g. `topology.links[2].trace.text`, and the reason.

use super::types::*;
use super::validate::{
    out_of_range, too_many, ValidationError, MAX_DELAY_MS, MAX_DURATION_S, MAX_RATE_BPS,
    MIN_RATE_BPS,
};
use crate::error::ErrorCode as E;
use crate::loss::check::check_loss;

/// Longest timer tick accepted, ms.
pub const MAX_TICK_MS: f64 = 1000.0;
/// Most framing bytes per packet accepted.
pub const MAX_OVERHEAD_BYTES: u32 = 65_535;
/// Most rate changes per direction.
pub const MAX_RATE_CHANGES: usize = 10_000;

/// Checks of one link: where its errors go.
pub(crate) struct LinkCheck<'a> {
    errors: &'a mut Vec<ValidationError>,
}

impl LinkCheck<'_> {
    fn err(&mut self, path: impl Into<String>, code: E) {
        self.errors.push(ValidationError::at(path, code));
    }

    fn push(&mut self, e: ValidationError) {
        self.errors.push(e);
    }

    fn range(&mut self, path: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        crate::error::check_range(self.errors, path, v, lo, hi, unit);
    }
}

/// Check everything about link `l` (at path `p`, as `topology.links[3]`)
/// beyond its rate, delay, MTU and queue.
pub fn check_link_impairments(errors: &mut Vec<ValidationError>, p: &str, l: &Link) {
    if let Some(loss) = &l.loss {
        check_loss(errors, &format!("{p}.loss"), loss, MAX_DURATION_S);
    }
    let mut c = LinkCheck { errors };
    c.range(
        &format!("{p}.jitter_ms"),
        l.jitter_ms,
        0.0,
        MAX_DELAY_MS,
        "ms",
    );
    if let Some(t) = &l.timer_tick {
        let tp = format!("{p}.timer_tick");
        if !t.tick_ms.is_finite() || t.tick_ms <= 0.0 || t.tick_ms > MAX_TICK_MS {
            c.push(
                ValidationError::at(format!("{tp}.tick_ms"), E::TickRange)
                    .with("max", MAX_TICK_MS)
                    .with("value", t.tick_ms),
            );
        } else if t.tick_ms < 0.001 {
            c.err(format!("{tp}.tick_ms"), E::TickTooFine);
        }
        c.range(
            &format!("{tp}.overhead_ms"),
            t.overhead_ms,
            0.0,
            MAX_DELAY_MS,
            "ms",
        );
        if l.jitter_ms > 0.0 {
            c.err(format!("{p}.jitter_ms"), E::JitterWithTick);
        }
    }
    if l.overhead_bytes > MAX_OVERHEAD_BYTES {
        c.push(
            ValidationError::at(format!("{p}.overhead_bytes"), E::AboveMax)
                .with("max", MAX_OVERHEAD_BYTES)
                .with("value", l.overhead_bytes)
                .unit("bytes"),
        );
    }
    check_rate_changes(&mut c, &format!("{p}.rate_changes"), &l.rate_changes);
    if let Some(t) = &l.trace {
        check_trace(&mut c, &format!("{p}.trace"), t);
        if !l.rate_changes.is_empty() {
            c.err(format!("{p}.rate_changes"), E::RateChangesWithTrace);
        }
    }
    if let Some(r) = &l.reverse {
        let rp = format!("{p}.reverse");
        if let Some(d) = r.delay_ms {
            c.range(&format!("{rp}.delay_ms"), d, 0.0, MAX_DELAY_MS, "ms");
        }
        if let Some(rc) = &r.rate_changes {
            check_rate_changes(&mut c, &format!("{rp}.rate_changes"), rc);
        }
        if let Some(t) = &r.trace {
            check_trace(&mut c, &format!("{rp}.trace"), t);
            if r.rate_changes.as_ref().is_some_and(|v| !v.is_empty()) {
                c.err(format!("{rp}.rate_changes"), E::RateChangesWithTrace);
            }
        }
    }
}

fn check_rate_changes(c: &mut LinkCheck, p: &str, changes: &[RateChange]) {
    if changes.len() > MAX_RATE_CHANGES {
        c.push(too_many(p, MAX_RATE_CHANGES, "rate changes"));
        return;
    }
    let mut prev: Option<f64> = None;
    for (i, rc) in changes.iter().enumerate() {
        let ip = format!("{p}[{i}]");
        c.range(&format!("{ip}.at_s"), rc.at_s, 0.0, MAX_DURATION_S, "s");
        if !rc.rate_bps.is_finite() {
            c.err(format!("{ip}.rate_bps"), E::NotFinite);
        } else if rc.rate_bps <= 0.0 {
            c.push(
                ValidationError::at(format!("{ip}.rate_bps"), E::RateChangeZero)
                    .with("value", rc.rate_bps),
            );
        } else if !(MIN_RATE_BPS..=MAX_RATE_BPS).contains(&rc.rate_bps) {
            c.push(out_of_range(
                &format!("{ip}.rate_bps"),
                MIN_RATE_BPS,
                MAX_RATE_BPS,
                rc.rate_bps,
                "b/s",
            ));
        }
        if let Some(prev) = prev {
            if rc.at_s.is_finite() && rc.at_s <= prev {
                c.push(
                    ValidationError::at(format!("{ip}.at_s"), E::RateChangeOrder)
                        .with("previous", prev)
                        .with("value", rc.at_s),
                );
            }
        }
        if rc.at_s.is_finite() {
            prev = Some(rc.at_s);
        }
    }
}

fn check_trace(c: &mut LinkCheck, p: &str, t: &TraceSpec) {
    if let Err(why) = t.parse() {
        c.push(ValidationError::at(format!("{p}.text"), E::BadTrace).with("detail", why));
    }
    if t.opportunity_bytes == 0 || t.opportunity_bytes > 65_535 {
        c.push(out_of_range(
            &format!("{p}.opportunity_bytes"),
            1u32,
            65535u32,
            t.opportunity_bytes,
            "bytes",
        ));
    }
}
