//! Semantic validation of a link's impairments: loss models, jitter, the
//! timer tick, framing overhead, rate changes and delivery traces. Errors
//! name the field path, e.g. `topology.links[2].trace.text`, and the reason.

use super::loss_registry::LossParams;
use super::loss_spec::*;
use super::types::*;
use super::validate::{
    out_of_range, too_many, ValidationError, MAX_DELAY_MS, MAX_DURATION_S, MAX_RATE_BPS,
    MIN_RATE_BPS,
};
use crate::error::ErrorCode as E;

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
        if !v.is_finite() {
            self.err(path, E::NotFinite);
        } else if v < lo || v > hi {
            self.push(out_of_range(path, lo, hi, v, unit));
        }
    }

    fn probability(&mut self, path: &str, v: f64) {
        self.range(path, v, 0.0, 1.0, "");
    }
}

/// Check everything about link `l` (at path `p`, as `topology.links[3]`)
/// beyond its rate, delay, MTU and queue.
pub fn check_link_impairments(errors: &mut Vec<ValidationError>, p: &str, l: &Link) {
    let mut c = LinkCheck { errors };
    if let Some(loss) = &l.loss {
        loss.params().check(&mut c, &format!("{p}.loss"));
    }
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

impl LossParams for BernoulliSpec {
    fn check(&self, c: &mut LinkCheck, p: &str) {
        c.probability(&format!("{p}.p"), self.p);
    }
}

impl LossParams for BlackoutSpec {
    fn check(&self, c: &mut LinkCheck, p: &str) {
        let (start_s, end_s) = (self.start_s, self.end_s);
        c.range(&format!("{p}.start_s"), start_s, 0.0, MAX_DURATION_S, "s");
        c.range(&format!("{p}.end_s"), end_s, 0.0, MAX_DURATION_S, "s");
        if end_s <= start_s {
            c.push(
                ValidationError::at(format!("{p}.end_s"), E::NotAfterField)
                    .with("field", "start_s"),
            );
        }
    }
}

impl LossParams for NthSpec {
    fn check(&self, c: &mut LinkCheck, p: &str) {
        check_packet_list(c, p, &self.packets);
    }
}

#[cfg(test)]
impl LossParams for TestDummyLossSpec {
    fn check(&self, c: &mut LinkCheck, p: &str) {
        check_packet_list(c, p, &self.packets);
    }
}

fn check_packet_list(c: &mut LinkCheck, p: &str, packets: &[u64]) {
    if packets.is_empty() || packets.len() > 100_000 {
        c.err(format!("{p}.packets"), E::NthListLength);
    }
    if packets.contains(&0) {
        c.err(format!("{p}.packets"), E::NthFromOne);
    }
}

impl LossParams for GilbertElliottSpec {
    fn check(&self, c: &mut LinkCheck, p: &str) {
        let (pgb, r, loss_good, loss_bad) = (self.p, self.r, self.loss_good, self.loss_bad);
        c.probability(&format!("{p}.p"), pgb);
        c.probability(&format!("{p}.r"), r);
        c.probability(&format!("{p}.loss_good"), loss_good);
        c.probability(&format!("{p}.loss_bad"), loss_bad);
        // A chain that changes state less than once in a billion packets is
        // no model of a channel; below this floor 1/r and p/(p + r) lose meaning.
        for (field, v) in [("p", pgb), ("r", r)] {
            if v > 0.0 && v < MIN_TRANSITION_P {
                c.push(
                    ValidationError::at(format!("{p}.{field}"), E::BelowFloorOrZero)
                        .with("min", MIN_TRANSITION_P)
                        .with("value", v),
                );
            }
        }
        if r == 0.0 && pgb > 0.0 && loss_bad == 1.0 {
            c.err(format!("{p}.r"), E::GilbertNeverRecovers);
        }
    }
}

/// Floor of a Gilbert–Elliott transition probability: one in a billion packets.
pub const MIN_TRANSITION_P: f64 = 1e-9;

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
