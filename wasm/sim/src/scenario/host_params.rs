//! Host parameters: the numbers that define an end host's packet path, the
//! presets (paper 000's two terminals, a present-day server, the hosts of
//! papers 001 and 004, loopback, the ideal host) and the per-packet stage
//! costs derived from them with paper 000's accounting (eqs. 3.22–3.49).
//!
//! Units: bandwidths in bits per second (f64; `f64::INFINITY` means "free"),
//! times in nanoseconds (f64 here; the pipeline rounds its outputs up to the
//! integer-ns simulated clock).

use super::{HostOverlap, HostPathKind, HostPreset, HostSpec};

/// Socket-buffer pointer structure (sk_buff) build plus MAC/IP/TCP header
/// processing, in bytes of memory-bus traffic per packet, already divided by
/// the two packets a window cycle moves: (1488 + 360)/2 + 25 = 949
/// (paper 000 eqs. 3.22, 3.23, 3.31, 3.37).
pub const NONTOE_PER_PACKET_BUS_BYTES: f64 = 949.0;
/// Header and checksum-constant work on the offload processor per packet,
/// bytes of instruction traffic (paper 000 eq. 3.38; 102.5 by consistent
/// algebra; docs/host-model.md lists it — we keep the printed 205).
pub const TOE_PER_PACKET_NP_BYTES: f64 = 205.0;
/// Per-byte memory-bus cost without offload, × 1/B_FSB: the copy to the
/// application (1.0) plus the host checksum (0.25) (paper 000 eqs. 3.31, 3.39).
pub const NONTOE_FSB_PER_BYTE: f64 = 1.25;
/// Per-byte memory-bus cost with offload (copy only), × 1/B_FSB (eq. 3.40).
pub const TOE_FSB_PER_BYTE: f64 = 1.0;
/// Exposed I/O-bus (DMA) time without offload, × 1/B_PCI: (1 − Δ)/2 with
/// Δ = 1/2 of the frame drained from the NIC buffer during reception (eq. 3.32).
pub const NONTOE_PCI_PER_BYTE: f64 = 0.25;
/// Exposed I/O-bus time with offload, × 1/B_PCI: 0.96 (headers stripped, only
/// payload is DMA'd) × (1 − Δ)/4 = 0.12 (eqs. 3.33, 3.35).
pub const TOE_PCI_PER_BYTE: f64 = 0.12;
/// Offload-processor time per byte, × 1/F_TOE: checksum work P_CSUM ≈ MTU/2
/// over the two packets of a cycle, 1/(8·F_TOE) per bit = 1/F_TOE per byte (eq. 3.35).
pub const TOE_NP_PER_BIT: f64 = 1.0 / 8.0;
/// Loopback per-byte memory-bus cost, × 1/B_FSB: 1/B_int = 2.25/B_FSB
/// (copy and checksum, plus the pointer read and write; paper 000 eq. 3.51).
pub const LOOPBACK_FSB_PER_BYTE: f64 = 2.25;

/// t_L of paper 001's workstation, ns: kernel TCP gets 7.5 Mb/s of 1460-byte
/// segments on 10 Mb/s Ethernet (1.2 ms of line per 1500-byte packet).
pub const WORKSTATION_T_L_NS: f64 = 1460.0 * 8.0 / 7.5e6 * 1e9 - 1.2e6;
/// Paper 000 Table 3.2, least-squares fit of d = MTU/BW over its ten rows:
/// the loopback's internal bandwidth B_int, bytes/s, and per-packet time, ns.
pub const TABLE_3_2_B_INT: f64 = 1105.5e6;
pub const TABLE_3_2_T_L_NS: f64 = 20_376.0;
/// The internal bandwidth behind Table 3.1, b/s: eq. 3.53's 552.648 MB/s as
/// the thesis converts it, 552.648 × 8 / 1.1 Gb/s ("4.2", arithmetically 4.02).
pub const TABLE_3_1_B_INT_BPS: f64 = 552.648e6 * 8.0 / 1.1;

/// One end host's packet path (see docs/host-model.md for every field's source).
#[derive(Clone, Debug, PartialEq)]
pub struct HostParams {
    /// I/O bus bandwidth B_PCI, b/s.
    pub pci_bps: f64,
    /// Memory (front-side) bus bandwidth B_FSB, b/s.
    pub fsb_bps: f64,
    /// Offload processor speed F_TOE, b/s.
    pub toe_bps: f64,
    /// TCP offload engine on.
    pub offload: bool,
    /// t_L given directly, ns; None derives it (eqs. 3.37, 3.38).
    pub per_packet_ns: Option<f64>,
    /// Process-switch time t_psw, ns.
    pub process_switch_ns: f64,
    /// NIC receive buffer, bytes.
    pub nic_buffer_bytes: u64,
    /// Receive descriptors (pipelined overlap).
    pub rx_ring_packets: u32,
    /// Send-side segmentation-offload size, bytes.
    pub tso_bytes: u32,
    pub overlap: HostOverlap,
    pub path: HostPathKind,
    /// Known timestamp error e, ns.
    pub timer_offset_ns: f64,
    /// Unknown timestamp spread Δe, ns.
    pub timer_jitter_ns: f64,
}

/// Time each resource spends on one packet, ns. `cpu_ns` includes
/// `membus_ns` (the CPU drives the copy and checksum over the memory bus).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageCosts {
    /// The NIC taking the frame off the line (serial overlap only).
    pub line_ns: f64,
    /// Offload processor.
    pub np_ns: f64,
    /// DMA over the I/O bus.
    pub dma_ns: f64,
    /// Host CPU: t_L plus the memory-bus work.
    pub cpu_ns: f64,
    /// Memory-bus share of `cpu_ns`.
    pub membus_ns: f64,
}

impl StageCosts {
    pub fn total_ns(&self) -> f64 {
        self.line_ns + self.np_ns + self.dma_ns + self.cpu_ns
    }
}

const DEFAULT_RX_RING: u32 = 1024;
const DEFAULT_TSO_BYTES: u32 = 65_536;
/// "Tens of ns per timer read and store, so hundreds of ns per measurement"
/// (paper 000 §3.4.1).
const DEFAULT_TIMER_OFFSET_NS: f64 = 300.0;
/// Δe ≤ 2 µs (paper 000 eq. 3.61).
const DEFAULT_TIMER_JITTER_NS: f64 = 2000.0;
/// NIC receive buffer of the thesis hosts. Paper 000 §3.6 states only a
/// minimum of 4 pages of 4 KB; 16 KB cannot hold two 9000-byte frames, so any
/// TCP window above one jumbo segment would overrun it. We assume 64 KB, the
/// order of the on-chip packet buffers of GbE controllers of that period (an
/// assumption, not a number from the thesis); set `nic_buffer_bytes` to 16384
/// to see the minimum's effect.
const THESIS_NIC_BUFFER: u64 = 65_536;

impl Default for HostParams {
    fn default() -> Self {
        HostParams::preset(HostPreset::Ideal)
    }
}

impl HostParams {
    /// The parameters of a preset (sources in docs/host-model.md).
    pub fn preset(p: HostPreset) -> HostParams {
        let base = HostParams {
            pci_bps: f64::INFINITY,
            fsb_bps: f64::INFINITY,
            toe_bps: f64::INFINITY,
            offload: false,
            per_packet_ns: None,
            process_switch_ns: 0.0,
            nic_buffer_bytes: u64::MAX,
            rx_ring_packets: DEFAULT_RX_RING,
            tso_bytes: DEFAULT_TSO_BYTES,
            overlap: HostOverlap::Serial,
            path: HostPathKind::Nic,
            timer_offset_ns: DEFAULT_TIMER_OFFSET_NS,
            timer_jitter_ns: DEFAULT_TIMER_JITTER_NS,
        };
        match p {
            HostPreset::Ideal => HostParams {
                overlap: HostOverlap::Pipelined,
                ..base
            },
            // Fig. 3.9 set. t_psw = 64 ns makes t_L = 949·8/6.5e9 s + t_psw/2
            // = 1168 + 32 = 1200 ns, the stated t_L_NonTOE = 1.2 µs.
            HostPreset::P4Pci => HostParams {
                pci_bps: 1.0e9,
                fsb_bps: 6.5e9,
                toe_bps: 32.0e9,
                process_switch_ns: 64.0,
                nic_buffer_bytes: THESIS_NIC_BUFFER,
                ..base
            },
            // Fig. 3.10 set. t_psw = 97.5 ns makes t_L = 205·8/32e9 s + t_psw/2
            // = 51.25 + 48.75 = 100 ns, the stated t_L_TOE = 0.1 µs.
            HostPreset::PentiumDPcie => HostParams {
                pci_bps: 2.5e9,
                fsb_bps: 12.0e9,
                toe_bps: 32.0e9,
                offload: true,
                process_switch_ns: 97.5,
                nic_buffer_bytes: THESIS_NIC_BUFFER,
                ..base
            },
            // Assumed (docs/host-model.md): PCIe 3.0 x8 = 8 GT/s × 8 × 128/130;
            // one core's share of the memory bus 25 GB/s; NIC offload engine
            // 100 Gb/s; t_L ≈ 0.5 µs (about 2 Mpps per core) via t_psw;
            // 512 KiB NIC buffer; stages overlap.
            HostPreset::Server => HostParams {
                pci_bps: 63.0e9,
                fsb_bps: 200.0e9,
                toe_bps: 100.0e9,
                offload: true,
                process_switch_ns: 924.0,
                nic_buffer_bytes: 512 * 1024,
                overlap: HostOverlap::Pipelined,
                ..base
            },
            // Paper 004 Table 6.3 gives only the outcome (UDP 664.6, TCP
            // 647.1 Mb/s on 1 GbE). 32-bit/33 MHz PCI (1.06 Gb/s) and an
            // effective memory bus of 8 Gb/s as for the thesis's P4; t_psw
            // fitted so that 1500-byte packets cap at 650 Mb/s:
            // 12 µs line + 2.830 µs PCI + 1.875 µs memory + t_L 1.756 µs = 18.46 µs.
            HostPreset::PentiumM1gbe => HostParams {
                pci_bps: 1.06e9,
                fsb_bps: 8.0e9,
                toe_bps: 32.0e9,
                process_switch_ns: 1614.7,
                nic_buffer_bytes: 64 * 1024,
                ..base
            },
            // Paper 001 gives only the ceiling: kernel TCP ≈ 7.5 Mb/s on 10 Mb/s
            // Ethernet. A 1460-byte segment per 1.2 ms of line plus t_L is
            // 7.5 Mb/s of goodput with t_L = 1460·8/7.5e6 − 1.2e-3 s = 357.3 µs
            // (ACKs cost no t_L). No bus figures; the buffer size is not stated
            // (16 packets assumed).
            HostPreset::Workstation10m => HostParams {
                per_packet_ns: Some(WORKSTATION_T_L_NS),
                nic_buffer_bytes: 24_000,
                ..base
            },
            // Table 3.2: d = MTU/BW fitted by least squares to its ten rows,
            // d = MTU/B_int + t_L with B_int = 1105.5 MB/s and t_L = 20.38 µs
            // (every row within 5 %); B_FSB = 2.25·B_int (eq. 3.51).
            HostPreset::P4Loopback => HostParams {
                pci_bps: 1.0e9,
                fsb_bps: LOOPBACK_FSB_PER_BYTE * TABLE_3_2_B_INT * 8.0,
                toe_bps: 32.0e9,
                per_packet_ns: Some(TABLE_3_2_T_L_NS),
                nic_buffer_bytes: THESIS_NIC_BUFFER,
                path: HostPathKind::Loopback,
                ..base
            },
            // Table 3.1's caption, 1/(1 + 2·B_GE/B_FSB + t_L·B_GE/MTU), with
            // the constants of the thesis's loopback fit (eq. 3.53),
            // 1/d = 552.648e6/(MTU + 5217.15): "B_FSB" = B_int =
            // 552.648·8/1.1 = 4.019 Gb/s as the thesis computes it, t_L =
            // 5217.15/552.648e6 = 9.44 µs. The caption has no I/O-bus term
            // (B_PCI = ∞) and charges 2/B_int per bit; this model charges
            // 1.25/B_FSB (eq. 3.39), so B_FSB = 0.625·B_int.
            HostPreset::P4Table31 => HostParams {
                fsb_bps: NONTOE_FSB_PER_BYTE / 2.0 * TABLE_3_1_B_INT_BPS,
                toe_bps: 32.0e9,
                per_packet_ns: Some(5217.15 / 552.648e6 * 1e9),
                nic_buffer_bytes: THESIS_NIC_BUFFER,
                ..base
            },
        }
    }

    /// A scenario's `host` object: the preset with the given overrides.
    pub fn from_spec(spec: &HostSpec) -> HostParams {
        let mut p = HostParams::preset(spec.preset);
        if let Some(v) = spec.offload {
            p.offload = v;
        }
        if let Some(v) = spec.overlap {
            p.overlap = v;
        }
        if let Some(v) = spec.path {
            p.path = v;
        }
        if let Some(v) = spec.pci_bps {
            p.pci_bps = v;
        }
        if let Some(v) = spec.fsb_bps {
            p.fsb_bps = v;
        }
        if let Some(v) = spec.toe_bps {
            p.toe_bps = v;
        }
        if let Some(v) = spec.per_packet_ns {
            p.per_packet_ns = Some(v);
        }
        if let Some(v) = spec.process_switch_ns {
            p.process_switch_ns = v;
        }
        if let Some(v) = spec.nic_buffer_bytes {
            p.nic_buffer_bytes = v;
        }
        if let Some(v) = spec.rx_ring_packets {
            p.rx_ring_packets = v;
        }
        if let Some(v) = spec.tso_bytes {
            p.tso_bytes = v;
        }
        if let Some(v) = spec.timer_offset_ns {
            p.timer_offset_ns = v;
        }
        if let Some(v) = spec.timer_jitter_ns {
            p.timer_jitter_ns = v;
        }
        p
    }

    /// The host of a scenario node (`None` → the ideal host).
    pub fn for_node(spec: Option<&HostSpec>) -> HostParams {
        spec.map(HostParams::from_spec).unwrap_or_default()
    }

    /// Per-packet protocol cost t_L, ns: given, or derived as
    /// 949·8/B_FSB + t_psw/2 without offload (eq. 3.37) and
    /// 205·8/F_TOE + t_psw/2 with offload (eq. 3.38).
    pub fn per_packet_cost_ns(&self) -> f64 {
        if let Some(t) = self.per_packet_ns {
            return t;
        }
        let bus = if self.offload {
            TOE_PER_PACKET_NP_BYTES * 8.0 / self.toe_bps
        } else {
            NONTOE_PER_PACKET_BUS_BYTES * 8.0 / self.fsb_bps
        };
        bus * 1e9 + self.process_switch_ns / 2.0
    }

    /// The receiver's per-bit transfer cost, seconds per bit: the second
    /// bracket of eqs. 3.39 / 3.40,
    /// 1.25/B_FSB + 0.25/B_PCI (no offload) or 1/B_FSB + 1/(8·F_TOE) + 0.12/B_PCI.
    pub fn per_bit_s(&self) -> f64 {
        if self.offload {
            TOE_FSB_PER_BYTE / self.fsb_bps
                + TOE_NP_PER_BIT / self.toe_bps
                + TOE_PCI_PER_BYTE / self.pci_bps
        } else {
            NONTOE_FSB_PER_BYTE / self.fsb_bps + NONTOE_PCI_PER_BYTE / self.pci_bps
        }
    }

    /// True when every cost is zero (infinite buses, t_L = 0; loopback then
    /// costs nothing either): the host adds no delay and drops nothing.
    pub fn is_ideal(&self) -> bool {
        self.per_bit_s() == 0.0 && self.per_packet_cost_ns() == 0.0
    }

    /// Costs of receiving a packet of `size` bytes (IP datagram) that came
    /// over a line of `line_bps`. Their sum is paper 000's passage time d
    /// (eqs. 3.48, 3.49) when the overlap is serial.
    pub fn rx_costs(&self, size: u32, line_bps: f64) -> StageCosts {
        let bits = size as f64 * 8.0;
        let line_ns = match self.overlap {
            HostOverlap::Serial => bits / line_bps * 1e9,
            HostOverlap::Pipelined => 0.0,
        };
        let t_l = self.per_packet_cost_ns();
        if self.offload {
            let membus_ns = TOE_FSB_PER_BYTE * bits / self.fsb_bps * 1e9;
            StageCosts {
                line_ns,
                np_ns: TOE_NP_PER_BIT * bits / self.toe_bps * 1e9,
                dma_ns: TOE_PCI_PER_BYTE * bits / self.pci_bps * 1e9,
                cpu_ns: t_l + membus_ns,
                membus_ns,
            }
        } else {
            let membus_ns = NONTOE_FSB_PER_BYTE * bits / self.fsb_bps * 1e9;
            StageCosts {
                line_ns,
                np_ns: 0.0,
                dma_ns: NONTOE_PCI_PER_BYTE * bits / self.pci_bps * 1e9,
                cpu_ns: t_l + membus_ns,
                membus_ns,
            }
        }
    }

    /// Costs of sending a packet of `size` bytes: the receive side's
    /// operations in reverse (copy from the application and checksum on the
    /// CPU, DMA to the NIC), without the line term, which the link charges.
    /// With offload the NIC also segments: the host pays t_L once per
    /// `tso_bytes` segment, shared by the packets cut from it, and the NIC's
    /// processor pays the per-packet header work (205 B, eq. 3.38).
    pub fn tx_costs(&self, size: u32) -> StageCosts {
        let bits = size as f64 * 8.0;
        let t_l = self.per_packet_cost_ns();
        if self.offload {
            let per_segment = (self.tso_bytes / size.max(1)).max(1) as f64;
            let membus_ns = TOE_FSB_PER_BYTE * bits / self.fsb_bps * 1e9;
            StageCosts {
                line_ns: 0.0,
                np_ns: (TOE_NP_PER_BIT * bits + TOE_PER_PACKET_NP_BYTES * 8.0) / self.toe_bps * 1e9,
                dma_ns: TOE_PCI_PER_BYTE * bits / self.pci_bps * 1e9,
                cpu_ns: t_l / per_segment + membus_ns,
                membus_ns,
            }
        } else {
            let membus_ns = NONTOE_FSB_PER_BYTE * bits / self.fsb_bps * 1e9;
            StageCosts {
                line_ns: 0.0,
                np_ns: 0.0,
                dma_ns: NONTOE_PCI_PER_BYTE * bits / self.pci_bps * 1e9,
                cpu_ns: t_l + membus_ns,
                membus_ns,
            }
        }
    }

    /// Costs of a pure acknowledgement of `size` bytes: received from a line
    /// of `line_bps` (`Some`) or sent (`None`). Its bytes cross the line, the
    /// I/O bus, the memory bus and the offload processor like any packet's,
    /// but it pays no t_L. Paper 000 (§3.3.1) lists acknowledgement
    /// processing (確認応答処理) among the TCP work a data packet passes
    /// through on its way to the application, and t_L is that work's
    /// MTU-independent time: the ACK a segment triggers is already paid for
    /// in the segment's t_L (see docs/host-model.md, "Acknowledgements").
    pub fn ack_costs(&self, size: u32, line_bps: Option<f64>) -> StageCosts {
        let mut c = match line_bps {
            Some(line) => self.rx_costs(size, line),
            None => self.tx_costs(size),
        };
        c.cpu_ns = c.membus_ns;
        c
    }

    /// Costs of a packet through the loopback device: memory bus and CPU
    /// only, d = MTU/B_int + t_L with 1/B_int = 2.25/B_FSB (eqs. 3.51–3.52).
    pub fn loopback_costs(&self, size: u32) -> StageCosts {
        let bits = size as f64 * 8.0;
        let membus_ns = LOOPBACK_FSB_PER_BYTE * bits / self.fsb_bps * 1e9;
        StageCosts {
            cpu_ns: self.per_packet_cost_ns() + membus_ns,
            membus_ns,
            ..StageCosts::default()
        }
    }

    /// Paper 000's passage time d for a packet of `size` bytes on a line of
    /// `line_bps`, ns: MTU/B_GE + per-bit cost × MTU + t_L (eqs. 3.48, 3.49),
    /// whatever the overlap.
    pub fn passage_time_ns(&self, size: u32, line_bps: f64) -> f64 {
        let bits = size as f64 * 8.0;
        bits / line_bps * 1e9 + bits * self.per_bit_s() * 1e9 + self.per_packet_cost_ns()
    }

    /// Steady-state receive rate of this host model under a saturating
    /// stream of `size`-byte packets on a line of `line_bps`, in b/s of IP
    /// datagrams: MTU/d for serial overlap (= eqs. 3.44/3.45 in the
    /// bandwidth-limited regime), the slowest stage (and the line) for
    /// pipelined overlap, MTU/d_loopback for loopback.
    pub fn capacity_bps(&self, size: u32, line_bps: f64) -> f64 {
        let bits = size as f64 * 8.0;
        if self.path == HostPathKind::Loopback {
            let c = self.loopback_costs(size);
            return if c.cpu_ns > 0.0 {
                bits / c.cpu_ns * 1e9
            } else {
                f64::INFINITY
            };
        }
        let c = self.rx_costs(size, line_bps);
        let period_ns = match self.overlap {
            HostOverlap::Serial => c.total_ns(),
            HostOverlap::Pipelined => (bits / line_bps * 1e9)
                .max(c.np_ns)
                .max(c.dma_ns)
                .max(c.cpu_ns),
        };
        if period_ns > 0.0 {
            bits / period_ns * 1e9
        } else {
            f64::INFINITY
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    #[test]
    fn the_p4_preset_has_the_stated_t_l_of_1_2_us() {
        let p = HostParams::preset(HostPreset::P4Pci);
        assert!(close(p.per_packet_cost_ns(), 1200.0, 1e-12));
    }

    #[test]
    fn the_pentium_d_preset_has_the_stated_t_l_of_0_1_us() {
        let p = HostParams::preset(HostPreset::PentiumDPcie);
        assert!(p.offload);
        assert!(close(p.per_packet_cost_ns(), 100.0, 1e-12));
    }

    #[test]
    fn receive_costs_add_up_to_the_passage_time_of_eq_3_48() {
        for preset in [HostPreset::P4Pci, HostPreset::PentiumDPcie] {
            for size in [500, 1500, 9000] {
                let p = HostParams::preset(preset);
                let c = p.rx_costs(size, 1e9);
                assert!(close(c.total_ns(), p.passage_time_ns(size, 1e9), 1e-12));
            }
        }
    }

    #[test]
    fn the_ideal_host_costs_nothing() {
        let p = HostParams::default();
        assert!(p.is_ideal());
        assert_eq!(p.rx_costs(1500, 1e9).total_ns(), 0.0);
        assert_eq!(p.tx_costs(1500).total_ns(), 0.0);
        assert_eq!(p.capacity_bps(1500, 1e9), 1e9);
    }

    #[test]
    fn overrides_replace_single_numbers_of_the_preset() {
        let spec = HostSpec {
            preset: HostPreset::P4Pci,
            pci_bps: Some(2.5e9),
            offload: Some(true),
            ..HostSpec::default()
        };
        let p = HostParams::from_spec(&spec);
        assert_eq!(p.pci_bps, 2.5e9);
        assert_eq!(p.fsb_bps, 6.5e9);
        assert!(p.offload);
    }

    #[test]
    fn offload_lowers_the_derived_per_packet_cost() {
        let mut p = HostParams::preset(HostPreset::P4Pci);
        let off = p.per_packet_cost_ns();
        p.offload = true;
        assert!(p.per_packet_cost_ns() < off / 10.0);
    }

    #[test]
    fn the_pentium_m_preset_caps_near_650_mbps_at_1500_bytes() {
        let p = HostParams::preset(HostPreset::PentiumM1gbe);
        let c = p.capacity_bps(1500, 1e9);
        assert!(close(c, 650e6, 0.002), "{c}");
    }

    #[test]
    fn the_workstation_preset_caps_near_7_5_mbps_on_10_mbps_ethernet() {
        let p = HostParams::preset(HostPreset::Workstation10m);
        // 7.5 Mb/s of 1460-byte payloads: 7.705 Mb/s of IP datagrams.
        let c = p.capacity_bps(1500, 10e6) * 1460.0 / 1500.0;
        assert!(close(c, 7.5e6, 1e-9), "{c}");
    }

    #[test]
    fn send_offload_shares_t_l_over_a_segmentation_burst() {
        let mut p = HostParams::preset(HostPreset::Server);
        p.per_packet_ns = Some(1000.0);
        let with = p.tx_costs(1500).cpu_ns - p.tx_costs(1500).membus_ns;
        assert!(close(with, 1000.0 / 43.0, 1e-12)); // 65536 / 1500 = 43 packets
        p.offload = false;
        let without = p.tx_costs(1500).cpu_ns - p.tx_costs(1500).membus_ns;
        assert!(close(without, 1000.0, 1e-12));
    }
}
