//! The serde types of scenario schema v1.

use serde::{Deserialize, Serialize};
use tcplab_derive::TaggedDeserialize;

pub use super::host_spec::{HostOverlap, HostPathKind, HostPreset, HostSpec};
pub use super::link_spec::{RateChange, TimerTick, TraceSpec};
use crate::loss::LossSpec;
use crate::queue::QueueSpec;

/// A complete experiment: topology, flows, seed and duration.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Schema version; this build reads version 1.
    pub version: u32,
    /// A short title shown in the UI.
    #[serde(default)]
    pub name: String,
    /// What the scenario shows, in a sentence or two.
    #[serde(default)]
    pub description: String,
    /// Seed of every random stream in the run (0 to 4294967295).
    #[serde(default = "default_seed")]
    pub seed: u32,
    /// Simulated time to run, in seconds.
    pub duration_s: f64,
    /// Spacing of the sampled traces, in milliseconds of simulated time.
    #[serde(default = "default_sample_interval_ms")]
    pub sample_interval_ms: f64,
    pub topology: Topology,
    pub flows: Vec<Flow>,
    /// TranSwitch-style rules (paper 004 §5.3): a TCP flow that leaves `cc`
    /// out gets the algorithm (and any parameter blocks it leaves out) of the
    /// first rule its addresses and ports match, when it opens. A flow's own
    /// `cc` and `cc_params` always win. No match: newreno.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cc_rules: Vec<CcRule>,
    /// The lab that wrote this file: its model version and the trace hash of its run.
    /// Written by the page's export; the model does not read it. Opening a file made by
    /// another model version says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub made_by: Option<MadeBy>,
}

/// Which lab wrote a scenario file.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MadeBy {
    /// The model version that wrote the file (tcplab's version, as `tcplab --version`
    /// prints it).
    pub model: String,
    /// The trace hash of the run the file was saved after, if it was saved after a
    /// finished run of this very scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace_hash: Option<String>,
}

pub(super) fn default_seed() -> u32 {
    1
}
pub(super) fn default_sample_interval_ms() -> f64 {
    10.0
}

/// Nodes and the links between them; packets follow static shortest paths.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Topology {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// Unique name, used by links and flows.
    pub id: String,
    pub kind: NodeKind,
    /// End-host model (host nodes only). Omitted: the ideal host, which adds
    /// no delay and no cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<HostSpec>,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// An end host: flows start and end here.
    Host,
    /// A router: forwards packets.
    Router,
}

/// A duplex link. The settings apply to both directions unless `reverse`
/// overrides them for the b→a direction.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Link {
    pub id: String,
    /// One end (node id).
    pub a: String,
    /// The other end (node id).
    pub b: String,
    /// Transmission rate, bits per second.
    pub rate_bps: f64,
    /// One-way propagation delay, milliseconds.
    pub delay_ms: f64,
    /// Largest IP packet the link carries, bytes.
    #[serde(default = "default_mtu")]
    pub mtu_bytes: u32,
    /// The queue in front of the link, in each direction.
    #[serde(default)]
    pub queue: QueueSpec,
    /// Overrides for the b→a direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse: Option<DirectionOverride>,
    /// Packet loss on the wire, in each direction (none by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<LossSpec>,
    /// Extra delay drawn uniformly from [0, jitter_ms] per packet, keeping FIFO
    /// order. A little jitter on access links breaks the phase effects of a
    /// perfectly deterministic simulation (Floyd & Jacobson 1992).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub jitter_ms: f64,
    /// Release packets on the ticks of an emulator's timer (dummynet), in
    /// each direction. Omitted: the delay is exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer_tick: Option<TimerTick>,
    /// Link-layer bytes added to every packet's serialisation time, beyond
    /// the IP datagram (default 0). Ethernet: 38 (header 14, FCS 4,
    /// preamble 8, gap 12); HDLC on a serial line: about 8 (paper 003).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub overhead_bytes: u32,
    /// Rate changes at given times, in order, in each direction (the b→a
    /// direction keeps its own when `reverse` sets `rate_bps` or
    /// `rate_changes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rate_changes: Vec<RateChange>,
    /// Deliver on a trace's opportunities instead of at `rate_bps` (which
    /// then only tells the queue discipline the nominal rate), in each
    /// direction unless `reverse` sets its own `rate_bps` or `trace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceSpec>,
}

fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}

impl Link {
    /// A link with the default MTU (1500), queue (DropTail, 1000 packets) and
    /// no impairments.
    pub fn new(id: &str, a: &str, b: &str, rate_bps: f64, delay_ms: f64) -> Self {
        Link {
            id: id.into(),
            a: a.into(),
            b: b.into(),
            rate_bps,
            delay_ms,
            mtu_bytes: default_mtu(),
            queue: QueueSpec::default(),
            reverse: None,
            loss: None,
            jitter_ms: 0.0,
            timer_tick: None,
            overhead_bytes: 0,
            rate_changes: Vec::new(),
            trace: None,
        }
    }
}

fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

// LossSpec: one line per model in loss/registry.rs, parameters in each model's file.

pub(super) fn yes() -> bool {
    true
}

pub(super) fn default_mtu() -> u32 {
    1500
}

/// Settings of the b→a direction that differ from a→b.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct DirectionOverride {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_bps: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<QueueSpec>,
    /// One-way propagation delay of the b→a direction, ms (a delay box that
    /// delays one direction only, as netem does on one interface).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<f64>,
    /// Rate changes of the b→a direction (replace the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_changes: Option<Vec<RateChange>>,
    /// Delivery trace of the b→a direction (replaces the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceSpec>,
}

/// One transfer between two hosts.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    pub id: String,
    /// Sending host (node id).
    pub src: String,
    /// Receiving host (node id).
    pub dst: String,
    #[serde(default)]
    pub protocol: Protocol,
    /// Source port, 1 to 65535. Default: 49152 + the flow's position in
    /// `flows` (the dynamic range of RFC 6335 §6). Only `cc_rules` read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub src_port: Option<u16>,
    /// Destination port, 1 to 65535. Default 5001 (iperf's port, the tool of
    /// papers 002 and 004). Only `cc_rules` read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dst_port: Option<u16>,
    /// Congestion-control algorithm (TCP only). Omitted: the first matching
    /// entry of the scenario's `cc_rules` decides, else `newreno`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cc: Option<CcAlgorithm>,
    /// Presets and parameters of the congestion-control algorithms; a block
    /// applies whenever the flow runs that algorithm. Omit for the defaults.
    #[serde(default, skip_serializing_if = "CcParams::is_default")]
    pub cc_params: CcParams,
    /// When the flow opens, seconds after the start of the run (plus the
    /// draw of `start_jitter_s`, if given).
    #[serde(default)]
    pub start_s: f64,
    /// Random start: the flow opens at `start_s` + U, U uniform in
    /// [0, `start_jitter_s`), drawn from the scenario's `seed` and the flow's
    /// id (its own stream: no other draw moves). Seconds, ≥ 0, and
    /// `start_s` + `start_jitter_s` before the end of the run. Default 0:
    /// exactly at `start_s`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub start_jitter_s: f64,
    /// What the application sends (bulk TCP by default).
    #[serde(default)]
    pub source: SourceSpec,
    /// TCP stack settings (ignored for UDP).
    #[serde(default)]
    pub tcp: TcpOptions,
    /// Mid-flow changes of algorithm (TCP only), each taken at most once, when
    /// its trigger first holds. The successor starts from the running
    /// controller's window, ssthresh and RTT estimates (docs/algorithms.md,
    /// "Mid-flow switching"); its parameters come from `cc_params`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cc_switches: Vec<CcSwitch>,
}

/// A TranSwitch rule (paper 004 §5.3, `trswadd`): flows whose ends and ports
/// match run `cc`. Omitted fields match anything.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CcRule {
    /// Sending host: a node id, or a pattern in which `*` stands for any run
    /// of characters (`"s*"`). Default `"*"`.
    #[serde(default = "any_node")]
    pub src: String,
    /// Receiving host, as `src`. Default `"*"`.
    #[serde(default = "any_node")]
    pub dst: String,
    /// Source ports the rule covers. Omitted: any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub src_ports: Option<PortRange>,
    /// Destination ports the rule covers. Omitted: any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dst_ports: Option<PortRange>,
    /// The algorithm a matching flow runs.
    pub cc: CcAlgorithm,
    /// Parameter blocks for matching flows; a block the flow's own
    /// `cc_params` gives wins over the rule's.
    #[serde(default, skip_serializing_if = "CcParams::is_default")]
    pub cc_params: CcParams,
}

pub(super) fn any_node() -> String {
    "*".to_string()
}

/// An inclusive range of ports.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PortRange {
    /// First port, 1 to 65535.
    pub from: u16,
    /// Last port, from `from` to 65535. Omitted: just `from`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u16>,
}

impl PortRange {
    pub fn last(&self) -> u16 {
        self.to.unwrap_or(self.from)
    }
    pub fn contains(&self, port: u16) -> bool {
        self.from <= port && port <= self.last()
    }
}

/// A mid-flow change of congestion-control algorithm.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CcSwitch {
    /// The algorithm to switch to.
    pub cc: CcAlgorithm,
    /// When to switch.
    pub when: SwitchTrigger,
}

/// What makes a flow switch algorithm.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, TaggedDeserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SwitchTrigger {
    /// At a fixed time, seconds after the start of the run.
    At { at_s: f64 },
    /// The first ACK after which the smoothed RTT (RFC 6298) exceeds `srtt_ms`.
    SrttAbove { srtt_ms: f64 },
    /// The end of the first window of `window_s` seconds (windows are counted
    /// from the flow's start) in which retransmitted / sent segments exceeds
    /// `loss_rate`.
    LossRateAbove { loss_rate: f64, window_s: f64 },
}

// The transport and the application behind a flow come from app/: one line
// per source in app/registry.rs, each source's struct in its own file.
pub use crate::app::{Protocol, SourceSpec};

// Congestion control: the algorithm names (`CcAlgorithm`), the `cc_params`
// blocks (`CcParams`) and the slow-start rule come from cc/: one line per
// algorithm in cc/registry.rs, each block's struct in its algorithm's file.
pub use crate::cc::{CcAlgorithm, CcParams, SlowStart};

/// Loss recovery of the TCP sender.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Recovery {
    /// SACK-based loss recovery (RFC 6675), as Linux and ns-3 do by default.
    #[default]
    Sack,
    /// NewReno fast recovery with partial ACKs (RFC 6582).
    Newreno,
    /// Reno fast recovery (RFC 5681): the first new ACK ends recovery.
    Reno,
    /// Tahoe: fast retransmit, then slow start from one segment.
    Tahoe,
    /// Go-Back-N: the receiver discards out-of-order data; the sender resends from the hole (paper 001).
    GoBackN,
}

/// How the sender computes its retransmission timeout.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RtoStyle {
    /// As Linux (`tcp_rtt_estimator`, `tcp_set_rto`): the minimum bounds the
    /// variance term, so RTO ≈ SRTT + max(4·RTTVAR, 200 ms); the timer restarts
    /// when the first unacknowledged segment is retransmitted.
    #[default]
    Linux,
    /// RFC 6298 exactly: RTO = SRTT + 4·RTTVAR, at least the minimum (1 s)
    /// itself; the timer restarts only on ACKs of new data (§5.3).
    Rfc6298,
    /// 4.4BSD: the RTO as `rfc6298`, and the timer also restarts whenever the
    /// first unacknowledged segment is resent: at the third duplicate ACK
    /// tcp_input stops TCPT_REXMT and tcp_output, sending the missing segment,
    /// starts it anew (so does a NewReno partial ACK, FreeBSD
    /// tcp_newreno_partial_ack).
    Bsd,
}

/// How much a SACK sender may send during fast recovery.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RecoveryRate {
    /// Proportional Rate Reduction (RFC 9937, formerly RFC 6937 PRR-SSRB), as
    /// Linux and ns-3: the flight shrinks smoothly to ssthresh over one round trip.
    #[default]
    Prr,
    /// RFC 6675 alone: send whenever pipe < cwnd, so the reduction happens in
    /// a silence of about half a round trip, then cwnd − pipe at line rate.
    Rfc6675,
}

/// Delayed acknowledgements at the receiver.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum DelayedAck {
    /// Acknowledge every segment at once.
    #[default]
    Off,
    /// Every second segment, or after 40 ms (Linux TCP_DELACK_MIN).
    Linux,
    /// Every second segment, or after 200 ms (RFC 1122 allows up to 500 ms; 200 ms is the classic BSD value).
    Rfc,
}

/// What the receiving end of a TCP flow offers in its SYN-ACK. Each field
/// left out offers what the flow itself offers, so by default the
/// handshake agrees on the flow's own settings.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct PeerOptions {
    /// SACK-permitted (RFC 2018). Without it on both sides the sender falls
    /// back to NewReno recovery (RFC 6582), as Linux does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sack: Option<bool>,
    /// The timestamp option (RFC 7323 §3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamps: Option<bool>,
    /// ECN setup (RFC 3168 §6.1.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ecn: Option<bool>,
    /// Window scaling (RFC 7323 §2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_scaling: Option<bool>,
    /// The MSS option it announces, bytes, in [88, 65495] (Linux
    /// `TCP_MIN_MSS` up). Segments carry at most the smaller of the two ends'
    /// MSS (less 12 bytes with timestamps). Default: what the flow announces,
    /// the path MTU − 40 (RFC 6691) or `mss_bytes` plus the timestamp option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(range(min = 88, max = 65495)))]
    pub mss_bytes: Option<u32>,
}

impl PeerOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// TCP stack settings.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpOptions {
    /// Fixed maximum segment size, bytes. Default: path MTU − 40 (− 12 with timestamps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mss_bytes: Option<u32>,
    /// Let IP fragment segments larger than the path MTU (needs `mss_bytes`; paper 000).
    #[serde(default)]
    pub ip_fragmentation: bool,
    /// Offer the 12-byte timestamp option (RFC 7323); every segment carries
    /// it when the receiver agrees (`peer.timestamps`, by default it does).
    #[serde(default)]
    pub timestamps: bool,
    /// Initial window, segments (RFC 6928: 10; RFC 3390: up to 4; older stacks 1 or 2).
    #[serde(default = "default_iw")]
    pub initial_window_segments: u32,
    /// Initial slow-start threshold, segments. Default: unlimited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_ssthresh_segments: Option<u32>,
    #[serde(default)]
    pub recovery: Recovery,
    /// Sending rate during SACK recovery (`recovery: sack` only).
    #[serde(default)]
    pub recovery_rate: RecoveryRate,
    /// RACK-TLP (RFC 8985): time-based loss detection that also finds lost
    /// retransmissions, and the tail loss probe. Needs `recovery: sack`.
    /// Default: on with `sack` (as Linux), off with the other styles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rack_tlp: Option<bool>,
    /// F-RTO (RFC 5682 §3, SACK-enhanced): after a timeout, send new data
    /// when the next ACK advances, and if an ACK then acknowledges data that
    /// was never retransmitted, the timeout was spurious (a delay, not a
    /// loss) and its window reduction is undone. Needs `recovery: sack`.
    /// Default: on with `sack` (Linux `net.ipv4.tcp_frto = 2`), off with the
    /// other styles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frto: Option<bool>,
    /// RACK's reordering window as a fraction of the minimum RTT, 0–1 (RFC
    /// 8985 §6.2: 1/4), never above SRTT. Zero once DupThresh segments are
    /// SACKed or in recovery unless reordering has been seen.
    #[serde(default = "default_reordering_window")]
    pub rack_reordering_window: f64,
    #[serde(default)]
    pub delayed_ack: DelayedAck,
    /// Congestion avoidance counts acknowledged bytes (RFC 3465, Linux): one
    /// SMSS per window however ACKs are spaced. Off: SMSS²/cwnd per ACK
    /// (RFC 5681 eq. 3), so delayed ACKs halve the growth (Mathis C = 0.87).
    #[serde(default = "yes")]
    pub byte_counting: bool,
    /// How slow start counts an ACK: `linux` (every newly acknowledged
    /// segment), `rfc3465` (at most 2 per ACK) or `rfc5681` (one per ACK).
    /// Default `linux` with `recovery: "sack"`, `rfc5681` with the older
    /// recovery styles (their RFCs' and 4.3BSD's rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slow_start: Option<SlowStart>,
    /// Open the connection with the three-way handshake (RFC 9293 §3.5):
    /// SYN and SYN-ACK cross the network, data follows one round trip after
    /// `start_s`. Off: data from `start_s`, as in textbook traces. Default on.
    #[serde(default = "yes")]
    pub handshake: bool,
    /// Offer window scaling (RFC 7323 §2). Without it on both sides the
    /// advertised window stays within 65,535 bytes. Default on.
    #[serde(default = "yes")]
    pub window_scaling: bool,
    /// What the receiving end offers in the handshake; omitted fields offer
    /// what this flow offers. Applies with or without `handshake`.
    #[serde(default, skip_serializing_if = "PeerOptions::is_default")]
    pub peer: PeerOptions,
    /// Receive buffer, bytes: the advertised window is its free part.
    #[serde(default = "default_buffer")]
    pub receive_buffer_bytes: u64,
    /// Send buffer, bytes: at most this much unacknowledged data.
    #[serde(default = "default_buffer")]
    pub send_buffer_bytes: u64,
    /// Retransmission timeout computation: `linux` (default), `rfc6298` or `bsd`.
    #[serde(default)]
    pub rto: RtoStyle,
    /// Minimum retransmission timeout, ms. With `rto: linux` the floor of the
    /// variance term (Linux `tcp_rto_min`, default 200: RTO ≥ SRTT + 200 ms);
    /// with `rfc6298` and `bsd` the floor of the RTO itself (RFC 6298 §2.4;
    /// 4.4BSD TCPTV_MIN, two 500 ms ticks; default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rto_ms: Option<f64>,
    /// Timer granularity, ms: RTT samples and timer expiries are rounded up to
    /// ticks of this size (1 ms modern; 500 ms for 1990s BSD stacks, paper 003).
    #[serde(default = "default_granularity")]
    pub timer_granularity_ms: f64,
    /// Pace segments at the rate the congestion controller sets (or Linux's
    /// default of 2×cwnd/srtt in slow start, 1.2×cwnd/srtt otherwise).
    #[serde(default)]
    pub pacing: bool,
    /// Explicit Congestion Notification (RFC 3168), offered in the SYN and
    /// used when the receiver agrees (`peer.ecn`, by default it does): new
    /// data is sent ECT(0), the receiver echoes CE as ECE until the sender's
    /// CWR, and the sender reduces once per window of data. Default off.
    #[serde(default)]
    pub ecn: bool,
    /// The receiver runs the protocol as a user-level process (paper 001):
    /// segments the host delivers wait in a socket buffer until the process
    /// takes them, one at a time at its processing rate; it acknowledges a
    /// segment when it has processed it. A segment that finds the buffer full
    /// is lost (overrun). Omitted: the kernel's TCP takes every segment at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_level: Option<UserLevelReceiver>,
}

/// A user-level receiving process and its socket buffer (see [`TcpOptions::user_level`]).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UserLevelReceiver {
    /// How fast the process handles segments, bits per second of IP datagram
    /// (each segment takes its size × 8 / this rate), > 0.
    pub processing_rate_bps: f64,
    /// Socket receive buffer, bytes: segments waiting for the process. At
    /// least one segment (MSS plus headers).
    pub buffer_bytes: u64,
    /// When the process acknowledges (and so reopens the sender's window).
    #[serde(default, skip_serializing_if = "UserLevelAck::is_each_segment")]
    pub acknowledge: UserLevelAck,
}

/// When a user-level receiving process sends its acknowledgement (window
/// update) for in-order data. A segment out of order is acknowledged at once
/// either way (the gap is what the sender's loss detection needs).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum UserLevelAck {
    /// After every segment it processes.
    #[default]
    EachSegment,
    /// Once the socket buffer is empty: a process that reads every datagram
    /// waiting, then sends one acknowledgement for all of them. Segments that
    /// arrive faster than it processes them get one window update for the
    /// whole run, and a window-limited sender answers with a back-to-back run.
    WhenDrained,
}

impl UserLevelAck {
    fn is_each_segment(&self) -> bool {
        *self == Self::EachSegment
    }
}

impl TcpOptions {
    /// The slow-start rule in force: `slow_start`, or the recovery style's
    /// default (Linux's with SACK, RFC 5681's with the older styles).
    pub fn slow_start_rule(&self) -> SlowStart {
        self.slow_start.unwrap_or(match self.recovery {
            Recovery::Sack => SlowStart::Linux,
            _ => SlowStart::Rfc5681,
        })
    }
}

pub(super) fn default_iw() -> u32 {
    10
}
pub(super) fn default_buffer() -> u64 {
    1 << 30
}
pub(super) fn default_reordering_window() -> f64 {
    0.25
}
pub(super) fn default_granularity() -> f64 {
    1.0
}

impl Default for TcpOptions {
    fn default() -> Self {
        Self {
            mss_bytes: None,
            ip_fragmentation: false,
            timestamps: false,
            initial_window_segments: default_iw(),
            initial_ssthresh_segments: None,
            recovery: Recovery::default(),
            recovery_rate: RecoveryRate::default(),
            rack_tlp: None,
            frto: None,
            rack_reordering_window: default_reordering_window(),
            delayed_ack: DelayedAck::default(),
            byte_counting: true,
            slow_start: None,
            handshake: true,
            window_scaling: true,
            peer: PeerOptions::default(),
            receive_buffer_bytes: default_buffer(),
            send_buffer_bytes: default_buffer(),
            rto: RtoStyle::default(),
            min_rto_ms: None,
            timer_granularity_ms: default_granularity(),
            pacing: false,
            ecn: false,
            user_level: None,
        }
    }
}
