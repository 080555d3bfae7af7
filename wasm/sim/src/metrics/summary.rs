//! The per-run summary printed by the CLI and by `npm run sim:node`, and shown
//! by the UI. Serialised with serde_json, so identical on every target.

use super::bounds::FlowBounds;
use serde::Serialize;

#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Summary {
    pub name: String,
    pub simulated_time_s: f64,
    pub events: u64,
    pub flows: Vec<FlowSummary>,
    pub links: Vec<LinkSummary>,
    /// End hosts with a modelled pipeline (paper 000); empty when all are ideal.
    pub hosts: Vec<HostSummary>,
    /// Jain's index over the flows' goodputs.
    pub jain_index: f64,
    pub trace_hash: String,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FlowSummary {
    pub id: String,
    /// Bytes delivered in order to the receiving application, × 8, over the
    /// time the flow was open.
    pub goodput_bps: f64,
    pub delivered_bytes: u64,
    pub retransmitted_segments: u64,
    /// TCP: segments that reached the receiver holding only data it already had
    /// (seed paper 003's "duplicate packets"); 0 for UDP.
    pub duplicate_segments: u64,
    pub fast_retransmits: u64,
    pub timeouts: u64,
    /// TCP: tail loss probes sent (RFC 8985 §7).
    pub tlp_probes: u64,
    /// TCP: the congestion-control algorithm running at the end, its JSON name.
    pub cc: Option<String>,
    /// TCP: the `cc_rules` entry that chose the opening algorithm, if one did.
    pub cc_rule: Option<usize>,
    /// TCP: mid-flow algorithm switches taken.
    pub cc_switches: u32,
    /// TCP: window reductions caused by ECN-Echo.
    pub ecn_reductions: u64,
    /// Mean of the sampled cwnd while the flow was open, in segments.
    pub mean_cwnd_segments: f64,
    /// Sized transfers: seconds from the flow's start until the receiver had every byte.
    pub completion_time_s: Option<f64>,
    /// When the flow opened (sent its SYN, or its first data without the
    /// handshake), seconds into the run: `start_s`, plus the draw of a random
    /// start (`start_jitter_s`, `scenario::flow_start_s`). `goodput_bps`
    /// counts from here; known at time 0.
    pub opened_s: f64,
    /// When data began, seconds into the run: `start_s`, or one handshake
    /// later (the SYN-ACK reached the sender); null if it never did.
    pub data_start_s: Option<f64>,
    /// TCP: SYNs sent again before the SYN-ACK came (RFC 6298 §5.7).
    pub syn_retransmits: u32,
    /// UDP flows: datagrams sent and received.
    pub udp_sent_packets: u64,
    pub udp_received_packets: u64,
    /// The longest time the receiving application waited for new in-order data while
    /// the flow was open (seed paper 003's "longest waiting time"), seconds.
    pub longest_stall_s: f64,
    /// Analytic throughput bounds for this flow (link, window, Mathis, PFTK,
    /// the paper-000 host bound), in payload b/s; null means "no limit".
    pub bounds: Option<FlowBounds>,
    /// TCP with a user-level receiver (paper 001): segments its socket
    /// buffer dropped. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub receiver_overruns: Option<u64>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HostSummary {
    pub id: String,
    /// Frames dropped because the NIC buffer was full.
    pub nic_overruns: u64,
    /// Paper 000's recv()-time bandwidth estimate (eq. 3.60), if it has one.
    pub bandwidth_estimate_bps: Option<f64>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LinkSummary {
    pub id: String,
    /// `a>b` or `b>a`.
    pub direction: String,
    pub drops: u64,
    pub tx_packets: u64,
    pub tx_bytes: u64,
    /// Fraction of the run the transmitter was busy.
    pub utilisation: f64,
    /// Mean time packets waited in the queue before transmission, seconds.
    pub mean_queueing_delay_s: f64,
    /// Time packets spent in the pipe after their last bit left (propagation, jitter,
    /// an emulator's timer tick); null before any packet.
    pub pipe_delay: Option<DelayStatsSummary>,
}

/// Mean, population standard deviation, minimum and maximum of a delay, seconds.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DelayStatsSummary {
    pub mean_s: f64,
    pub sd_s: f64,
    pub min_s: f64,
    pub max_s: f64,
}

impl Summary {
    /// The JSON the CLI and `npm run sim:node` print: pretty, two-space indent (allocated once:
    /// the page's worker asks for it at the start and at the end of every run).
    pub fn to_json(&self) -> String {
        super::json::to_string_pretty(self)
    }
}
