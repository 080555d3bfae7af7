//! Validation of the `host` objects of a scenario's nodes: impossible
//! parameters (a bus with no bandwidth, a negative cost, a NIC buffer that
//! cannot hold one packet, ...) are refused with the field path and the reason.

use super::types::{HostSpec, NodeKind, Scenario};
use super::validate::out_of_range;
use super::ValidationError;
use crate::error::ErrorCode as E;

/// Bus and processor speeds above 10 Tb/s are typing mistakes, not hardware.
pub const MAX_HOST_BPS: f64 = 1e13;
/// Per-packet costs and timer errors above one second are typing mistakes.
pub const MAX_HOST_NS: f64 = 1e9;
pub const MAX_NIC_BUFFER_BYTES: u64 = 10_000_000_000;
pub const MAX_RX_RING_PACKETS: u32 = 1_000_000;
/// Linux's BIG TCP allows GSO/GRO segments up to 512 KiB.
pub const MAX_TSO_BYTES: u32 = 524_288;

pub(super) fn check_hosts(s: &Scenario) -> Vec<ValidationError> {
    let mut errors = Vec::new();
    for (i, node) in s.topology.nodes.iter().enumerate() {
        let Some(h) = &node.host else { continue };
        let p = format!("topology.nodes[{i}].host");
        if node.kind == NodeKind::Router {
            errors.push(ValidationError::at(&p, E::RouterHostModel).with("node", &node.id));
            continue;
        }
        // Largest MTU of the links at this node: the NIC must hold one such packet.
        let mtu = s
            .topology
            .links
            .iter()
            .filter(|l| l.a == node.id || l.b == node.id)
            .map(|l| l.mtu_bytes as u64)
            .max();
        check_host(&mut errors, &p, h, mtu);
    }
    errors
}

fn check_host(errors: &mut Vec<ValidationError>, p: &str, h: &HostSpec, mtu: Option<u64>) {
    let at = |field: &str| format!("{p}.{field}");
    let mut err = |e: ValidationError| errors.push(e);
    for (field, v) in [
        ("pci_bps", h.pci_bps),
        ("fsb_bps", h.fsb_bps),
        ("toe_bps", h.toe_bps),
    ] {
        let Some(v) = v else { continue };
        if !v.is_finite() {
            err(ValidationError::at(at(field), E::NotFinite));
        } else if v <= 0.0 {
            err(ValidationError::at(at(field), E::BusNoBandwidth).with("value", v));
        } else if v < super::validate::MIN_RATE_BPS {
            // Below 1 b/s (the floor of link rates) a packet takes longer than any run.
            err(ValidationError::at(at(field), E::BelowFloor)
                .with("min", super::validate::MIN_RATE_BPS)
                .unit("b/s")
                .with("value", v));
        } else if v > MAX_HOST_BPS {
            err(above_max(at(field), MAX_HOST_BPS, v, "b/s"));
        }
    }
    for (field, v) in [
        ("per_packet_ns", h.per_packet_ns),
        ("process_switch_ns", h.process_switch_ns),
        ("timer_offset_ns", h.timer_offset_ns),
        ("timer_jitter_ns", h.timer_jitter_ns),
    ] {
        let Some(v) = v else { continue };
        if !v.is_finite() {
            err(ValidationError::at(at(field), E::NotFinite));
        } else if v < 0.0 {
            err(ValidationError::at(at(field), E::NegativeTime)
                .with("value", v)
                .unit("ns"));
        } else if v > MAX_HOST_NS {
            err(above_max(at(field), MAX_HOST_NS, v, "ns"));
        }
    }
    if let Some(b) = h.nic_buffer_bytes {
        let need = mtu.unwrap_or(1);
        if b < need {
            err(
                ValidationError::at(at("nic_buffer_bytes"), E::NicBufferBelowMtu)
                    .with("need", need)
                    .with("value", b),
            );
        } else if b > MAX_NIC_BUFFER_BYTES {
            err(above_max(
                at("nic_buffer_bytes"),
                MAX_NIC_BUFFER_BYTES,
                b,
                "bytes",
            ));
        }
    } else if let Some(m) = mtu {
        // The preset's buffer must fit the links too (e.g. 16 KiB vs a 64 KB MTU).
        let b = super::host_params::HostParams::preset(h.preset).nic_buffer_bytes;
        if b < m {
            err(
                ValidationError::at(at("nic_buffer_bytes"), E::PresetNicBufferBelowMtu)
                    .with("buffer", b)
                    .with("mtu", m),
            );
        }
    }
    if let Some(n) = h.rx_ring_packets {
        if n == 0 || n > MAX_RX_RING_PACKETS {
            err(out_of_range(
                &at("rx_ring_packets"),
                1u32,
                MAX_RX_RING_PACKETS,
                n,
                "packets",
            ));
        }
    }
    if let Some(n) = h.tso_bytes {
        if n == 0 || n > MAX_TSO_BYTES {
            err(out_of_range(
                &at("tso_bytes"),
                1u32,
                MAX_TSO_BYTES,
                n,
                "bytes",
            ));
        }
    }
}

fn above_max(
    path: String,
    max: impl Into<crate::error::Param>,
    value: impl Into<crate::error::Param>,
    unit: &str,
) -> ValidationError {
    ValidationError::at(path, E::AboveMax)
        .with("max", max)
        .with("value", value)
        .unit(unit)
}

#[cfg(test)]
mod tests {
    use crate::scenario::{
        parse_scenario_without_work_limits as parse_scenario, HostPreset, ValidationError,
    };

    /// The default scenario with `host` JSON on node `node` (0 sender, 1 router, 2 receiver).
    fn with_host(
        node: usize,
        host: &str,
    ) -> Result<crate::scenario::Scenario, Vec<ValidationError>> {
        let base = include_str!("../../../../content/scenarios/default.json");
        let mut v: serde_json::Value = serde_json::from_str(base).unwrap();
        v["topology"]["nodes"][node]["host"] = serde_json::from_str(host).unwrap();
        parse_scenario(&v.to_string())
    }

    fn errors(node: usize, host: &str) -> Vec<(String, String)> {
        with_host(node, host)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| (e.path, e.message))
            .collect()
    }

    #[test]
    fn a_node_without_host_is_the_ideal_host() {
        let s = parse_scenario(include_str!("../../../../content/scenarios/default.json")).unwrap();
        assert!(s.topology.nodes.iter().all(|n| n.host.is_none()));
        let out = crate::scenario::to_json(&s);
        assert!(
            !out.contains("\"host\":"),
            "absent host stays absent: {out}"
        );
    }

    #[test]
    fn presets_and_overrides_parse() {
        let s = with_host(
            2,
            r#"{"preset": "p4_pci", "offload": true, "pci_bps": 2.5e9, "nic_buffer_bytes": 65536}"#,
        )
        .unwrap();
        let h = s.topology.nodes[2].host.as_ref().unwrap();
        assert_eq!(h.preset, HostPreset::P4Pci);
        assert_eq!(h.offload, Some(true));
        assert_eq!(h.fsb_bps, None);
        let s = with_host(0, r#"{}"#).unwrap();
        assert_eq!(
            s.topology.nodes[0].host.as_ref().unwrap().preset,
            HostPreset::Ideal
        );
        for preset in [
            "ideal",
            "p4_pci",
            "pentium_d_pcie",
            "server",
            "pentium_m_1gbe",
            "workstation_10m",
            "p4_loopback",
            "p4_table_3_1",
        ] {
            let json = format!(r#"{{"preset": "{preset}"}}"#);
            assert!(with_host(2, &json).is_ok(), "{preset}");
        }
    }

    #[test]
    fn a_bus_with_no_bandwidth_is_refused_with_its_path() {
        let e = errors(2, r#"{"preset": "p4_pci", "pci_bps": 0}"#);
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, "topology.nodes[2].host.pci_bps");
        assert!(e[0].1.contains("greater than 0 b/s"), "{}", e[0].1);
        // Just above zero is no bus either (the floor, docs/reliability.md).
        let e = errors(2, r#"{"pci_bps": 1e-300}"#);
        assert_eq!(e[0].0, "topology.nodes[2].host.pci_bps");
        assert!(e[0].1.contains("at least 1 b/s"), "{}", e[0].1);
        let e = errors(0, r#"{"fsb_bps": -1e9, "toe_bps": 1e20}"#);
        let paths: Vec<&str> = e.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(
            paths,
            [
                "topology.nodes[0].host.fsb_bps",
                "topology.nodes[0].host.toe_bps"
            ]
        );
    }

    #[test]
    fn negative_costs_are_refused() {
        let e = errors(
            2,
            r#"{"per_packet_ns": -5, "process_switch_ns": -1, "timer_jitter_ns": -2}"#,
        );
        let paths: Vec<&str> = e.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(
            paths,
            [
                "topology.nodes[2].host.per_packet_ns",
                "topology.nodes[2].host.process_switch_ns",
                "topology.nodes[2].host.timer_jitter_ns"
            ]
        );
        assert!(e[0].1.contains("cannot be negative"));
    }

    #[test]
    fn the_nic_must_hold_one_packet() {
        let e = errors(2, r#"{"nic_buffer_bytes": 1000}"#);
        assert_eq!(e[0].0, "topology.nodes[2].host.nic_buffer_bytes");
        assert!(e[0].1.contains("1500 bytes"), "{}", e[0].1);
    }

    #[test]
    fn a_preset_buffer_smaller_than_a_jumbo_mtu_is_reported() {
        let base = include_str!("../../../../content/scenarios/default.json");
        let mut v: serde_json::Value = serde_json::from_str(base).unwrap();
        v["topology"]["links"][1]["mtu_bytes"] = 65000.into();
        // Paper 001's workstation has a 24 kB receive buffer.
        v["topology"]["nodes"][2]["host"] = serde_json::json!({"preset": "workstation_10m"});
        let e = parse_scenario(&v.to_string()).unwrap_err();
        assert_eq!(e[0].path, "topology.nodes[2].host.nic_buffer_bytes");
        v["topology"]["nodes"][2]["host"]["nic_buffer_bytes"] = 131072.into();
        assert!(parse_scenario(&v.to_string()).is_ok());
    }

    #[test]
    fn routers_have_no_host_model() {
        let e = errors(1, r#"{"preset": "server"}"#);
        assert_eq!(e[0].0, "topology.nodes[1].host");
        assert!(e[0].1.contains("router"));
    }

    #[test]
    fn ring_and_tso_sizes_must_be_positive() {
        let e = errors(2, r#"{"rx_ring_packets": 0, "tso_bytes": 0}"#);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].0, "topology.nodes[2].host.rx_ring_packets");
        assert_eq!(e[1].0, "topology.nodes[2].host.tso_bytes");
    }

    #[test]
    fn unknown_fields_and_presets_are_refused_by_the_parser() {
        let e = errors(2, r#"{"pci_gbps": 1}"#);
        assert_eq!(e[0].0, "topology.nodes[2].host.pci_gbps");
        assert!(e[0].1.contains("unknown field"), "{}", e[0].1);
        let e = errors(2, r#"{"preset": "cray"}"#);
        assert_eq!(e[0].0, "topology.nodes[2].host.preset");
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_json_schema_describes_the_host_object() {
        let schema = crate::scenario::json_schema();
        for needle in [
            "HostSpec",
            "pci_bps",
            "nic_buffer_bytes",
            "pentium_d_pcie",
            "Pipelined",
        ] {
            assert!(
                schema.contains(needle) || schema.to_lowercase().contains(&needle.to_lowercase()),
                "{needle}"
            );
        }
    }
}
