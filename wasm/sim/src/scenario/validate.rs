//! Semantic validation of a parsed scenario. Every error names the field path
//! (as `flows[0].src`) and the reason, so the UI can show it next to the control.

use super::types::*;
use super::validate_link::check_link_impairments;
use super::SCHEMA_VERSION;
use crate::app::check::{check_source, SourceContext};
pub(super) use crate::error::relation;
pub use crate::error::ValidationError;
use crate::error::{check_floor, check_positive, check_range, ErrorCode as E};
use crate::queue::check::{check_queue, QueueContext};
use std::collections::{BTreeMap, BTreeSet};

/// Limits that keep a run within what a browser tab can hold (see docs/reliability.md).
pub const MAX_NODES: usize = 1000;
pub const MAX_LINKS: usize = 2000;
pub const MAX_FLOWS: usize = 1000;
pub const MAX_DURATION_S: f64 = 3600.0;
pub const MAX_SAMPLES: f64 = 1_000_000.0;
pub const MIN_MTU: u32 = 68; // RFC 791: every IPv4 module must forward 68-byte datagrams.
pub const MAX_MTU: u32 = 65_535;
/// MTU of Linux's loopback device (64 KiB since 3.6; 16436 before): the
/// MTU of a flow from a host to itself when the host has no link.
pub const LOOPBACK_MTU: u32 = 65_536;

/// The MTU a flow from `host` to itself runs at: the smallest MTU of the
/// host's links, or [`LOOPBACK_MTU`] for a host without links. Paper 000's
/// loopback test (Table 3.2) runs at an "equivalent MTU" (its recv() low-water
/// mark and send buffer are set to MTU − 60); taking it from the host's link
/// lets the one MTU control of the page set it, without `tcp.mss_bytes`.
pub fn loopback_mtu(s: &Scenario, host: &str) -> u32 {
    s.topology
        .links
        .iter()
        .filter(|l| l.a == host || l.b == host)
        .map(|l| l.mtu_bytes)
        .min()
        .unwrap_or(LOOPBACK_MTU)
}
pub const MAX_RATE_BPS: f64 = 1e12;
pub const MIN_RATE_BPS: f64 = 1.0;
pub const MAX_DELAY_MS: f64 = 10_000.0;
/// Floors for values just above zero, which rules that refuse zero let
/// through and which cost unbounded work or mean nothing physically
/// (docs/reliability.md, "Floors"). Time is counted in whole nanoseconds.
/// Shortest run: 1 µs.
pub const MIN_DURATION_S: f64 = 1e-6;
/// Shortest on or off period of an on/off source.
pub use crate::app::on_off::MIN_ON_OFF_S;

struct Checker {
    errors: Vec<ValidationError>,
}

impl Checker {
    fn push(&mut self, e: ValidationError) {
        self.errors.push(e);
    }

    fn err(&mut self, path: impl Into<String>, code: E) {
        self.errors.push(ValidationError::at(path, code));
    }

    fn range(&mut self, path: &str, v: f64, lo: f64, hi: f64, unit: &str) {
        check_range(&mut self.errors, path, v, lo, hi, unit);
    }

    fn positive(&mut self, path: &str, v: f64, hi: f64, unit: &str) {
        check_positive(&mut self.errors, path, v, hi, unit);
    }

    /// A positive value below `min` (zero itself is another rule's: `zero_ok`
    /// says which, for the message).
    fn floor(&mut self, path: &str, v: f64, min: f64, unit: &str, zero_ok: bool) {
        check_floor(&mut self.errors, path, v, min, unit, zero_ok);
    }

    fn id(&mut self, path: &str, id: &str) {
        if id.is_empty() {
            self.err(path, E::Empty);
        } else if id.chars().count() > 64 {
            self.push(ValidationError::at(path, E::TooLong).with("max", 64u32));
        } else if !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        {
            self.err(path, E::BadIdChars);
        }
    }
}

/// Every check of the fields and their relations, without the work limits.
pub fn validate_fields(s: &Scenario) -> Vec<ValidationError> {
    let mut c = Checker { errors: Vec::new() };
    if s.version != SCHEMA_VERSION {
        c.push(
            ValidationError::at("version", E::UnsupportedVersion)
                .with("expected", SCHEMA_VERSION)
                .with("value", s.version),
        );
    }
    // Limits in characters, as the messages say (70 kanji are 210 bytes).
    if s.name.chars().count() > 200 {
        c.push(ValidationError::at("name", E::TooLong).with("max", 200u32));
    }
    if s.description.chars().count() > 5000 {
        c.push(ValidationError::at("description", E::TooLong).with("max", 5000u32));
    }
    // Who wrote the file: short labels the page shows in a notice.
    if let Some(m) = &s.made_by {
        for (field, text) in [
            ("model", Some(&m.model)),
            ("trace_hash", m.trace_hash.as_ref()),
        ] {
            if text.is_some_and(|t| t.chars().count() > 64) {
                c.push(
                    ValidationError::at(format!("made_by.{field}"), E::TooLong).with("max", 64u32),
                );
            }
        }
    }
    c.positive("duration_s", s.duration_s, MAX_DURATION_S, "s");
    c.floor("duration_s", s.duration_s, MIN_DURATION_S, "s", false);
    c.positive("sample_interval_ms", s.sample_interval_ms, 60_000.0, "ms");
    if s.duration_s.is_finite()
        && s.sample_interval_ms.is_finite()
        && s.sample_interval_ms > 0.0
        && s.duration_s * 1000.0 / s.sample_interval_ms > MAX_SAMPLES
    {
        c.push(
            ValidationError::at("sample_interval_ms", E::TooManySamples).with("max", MAX_SAMPLES),
        );
    }

    let nodes = check_nodes(&mut c, &s.topology.nodes);
    // Id sets are filled by `insert` throughout validation (collecting would bring the
    // collector's sort along as more code in the .wasm).
    let mut flow_ids = BTreeSet::new();
    for f in &s.flows {
        flow_ids.insert(f.id.clone());
    }
    check_links(&mut c, &s.topology.links, &nodes, &flow_ids);
    check_flows(&mut c, s, &nodes);
    super::validate_cc::check_cc_rules(&mut c.errors, s, &nodes);
    c.errors.extend(super::host_check::check_hosts(s));
    c.errors
}

fn check_nodes(c: &mut Checker, nodes: &[Node]) -> BTreeMap<String, NodeKind> {
    let mut seen = BTreeMap::new();
    if nodes.len() > MAX_NODES {
        c.push(too_many("topology.nodes", MAX_NODES, "nodes"));
    }
    for (i, n) in nodes.iter().enumerate() {
        let p = format!("topology.nodes[{i}].id");
        c.id(&p, &n.id);
        if seen.insert(n.id.clone(), n.kind).is_some() {
            c.push(duplicate(p, "node", &n.id));
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
        c.push(too_many("topology.links", MAX_LINKS, "links"));
    }
    let mut ids = BTreeSet::new();
    for (i, l) in links.iter().enumerate() {
        let p = format!("topology.links[{i}]");
        c.id(&format!("{p}.id"), &l.id);
        if !ids.insert(l.id.clone()) {
            c.push(duplicate(format!("{p}.id"), "link", &l.id));
        }
        for (end, name) in [("a", &l.a), ("b", &l.b)] {
            if !nodes.contains_key(name) {
                c.push(
                    ValidationError::at(format!("{p}.{end}"), E::UnknownNode).with("node", name),
                );
            }
        }
        if l.a == l.b {
            c.err(format!("{p}.b"), E::SameLinkEnds);
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
            c.push(out_of_range(
                &format!("{p}.mtu_bytes"),
                MIN_MTU,
                MAX_MTU,
                l.mtu_bytes,
                "bytes",
            ));
        }
        let forward = QueueContext {
            mtu: l.mtu_bytes,
            rate_bps: l.rate_bps,
            flows,
        };
        check_queue(&mut c.errors, &format!("{p}.queue"), &l.queue, &forward);
        check_link_impairments(&mut c.errors, &p, l);
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

/// Header bytes in front of a TCP payload: IPv4 + TCP (+ the timestamp option).
pub fn tcp_header_bytes(timestamps: bool) -> u32 {
    40 + if timestamps { 12 } else { 0 }
}

/// IPv4 (20) + UDP (8) headers.
pub use crate::app::UDP_HEADER_BYTES;

fn check_tcp(c: &mut Checker, p: &str, t: &TcpOptions, path_mtu: Option<u32>) {
    let hdr = tcp_header_bytes(t.timestamps);
    if t.initial_window_segments == 0 || t.initial_window_segments > 1000 {
        c.push(out_of_range(
            &format!("{p}.initial_window_segments"),
            1u32,
            1000u32,
            t.initial_window_segments,
            "segments",
        ));
    }
    if let Some(ss) = t.initial_ssthresh_segments {
        if ss < 2 {
            c.push(
                ValidationError::at(
                    format!("{p}.initial_ssthresh_segments"),
                    E::SsthreshBelowTwo,
                )
                .with("value", ss),
            );
        }
    }
    let mss = match (t.mss_bytes, path_mtu) {
        (Some(m), _) if m == 0 || m > 65_495 => {
            c.push(out_of_range(
                &format!("{p}.mss_bytes"),
                1u32,
                65495u32,
                m,
                "bytes",
            ));
            None
        }
        (Some(m), Some(mtu)) if m + hdr > mtu && !t.ip_fragmentation => {
            c.push(
                ValidationError::at(format!("{p}.mss_bytes"), E::MssExceedsMtu)
                    .with("mss", m)
                    .with("headers", hdr)
                    .with("mtu", mtu)
                    .with("max", mtu.saturating_sub(hdr)),
            );
            None
        }
        (Some(m), _) => Some(m),
        (None, Some(mtu)) if mtu <= hdr => {
            c.push(ValidationError::at(p, E::MtuNoPayload).with("mtu", mtu));
            None
        }
        (None, mtu) => mtu.map(|m| m - hdr),
    };
    for (name, v) in [
        ("receive_buffer_bytes", t.receive_buffer_bytes),
        ("send_buffer_bytes", t.send_buffer_bytes),
    ] {
        let need = mss.unwrap_or(1) as u64;
        if v < need || v > 1 << 32 {
            c.push(
                ValidationError::at(format!("{p}.{name}"), E::BufferNotOneSegment)
                    .with("need", need)
                    .with("value", v),
            );
        }
    }
    if let Some(m) = t.peer.mss_bytes {
        // Linux TCP_MIN_MSS (88) to the largest IPv4 MSS.
        if !(88..=65_495).contains(&m) {
            c.push(out_of_range(
                &format!("{p}.peer.mss_bytes"),
                88u32,
                65495u32,
                m,
                "bytes",
            ));
        }
    }
    if let Some(ms) = t.min_rto_ms {
        c.positive(&format!("{p}.min_rto_ms"), ms, 60_000.0, "ms");
    }
    if t.rack_tlp == Some(true) && t.recovery != Recovery::Sack {
        // RFC 8985 §3: RACK-TLP works on the SACK scoreboard.
        c.err(format!("{p}.rack_tlp"), E::RackNeedsSack);
    }
    if t.frto == Some(true) && t.recovery != Recovery::Sack {
        // RFC 5682 §3: the lab runs the SACK-enhanced F-RTO only.
        c.err(format!("{p}.frto"), E::FrtoNeedsSack);
    }
    c.range(
        &format!("{p}.rack_reordering_window"),
        t.rack_reordering_window,
        0.0,
        1.0,
        "minimum RTTs",
    );
    c.range(
        &format!("{p}.timer_granularity_ms"),
        t.timer_granularity_ms,
        0.001,
        1000.0,
        "ms",
    );
    if let Some(u) = &t.user_level {
        let q = format!("{p}.user_level");
        let r = u.processing_rate_bps;
        if !r.is_finite() || r <= 0.0 {
            c.push(
                ValidationError::at(format!("{q}.processing_rate_bps"), E::ProcessingRateZero)
                    .with("value", r),
            );
        } else {
            c.range(
                &format!("{q}.processing_rate_bps"),
                r,
                MIN_RATE_BPS,
                MAX_RATE_BPS,
                "b/s",
            );
        }
        // One segment as the socket holds it: payload plus TCP/IP headers.
        let need = mss.map_or(1, |m| m as u64 + hdr as u64);
        if u.buffer_bytes < need || u.buffer_bytes > 1 << 32 {
            c.push(
                ValidationError::at(format!("{q}.buffer_bytes"), E::ReceiverBufferNotOneSegment)
                    .with("need", need)
                    .with("value", u.buffer_bytes),
            );
        }
    }
}

fn check_flows(c: &mut Checker, s: &Scenario, nodes: &BTreeMap<String, NodeKind>) {
    if s.flows.len() > MAX_FLOWS {
        c.push(too_many("flows", MAX_FLOWS, "flows"));
    }
    let mut ids = BTreeSet::new();
    let adjacency = super::routing::adjacency_by_id(&s.topology);
    // Every flow's route at once (one search per destination): None when an end is unknown.
    let ends: Vec<Option<(usize, usize)>> = s
        .flows
        .iter()
        .map(|f| Some((*adjacency.index.get(&f.src)?, *adjacency.index.get(&f.dst)?)))
        .collect();
    let pairs: Vec<(usize, usize)> = ends.iter().flatten().copied().collect();
    let mut found = adjacency.routes(&pairs).into_iter();
    let mut routes: Vec<Option<Vec<usize>>> = ends
        .iter()
        .map(|e| e.and_then(|_| found.next().flatten()))
        .collect();
    for (i, f) in s.flows.iter().enumerate() {
        let p = format!("flows[{i}]");
        c.id(&format!("{p}.id"), &f.id);
        if !ids.insert(f.id.clone()) {
            c.push(duplicate(format!("{p}.id"), "flow", &f.id));
        }
        let mut ends_ok = true;
        for (end, name) in [("src", &f.src), ("dst", &f.dst)] {
            match nodes.get(name) {
                None => {
                    c.push(
                        ValidationError::at(format!("{p}.{end}"), E::UnknownNode)
                            .with("node", name),
                    );
                    ends_ok = false;
                }
                Some(NodeKind::Router) => {
                    c.push(
                        ValidationError::at(format!("{p}.{end}"), E::RouterFlowEnd)
                            .with("node", name),
                    );
                    ends_ok = false;
                }
                Some(NodeKind::Host) => {}
            }
        }
        if f.src == f.dst {
            // A flow to itself runs over the loopback device of a modelled host
            // (paper 000 §3.4.2); an ideal host would loop in zero time.
            let node = s.topology.nodes.iter().find(|n| n.id == f.src);
            let host = node.and_then(|n| n.host.as_ref());
            let params = super::host_params::HostParams::for_node(host);
            if params.path != super::HostPathKind::Loopback || params.is_ideal() {
                c.err(format!("{p}.dst"), E::SameSrcDst);
                ends_ok = false;
            }
        }
        // The flow's route (None: no path) gives the path MTU.
        let route = if ends_ok && f.src != f.dst {
            routes[i].take()
        } else {
            None
        };
        if ends_ok && f.src != f.dst && route.is_none() {
            c.push(
                ValidationError::at(format!("{p}.dst"), E::NoPath)
                    .with("src", &f.src)
                    .with("dst", &f.dst),
            );
        }
        let path_mtu = if ends_ok && f.src == f.dst {
            Some(loopback_mtu(s, &f.src))
        } else {
            route.map(|hops| {
                hops.iter()
                    .map(|&ch| s.topology.links[ch / 2].mtu_bytes)
                    .min()
                    .unwrap_or(1500)
            })
        };
        let flow = SourceContext {
            protocol: f.protocol,
            path_mtu,
            max_time_s: MAX_DURATION_S,
            min_rate_bps: MIN_RATE_BPS,
            max_rate_bps: MAX_RATE_BPS,
        };
        check_source(&mut c.errors, &format!("{p}.source"), &f.source, &flow);
        if f.protocol == Protocol::Tcp {
            check_tcp(c, &format!("{p}.tcp"), &f.tcp, path_mtu);
            let opening = super::cc_rules::resolve_cc(s, i);
            if f.tcp.initial_ssthresh_segments.is_some()
                && opening.algorithm != CcAlgorithm::Newreno
            {
                let at = format!("{p}.tcp.initial_ssthresh_segments");
                c.push(match opening.rule {
                    Some(r) => ValidationError::at(at, E::SsthreshNewrenoOnlyRule)
                        .with("rule", r)
                        .with("cc", opening.algorithm.name()),
                    None => ValidationError::at(at, E::SsthreshNewrenoOnly),
                });
            }
        }
        c.errors
            .extend(f.cc_params.errors(&format!("{p}.cc_params")));
        super::validate_cc::check_flow_cc(&mut c.errors, s, i);
        if !f.start_s.is_finite() || f.start_s < 0.0 {
            c.err(format!("{p}.start_s"), E::Negative);
        } else if s.duration_s.is_finite() && f.start_s >= s.duration_s {
            c.push(
                ValidationError::at(format!("{p}.start_s"), E::StartAfterEnd)
                    .with("end", s.duration_s),
            );
        }
        check_start_jitter(c, s, f, &p);
    }
}

/// A random start's interval: finite, ≥ 0, and the latest start before the end
/// of the run.
fn check_start_jitter(c: &mut Checker, s: &Scenario, f: &Flow, p: &str) {
    let (jitter, at) = (f.start_jitter_s, format!("{p}.start_jitter_s"));
    if !jitter.is_finite() {
        c.err(at, E::NotFinite);
    } else if jitter < 0.0 {
        c.push(ValidationError::at(at, E::NegativeValue).with("value", jitter));
    } else if jitter > 0.0
        && f.start_s.is_finite()
        && s.duration_s.is_finite()
        && super::latest_start_s(f) >= s.duration_s
    {
        c.push(
            ValidationError::at(at, E::JitterAfterEnd)
                .with("end", s.duration_s)
                .with("value", super::latest_start_s(f)),
        );
    }
}

/// `value` outside [lo, hi] (`unit` may be empty).
pub(super) use crate::error::out_of_range;

/// More than `max` elements of a `kind` (`nodes`, `links`, …).
pub(super) fn too_many(path: &str, max: usize, kind: &str) -> ValidationError {
    ValidationError::at(path, E::TooMany)
        .with("max", max)
        .with("kind", kind)
}

fn duplicate(path: impl Into<String>, kind: &str, id: &str) -> ValidationError {
    ValidationError::at(path, E::DuplicateId)
        .with("kind", kind)
        .with("id", id)
}

#[cfg(test)]
mod cc_params_tests {
    use crate::cc::cubic::CubicPreset;
    use crate::scenario::{
        parse_scenario_without_work_limits as parse_scenario, CcAlgorithm, ValidationError,
    };

    /// A two-host scenario whose only flow has `flow_extra` spliced in.
    fn scenario(flow_extra: &str) -> String {
        format!(
            r#"{{"version": 1, "duration_s": 1,
                "topology": {{"nodes": [{{"id": "a", "kind": "host"}}, {{"id": "b", "kind": "host"}}],
                             "links": [{{"id": "l", "a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}}]}},
                "flows": [{{"id": "f", "src": "a", "dst": "b"{flow_extra}}}]}}"#
        )
    }

    fn errors(flow_extra: &str) -> Vec<ValidationError> {
        parse_scenario(&scenario(flow_extra)).expect_err("should be rejected")
    }

    #[test]
    fn newreno_is_the_default_and_a_plain_string_still_works() {
        let s = parse_scenario(&scenario("")).unwrap();
        assert_eq!(s.flows[0].cc, None, "omitted: rules decide, else newreno");
        assert_eq!(
            crate::scenario::resolve_cc(&s, 0).algorithm,
            CcAlgorithm::Newreno
        );
        assert!(s.flows[0].cc_params.is_default());
        let s = parse_scenario(&scenario(r#", "cc": "newreno""#)).unwrap();
        assert_eq!(s.flows[0].cc, Some(CcAlgorithm::Newreno));
        let json = crate::scenario::to_json(&s.flows[0]);
        assert!(
            !json.contains("cc_params"),
            "defaults are not written: {json}"
        );
    }

    #[test]
    fn bad_recovery_and_rto_settings_name_their_field() {
        for (extra, path) in [
            (r#", "tcp": {"rto": "solaris"}"#, "flows[0].tcp.rto"),
            (r#", "tcp": {"recovery": "fack"}"#, "flows[0].tcp.recovery"),
            (
                r#", "tcp": {"recovery_rate": "halving"}"#,
                "flows[0].tcp.recovery_rate",
            ),
            (r#", "tcp": {"min_rto_ms": 0}"#, "flows[0].tcp.min_rto_ms"),
            (
                r#", "tcp": {"min_rto_ms": -200}"#,
                "flows[0].tcp.min_rto_ms",
            ),
            (
                r#", "tcp": {"rack_reordering_window": 1.5}"#,
                "flows[0].tcp.rack_reordering_window",
            ),
            (
                r#", "tcp": {"rack_reordering_window": -0.1}"#,
                "flows[0].tcp.rack_reordering_window",
            ),
            (
                r#", "tcp": {"recovery": "newreno", "rack_tlp": true}"#,
                "flows[0].tcp.rack_tlp",
            ),
        ] {
            let e = errors(extra);
            assert_eq!(e.len(), 1, "{extra}: {e:?}");
            assert!(e[0].path.starts_with(path), "{extra}: {e:?}");
        }
        // RACK-TLP off with an older style is fine, and so is the RFC 6298 RTO.
        parse_scenario(&scenario(
            r#", "tcp": {"recovery": "newreno", "rack_tlp": false, "rto": "rfc6298", "min_rto_ms": 1000}"#,
        ))
        .unwrap();
    }

    #[test]
    fn every_algorithm_name_parses() {
        for a in CcAlgorithm::ALL {
            let name = a.name();
            let s = parse_scenario(&scenario(&format!(r#", "cc": "{name}""#)))
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(s.flows[0].cc, Some(*a));
            assert_eq!(
                crate::scenario::to_json(&s.flows[0].cc),
                format!("\"{name}\"")
            );
        }
    }

    #[test]
    fn unknown_algorithms_are_rejected_at_flows_cc() {
        let e = errors(r#", "cc": "tahoe""#);
        assert_eq!(e[0].path, "flows[0].cc");
        assert!(
            e[0].message.contains("tahoe") && e[0].message.contains("cubic"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn presets_and_parameters_parse_with_defaults_for_the_rest() {
        let s = parse_scenario(&scenario(
            r#", "cc": "cubic", "cc_params": {"cubic": {"preset": "paper002"}, "vegas": {"alpha": 1, "beta": 3}}"#,
        ))
        .unwrap();
        let p = &s.flows[0].cc_params;
        assert_eq!(p.cubic.as_ref().unwrap().preset, CubicPreset::Paper002);
        assert_eq!(p.cubic.as_ref().unwrap().c, None, "the preset decides");
        let v = p.vegas.as_ref().unwrap();
        assert_eq!((v.alpha, v.beta, v.gamma), (1.0, 3.0, 1.0));
    }

    #[test]
    fn unknown_parameters_are_rejected_with_their_path() {
        let e = errors(r#", "cc": "fast", "cc_params": {"fast": {"alhpa": 3}}"#);
        assert!(
            e[0].path.starts_with("flows[0].cc_params.fast"),
            "{}",
            e[0].path
        );
        assert!(e[0].message.contains("alhpa"), "{}", e[0].message);
        let e = errors(r#", "cc_params": {"cubic": {"preset": "linux4"}}"#);
        assert!(
            e[0].path.starts_with("flows[0].cc_params.cubic.preset"),
            "{}",
            e[0].path
        );
        assert!(e[0].message.contains("rfc9438"), "{}", e[0].message);
    }

    #[test]
    fn out_of_range_parameters_name_the_field_and_the_range() {
        let e = errors(r#", "cc": "fast", "cc_params": {"fast": {"alpha": -1}}"#);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].path, "flows[0].cc_params.fast.alpha");
        assert_eq!(e[0].message, "must be in (0, 100000], got -1");
        let e = errors(r#", "cc_params": {"cubic": {"beta": 1.0}, "e2e_feedback": {"k": 0}}"#);
        let paths: Vec<_> = e.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "flows[0].cc_params.cubic.beta",
                "flows[0].cc_params.e2e_feedback.k"
            ]
        );
        assert_eq!(e[0].message, "must be in (0, 1), got 1");
    }

    #[test]
    fn cross_field_rules() {
        let e = errors(r#", "cc_params": {"vegas": {"alpha": 5, "beta": 4}}"#);
        assert_eq!(e[0].path, "flows[0].cc_params.vegas.beta");
        assert_eq!(e[0].message, "must be at least alpha (5), got 4");
        let e = errors(r#", "cc_params": {"cubic": {"hystart": "fast"}}"#);
        assert_eq!(e[0].path, "flows[0].cc_params.cubic.hystart");
        assert!(e[0].message.contains("rfc9406"), "{}", e[0].message);
        let e = errors(r#", "tcp": {"slow_start": "abc"}"#);
        assert_eq!(e[0].path, "flows[0].tcp.slow_start");
        let e = errors(r#", "tcp": {"peer": {"mss_bytes": 20}}"#);
        assert_eq!(e[0].path, "flows[0].tcp.peer.mss_bytes");
        let e = errors(r#", "tcp": {"peer": {"sack": "no"}}"#);
        assert_eq!(e[0].path, "flows[0].tcp.peer.sack");
        let e = errors(r#", "cc_params": {"highspeed": {"low_window": 100, "high_window": 50}}"#);
        assert_eq!(e[0].path, "flows[0].cc_params.highspeed.high_window");
        let e = errors(r#", "cc_params": {"htcp": {"beta_min": 0.7, "beta_max": 0.6}}"#);
        assert_eq!(e[0].path, "flows[0].cc_params.htcp.beta_max");
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_json_schema_documents_the_parameters() {
        let schema = crate::scenario::json_schema();
        for word in [
            "cc_params",
            "paper002",
            "e2e_feedback",
            "receiver_rate",
            "westwood_plus",
            "gamma_auto_tune",
            "kelly2003",
        ] {
            assert!(schema.contains(word), "schema lacks {word}");
        }
    }
}
