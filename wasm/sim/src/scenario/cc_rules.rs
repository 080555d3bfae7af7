//! Which congestion-control algorithm a TCP flow opens with: its own `cc`,
//! else the first matching entry of the scenario's `cc_rules` (the
//! TranSwitch rules of paper 004 §5.3: source and destination host, with `*`
//! wildcards, and port ranges), else newreno. Also the flows' ports.
//!
//! Precedence, chosen here (paper 004 leaves overlaps open): rules are tried
//! in list order and the first match wins, like a firewall table; a flow's
//! explicit `cc` wins over every rule, as a socket's own TCP_CONGESTION
//! setting wins over a route's `congctl` in Linux. A rule fills only the
//! `cc_params` blocks the flow leaves out.

use super::types::{CcAlgorithm, CcParams, CcRule, Flow, Protocol, Scenario};

/// RFC 6335 §6: the dynamic (ephemeral) ports start at 49152.
pub const DYNAMIC_PORT_BASE: u16 = 49152;
/// Ports in the dynamic range 49152–65535.
pub const DYNAMIC_PORT_COUNT: usize = 16384;
/// iperf's default port (papers 002 and 004 measured with iperf).
pub const DEFAULT_DST_PORT: u16 = 5001;

/// The source port of flow `i`: its own, else 49152 + i (wrapping in the dynamic range).
pub fn src_port(s: &Scenario, i: usize) -> u16 {
    s.flows[i]
        .src_port
        .unwrap_or(DYNAMIC_PORT_BASE + (i % DYNAMIC_PORT_COUNT) as u16)
}

/// The destination port of flow `i`: its own, else 5001.
pub fn dst_port(s: &Scenario, i: usize) -> u16 {
    s.flows[i].dst_port.unwrap_or(DEFAULT_DST_PORT)
}

/// The algorithm a flow opens with, its parameters, and where they came from.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedCc {
    pub algorithm: CcAlgorithm,
    /// The flow's `cc_params`, with blocks it leaves out taken from the rule.
    pub params: CcParams,
    /// Index of the rule in `cc_rules` that chose the algorithm, if one did.
    pub rule: Option<usize>,
}

/// Resolve flow `i` (see the module docs for the precedence).
pub fn resolve_cc(s: &Scenario, i: usize) -> ResolvedCc {
    let f = &s.flows[i];
    if let Some(algorithm) = f.cc {
        return ResolvedCc {
            algorithm,
            params: f.cc_params.clone(),
            rule: None,
        };
    }
    if f.protocol == Protocol::Tcp {
        let (sp, dp) = (src_port(s, i), dst_port(s, i));
        if let Some((ri, r)) = s
            .cc_rules
            .iter()
            .enumerate()
            .find(|(_, r)| rule_matches(r, f, sp, dp))
        {
            return ResolvedCc {
                algorithm: r.cc,
                params: f.cc_params.or(&r.cc_params),
                rule: Some(ri),
            };
        }
    }
    ResolvedCc {
        algorithm: CcAlgorithm::Newreno,
        params: f.cc_params.clone(),
        rule: None,
    }
}

/// Does `rule` cover a flow with these ends and ports?
pub fn rule_matches(rule: &CcRule, f: &Flow, src_port: u16, dst_port: u16) -> bool {
    glob_match(&rule.src, &f.src)
        && glob_match(&rule.dst, &f.dst)
        && rule.src_ports.is_none_or(|r| r.contains(src_port))
        && rule.dst_ports.is_none_or(|r| r.contains(dst_port))
}

/// `*` matches any run of characters (also none); every other character
/// matches itself. Iterative with one backtrack point, so linear-ish and
/// without recursion.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Every algorithm flow `i` may run, in first-use order: the one it opens
/// with, then each `cc_switches` target not seen before.
pub fn algorithms_of(s: &Scenario, i: usize) -> Vec<CcAlgorithm> {
    let mut v = vec![resolve_cc(s, i).algorithm];
    for sw in &s.flows[i].cc_switches {
        if !v.contains(&sw.cc) {
            v.push(sw.cc);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse_scenario_without_work_limits as parse_scenario;

    #[test]
    fn star_matches_any_run_of_characters() {
        assert!(glob_match("*", ""));
        assert!(glob_match("*", "s1"));
        assert!(glob_match("s*", "s12"));
        assert!(glob_match("s*", "s"));
        assert!(!glob_match("s*", "r1"));
        assert!(glob_match("*-wifi", "laptop-wifi"));
        assert!(glob_match("a*b*c", "a-x-b-y-c"));
        assert!(!glob_match("a*b*c", "a-x-c-y-b"));
        assert!(glob_match("srv", "srv"));
        assert!(!glob_match("srv", "srv2"));
        assert!(glob_match("**x", "x"));
    }

    /// Hosts a1, a2, b; a router; flows f0 a1→b, f1 a2→b, f2 b→a1 (UDP), f3 a1→b.
    fn scenario(rules: &str, flows_extra: [&str; 4]) -> Scenario {
        let json = format!(
            r#"{{"version": 1, "duration_s": 1, "cc_rules": {rules},
              "topology": {{"nodes": [{{"id": "a1", "kind": "host"}}, {{"id": "a2", "kind": "host"}},
                                      {{"id": "b", "kind": "host"}}, {{"id": "r", "kind": "router"}}],
                           "links": [{{"id": "l1", "a": "a1", "b": "r", "rate_bps": 1e6, "delay_ms": 1}},
                                     {{"id": "l2", "a": "a2", "b": "r", "rate_bps": 1e6, "delay_ms": 1}},
                                     {{"id": "l3", "a": "r", "b": "b", "rate_bps": 1e6, "delay_ms": 1}}]}},
              "flows": [{{"id": "f0", "src": "a1", "dst": "b"{}}},
                        {{"id": "f1", "src": "a2", "dst": "b"{}}},
                        {{"id": "f2", "src": "b", "dst": "a1", "protocol": "udp",
                          "source": {{"kind": "cbr", "packet_bytes": 100, "interval_ms": 10}}{}}},
                        {{"id": "f3", "src": "a1", "dst": "b"{}}}]}}"#,
            flows_extra[0], flows_extra[1], flows_extra[2], flows_extra[3]
        );
        parse_scenario(&json).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn algorithms(s: &Scenario) -> Vec<(CcAlgorithm, Option<usize>)> {
        (0..s.flows.len())
            .map(|i| {
                let r = resolve_cc(s, i);
                (r.algorithm, r.rule)
            })
            .collect()
    }

    #[test]
    fn ports_default_to_the_dynamic_range_and_iperf() {
        let s = scenario("[]", ["", r#", "src_port": 1234, "dst_port": 80"#, "", ""]);
        assert_eq!((src_port(&s, 0), dst_port(&s, 0)), (49152, 5001));
        assert_eq!((src_port(&s, 1), dst_port(&s, 1)), (1234, 80));
        assert_eq!(src_port(&s, 3), 49155, "49152 + position in flows");
    }

    #[test]
    fn no_rule_and_no_cc_means_newreno() {
        let s = scenario("[]", ["", "", "", ""]);
        assert!(algorithms(&s)
            .iter()
            .all(|&a| a == (CcAlgorithm::Newreno, None)));
    }

    #[test]
    fn the_first_matching_rule_wins_and_wildcards_match_node_ids() {
        let s = scenario(
            r#"[{"src": "a2", "cc": "vegas"},
                {"src": "a*", "dst": "b", "cc": "cubic"},
                {"cc": "bbr"}]"#,
            ["", "", "", ""],
        );
        assert_eq!(
            algorithms(&s),
            [
                (CcAlgorithm::Cubic, Some(1)),
                (CcAlgorithm::Vegas, Some(0)),
                (CcAlgorithm::Newreno, None), // UDP: rules never apply
                (CcAlgorithm::Cubic, Some(1)),
            ]
        );
    }

    #[test]
    fn port_ranges_are_inclusive() {
        let s = scenario(
            r#"[{"dst_ports": {"from": 100, "to": 200}, "cc": "fast"},
                {"src_ports": {"from": 49155}, "cc": "westwood_plus"}]"#,
            [
                r#", "dst_port": 100"#,
                r#", "dst_port": 201"#,
                "",
                r#", "dst_port": 200"#,
            ],
        );
        let a = algorithms(&s);
        assert_eq!(a[0], (CcAlgorithm::Fast, Some(0)));
        assert_eq!(a[1], (CcAlgorithm::Newreno, None));
        assert_eq!(a[3], (CcAlgorithm::Fast, Some(0)), "first match wins");
        let s = scenario(
            r#"[{"src_ports": {"from": 49155}, "cc": "westwood_plus"}]"#,
            ["", "", "", ""],
        );
        assert_eq!(
            algorithms(&s)[3],
            (CcAlgorithm::WestwoodPlus, Some(0)),
            "f3's default source port is 49155"
        );
    }

    #[test]
    fn an_explicit_cc_wins_over_every_rule() {
        let s = scenario(
            r#"[{"cc": "bbr"}]"#,
            [r#", "cc": "newreno""#, r#", "cc": "compound""#, "", ""],
        );
        let a = algorithms(&s);
        assert_eq!(a[0], (CcAlgorithm::Newreno, None));
        assert_eq!(a[1], (CcAlgorithm::Compound, None));
        assert_eq!(a[3], (CcAlgorithm::Bbr, Some(0)));
    }

    #[test]
    fn the_flows_parameter_blocks_win_and_the_rule_fills_the_rest() {
        let s = scenario(
            r#"[{"cc": "cubic", "cc_params": {"cubic": {"preset": "linux"}, "vegas": {"alpha": 1, "beta": 3}}}]"#,
            [
                r#", "cc_params": {"cubic": {"preset": "paper002"}}"#,
                "",
                "",
                "",
            ],
        );
        let r = resolve_cc(&s, 0);
        assert_eq!(
            r.params.cubic.unwrap().preset,
            crate::cc::cubic::CubicPreset::Paper002
        );
        assert_eq!(r.params.vegas.unwrap().alpha, 1.0);
        let r = resolve_cc(&s, 1);
        assert_eq!(
            r.params.cubic.unwrap().preset,
            crate::cc::cubic::CubicPreset::Linux
        );
    }

    #[test]
    fn a_flow_may_run_its_opening_algorithm_and_each_switch_target() {
        let s = scenario(
            r#"[{"cc": "cubic"}]"#,
            [
                r#", "cc_switches": [{"cc": "bbr", "when": {"kind": "at", "at_s": 0.5}},
                                     {"cc": "cubic", "when": {"kind": "srtt_above", "srtt_ms": 100}},
                                     {"cc": "vegas", "when": {"kind": "loss_rate_above", "loss_rate": 0.1, "window_s": 0.2}}]"#,
                "",
                "",
                "",
            ],
        );
        assert_eq!(
            algorithms_of(&s, 0),
            [CcAlgorithm::Cubic, CcAlgorithm::Bbr, CcAlgorithm::Vegas]
        );
        assert_eq!(algorithms_of(&s, 1), [CcAlgorithm::Cubic]);
    }
}
