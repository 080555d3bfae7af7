//! The serde types of scenario schema v1.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use super::host_spec::{HostOverlap, HostPathKind, HostPreset, HostSpec};

/// A complete experiment: topology, flows, seed and duration.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
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
}

fn default_seed() -> u32 {
    1
}
fn default_sample_interval_ms() -> f64 {
    10.0
}

/// Nodes and the links between them; packets follow static shortest paths.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Topology {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
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

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// An end host: flows start and end here.
    Host,
    /// A router: forwards packets.
    Router,
}

/// A duplex link. The settings apply to both directions unless `reverse`
/// overrides them for the b→a direction.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
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
}

fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

/// Loss on the wire: packets that finish transmission but never arrive.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum LossSpec {
    /// Each packet is lost independently with probability `p`.
    Bernoulli {
        /// Loss probability, 0 to 1.
        p: f64,
        /// Only data packets (not ACKs) are lost.
        #[serde(default = "yes")]
        data_only: bool,
    },
    /// The link carries nothing between `start_s` and `end_s` (an outage).
    Blackout { start_s: f64, end_s: f64 },
    /// Lose the listed data packets, counted from 1 in the order they cross the link.
    Nth { packets: Vec<u64> },
}

pub(crate) fn yes() -> bool {
    true
}

fn default_mtu() -> u32 {
    1500
}

/// Settings of the b→a direction that differ from a→b.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct DirectionOverride {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_bps: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<QueueSpec>,
}

/// A queue discipline and its parameters.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum QueueSpec {
    /// First in, first out; arrivals that do not fit are dropped.
    DropTail {
        /// Capacity in packets (give this or limit_bytes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit_packets: Option<u32>,
        /// Capacity in bytes (give this or limit_packets).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit_bytes: Option<u64>,
    },
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec::DropTail {
            limit_packets: Some(1000),
            limit_bytes: None,
        }
    }
}

/// One transfer between two hosts.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    pub id: String,
    /// Sending host (node id).
    pub src: String,
    /// Receiving host (node id).
    pub dst: String,
    #[serde(default)]
    pub protocol: Protocol,
    /// Congestion-control algorithm (TCP only).
    #[serde(default)]
    pub cc: CcAlgorithm,
    /// When the flow opens, seconds after the start of the run.
    #[serde(default)]
    pub start_s: f64,
    /// What the application sends (bulk TCP by default).
    #[serde(default)]
    pub source: SourceSpec,
    /// TCP stack settings (ignored for UDP).
    #[serde(default)]
    pub tcp: TcpOptions,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// TCP: reliable, congestion-controlled.
    #[default]
    Tcp,
    /// UDP: datagrams at the source's rate, no feedback.
    Udp,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CcAlgorithm {
    /// NewReno (RFC 5681 congestion control, RFC 6582 fast recovery).
    #[default]
    Newreno,
}

/// The application behind a flow.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Default)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SourceSpec {
    /// Always has data to send (TCP).
    #[default]
    Bulk,
    /// Sends `bytes` and stops; the flow completion time is recorded (TCP).
    Sized { bytes: u64 },
    /// Fixed-size datagrams at a fixed interval (UDP).
    Cbr {
        /// UDP payload per datagram, bytes.
        packet_bytes: u32,
        /// Time between datagrams, milliseconds.
        interval_ms: f64,
        /// Start at a random phase within the first interval.
        #[serde(default)]
        random_phase: bool,
    },
    /// Datagrams with exponential gaps (a Poisson process) at a mean rate (UDP).
    Poisson {
        /// Mean payload rate, bits per second (payload plus headers).
        rate_bps: f64,
        /// UDP payload per datagram, bytes (the mean when sizes are exponential).
        packet_bytes: u32,
        /// Draw sizes from an exponential distribution (for M/M/1) instead of fixed (M/D/1).
        #[serde(default)]
        exponential_sizes: bool,
    },
    /// Alternates between sending (bulk TCP, or CBR UDP at `rate_bps`) and silence.
    OnOff {
        /// Mean length of an on period, seconds.
        on_s: f64,
        /// Mean length of an off period, seconds.
        off_s: f64,
        /// Draw period lengths from exponential distributions instead of fixed.
        #[serde(default)]
        exponential: bool,
        /// UDP only: sending rate while on, bits per second.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rate_bps: Option<f64>,
        /// UDP only: payload per datagram, bytes.
        #[serde(default = "default_udp_payload")]
        packet_bytes: u32,
    },
}

fn default_udp_payload() -> u32 {
    1000
}

/// Loss recovery of the TCP sender.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
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

/// Delayed acknowledgements at the receiver.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
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

/// TCP stack settings.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpOptions {
    /// Fixed maximum segment size, bytes. Default: path MTU − 40 (− 12 with timestamps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mss_bytes: Option<u32>,
    /// Let IP fragment segments larger than the path MTU (needs `mss_bytes`; paper 000).
    #[serde(default)]
    pub ip_fragmentation: bool,
    /// Carry the 12-byte timestamp option (RFC 7323) in every segment.
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
    #[serde(default)]
    pub delayed_ack: DelayedAck,
    /// Congestion avoidance counts acknowledged bytes (RFC 3465, Linux): one
    /// SMSS per window however ACKs are spaced. Off: SMSS²/cwnd per ACK
    /// (RFC 5681 eq. 3), so delayed ACKs halve the growth (Mathis C = 0.87).
    #[serde(default = "yes")]
    pub byte_counting: bool,
    /// Receive buffer, bytes: the advertised window is its free part.
    #[serde(default = "default_buffer")]
    pub receive_buffer_bytes: u64,
    /// Send buffer, bytes: at most this much unacknowledged data.
    #[serde(default = "default_buffer")]
    pub send_buffer_bytes: u64,
    /// Minimum retransmission timeout, ms (Linux 200; RFC 6298 says 1000).
    #[serde(default = "default_min_rto")]
    pub min_rto_ms: f64,
    /// Timer granularity, ms: RTT samples and timer expiries are rounded up to
    /// ticks of this size (1 ms modern; 500 ms for 1990s BSD stacks, paper 003).
    #[serde(default = "default_granularity")]
    pub timer_granularity_ms: f64,
    /// Pace segments at the rate the congestion controller sets (or Linux's
    /// default of 2×cwnd/srtt in slow start, 1.2×cwnd/srtt otherwise).
    #[serde(default)]
    pub pacing: bool,
}

fn default_iw() -> u32 {
    10
}
fn default_buffer() -> u64 {
    1 << 30
}
fn default_min_rto() -> f64 {
    200.0
}
fn default_granularity() -> f64 {
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
            delayed_ack: DelayedAck::default(),
            byte_counting: true,
            receive_buffer_bytes: default_buffer(),
            send_buffer_bytes: default_buffer(),
            min_rto_ms: default_min_rto(),
            timer_granularity_ms: default_granularity(),
            pacing: false,
        }
    }
}
