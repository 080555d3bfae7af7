//! Analytic throughput bounds, computed here so the CLI, the tests and the
//! plots agree: the link rate, the window bound W/RTT,
//! Mathis et al. (1997), PFTK (Padhye, Firoiu, Towsley, Kurose 1998), and
//! paper 000's bound for the integrated network + end-host system
//! (eqs. 3.44, 3.45), with curves over MTU and over RTT.
//!
//! Units: rates in bits per second, sizes in bytes, times in seconds.
//! Paper 000's bound counts IP datagram bytes (MTU/d); Mathis and PFTK count
//! segments of MSS payload bytes.

use super::fair_share::FairShareStep;
use crate::engine::time;
use crate::host::HostParams;
use crate::net::packet::TCP_IP_HEADER_BYTES;
use crate::net::routing::adjacency_by_id;
use crate::scenario::{DelayedAck, Protocol, RtoStyle, Scenario};
use serde::Serialize;

/// Mathis constant C = √(3/2) when every segment is ACKed (algorithms.md §0.2).
pub const MATHIS_C_EVERY_ACK: f64 = 1.224_744_871_391_589;
/// Mathis constant C = √(3/4) with delayed ACKs, b = 2 (algorithms.md §0.2).
pub const MATHIS_C_DELAYED_ACK: f64 = 0.866_025_403_784_438_6;
/// The MSS paper 000 holds fixed while it varies the MTU (§3.0, eq. 3.43).
pub const THESIS_MSS_BYTES: u32 = 1460;

/// W/RTT: what a window of `window_bytes` can carry per round trip, b/s.
pub fn window_bound_bps(window_bytes: f64, rtt_s: f64) -> f64 {
    if rtt_s > 0.0 {
        window_bytes * 8.0 / rtt_s
    } else {
        f64::INFINITY
    }
}

/// Mathis et al. (1997): BW = (MSS/RTT)·C/√p, b/s of payload. Infinite for p = 0.
pub fn mathis_bps(mss_bytes: f64, rtt_s: f64, p: f64, c: f64) -> f64 {
    if p <= 0.0 || rtt_s <= 0.0 {
        return f64::INFINITY;
    }
    mss_bytes * 8.0 / rtt_s * c / libm::sqrt(p)
}

/// PFTK (Padhye et al. 1998), b/s of payload:
/// min( W_max/RTT , 1 / ( RTT·√(2bp/3) + T0·min(1, 3·√(3bp/8))·p·(1 + 32p²) ) )
/// packets per second, × MSS. `b` is segments per ACK, `w_max_segments` the
/// receiver's window limit (∞ for none). Infinite for p = 0: PFTK models a
/// flow that sees losses; without them its formula reduces to W_max/RTT,
/// which is the window bound ([`window_bound_bps`]) and not PFTK's to report.
pub fn pftk_bps(mss_bytes: f64, rtt_s: f64, p: f64, t0_s: f64, b: f64, w_max_segments: f64) -> f64 {
    if p <= 0.0 {
        return f64::INFINITY;
    }
    let window = if rtt_s > 0.0 {
        w_max_segments / rtt_s
    } else {
        f64::INFINITY
    };
    let denom = rtt_s * libm::sqrt(2.0 * b * p / 3.0)
        + t0_s * (3.0 * libm::sqrt(3.0 * b * p / 8.0)).min(1.0) * p * (1.0 + 32.0 * p * p);
    window.min(1.0 / denom) * mss_bytes * 8.0
}

/// The largest window TCP can advertise: a 16-bit window field scaled by at
/// most 2^14 (RFC 7323 §2.3), just under 2^30 bytes. A buffer at least this
/// large (the scenario default) sets no window limit of its own.
pub const TCP_MAX_WINDOW_BYTES: u64 = 1 << 30;

/// The loss rate PFTK and Mathis take, measured from a finished flow: loss
/// indications (fast retransmits and timeouts, each one congestion signal)
/// per segment sent. Mathis et al. (1997) define p as congestion signals per
/// acknowledged packet and PFTK as loss indications per packet sent; a
/// window's burst of drops is one signal, so drops per packet would overstate
/// it. None when nothing was sent or nothing was lost.
pub fn measured_loss_rate(fast_retransmits: u64, timeouts: u64, segments_sent: u64) -> Option<f64> {
    let signals = fast_retransmits + timeouts;
    if segments_sent == 0 || signals == 0 {
        return None;
    }
    Some(signals as f64 / segments_sent as f64)
}

/// Which network term paper 000's bound uses.
///
/// As printed, eqs. 3.44/3.45 take `min(1/(α·B_GE), √p·RTT/(α·MTU))`. That
/// lets the bound exceed the link rate at small RTT (about 1.8 Gb/s on a
/// 1 Gb/s link for the Fig. 3.9 host at 0.12 ms), the very contradiction the
/// thesis sets out to remove, and it contradicts its own prose
/// (bandwidth-limited below 12 ms, approaching cwnd/RTT above, never above
/// B_GE). The consistent form follows from cwnd = min(B_GE·RTT, MTU/√p):
/// RTT/cwnd = `max(1/B_GE, √p·RTT/MTU)` (the printed equation corrected). We default
/// to that and keep the printed one for comparison.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BoundForm {
    /// `max(1/B_GE, √p·RTT/MTU)`: physically consistent (default).
    #[default]
    Corrected,
    /// `min(...)` exactly as eqs. 3.44/3.45 print it.
    Printed,
}

/// Options of [`host_bound_bps`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HostBoundOptions {
    pub form: BoundForm,
    /// The thesis's fixed-MSS mode: with `Some(mss)` and MTU < MSS, IP
    /// fragmentation gives the factor α of eq. 3.43, applied as printed (it
    /// lets the bound exceed B_GE, errata item 2). `None` (default): MSS =
    /// MTU − 40 as in the simulator's TCP, so α = 1.
    pub fixed_mss_bytes: Option<u32>,
    /// A receive-window cap on cwnd, bytes; adds RTT/W to the corrected
    /// network term's max. `None`: no cap (the thesis sets awnd = BDP).
    pub window_bytes: Option<f64>,
}

/// Eq. 3.43: α = ⌊MSS/MTU⌋ / ⌊(MSS + 40·⌊MSS/MTU⌋)/MSS⌋ for MTU < MSS
/// (2 at MTU 500, 1 at 1000, MSS 1460); 1 for MTU ≥ MSS, as the text uses.
pub fn fragmentation_alpha(mtu_bytes: u32, mss_bytes: u32) -> f64 {
    if mtu_bytes >= mss_bytes || mtu_bytes == 0 {
        return 1.0;
    }
    let k = mss_bytes / mtu_bytes;
    let den = (mss_bytes + 40 * k) / mss_bytes;
    if den == 0 {
        1.0
    } else {
        k as f64 / den as f64
    }
}

/// The network term of eqs. 3.44/3.45, seconds per bit (see [`BoundForm`]).
pub fn network_term_s_per_bit(
    link_bps: f64,
    rtt_s: f64,
    sqrt_p: f64,
    mtu_bytes: u32,
    opts: &HostBoundOptions,
) -> f64 {
    let alpha = opts
        .fixed_mss_bytes
        .map_or(1.0, |mss| fragmentation_alpha(mtu_bytes, mss));
    let mtu_bits = mtu_bytes as f64 * 8.0;
    let bandwidth = 1.0 / (alpha * link_bps);
    let loss = sqrt_p * rtt_s / (alpha * mtu_bits);
    match opts.form {
        BoundForm::Corrected => {
            let window = opts.window_bytes.map_or(0.0, |w| {
                if w > 0.0 {
                    rtt_s / (w * 8.0)
                } else {
                    f64::INFINITY
                }
            });
            bandwidth.max(loss).max(window)
        }
        BoundForm::Printed => bandwidth.min(loss),
    }
}

/// Paper 000's upper bound on TCP throughput through a receiver `host`,
/// eqs. 3.44 (no offload) and 3.45 (offload), b/s of IP datagrams:
/// 1 / [ network term + per-bit host cost + t_L/MTU ], with the per-bit cost
/// 1.25/B_FSB + 0.25/B_PCI or 1/B_FSB + 1/(8·F_TOE) + 0.12/B_PCI.
pub fn host_bound_bps(
    host: &HostParams,
    link_bps: f64,
    rtt_s: f64,
    sqrt_p: f64,
    mtu_bytes: u32,
    opts: &HostBoundOptions,
) -> f64 {
    let mtu_bits = mtu_bytes as f64 * 8.0;
    let denom = network_term_s_per_bit(link_bps, rtt_s, sqrt_p, mtu_bytes, opts)
        + host.per_bit_s()
        + host.per_packet_cost_ns() * 1e-9 / mtu_bits;
    if denom > 0.0 {
        1.0 / denom
    } else {
        f64::INFINITY
    }
}

/// The RTT where paper 000's bound turns from bandwidth-limited to
/// loss-limited: B_GE·RTT = MTU/√p, i.e. RTT = MTU/(√p·B_GE)
/// (12 ms for 1500 B, 1 Gb/s, √p = 10⁻³).
pub fn loss_knee_rtt_s(mtu_bytes: u32, link_bps: f64, sqrt_p: f64) -> f64 {
    mtu_bytes as f64 * 8.0 / (sqrt_p * link_bps)
}

/// Table 3.1's ratio of throughput to B_GE in the minimum-RTT region, as its
/// caption prints it: 1/(1 + 2·B_GE/B_FSB + t_L·B_GE/MTU). (Eq. 3.12, from
/// which it comes, halves the memory-bus term; the table follows the caption.)
pub fn table_3_1_ratio(link_bps: f64, fsb_bps: f64, t_l_s: f64, mtu_bytes: u32) -> f64 {
    1.0 / (1.0 + 2.0 * link_bps / fsb_bps + t_l_s * link_bps / (mtu_bytes as f64 * 8.0))
}

/// One point of a bound curve.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct CurvePoint {
    pub x: f64,
    pub y: f64,
}

/// Paper 000's bound over MTU (x: bytes, y: b/s) at a fixed RTT.
pub fn host_bound_over_mtu(
    host: &HostParams,
    link_bps: f64,
    rtt_s: f64,
    sqrt_p: f64,
    mtus: &[u32],
    opts: &HostBoundOptions,
) -> Vec<CurvePoint> {
    mtus.iter()
        .map(|&m| CurvePoint {
            x: m as f64,
            y: host_bound_bps(host, link_bps, rtt_s, sqrt_p, m, opts),
        })
        .collect()
}

/// Paper 000's bound over RTT (x: s, y: b/s) at a fixed MTU.
pub fn host_bound_over_rtt(
    host: &HostParams,
    link_bps: f64,
    sqrt_p: f64,
    mtu_bytes: u32,
    rtts_s: &[f64],
    opts: &HostBoundOptions,
) -> Vec<CurvePoint> {
    rtts_s
        .iter()
        .map(|&r| CurvePoint {
            x: r,
            y: host_bound_bps(host, link_bps, r, sqrt_p, mtu_bytes, opts),
        })
        .collect()
}

/// Any bound as a curve: `f` evaluated at each x.
pub fn curve(xs: &[f64], f: impl Fn(f64) -> f64) -> Vec<CurvePoint> {
    xs.iter().map(|&x| CurvePoint { x, y: f(x) }).collect()
}

/// The MTUs of paper 000's figures: 500 to 16000 bytes in steps of 500.
pub fn mtu_grid() -> Vec<u32> {
    (1..=32).map(|i| i * 500).collect()
}

/// `n` log-spaced values from `lo` to `hi` inclusive (libm, bit-identical everywhere).
pub fn log_grid(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    match n {
        0 => Vec::new(),
        1 => vec![lo],
        _ => {
            let (a, b) = (libm::log10(lo), libm::log10(hi));
            (0..n)
                .map(|i| libm::pow(10.0, a + (b - a) * i as f64 / (n - 1) as f64))
                .collect()
        }
    }
}

/// What a scenario does not say but the loss-based bounds need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoundConditions {
    /// Packet loss probability p (0: no loss-based limit).
    pub loss_p: f64,
    /// Receive window, bytes (None: unlimited).
    pub window_bytes: Option<f64>,
    /// The minimum RTO, s. PFTK's timeout T0 is the RTT plus this under
    /// Linux's RTO (the minimum bounds the variance term), or the larger of
    /// the two under RFC 6298 (the minimum bounds the RTO).
    pub rto_s: f64,
    pub rto_style: RtoStyle,
    /// Segments per ACK (the simulator's receiver ACKs every segment: 1).
    pub segments_per_ack: f64,
}

impl Default for BoundConditions {
    fn default() -> Self {
        Self {
            loss_p: 0.0,
            window_bytes: None,
            rto_s: time::to_secs(crate::tcp::rtt::LINUX_MIN_RTO),
            rto_style: RtoStyle::Linux,
            segments_per_ack: 1.0,
        }
    }
}

/// Every bound for one flow, all in b/s of **payload** (goodput), so they
/// compare with the flow's goodput trace. Infinite (JSON null) means "no limit".
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FlowBounds {
    pub flow: String,
    /// Slowest link rate on the data path, b/s of the wire.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub bottleneck_bps: f64,
    /// Base round-trip time: propagation both ways plus one MTU's
    /// serialisation per data hop and one ACK's per ACK hop, s.
    pub base_rtt_s: f64,
    /// Smallest MTU on the path, bytes; MSS = MTU − 40.
    pub mtu_bytes: u32,
    /// Bottleneck rate × MSS/MTU.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub link_bps: f64,
    /// W/RTT.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub window_bps: f64,
    /// Mathis, C = 1.22.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub mathis_bps: f64,
    /// Mathis, C = 0.87.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub mathis_delayed_ack_bps: f64,
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub pftk_bps: f64,
    /// Paper 000 (3.44/3.45, corrected max form) for the receiving host.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub host_bound_bps: f64,
    /// The same as printed (min form).
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub host_bound_printed_bps: f64,
    /// The receiving host model's own saturated rate (serial: equals
    /// `host_bound_bps` at small RTT; pipelined: its slowest stage).
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub receiver_capacity_bps: f64,
    /// Max-min fair share once every flow has started ([`super::fair_share`]);
    /// ∞ until the scenario's other flows are known.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub fair_share_bps: f64,
    /// The max-min fair share over time: a step at every flow start.
    pub fair_share_steps: Vec<FairShareStep>,
    /// The loss rate Mathis and PFTK use above: the scenario's own (random
    /// loss on the path), 0 when it has none.
    pub loss_p: f64,
    /// The loss rate the finished run measured ([`measured_loss_rate`]); None
    /// before the end, or when the flow lost nothing.
    pub measured_loss_p: Option<f64>,
    /// Mathis (C = 1.22) at the measured loss rate; ∞ without one.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub mathis_measured_bps: f64,
    /// PFTK at the measured loss rate; ∞ without one.
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub pftk_measured_bps: f64,
    /// What PFTK needs besides p (kept to evaluate it at the measured rate).
    #[serde(skip)]
    pub conditions: BoundConditions,
}

impl FlowBounds {
    /// These bounds with Mathis and PFTK evaluated at the loss rate the run
    /// measured (`p`, from [`measured_loss_rate`]).
    pub fn with_measured_loss(mut self, p: Option<f64>) -> Self {
        self.measured_loss_p = p;
        let mss = self.mtu_bytes.saturating_sub(TCP_IP_HEADER_BYTES) as f64;
        let c = self.conditions;
        let w_max = c.window_bytes.map_or(f64::INFINITY, |w| w / mss);
        let p = p.unwrap_or(0.0);
        self.mathis_measured_bps = mathis_bps(mss, self.base_rtt_s, p, MATHIS_C_EVERY_ACK);
        self.pftk_measured_bps =
            pftk_bps(mss, self.base_rtt_s, p, c.rto_s, c.segments_per_ack, w_max);
        self
    }
}

/// The bounds for flow `flow_index` of a validated scenario; None if the
/// index is out of range or the flow has no path.
pub fn flow_bounds(s: &Scenario, flow_index: usize, cond: &BoundConditions) -> Option<FlowBounds> {
    let f = s.flows.get(flow_index)?;
    let adj = adjacency_by_id(&s.topology);
    let src = *adj.index.get(&f.src)?;
    let dst = *adj.index.get(&f.dst)?;
    let hops = adj.next_hop_table(dst);
    let mut node = src;
    let mut path = Vec::new();
    while node != dst {
        let c = hops[node]?;
        let (li, a_to_b) = (c / 2, c % 2 == 0);
        let l = &s.topology.links[li];
        let rev_rate = l.reverse.as_ref().and_then(|r| r.rate_bps);
        // A one-way delay (`reverse.delay_ms`) counts once in each direction.
        let rev_delay = l.reverse.as_ref().and_then(|r| r.delay_ms);
        let delays = (l.delay_ms + rev_delay.unwrap_or(l.delay_ms)) * 1e-3;
        let (fwd, back) = if a_to_b {
            (l.rate_bps, rev_rate.unwrap_or(l.rate_bps))
        } else {
            (rev_rate.unwrap_or(l.rate_bps), l.rate_bps)
        };
        path.push((fwd, back, delays, l.mtu_bytes));
        node = *adj.index.get(if a_to_b { &l.b } else { &l.a })?;
        if path.len() > s.topology.links.len() {
            return None;
        }
    }
    let mtu = path.iter().map(|h| h.3).min()?;
    let bottleneck = path.iter().map(|h| h.0).fold(f64::INFINITY, f64::min);
    let ack_bits = TCP_IP_HEADER_BYTES as f64 * 8.0;
    let rtt: f64 = path
        .iter()
        .map(|&(fwd, back, d, _)| d + mtu as f64 * 8.0 / fwd + ack_bits / back)
        .sum();
    let mss = mtu.saturating_sub(TCP_IP_HEADER_BYTES) as f64;
    let payload = mss / mtu as f64;
    let host = HostParams::for_node(s.topology.nodes.get(dst)?.host.as_ref());
    let sqrt_p = libm::sqrt(cond.loss_p.max(0.0));
    // The host bound as the thesis derives it: the window is assumed to cover
    // the pipe (eq. 3.41, cwnd = max(B_GE·RTT, MTU/√p)). A smaller window is
    // its own bound, `window_bps`; folding it into eq. 3.44's sum would treat
    // the window's round trip and the host's work as serial, but a receiver
    // processes one packet while the next is in flight, so that sum is not an
    // upper bound (a simulated P4 host beats it by up to 25 % at 8–12 packets).
    let opts = HostBoundOptions::default();
    let printed = HostBoundOptions {
        form: BoundForm::Printed,
        ..opts
    };
    let w_max = cond.window_bytes.map_or(f64::INFINITY, |w| w / mss);
    Some(FlowBounds {
        flow: f.id.clone(),
        bottleneck_bps: bottleneck,
        base_rtt_s: rtt,
        mtu_bytes: mtu,
        link_bps: bottleneck * payload,
        window_bps: cond
            .window_bytes
            .map_or(f64::INFINITY, |w| window_bound_bps(w, rtt)),
        mathis_bps: mathis_bps(mss, rtt, cond.loss_p, MATHIS_C_EVERY_ACK),
        mathis_delayed_ack_bps: mathis_bps(mss, rtt, cond.loss_p, MATHIS_C_DELAYED_ACK),
        pftk_bps: pftk_bps(
            mss,
            rtt,
            cond.loss_p,
            match cond.rto_style {
                RtoStyle::Linux => rtt + cond.rto_s,
                RtoStyle::Rfc6298 | RtoStyle::Bsd => cond.rto_s.max(rtt),
            },
            cond.segments_per_ack,
            w_max,
        ),
        host_bound_bps: host_bound_bps(&host, bottleneck, rtt, sqrt_p, mtu, &opts) * payload,
        host_bound_printed_bps: host_bound_bps(&host, bottleneck, rtt, sqrt_p, mtu, &printed)
            * payload,
        receiver_capacity_bps: host.capacity_bps(mtu, path.last()?.0) * payload,
        fair_share_bps: f64::INFINITY,
        fair_share_steps: Vec::new(),
        loss_p: cond.loss_p.max(0.0),
        measured_loss_p: None,
        mathis_measured_bps: f64::INFINITY,
        pftk_measured_bps: f64::INFINITY,
        conditions: *cond,
    })
}

impl BoundConditions {
    /// A TCP flow's own conditions in its scenario: Bernoulli loss along its
    /// path, its buffers as the window, its delayed-ACK setting and minimum RTO.
    pub fn for_flow(s: &Scenario, i: usize) -> Option<Self> {
        let f = s.flows.get(i)?;
        if f.protocol != Protocol::Tcp {
            return None;
        }
        let adj = adjacency_by_id(&s.topology);
        let hops = adj.route(*adj.index.get(&f.src)?, *adj.index.get(&f.dst)?)?;
        let delivered: f64 = hops
            .iter()
            .map(|&c| {
                // Bernoulli and Gilbert–Elliott loss have a long-run rate.
                let rate = s.topology.links[c / 2]
                    .loss
                    .as_ref()
                    .and_then(|l| l.long_run_rate());
                1.0 - rate.unwrap_or(0.0)
            })
            .product();
        let window = f.tcp.receive_buffer_bytes.min(f.tcp.send_buffer_bytes);
        Some(BoundConditions {
            loss_p: 1.0 - delivered,
            // The default 1 GiB buffers do not limit: TCP's own largest window.
            window_bytes: (window < TCP_MAX_WINDOW_BYTES).then_some(window as f64),
            rto_s: f.tcp.min_rto_ms.map_or_else(
                || time::to_secs(crate::tcp::rtt::default_min_rto(f.tcp.rto)),
                |ms| ms / 1000.0,
            ),
            rto_style: f.tcp.rto,
            segments_per_ack: if f.tcp.delayed_ack == DelayedAck::Off {
                1.0
            } else {
                2.0
            },
        })
    }
}

/// Paper 000's bound for a flow's receiving host as curves, with offload off
/// and on: over MTU (500–16000 B) at the flow's base RTT, and over RTT
/// (0.1 ms – 1 s) at its path MTU.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BoundCurves {
    pub flow: String,
    pub over_mtu_no_offload: Vec<CurvePoint>,
    pub over_mtu_offload: Vec<CurvePoint>,
    pub over_rtt_no_offload: Vec<CurvePoint>,
    pub over_rtt_offload: Vec<CurvePoint>,
}

/// The curves for flow `i` of a validated scenario (None for UDP flows).
pub fn bound_curves(s: &Scenario, i: usize) -> Option<BoundCurves> {
    let cond = BoundConditions::for_flow(s, i)?;
    let b = flow_bounds(s, i, &cond)?;
    let f = &s.flows[i];
    let node = s.topology.nodes.iter().find(|n| n.id == f.dst)?;
    let host = HostParams::for_node(node.host.as_ref());
    let with = |offload: bool| HostParams {
        offload,
        ..host.clone()
    };
    let (off, on) = (with(false), with(true));
    let sqrt_p = libm::sqrt(cond.loss_p.max(0.0));
    let opts = HostBoundOptions::default();
    let mtus = mtu_grid();
    let rtts = log_grid(1e-4, 1.0, 41);
    let link = b.bottleneck_bps;
    Some(BoundCurves {
        flow: f.id.clone(),
        over_mtu_no_offload: host_bound_over_mtu(&off, link, b.base_rtt_s, sqrt_p, &mtus, &opts),
        over_mtu_offload: host_bound_over_mtu(&on, link, b.base_rtt_s, sqrt_p, &mtus, &opts),
        over_rtt_no_offload: host_bound_over_rtt(&off, link, sqrt_p, b.mtu_bytes, &rtts, &opts),
        over_rtt_offload: host_bound_over_rtt(&on, link, sqrt_p, b.mtu_bytes, &rtts, &opts),
    })
}

#[cfg(test)]
#[path = "bounds_tests.rs"]
mod tests;
