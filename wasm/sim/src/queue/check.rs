//! The checks a queue discipline's parameters use ([`QueueCheck`]): each
//! discipline's `QueueParams::check`, in its own file, reports impossible
//! values (RED min_th above max_th, a zero rate, a weight of zero, an unknown
//! flow…) through it, with the field path, e.g. `topology.links[1].queue.min_th`.
//! The shared limits of every discipline are here.

use super::{FlowWeight, QueueSpec};
use crate::error::{ErrorCode as E, FieldErrors, ValidationError};
use std::collections::BTreeSet;

/// Largest queue capacity accepted, packets.
pub const MAX_QUEUE_PACKETS: u32 = 10_000_000;
/// Largest byte capacity accepted.
pub const MAX_QUEUE_BYTES: u64 = 10_000_000_000;
/// Longest AQM time parameter accepted, ms.
pub const MAX_AQM_TIME_MS: f64 = 60_000.0;

/// Smallest relative weight (WFQ, DRR): weights are ratios, so 10⁻⁶…10⁶ spans
/// twelve orders of magnitude while keeping L/φ finite.
pub const MIN_WEIGHT: f64 = 1e-6;
/// Smallest reserved or shaped rate, b/s.
pub const MIN_RATE_BPS: f64 = 1.0;

/// What the queue needs to know about its link and the scenario.
#[derive(Debug)]
pub struct QueueContext<'a> {
    pub mtu: u32,
    pub rate_bps: f64,
    pub flows: &'a BTreeSet<String>,
}

/// Checks of one queue: where its errors go, its path, its link.
#[derive(Debug)]
pub struct QueueCheck<'a> {
    fields: FieldErrors<'a>,
    link: &'a QueueContext<'a>,
}

impl<'a> std::ops::Deref for QueueCheck<'a> {
    type Target = FieldErrors<'a>;
    fn deref(&self) -> &FieldErrors<'a> {
        &self.fields
    }
}

impl<'a> std::ops::DerefMut for QueueCheck<'a> {
    fn deref_mut(&mut self) -> &mut FieldErrors<'a> {
        &mut self.fields
    }
}

impl<'a> QueueCheck<'a> {
    /// Checks of the queue at `path` (`topology.links[1].queue`) on `link`;
    /// errors go to `errors`.
    pub fn new(
        errors: &'a mut Vec<ValidationError>,
        path: &'a str,
        link: &'a QueueContext<'a>,
    ) -> Self {
        QueueCheck {
            fields: FieldErrors::new(errors, path),
            link,
        }
    }

    /// The link and the scenario's flows.
    pub fn link(&self) -> &QueueContext<'a> {
        self.link
    }

    pub fn packets(&mut self, field: &str, n: u32) {
        if n == 0 || n > MAX_QUEUE_PACKETS {
            self.outside(field, 1u32, MAX_QUEUE_PACKETS, n, "packets");
        }
    }

    /// A finite number in [lo, hi]. Used where a tiny positive value would make a
    /// scheduler's arithmetic overflow: WFQ's finish tags grow by L/φ, so a
    /// subnormal weight or reserved rate sends the GPS virtual clock to infinity
    /// (a cargo-fuzz find, kept as a regression test below).
    pub fn within(&mut self, field: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        self.range(field, v, lo, hi, unit);
    }

    /// A probability-like number in (0, 1].
    pub fn fraction(&mut self, field: &str, v: f64) {
        if !v.is_finite() || v <= 0.0 || v > 1.0 {
            self.value(field, E::NotFraction, v);
        }
    }

    pub fn flow(&mut self, field: &str, id: &str, flows: &BTreeSet<String>) {
        if !flows.contains(id) {
            let e = ValidationError::at(self.path(field), E::UnknownFlow).with("flow", id);
            self.push(e);
        }
    }

    pub fn weights(&mut self, field: &str, ws: &[FlowWeight], flows: &BTreeSet<String>) {
        let mut seen = BTreeSet::new();
        for (i, w) in ws.iter().enumerate() {
            self.flow(&format!("{field}[{i}].flow"), &w.flow, flows);
            if !seen.insert(w.flow.clone()) {
                let e = ValidationError::at(
                    self.path(&format!("{field}[{i}].flow")),
                    E::FlowListedTwice,
                )
                .with("flow", &w.flow);
                self.push(e);
            }
            self.within(
                &format!("{field}[{i}].weight"),
                w.weight,
                MIN_WEIGHT,
                1e6,
                "",
            );
        }
    }
}

/// Check one queue spec; `path` names it (as `topology.links[0].queue`).
pub fn check_queue(
    errors: &mut Vec<ValidationError>,
    path: &str,
    q: &QueueSpec,
    link: &QueueContext,
) {
    let mut c = QueueCheck::new(errors, path, link);
    q.params().check(&mut c);
}

impl QueueCheck<'_> {
    /// A byte capacity: at least one MTU of the link, at most [`MAX_QUEUE_BYTES`].
    pub fn byte_limit(&mut self, field: &str, b: u64) {
        let mtu = self.link.mtu;
        if b < mtu as u64 || b > MAX_QUEUE_BYTES {
            let e = ValidationError::at(self.path(field), E::ByteLimitRange)
                .with("mtu", mtu)
                .with("value", b);
            self.push(e);
        }
    }

    /// A bucket shallower than one MTU never lets a full-size packet conform.
    pub fn bucket_depth(&mut self, field: &str, b: u64) {
        let mtu = self.link.mtu;
        if b < mtu as u64 {
            let e = ValidationError::at(self.path(field), E::BucketBelowMtu)
                .with("mtu", mtu)
                .with("value", b);
            self.push(e);
        } else if b > MAX_QUEUE_BYTES {
            self.value(field, E::AboveTenGigabytes, b);
        }
    }

    /// CoDel's target_ms and interval_ms (CoDel, FQ-CoDel, heavy-flow CoDel).
    pub fn codel_times(&mut self, target_ms: f64, interval_ms: f64) {
        self.positive("target_ms", target_ms, MAX_AQM_TIME_MS, "ms");
        self.positive("interval_ms", interval_ms, MAX_AQM_TIME_MS, "ms");
    }
}
