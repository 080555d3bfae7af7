//! The serde types of scenario schema v1.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::queue_spec::QueueSpec;

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
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// A bulk TCP transfer that always has data to send.
    #[default]
    Tcp,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CcAlgorithm {
    /// NewReno (RFC 5681 congestion control, RFC 6582 fast recovery).
    #[default]
    Newreno,
}
