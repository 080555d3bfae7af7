//! The `host` object of a host node: which end-host model sits between the
//! node's links and its TCP endpoints (paper 000's NIC → I/O bus → memory bus →
//! CPU pipeline). A preset supplies every number; any field given here
//! overrides the preset's value. Omitted, a node gets the ideal host, which
//! costs nothing, so network-only scenarios are unchanged. See docs/host-model.md.

use serde::{Deserialize, Serialize};

/// The end-host model of one host node: a preset plus optional overrides.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct HostSpec {
    /// Which hardware to start from. Default: `ideal` (no cost, no delay).
    #[serde(default)]
    pub preset: HostPreset,
    /// TCP offload engine on the NIC: checksum, header processing and
    /// segmentation move to the NIC's processor (speed `toe_bps`); the copy to
    /// the application stays on the host. Default: the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offload: Option<bool>,
    /// How the stages share time. `serial`: one packet at a time through NIC,
    /// bus and CPU, so the costs add (paper 000's model). `pipelined`: the DMA
    /// engine, the offload processor and the CPU work on different packets at
    /// once, so the slowest stage sets the rate. Default: the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlap: Option<HostOverlap>,
    /// `nic`: packets come and go through the NIC. `loopback`: traffic from
    /// this host to itself, which crosses neither NIC nor I/O bus (paper 000,
    /// Table 3.2). Default: the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<HostPathKind>,
    /// I/O bus bandwidth between NIC and main memory (B_PCI), bits per second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pci_bps: Option<f64>,
    /// Memory (front-side) bus bandwidth between CPU and main memory (B_FSB),
    /// bits per second. A copy reads and writes, so it gets half of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fsb_bps: Option<f64>,
    /// Processing speed of the NIC's offload processor (F_TOE), bits per
    /// second (paper 000: 1 GIPS = 4 GB/s = 32 Gb/s). Used when `offload` is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toe_bps: Option<f64>,
    /// Per-packet protocol cost t_L (TCP/IP stack work plus process switch),
    /// nanoseconds. Given, it is used as is with offload on or off; omitted,
    /// it is derived from the bus speeds and `process_switch_ns` (eqs. 3.37, 3.38).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_packet_ns: Option<f64>,
    /// Process-switch time per packet t_psw, nanoseconds (enters t_L as t_psw/2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process_switch_ns: Option<f64>,
    /// NIC receive buffer, bytes. A frame stays in it until its DMA to main
    /// memory ends; frames that do not fit are dropped (overrun).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nic_buffer_bytes: Option<u64>,
    /// Receive descriptors (packets DMA'd to memory and not yet processed by
    /// the CPU), `pipelined` overlap only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rx_ring_packets: Option<u32>,
    /// Largest segment the host hands the NIC when offload segments for it
    /// (TSO), bytes; the send side's per-packet cost is shared by the packets
    /// cut from one such segment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tso_bytes: Option<u32>,
    /// Known error e of the timestamps around each `recv()`, nanoseconds
    /// (paper 000 §3.6: hundreds of ns); the bandwidth estimator subtracts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer_offset_ns: Option<f64>,
    /// Unknown spread Δe of that error, nanoseconds, drawn uniformly per
    /// measurement (paper 000 eq. 3.61 assumes Δe ≤ 2 µs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer_jitter_ns: Option<f64>,
}

/// Host presets. Numbers and sources: docs/host-model.md.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HostPreset {
    /// Infinitely fast, zero cost: packets pass straight to TCP.
    #[default]
    Ideal,
    /// Paper 000 terminal I (Fig. 3.9 set): Pentium 4 2.4 GHz, 32-bit PCI,
    /// no offload. B_FSB 6.5 Gb/s, B_PCI 1 Gb/s, t_L 1.2 µs.
    P4Pci,
    /// Paper 000 terminal II (Fig. 3.10 set): Pentium D EE 3.2 GHz, PCI
    /// Express x1, offload on. B_FSB 12 Gb/s, B_PCI 2.5 Gb/s, F_TOE 32 Gb/s, t_L 0.1 µs.
    PentiumDPcie,
    /// A present-day server (assumed numbers): PCIe 3.0 x8, 200 Gb/s memory
    /// bus, checksum and segmentation offload, pipelined stages.
    Server,
    /// Paper 004's test laptop (Pentium M, 32-bit PCI): caps TCP and UDP
    /// near 650 Mb/s on 1 GbE with 1500-byte packets.
    #[serde(rename = "pentium_m_1gbe")]
    PentiumM1gbe,
    /// Paper 001's receiver: a workstation whose protocol processing, not
    /// its 10 Mb/s Ethernet, limits it (≈ 7.5 Mb/s), with a small receive
    /// buffer that overruns.
    #[serde(rename = "workstation_10m")]
    Workstation10m,
    /// Paper 000 terminal I in loopback, fitted to Table 3.2: no NIC and no
    /// PCI; 1/B_int = 2.25/B_FSB with B_int 1106 MB/s, t_L 20.4 µs.
    P4Loopback,
    /// The host of paper 000's Table 3.1 (the caption's formula): a copy at
    /// half of a 4.02 Gb/s internal bus and t_L 9.44 µs, the constants of
    /// the thesis's loopback fit (eq. 3.53); no I/O-bus term.
    #[serde(rename = "p4_table_3_1")]
    P4Table31,
}

/// How the stages of the host share time (see [`HostSpec::overlap`]).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HostOverlap {
    /// One packet at a time: a frame's line time, DMA and CPU work add up
    /// (the passage time d of paper 000, eq. 3.48).
    Serial,
    /// DMA engine, offload processor and CPU overlap; the slowest sets the rate.
    Pipelined,
}

/// Where a host's own traffic goes (see [`HostSpec::path`]).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HostPathKind {
    /// Through the NIC and the I/O bus.
    Nic,
    /// Through the loopback device: memory bus and CPU only.
    Loopback,
}
