//! Validation of the congestion-control choices beyond one flow's
//! `cc_params`: the scenario's `cc_rules`, each flow's ports and its
//! `cc_switches`. Errors name the field path and what is allowed.

use super::cc_rules::glob_match;
use super::types::{CcRule, NodeKind, PortRange, Protocol, Scenario, SwitchTrigger};
use super::validate::{relation, too_many};
use super::ValidationError;
use crate::error::ErrorCode as E;
use std::collections::BTreeMap;

/// At most this many rules (TranSwitch keeps its table in the kernel; a
/// lesson needs a handful).
pub const MAX_CC_RULES: usize = 256;
/// At most this many switches per flow.
pub const MAX_CC_SWITCHES: usize = 64;
/// Largest srtt_above threshold, ms.
pub const MAX_SWITCH_SRTT_MS: f64 = 60_000.0;

fn err(errors: &mut Vec<ValidationError>, path: impl Into<String>, code: E) {
    errors.push(ValidationError::at(path, code));
}

/// `cc_rules`: host patterns that name (or match) a host, sane port ranges,
/// parameters in range.
pub(super) fn check_cc_rules(
    errors: &mut Vec<ValidationError>,
    s: &Scenario,
    nodes: &BTreeMap<String, NodeKind>,
) {
    if s.cc_rules.len() > MAX_CC_RULES {
        errors.push(too_many("cc_rules", MAX_CC_RULES, "rules"));
    }
    for (i, r) in s.cc_rules.iter().enumerate() {
        let p = format!("cc_rules[{i}]");
        check_pattern(errors, &format!("{p}.src"), &r.src, nodes);
        check_pattern(errors, &format!("{p}.dst"), &r.dst, nodes);
        check_ports(errors, &format!("{p}.src_ports"), r.src_ports);
        check_ports(errors, &format!("{p}.dst_ports"), r.dst_ports);
        errors.extend(r.cc_params.errors(&format!("{p}.cc_params")));
        if let Some(j) = shadowed_by(s, i) {
            errors.push(ValidationError::at(p, E::RuleShadowed).with("rule", j));
        }
    }
}

/// An earlier rule that covers everything rule `i` covers (wildcard hosts
/// and wider or absent port ranges), if any.
fn shadowed_by(s: &Scenario, i: usize) -> Option<usize> {
    let r = &s.cc_rules[i];
    s.cc_rules[..i].iter().position(|e| covers(e, r))
}

fn covers(e: &CcRule, r: &CcRule) -> bool {
    let host = |pe: &str, pr: &str| pe == "*" || (pe == pr && !pe.contains('*'));
    let ports = |pe: Option<PortRange>, pr: Option<PortRange>| match (pe, pr) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a.from <= b.from && b.last() <= a.last(),
    };
    host(&e.src, &r.src)
        && host(&e.dst, &r.dst)
        && ports(e.src_ports, r.src_ports)
        && ports(e.dst_ports, r.dst_ports)
}

/// A host pattern: a node id, or `*` wildcards in node-id characters, that
/// names or matches at least one host.
fn check_pattern(
    errors: &mut Vec<ValidationError>,
    path: &str,
    pattern: &str,
    nodes: &BTreeMap<String, NodeKind>,
) {
    if pattern.is_empty() || pattern.chars().count() > 64 {
        err(errors, path, E::BadPattern);
        return;
    }
    if !pattern
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '*'))
    {
        err(errors, path, E::BadPatternChars);
        return;
    }
    if !pattern.contains('*') {
        match nodes.get(pattern) {
            None => errors.push(ValidationError::at(path, E::UnknownNode).with("node", pattern)),
            Some(NodeKind::Router) => {
                errors.push(ValidationError::at(path, E::RouterInRule).with("node", pattern))
            }
            Some(NodeKind::Host) => {}
        }
    } else if !nodes
        .iter()
        .any(|(id, k)| *k == NodeKind::Host && glob_match(pattern, id))
    {
        errors.push(ValidationError::at(path, E::PatternMatchesNoHost).with("pattern", pattern));
    }
}

fn check_ports(errors: &mut Vec<ValidationError>, path: &str, r: Option<PortRange>) {
    let Some(r) = r else { return };
    if r.from == 0 {
        err(errors, format!("{path}.from"), E::RulePortZero);
    }
    if r.last() < r.from {
        errors.push(relation(
            format!("{path}.to"),
            E::BelowField,
            "from",
            r.from,
            r.last(),
        ));
    }
}

/// Flow `i`'s ports and `cc_switches`.
pub(super) fn check_flow_cc(errors: &mut Vec<ValidationError>, s: &Scenario, i: usize) {
    let f = &s.flows[i];
    let p = format!("flows[{i}]");
    for (name, port) in [("src_port", f.src_port), ("dst_port", f.dst_port)] {
        if port == Some(0) {
            err(errors, format!("{p}.{name}"), E::PortZero);
        }
    }
    if f.cc_switches.is_empty() {
        return;
    }
    if f.protocol != Protocol::Tcp {
        err(errors, format!("{p}.cc_switches"), E::SwitchNotTcp);
        return;
    }
    if f.cc_switches.len() > MAX_CC_SWITCHES {
        errors.push(too_many(
            &format!("{p}.cc_switches"),
            MAX_CC_SWITCHES,
            "switches",
        ));
    }
    // A switch comes after the flow opens, wherever a random start puts it.
    let opens = super::latest_start_s(f);
    for (k, sw) in f.cc_switches.iter().enumerate() {
        let q = format!("{p}.cc_switches[{k}].when");
        match sw.when {
            SwitchTrigger::At { at_s } => {
                let ok = at_s.is_finite() && at_s >= opens && at_s < s.duration_s;
                if !ok {
                    errors.push(
                        ValidationError::at(format!("{q}.at_s"), E::SwitchTime)
                            .with("start", opens)
                            .with("end", s.duration_s)
                            .with("value", at_s),
                    );
                }
            }
            SwitchTrigger::SrttAbove { srtt_ms } => {
                if !srtt_ms.is_finite() || srtt_ms <= 0.0 || srtt_ms > MAX_SWITCH_SRTT_MS {
                    errors.push(
                        ValidationError::at(format!("{q}.srtt_ms"), E::NotInOpenClosed)
                            .with("min", 0u32)
                            .with("max", MAX_SWITCH_SRTT_MS)
                            .with("value", srtt_ms)
                            .unit("ms"),
                    );
                }
            }
            SwitchTrigger::LossRateAbove {
                loss_rate,
                window_s,
            } => {
                if !(0.0..1.0).contains(&loss_rate) {
                    errors.push(
                        ValidationError::at(format!("{q}.loss_rate"), E::LossRateRange)
                            .with("value", loss_rate),
                    );
                }
                let longest = s.duration_s - opens;
                let ok = window_s.is_finite() && window_s >= 0.001 && window_s <= longest;
                if !ok {
                    errors.push(
                        ValidationError::at(format!("{q}.window_s"), E::SwitchWindow)
                            .with("max", longest)
                            .with("value", window_s),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::{parse_scenario_without_work_limits as parse_scenario, ValidationError};

    /// Hosts a, b and router r; one flow a→b with `flow_extra`; `cc_rules` = `rules`.
    fn scenario(rules: &str, flow_extra: &str) -> String {
        format!(
            r#"{{"version": 1, "duration_s": 10, "cc_rules": {rules},
                "topology": {{"nodes": [{{"id": "a", "kind": "host"}}, {{"id": "b", "kind": "host"}},
                                        {{"id": "r", "kind": "router"}}],
                             "links": [{{"id": "l1", "a": "a", "b": "r", "rate_bps": 1e6, "delay_ms": 10}},
                                       {{"id": "l2", "a": "r", "b": "b", "rate_bps": 1e6, "delay_ms": 10}}]}},
                "flows": [{{"id": "f", "src": "a", "dst": "b"{flow_extra}}}]}}"#
        )
    }

    fn errors(rules: &str, flow_extra: &str) -> Vec<ValidationError> {
        parse_scenario(&scenario(rules, flow_extra)).expect_err("should be refused")
    }

    fn paths(e: &[ValidationError]) -> Vec<&str> {
        e.iter().map(|e| e.path.as_str()).collect()
    }

    #[test]
    fn good_rules_and_switches_parse() {
        let s = parse_scenario(&scenario(
            r#"[{"src": "a", "dst": "*", "dst_ports": {"from": 5000, "to": 5010}, "cc": "cubic",
                 "cc_params": {"cubic": {"preset": "linux"}}}]"#,
            r#", "cc_switches": [{"cc": "bbr", "when": {"kind": "at", "at_s": 5}},
                                 {"cc": "vegas", "when": {"kind": "srtt_above", "srtt_ms": 80}},
                                 {"cc": "newreno", "when": {"kind": "loss_rate_above", "loss_rate": 0.01, "window_s": 1}}]"#,
        ))
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.cc_rules.len(), 1);
        assert_eq!(s.flows[0].cc_switches.len(), 3);
        let json = crate::scenario::to_json(&s);
        let again = parse_scenario(&json).unwrap();
        assert_eq!(again, s, "round trip");
    }

    #[test]
    fn an_unknown_algorithm_in_a_rule_lists_the_allowed_names() {
        let e = errors(r#"[{"cc": "reno"}]"#, "");
        assert_eq!(e[0].path, "cc_rules[0].cc");
        assert!(
            e[0].message.contains("reno") && e[0].message.contains("westwood_plus"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn an_unknown_algorithm_in_a_switch_names_its_path() {
        let e = errors(
            "[]",
            r#", "cc_switches": [{"cc": "warp", "when": {"kind": "at", "at_s": 1}}]"#,
        );
        assert_eq!(e[0].path, "flows[0].cc_switches[0].cc");
        assert!(e[0].message.contains("cubic"), "{}", e[0].message);
        let e = errors(
            "[]",
            r#", "cc_switches": [{"cc": "bbr", "when": {"kind": "sometimes"}}]"#,
        );
        assert_eq!(e[0].path, "flows[0].cc_switches[0].when.kind");
        assert!(
            e[0].message.contains("srtt_above") && e[0].message.contains("loss_rate_above"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn rule_hosts_must_name_or_match_a_host() {
        let e = errors(
            r#"[{"src": "x", "cc": "bbr"}, {"dst": "z*", "cc": "bbr"}, {"src": "r", "cc": "bbr"},
                {"src": "a b", "cc": "bbr"}]"#,
            "",
        );
        assert_eq!(
            paths(&e),
            [
                "cc_rules[0].src",
                "cc_rules[1].dst",
                "cc_rules[2].src",
                "cc_rules[3].src"
            ]
        );
        assert_eq!(e[0].message, "unknown node 'x'");
        assert_eq!(e[1].message, "'z*' matches no host");
        assert!(e[2].message.contains("router"), "{}", e[2].message);
    }

    #[test]
    fn port_ranges_and_ports_are_checked() {
        let e = errors(
            r#"[{"src_ports": {"from": 0}, "cc": "bbr"}, {"dst_ports": {"from": 90, "to": 80}, "cc": "bbr"}]"#,
            r#", "dst_port": 0"#,
        );
        assert_eq!(
            paths(&e),
            [
                "flows[0].dst_port",
                "cc_rules[0].src_ports.from",
                "cc_rules[1].dst_ports.to"
            ]
        );
        assert_eq!(e[2].message, "must be at least from (90), got 80");
        let e = errors("[]", r#", "src_port": 70000"#);
        assert_eq!(e[0].path, "flows[0].src_port");
    }

    #[test]
    fn rule_parameters_out_of_range_name_the_field_and_range() {
        let e = errors(
            r#"[{"cc": "vegas", "cc_params": {"vegas": {"alpha": 5, "beta": 4}}}]"#,
            "",
        );
        assert_eq!(e[0].path, "cc_rules[0].cc_params.vegas.beta");
        assert_eq!(e[0].message, "must be at least alpha (5), got 4");
        let e = errors(
            r#"[{"cc": "fast", "cc_params": {"fast": {"gamma": 2}}}]"#,
            "",
        );
        assert_eq!(e[0].path, "cc_rules[0].cc_params.fast.gamma");
        assert_eq!(e[0].message, "must be in (0, 1], got 2");
    }

    #[test]
    fn a_rule_behind_a_wider_one_is_refused() {
        let e = errors(
            r#"[{"src": "*", "cc": "cubic"}, {"src": "a", "dst_ports": {"from": 80}, "cc": "bbr"}]"#,
            "",
        );
        assert_eq!(e[0].path, "cc_rules[1]");
        assert!(e[0].message.contains("cc_rules[0]"), "{}", e[0].message);
    }

    #[test]
    fn switch_triggers_are_checked() {
        let e = errors(
            "[]",
            r#", "start_s": 1, "cc_switches": [
                {"cc": "bbr", "when": {"kind": "at", "at_s": 0.5}},
                {"cc": "bbr", "when": {"kind": "at", "at_s": 10}},
                {"cc": "bbr", "when": {"kind": "srtt_above", "srtt_ms": 0}},
                {"cc": "bbr", "when": {"kind": "loss_rate_above", "loss_rate": 1.5, "window_s": 0}}]"#,
        );
        assert_eq!(
            paths(&e),
            [
                "flows[0].cc_switches[0].when.at_s",
                "flows[0].cc_switches[1].when.at_s",
                "flows[0].cc_switches[2].when.srtt_ms",
                "flows[0].cc_switches[3].when.loss_rate",
                "flows[0].cc_switches[3].when.window_s",
            ]
        );
        assert!(e[0].message.contains("[1, 10)"), "{}", e[0].message);
    }

    #[test]
    fn udp_flows_cannot_switch() {
        let e = errors(
            "[]",
            r#", "protocol": "udp", "source": {"kind": "cbr", "packet_bytes": 100, "interval_ms": 10},
               "cc_switches": [{"cc": "bbr", "when": {"kind": "at", "at_s": 1}}]"#,
        );
        assert_eq!(paths(&e), ["flows[0].cc_switches"]);
    }

    #[test]
    fn a_rule_giving_a_non_newreno_algorithm_refuses_an_initial_ssthresh() {
        let e = errors(
            r#"[{"cc": "cubic"}]"#,
            r#", "tcp": {"initial_ssthresh_segments": 8}"#,
        );
        assert_eq!(e[0].path, "flows[0].tcp.initial_ssthresh_segments");
        assert!(e[0].message.contains("cc_rules[0]"), "{}", e[0].message);
    }
}
