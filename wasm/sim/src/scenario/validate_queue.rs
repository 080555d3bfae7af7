//! Semantic validation of a link's queue discipline: impossible parameters
//! (RED min_th above max_th, a zero rate, a weight of zero, an unknown flow…)
//! are reported with the field path, e.g. `topology.links[1].queue.min_th`.

use super::queue_registry::QueueParams;
use super::queue_spec::*;
use super::validate::{out_of_range, relation, ValidationError};
use crate::error::{ErrorCode as E, Param};
use std::collections::BTreeSet;

/// Largest queue capacity accepted, packets.
pub const MAX_QUEUE_PACKETS: u32 = 10_000_000;
/// Largest byte capacity accepted.
pub const MAX_QUEUE_BYTES: u64 = 10_000_000_000;
/// Longest AQM time parameter accepted, ms.
pub const MAX_AQM_TIME_MS: f64 = 60_000.0;
/// Shortest PIE update interval, ms (its default is 15 ms, RFC 8033 §4.2).
pub const MIN_PIE_T_UPDATE_MS: f64 = 0.1;

/// Smallest relative weight (WFQ, DRR): weights are ratios, so 10⁻⁶…10⁶ spans
/// twelve orders of magnitude while keeping L/φ finite.
pub const MIN_WEIGHT: f64 = 1e-6;
/// Smallest reserved or shaped rate, b/s.
pub const MIN_RATE_BPS: f64 = 1.0;

/// What the queue needs to know about its link and the scenario.
pub struct QueueContext<'a> {
    pub mtu: u32,
    pub rate_bps: f64,
    pub flows: &'a BTreeSet<String>,
}

/// Checks of one queue: where its errors go, its path, its link.
pub(crate) struct QueueCheck<'a> {
    errors: &'a mut Vec<ValidationError>,
    path: &'a str,
    link: &'a QueueContext<'a>,
}

impl QueueCheck<'_> {
    /// The path of `field` of this queue.
    fn path(&self, field: &str) -> String {
        if field.is_empty() {
            self.path.to_string()
        } else {
            format!("{}.{field}", self.path)
        }
    }

    fn err(&mut self, field: &str, code: E) {
        let e = ValidationError::at(self.path(field), code);
        self.errors.push(e);
    }

    /// `code` at `field` with one parameter, `value`.
    fn value(&mut self, field: &str, code: E, value: impl Into<Param>) {
        let e = ValidationError::at(self.path(field), code).with("value", value);
        self.errors.push(e);
    }

    /// `value` outside [lo, hi].
    fn outside(
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

    fn packets(&mut self, field: &str, n: u32) {
        if n == 0 || n > MAX_QUEUE_PACKETS {
            self.outside(field, 1u32, MAX_QUEUE_PACKETS, n, "packets");
        }
    }

    /// A finite number in (0, hi].
    fn positive(&mut self, field: &str, v: f64, hi: f64, unit: &str) {
        if !v.is_finite() {
            self.err(field, E::NotFinite);
        } else if v <= 0.0 {
            let e = ValidationError::at(self.path(field), E::NotPositive)
                .with("value", v)
                .unit(unit);
            self.errors.push(e);
        } else if v > hi {
            let e = ValidationError::at(self.path(field), E::AboveMax)
                .with("max", hi)
                .with("value", v)
                .unit(unit);
            self.errors.push(e);
        }
    }

    /// A finite number in [lo, hi]. Used where a tiny positive value would make a
    /// scheduler's arithmetic overflow: WFQ's finish tags grow by L/φ, so a
    /// subnormal weight or reserved rate sends the GPS virtual clock to infinity
    /// (a cargo-fuzz find, kept as a regression test below).
    fn within(&mut self, field: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        if !v.is_finite() {
            self.err(field, E::NotFinite);
        } else if v < lo || v > hi {
            self.outside(field, lo, hi, v, unit);
        }
    }

    /// A probability-like number in (0, 1].
    fn fraction(&mut self, field: &str, v: f64) {
        if !v.is_finite() || v <= 0.0 || v > 1.0 {
            self.value(field, E::NotFraction, v);
        }
    }

    fn flow(&mut self, field: &str, id: &str, flows: &BTreeSet<String>) {
        if !flows.contains(id) {
            let e = ValidationError::at(self.path(field), E::UnknownFlow).with("flow", id);
            self.errors.push(e);
        }
    }

    fn weights(&mut self, field: &str, ws: &[FlowWeight], flows: &BTreeSet<String>) {
        let mut seen = BTreeSet::new();
        for (i, w) in ws.iter().enumerate() {
            self.flow(&format!("{field}[{i}].flow"), &w.flow, flows);
            if !seen.insert(w.flow.as_str()) {
                let e = ValidationError::at(
                    self.path(&format!("{field}[{i}].flow")),
                    E::FlowListedTwice,
                )
                .with("flow", &w.flow);
                self.errors.push(e);
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
    let mut c = QueueCheck { errors, path, link };
    q.params().check(&mut c);
}

impl QueueParams for DropTailSpec {
    fn check(&self, c: &mut QueueCheck) {
        let mtu = c.link.mtu;
        match (self.limit_packets, self.limit_bytes) {
            (Some(_), Some(_)) => c.err("", E::LimitBoth),
            (None, None) => c.err("", E::LimitNeither),
            (Some(n), None) => c.packets("limit_packets", n),
            (None, Some(b)) => byte_limit(c, "limit_bytes", b, mtu),
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (self.limit_packets.map(u64::from), self.limit_bytes)
    }
}

impl QueueParams for RedSpec {
    fn check(&self, c: &mut QueueCheck) {
        let r = self;
        let mtu = c.link.mtu;
        c.packets("limit_packets", r.limit_packets);
        if let Some(b) = r.limit_bytes {
            byte_limit(c, "limit_bytes", b, mtu);
        }
        if !r.min_th.is_finite() || r.min_th < 0.0 {
            c.value("min_th", E::NegativeValue, r.min_th);
        }
        if !r.max_th.is_finite() || r.max_th <= 0.0 {
            c.value("max_th", E::NotPositive, r.max_th);
        } else if r.min_th.is_finite() && r.min_th >= r.max_th {
            let e = relation(
                c.path("min_th"),
                E::NotBelowField,
                "max_th",
                r.max_th,
                r.min_th,
            );
            c.errors.push(e);
        }
        c.fraction("w_q", r.w_q);
        c.fraction("max_p", r.max_p);
        if r.mean_pkt_size_bytes == 0 || r.mean_pkt_size_bytes > 65_535 {
            c.outside(
                "mean_pkt_size_bytes",
                1u32,
                65535u32,
                r.mean_pkt_size_bytes,
                "bytes",
            );
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        match self.limit_bytes {
            Some(b) => (None, Some(b)),
            None => (Some(self.limit_packets.into()), None),
        }
    }
}

impl QueueParams for CodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        codel_times(c, s.target_ms, s.interval_ms);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

impl QueueParams for FqCodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let mtu = c.link.mtu;
        c.packets("limit_packets", s.limit_packets);
        codel_times(c, s.target_ms, s.interval_ms);
        // Linux fq_codel_change: 1 ≤ flows ≤ 65536.
        if s.flows == 0 || s.flows > 65_536 {
            c.outside("flows", 1u32, 65536u32, s.flows, "");
        }
        if let Some(q) = s.quantum_bytes {
            // Linux fq_codel_change clamps the quantum to at least 256 bytes.
            if !(256..=1 << 20).contains(&q) {
                c.outside("quantum_bytes", 256u32, 1048576u32, q, "bytes");
            }
        }
        if s.drop_batch == 0 || s.drop_batch > 65_536 {
            c.outside("drop_batch", 1u32, 65536u32, s.drop_batch, "packets");
        }
        byte_limit(c, "memory_limit_bytes", s.memory_limit_bytes, mtu);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (
            Some(self.limit_packets.into()),
            Some(self.memory_limit_bytes),
        )
    }
}

impl QueueParams for PieSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        c.positive("target_ms", s.target_ms, MAX_AQM_TIME_MS, "ms");
        c.positive("t_update_ms", s.t_update_ms, MAX_AQM_TIME_MS, "ms");
        // Each update interval costs PIE a step of its control law while packets
        // flow (RFC 8033 §4.2; default 15 ms): below 0.1 ms that work swamps the run.
        if s.t_update_ms > 0.0 && s.t_update_ms < MIN_PIE_T_UPDATE_MS {
            let e = ValidationError::at(c.path("t_update_ms"), E::BelowFloor)
                .with("min", MIN_PIE_T_UPDATE_MS)
                .unit("ms")
                .with("value", s.t_update_ms);
            c.errors.push(e);
        }
        c.positive("alpha", s.alpha, 100.0, "per second");
        c.positive("beta", s.beta, 100.0, "per second");
        if !s.max_burst_ms.is_finite() || s.max_burst_ms < 0.0 || s.max_burst_ms > MAX_AQM_TIME_MS {
            c.outside("max_burst_ms", 0u32, MAX_AQM_TIME_MS, s.max_burst_ms, "ms");
        }
        c.fraction("ecn_threshold", s.ecn_threshold);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

impl QueueParams for HeavyCodelSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        c.packets("limit_packets", s.limit_packets);
        codel_times(c, s.target_ms, s.interval_ms);
        for (field, v) in [
            ("stat_int", s.stat_int),
            ("hist_len", s.hist_len),
            ("drop_int", s.drop_int),
        ] {
            if v == 0 || v > 1_000_000 {
                c.outside(field, 1u32, 1_000_000u32, v, "");
            }
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

impl QueueParams for WfqSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let mtu = c.link.mtu;
        let flows = c.link.flows;
        let link_rate_bps = c.link.rate_bps;
        c.packets("limit_packets", s.limit_packets);
        c.packets("flow_limit_packets", s.flow_limit_packets);
        if let Some(t) = s.discard_threshold_packets {
            // An early-drop threshold above the hold queue would never act.
            if t == 0 || t > s.limit_packets {
                c.outside(
                    "discard_threshold_packets",
                    1u32,
                    s.limit_packets.max(1),
                    t,
                    "packets",
                );
            }
        }
        c.weights("weights", &s.weights, flows);
        c.within("default_weight", s.default_weight, MIN_WEIGHT, 1e6, "");
        let mut seen = BTreeSet::new();
        let mut total = 0.0;
        for (i, r) in s.reservations.iter().enumerate() {
            let p = format!("reservations[{i}]");
            c.flow(&format!("{p}.flow"), &r.flow, flows);
            if !seen.insert(r.flow.as_str()) {
                let e = ValidationError::at(c.path(&format!("{p}.flow")), E::FlowReservedTwice)
                    .with("flow", &r.flow);
                c.errors.push(e);
            }
            c.within(
                &format!("{p}.rate_bps"),
                r.rate_bps,
                MIN_RATE_BPS,
                1e12,
                "b/s",
            );
            if r.rate_bps.is_finite() && r.rate_bps > 0.0 {
                total += r.rate_bps;
            }
            if let Some(b) = r.burst_bytes {
                bucket_depth(c, &format!("{p}.burst_bytes"), b, mtu);
            }
        }
        if link_rate_bps.is_finite() && total >= link_rate_bps {
            let e = ValidationError::at(c.path("reservations"), E::ReservationsExceedLink)
                .with("total", total)
                .with("rate", link_rate_bps);
            c.errors.push(e);
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

impl QueueParams for DrrSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let flows = c.link.flows;
        c.packets("limit_packets", s.limit_packets);
        if let Some(q) = s.quantum_bytes {
            if q == 0 || q > 1 << 20 {
                c.outside("quantum_bytes", 1u32, 1048576u32, q, "bytes");
            }
        }
        c.weights("weights", &s.weights, flows);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

impl QueueParams for PrioritySpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let flows = c.link.flows;
        c.packets("limit_packets", s.limit_packets);
        let mut seen = BTreeSet::new();
        for (i, fp) in s.priorities.iter().enumerate() {
            let p = format!("priorities[{i}]");
            c.flow(&format!("{p}.flow"), &fp.flow, flows);
            if !seen.insert(fp.flow.as_str()) {
                let e = ValidationError::at(c.path(&format!("{p}.flow")), E::FlowListedTwice)
                    .with("flow", &fp.flow);
                c.errors.push(e);
            }
            if fp.priority > 7 {
                c.outside(&format!("{p}.priority"), 0u32, 7u32, fp.priority, "");
            }
        }
        if s.default_priority > 7 {
            c.outside("default_priority", 0u32, 7u32, s.default_priority, "");
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        // Each priority level has its own FIFO of limit_packets (Linux prio).
        let mut levels: Vec<u8> = self.priorities.iter().map(|p| p.priority).collect();
        levels.push(self.default_priority);
        levels.sort_unstable();
        levels.dedup();
        (
            Some(u64::from(self.limit_packets) * levels.len() as u64),
            None,
        )
    }
}

impl QueueParams for TokenBucketSpec {
    fn check(&self, c: &mut QueueCheck) {
        let s = self;
        let mtu = c.link.mtu;
        c.packets("limit_packets", s.limit_packets);
        c.within("rate_bps", s.rate_bps, MIN_RATE_BPS, 1e12, "b/s");
        bucket_depth(c, "burst_bytes", s.burst_bytes, mtu);
        if let Some(p) = s.peak_rate_bps {
            c.within("peak_rate_bps", p, MIN_RATE_BPS, 1e12, "b/s");
            // Linux tbf_change: a peak rate must exceed the token rate.
            if p.is_finite() && s.rate_bps.is_finite() && p <= s.rate_bps {
                let e = relation(
                    c.path("peak_rate_bps"),
                    E::NotExceedingField,
                    "rate_bps",
                    s.rate_bps,
                    p,
                );
                c.errors.push(e);
            }
        }
        if let Some(m) = s.peak_burst_bytes {
            if s.peak_rate_bps.is_none() {
                c.err("peak_burst_bytes", E::PeakBurstNeedsRate);
            }
            bucket_depth(c, "peak_burst_bytes", m, mtu);
        }
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}

#[cfg(test)]
impl QueueParams for TestDummySpec {
    fn check(&self, c: &mut QueueCheck) {
        c.packets("limit_packets", self.limit_packets);
    }
    fn limits(&self) -> (Option<u64>, Option<u64>) {
        (Some(self.limit_packets.into()), None)
    }
}
fn byte_limit(c: &mut QueueCheck, field: &str, b: u64, mtu: u32) {
    if b < mtu as u64 || b > MAX_QUEUE_BYTES {
        let e = ValidationError::at(c.path(field), E::ByteLimitRange)
            .with("mtu", mtu)
            .with("value", b);
        c.errors.push(e);
    }
}

/// A bucket shallower than one MTU never lets a full-size packet conform.
fn bucket_depth(c: &mut QueueCheck, field: &str, b: u64, mtu: u32) {
    if b < mtu as u64 {
        let e = ValidationError::at(c.path(field), E::BucketBelowMtu)
            .with("mtu", mtu)
            .with("value", b);
        c.errors.push(e);
    } else if b > MAX_QUEUE_BYTES {
        c.value(field, E::AboveTenGigabytes, b);
    }
}

fn codel_times(c: &mut QueueCheck, target_ms: f64, interval_ms: f64) {
    c.positive("target_ms", target_ms, MAX_AQM_TIME_MS, "ms");
    c.positive("interval_ms", interval_ms, MAX_AQM_TIME_MS, "ms");
}
