//! Semantic validation of a parsed scenario. Every error names the field path
//! (as `flows[0].src`) and the reason, so the UI can show it next to the control.

use super::types::*;
use super::validate_queue::{check_queue, QueueContext};
use super::SCHEMA_VERSION;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Limits that keep a run within what a browser tab can hold (see docs/reliability.md).
pub const MAX_NODES: usize = 1000;
pub const MAX_LINKS: usize = 2000;
pub const MAX_FLOWS: usize = 1000;
pub const MAX_DURATION_S: f64 = 3600.0;
pub const MAX_SAMPLES: f64 = 1_000_000.0;
pub const MIN_MTU: u32 = 68; // RFC 791: every IPv4 module must forward 68-byte datagrams.
pub const MAX_MTU: u32 = 65_535;
pub const MAX_RATE_BPS: f64 = 1e12;
pub const MIN_RATE_BPS: f64 = 1.0;
pub const MAX_DELAY_MS: f64 = 10_000.0;

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// Field path such as `topology.links[1].rate_bps`; empty for the whole document.
    pub path: String,
    pub message: String,
}

impl ValidationError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ValidationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

struct Checker {
    errors: Vec<ValidationError>,
}

impl Checker {
    fn err(&mut self, path: impl Into<String>, msg: impl Into<String>) {
        self.errors.push(ValidationError::new(path, msg));
    }

    fn range(&mut self, path: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        if !v.is_finite() {
            self.err(path, "must be a finite number");
        } else if v < lo || v > hi {
            self.err(
                path,
                format!("must be between {lo} and {hi} {unit}, got {v}"),
            );
        }
    }

    fn positive(&mut self, path: &str, v: f64, hi: f64, unit: &str) {
        if !v.is_finite() {
            self.err(path, "must be a finite number");
        } else if v <= 0.0 {
            self.err(path, format!("must be greater than 0 {unit}, got {v}"));
        } else if v > hi {
            self.err(path, format!("must be at most {hi} {unit}, got {v}"));
        }
    }

    fn id(&mut self, path: &str, id: &str) {
        if id.is_empty() {
            self.err(path, "must not be empty");
        } else if id.len() > 64 {
            self.err(path, "must be at most 64 characters");
        } else if !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        {
            self.err(path, "may contain only letters, digits, '-', '_' and '.'");
        }
    }
}

pub fn validate(s: &Scenario) -> Vec<ValidationError> {
    let mut c = Checker { errors: Vec::new() };
    if s.version != SCHEMA_VERSION {
        c.err(
            "version",
            format!(
                "this build reads version {SCHEMA_VERSION}, got {}",
                s.version
            ),
        );
    }
    if s.name.len() > 200 {
        c.err("name", "must be at most 200 characters");
    }
    if s.description.len() > 5000 {
        c.err("description", "must be at most 5000 characters");
    }
    c.positive("duration_s", s.duration_s, MAX_DURATION_S, "s");
    c.positive("sample_interval_ms", s.sample_interval_ms, 60_000.0, "ms");
    if s.duration_s.is_finite()
        && s.sample_interval_ms.is_finite()
        && s.sample_interval_ms > 0.0
        && s.duration_s * 1000.0 / s.sample_interval_ms > MAX_SAMPLES
    {
        c.err(
            "sample_interval_ms",
            format!("gives more than {MAX_SAMPLES} samples over duration_s; use a larger interval"),
        );
    }

    let nodes = check_nodes(&mut c, &s.topology.nodes);
    let flow_ids: BTreeSet<String> = s.flows.iter().map(|f| f.id.clone()).collect();
    check_links(&mut c, &s.topology.links, &nodes, &flow_ids);
    check_flows(&mut c, s, &nodes);
    c.errors
}

fn check_nodes(c: &mut Checker, nodes: &[Node]) -> BTreeMap<String, NodeKind> {
    let mut seen = BTreeMap::new();
    if nodes.len() > MAX_NODES {
        c.err("topology.nodes", format!("at most {MAX_NODES} nodes"));
    }
    for (i, n) in nodes.iter().enumerate() {
        let p = format!("topology.nodes[{i}].id");
        c.id(&p, &n.id);
        if seen.insert(n.id.clone(), n.kind).is_some() {
            c.err(p, format!("duplicate node id '{}'", n.id));
        }
    }
    seen
}

fn check_links(
    c: &mut Checker,
    links: &[Link],
    nodes: &BTreeMap<String, NodeKind>,
    flows: &BTreeSet<String>,
) {
    if links.len() > MAX_LINKS {
        c.err("topology.links", format!("at most {MAX_LINKS} links"));
    }
    let mut ids = BTreeMap::new();
    for (i, l) in links.iter().enumerate() {
        let p = format!("topology.links[{i}]");
        c.id(&format!("{p}.id"), &l.id);
        if ids.insert(l.id.clone(), ()).is_some() {
            c.err(format!("{p}.id"), format!("duplicate link id '{}'", l.id));
        }
        for (end, name) in [("a", &l.a), ("b", &l.b)] {
            if !nodes.contains_key(name) {
                c.err(format!("{p}.{end}"), format!("unknown node '{name}'"));
            }
        }
        if l.a == l.b {
            c.err(format!("{p}.b"), "a link must join two different nodes");
        }
        c.range(
            &format!("{p}.rate_bps"),
            l.rate_bps,
            MIN_RATE_BPS,
            MAX_RATE_BPS,
            "b/s",
        );
        c.range(
            &format!("{p}.delay_ms"),
            l.delay_ms,
            0.0,
            MAX_DELAY_MS,
            "ms",
        );
        if l.mtu_bytes < MIN_MTU || l.mtu_bytes > MAX_MTU {
            c.err(
                format!("{p}.mtu_bytes"),
                format!(
                    "must be between {MIN_MTU} and {MAX_MTU} bytes, got {}",
                    l.mtu_bytes
                ),
            );
        }
        let forward = QueueContext {
            mtu: l.mtu_bytes,
            rate_bps: l.rate_bps,
            flows,
        };
        check_queue(&mut c.errors, &format!("{p}.queue"), &l.queue, &forward);
        if let Some(r) = &l.reverse {
            if let Some(rate) = r.rate_bps {
                c.range(
                    &format!("{p}.reverse.rate_bps"),
                    rate,
                    MIN_RATE_BPS,
                    MAX_RATE_BPS,
                    "b/s",
                );
            }
            if let Some(q) = &r.queue {
                let reverse = QueueContext {
                    rate_bps: r.rate_bps.unwrap_or(l.rate_bps),
                    ..forward
                };
                check_queue(&mut c.errors, &format!("{p}.reverse.queue"), q, &reverse);
            }
        }
    }
}

fn check_flows(c: &mut Checker, s: &Scenario, nodes: &BTreeMap<String, NodeKind>) {
    if s.flows.len() > MAX_FLOWS {
        c.err("flows", format!("at most {MAX_FLOWS} flows"));
    }
    let mut ids = BTreeMap::new();
    let adjacency = super::super::net::routing::adjacency_by_id(&s.topology);
    for (i, f) in s.flows.iter().enumerate() {
        let p = format!("flows[{i}]");
        c.id(&format!("{p}.id"), &f.id);
        if ids.insert(f.id.clone(), ()).is_some() {
            c.err(format!("{p}.id"), format!("duplicate flow id '{}'", f.id));
        }
        let mut ends_ok = true;
        for (end, name) in [("src", &f.src), ("dst", &f.dst)] {
            match nodes.get(name) {
                None => {
                    c.err(format!("{p}.{end}"), format!("unknown node '{name}'"));
                    ends_ok = false;
                }
                Some(NodeKind::Router) => {
                    c.err(
                        format!("{p}.{end}"),
                        format!("'{name}' is a router; flows run between hosts"),
                    );
                    ends_ok = false;
                }
                Some(NodeKind::Host) => {}
            }
        }
        if f.src == f.dst {
            c.err(format!("{p}.dst"), "must differ from src");
            ends_ok = false;
        }
        if ends_ok && !adjacency.reachable(&f.src, &f.dst) {
            c.err(
                format!("{p}.dst"),
                format!("no path from '{}' to '{}'", f.src, f.dst),
            );
        }
        if !f.start_s.is_finite() || f.start_s < 0.0 {
            c.err(format!("{p}.start_s"), "must be a number ≥ 0");
        } else if s.duration_s.is_finite() && f.start_s >= s.duration_s {
            c.err(
                format!("{p}.start_s"),
                format!("must be before the end of the run ({} s)", s.duration_s),
            );
        }
    }
}
