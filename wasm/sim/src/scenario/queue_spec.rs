//! The serde types of the queue disciplines in scenario schema v1. Each
//! discipline's parameters are a struct whose `Default` is the documented
//! default (the source of each default is named in its doc comment, which
//! becomes the JSON Schema description). The list of disciplines is the
//! registry (scenario/queue_registry.rs).

use super::queue_registry::{define_queue_types, for_each_queue};
use serde::{Deserialize, Serialize};

// QueueSpec: one line per discipline in scenario/queue_registry.rs.
for_each_queue!(define_queue_types);

/// DropTail parameters: one of the two capacities.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DropTailSpec {
    /// Capacity in packets (give this or limit_bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_packets: Option<u32>,
    /// Capacity in bytes (give this or limit_packets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<u64>,
}

/// The test-only discipline's parameters (scenario/queue_registry.rs).
#[cfg(test)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestDummySpec {
    /// Capacity in packets.
    pub limit_packets: u32,
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec::DropTail(DropTailSpec {
            limit_packets: Some(1000),
            limit_bytes: None,
        })
    }
}

// ---- RED ------------------------------------------------------------------

/// RED parameters. Defaults are ns-3 `RedQueueDisc` (MinTh 5, MaxTh 15,
/// MaxSize 25p, QW 0.002, LInterm 50, MeanPktSize 500, Gentle, Wait).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RedSpec {
    /// Hard capacity in packets; arrivals beyond it are dropped (ns-3 MaxSize 25p).
    pub limit_packets: u32,
    /// Hard capacity in bytes; when given it replaces limit_packets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<u64>,
    /// Measure the queue in packets, or in bytes divided by mean_pkt_size_bytes
    /// (ns-2 byte mode: thresholds stay in mean-sized packets, and the drop
    /// probability is scaled by size / mean_pkt_size_bytes).
    pub mode: RedMode,
    /// Average queue at which early drops begin, packets (ns-3 MinTh 5).
    pub min_th: f64,
    /// Average queue at which the probability reaches max_p, packets (ns-3 MaxTh 15).
    pub max_th: f64,
    /// Weight of the average: avg ← (1 − w_q)·avg + w_q·q (ns-3 QW 0.002).
    pub w_q: f64,
    /// Drop probability at max_th (ns-3 1/LInterm = 1/50).
    pub max_p: f64,
    /// Gentle RED: p rises from max_p to 1 between max_th and 2·max_th instead
    /// of jumping to 1 at max_th (ns-3 Gentle true).
    pub gentle: bool,
    /// ns-2 "wait" spacing between early drops (ns-3 Wait true); off gives the
    /// paper's p_a = p_b / (1 − count·p_b).
    pub wait: bool,
    /// Mean packet size, bytes: the unit of byte mode and of the idle-time
    /// decay of avg (ns-3 MeanPktSize 500).
    pub mean_pkt_size_bytes: u32,
    /// Mark ECN-capable packets (CE) instead of dropping them early (ns-3 UseEcn false).
    pub ecn: bool,
    /// Drop, never mark, when avg is beyond the early-drop range (ns-3 UseHardDrop true).
    pub hard_drop: bool,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RedMode {
    /// Queue length in packets.
    #[default]
    Packets,
    /// Queue length in bytes (in units of mean_pkt_size_bytes).
    Bytes,
}

impl Default for RedSpec {
    fn default() -> Self {
        RedSpec {
            limit_packets: 25,
            limit_bytes: None,
            mode: RedMode::Packets,
            min_th: 5.0,
            max_th: 15.0,
            w_q: 0.002,
            max_p: 1.0 / 50.0,
            gentle: true,
            wait: true,
            mean_pkt_size_bytes: 500,
            ecn: false,
            hard_drop: true,
        }
    }
}

// ---- CoDel ------------------------------------------------------------------

/// How CoDel computes the spacing interval/√count of its drops.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ControlLaw {
    /// interval / sqrt(count) in floating point, as RFC 8289's control_law writes it:
    /// drops 100, 70.7, 57.7, 50 ms … apart.
    #[default]
    Float,
    /// Linux include/net/codel_impl.h: 1/√count kept as a 16-bit fixed-point
    /// number updated by one Newton step per drop (so count 2 gives 50 ms, not 70.7).
    Linux,
}

/// CoDel parameters. Defaults are Linux `sch_codel` and RFC 8289.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct CodelSpec {
    /// Capacity in packets; arrivals beyond it are tail-dropped (Linux DEFAULT_CODEL_LIMIT 1000).
    pub limit_packets: u32,
    /// Acceptable standing queue delay, ms (RFC 8289 TARGET: 5 ms).
    pub target_ms: f64,
    /// Window over which the delay must stay above target before dropping, ms (RFC 8289 INTERVAL: 100 ms).
    pub interval_ms: f64,
    /// Mark ECN-capable packets instead of dropping them (Linux sch_codel default off).
    pub ecn: bool,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
}

impl Default for CodelSpec {
    fn default() -> Self {
        CodelSpec {
            limit_packets: 1000,
            target_ms: 5.0,
            interval_ms: 100.0,
            ecn: false,
            control_law: ControlLaw::Float,
        }
    }
}

/// FQ-CoDel parameters. Defaults are Linux `fq_codel_init` (as RFC 8290 describes them).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FqCodelSpec {
    /// Capacity of the whole qdisc in packets (Linux 10240).
    pub limit_packets: u32,
    /// Number of flow queues packets are hashed into (Linux fq_codel_init: 1024).
    pub flows: u32,
    /// CoDel target, ms (5 ms).
    pub target_ms: f64,
    /// CoDel interval, ms (100 ms).
    pub interval_ms: f64,
    /// Bytes a flow may send per round; absent means link MTU + 14 (Linux psched_mtu, 1514 on Ethernet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantum_bytes: Option<u32>,
    /// On overflow, at most this many packets are dropped from the fattest flow (Linux 64).
    pub drop_batch: u32,
    /// Bytes of packets the qdisc may hold (Linux 32 MB; Linux counts buffer truesize, we count packet bytes).
    pub memory_limit_bytes: u64,
    /// Mark ECN-capable packets instead of dropping them (Linux fq_codel default on).
    pub ecn: bool,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
}

impl Default for FqCodelSpec {
    fn default() -> Self {
        FqCodelSpec {
            limit_packets: 10 * 1024,
            flows: 1024,
            target_ms: 5.0,
            interval_ms: 100.0,
            quantum_bytes: None,
            drop_batch: 64,
            memory_limit_bytes: 32 << 20,
            ecn: true,
            control_law: ControlLaw::Float,
        }
    }
}

// ---- PIE --------------------------------------------------------------------

/// PIE parameters. Defaults are RFC 8033's, as Linux `pie_params_init` sets them
/// (target 15 ms, tupdate 15 ms, alpha 2/16, beta 20/16, burst 150 ms, limit 1000).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PieSpec {
    /// Capacity in packets (Linux 1000).
    pub limit_packets: u32,
    /// Target queueing delay QDELAY_REF, ms (15 ms).
    pub target_ms: f64,
    /// Period of the drop-probability update T_UPDATE, ms (15 ms).
    pub t_update_ms: f64,
    /// Gain on the delay error, per second (alpha 0.125).
    pub alpha: f64,
    /// Gain on the delay trend, per second (beta 1.25).
    pub beta: f64,
    /// Burst allowance MAX_BURST, ms (150 ms; ns-3 uses 15 ms).
    pub max_burst_ms: f64,
    /// Estimate the delay as backlog / departure rate (RFC 8033's optional estimator) instead
    /// of from timestamps (the Linux default).
    pub dq_rate_estimator: bool,
    /// Derandomize drops with an accumulated probability (RFC 8033 derandomisation; ns-3 default off; Linux always does).
    pub derandomize: bool,
    /// Limit a step of the probability to 2 % once it is above 10 % (RFC 8033 §5.5).
    pub cap_drop_adjustment: bool,
    /// Mark ECN-capable packets while the probability is at most ecn_threshold (RFC 8033 ECN support).
    pub ecn: bool,
    /// Probability above which ECN-capable packets are dropped, not marked (RFC 8033 and ns-3 MarkEcnThreshold: 10 %).
    pub ecn_threshold: f64,
}

impl Default for PieSpec {
    fn default() -> Self {
        PieSpec {
            limit_packets: 1000,
            target_ms: 15.0,
            t_update_ms: 15.0,
            alpha: 0.125,
            beta: 1.25,
            max_burst_ms: 150.0,
            dq_rate_estimator: false,
            derandomize: false,
            cap_drop_adjustment: true,
            ecn: false,
            ecn_threshold: 0.1,
        }
    }
}

// ---- heavy-flow CoDel (seed paper 002) ----------------------------------------

/// Is the log of sampled host pairs cleared after each tally, or a ring?
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavyLog {
    /// Tally every hist_len records, then start an empty log ("記録するごとに集計").
    #[default]
    Tumbling,
    /// Keep the last hist_len records and re-tally after every new record.
    Sliding,
}

/// How a tie for the most frequent host pair is broken.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavyTieBreak {
    /// The tied pair whose first record in the log is oldest (a scan with a strict `>`).
    #[default]
    FirstInLog,
    /// The current heavy pair keeps its title if it is among the tied.
    KeepCurrent,
}

/// Where packets are counted for the 1-in-stat_int sample.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavySamplePoint {
    /// In codel_should_drop, as the paper's Fig. 6 patch does: every packet
    /// CoDel examines at dequeue, including the re-check after a drop.
    #[default]
    ShouldDrop,
    /// Every arrival (the paper's prose: "packets passing through").
    Enqueue,
}

/// How a non-heavy packet's drop is decided.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HeavySpare {
    /// A looping counter: 1 of every drop_int candidates is dropped (the paper's d_cnt).
    #[default]
    Counter,
    /// Drop with probability 1/drop_int from the queue's random stream.
    Random,
}

/// Heavy-flow CoDel (seed paper 002, §4). Defaults are the paper's §5.1
/// (p = 1/32, stat_int = hist_len = 100) on Linux CoDel defaults; the switches
/// settle points the paper leaves open, defaulting to our reading of the paper (docs/queues.md).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct HeavyCodelSpec {
    /// Capacity in packets (Linux DEFAULT_CODEL_LIMIT 1000).
    pub limit_packets: u32,
    /// CoDel target, ms (5 ms).
    pub target_ms: f64,
    /// CoDel interval, ms (100 ms).
    pub interval_ms: f64,
    /// Floating-point (RFC) or fixed-point Newton (Linux) control law.
    pub control_law: ControlLaw,
    /// Record one of every stat_int packets in the log (paper: 100).
    pub stat_int: u32,
    /// Log length; the most frequent (source, destination) pair among its
    /// records is the heavy flow (paper: 100).
    pub hist_len: u32,
    /// A non-heavy packet CoDel picks is dropped once per drop_int picks, p = 1/drop_int (paper: 32). 1 is plain CoDel.
    pub drop_int: u32,
    /// Whether a spared packet still counts as a CoDel drop (count and the next
    /// drop time advance) or leaves CoDel's schedule untouched.
    pub spare_advances_schedule: bool,
    /// Tumbling (cleared) or sliding log.
    pub log: HeavyLog,
    /// Tie-break between equally frequent pairs.
    pub tie_break: HeavyTieBreak,
    /// Where packets are counted for sampling.
    pub sample_point: HeavySamplePoint,
    /// Counter (paper) or random sparing.
    pub spare: HeavySpare,
}

impl Default for HeavyCodelSpec {
    fn default() -> Self {
        HeavyCodelSpec {
            limit_packets: 1000,
            target_ms: 5.0,
            interval_ms: 100.0,
            control_law: ControlLaw::Float,
            stat_int: 100,
            hist_len: 100,
            drop_int: 32,
            spare_advances_schedule: true,
            log: HeavyLog::Tumbling,
            tie_break: HeavyTieBreak::FirstInLog,
            sample_point: HeavySamplePoint::ShouldDrop,
            spare: HeavySpare::Counter,
        }
    }
}

// ---- schedulers ----------------------------------------------------------------

/// A per-flow weight (flow id from `flows`).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FlowWeight {
    /// A flow id.
    pub flow: String,
    /// Relative share (> 0).
    pub weight: f64,
}

/// What happens to a reserved flow's packets beyond its reservation.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ExcessAction {
    /// Sent as best effort, in the flow's own best-effort queue (RSVP, RFC 2211/2212; paper 003).
    #[default]
    BestEffort,
    /// Dropped by the policer.
    Drop,
}

/// A rate reserved for one flow at this link (seed paper 003).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Reservation {
    /// The flow id.
    pub flow: String,
    /// Reserved rate, b/s (token rate r of the conformance test).
    pub rate_bps: f64,
    /// Bucket depth b of the conformance test, bytes; absent means two link
    /// MTUs (paper 003 suggests 1–2 packets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burst_bytes: Option<u64>,
    /// Non-conforming packets go best effort (default) or are dropped.
    #[serde(default)]
    pub excess: ExcessAction,
}

/// Which packet WFQ drops when its shared queue (the hold queue, `limit_packets`) is full.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum WfqDropPolicy {
    /// The arriving packet (Cisco IOS: a full hold queue drops new packets).
    #[default]
    Tail,
    /// The last packet of the conversation holding the most bytes, counting the arrival in
    /// its own (Demers, Keshav & Shenker 1989: a conversation that uses less than its share
    /// of the buffer does not lose to one that uses more).
    LongestQueue,
}

/// WFQ parameters. Limits follow Cisco flow-WFQ (congestive discard
/// threshold 64 per conversation, hold queue 1000), as paper 003 describes the router.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WfqSpec {
    /// Capacity of the whole queue in packets (hold-queue limit 1000).
    pub limit_packets: u32,
    /// Capacity of each flow's queue in packets (congestive discard threshold 64).
    pub flow_limit_packets: u32,
    /// Weights of particular flows; others get default_weight.
    pub weights: Vec<FlowWeight>,
    /// Weight of every flow not listed in weights (1).
    pub default_weight: f64,
    /// Rates reserved for particular flows; best-effort traffic shares the rest by weight.
    pub reservations: Vec<Reservation>,
    /// What goes when the whole queue is full: the arrival (tail) or the last packet of the
    /// longest conversation (longest_queue).
    pub drop_policy: WfqDropPolicy,
    /// A packet that conforms to its flow's reservation is never dropped because the shared
    /// queue is full: the last packet of the longest best-effort conversation goes instead
    /// (RFC 2212: conforming traffic is not discarded for queue overflow). Its own
    /// conversation's flow_limit_packets still applies.
    pub protect_reserved: bool,
    /// Cisco IOS's congestive discard threshold applied to the whole queue, packets
    /// (`fair-queue` default 64), as Cisco's QoS course describes WFQ's drop policy: once
    /// this many packets are queued, an arrival that would leave last (the highest finish
    /// tag in the queue) is dropped, unless its conversation has nothing queued, which is
    /// always admitted up to limit_packets. Omitted: no early drop. At most limit_packets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard_threshold_packets: Option<u32>,
}

impl Default for WfqSpec {
    fn default() -> Self {
        WfqSpec {
            limit_packets: 1000,
            flow_limit_packets: 64,
            weights: Vec::new(),
            default_weight: 1.0,
            reservations: Vec::new(),
            drop_policy: WfqDropPolicy::Tail,
            protect_reserved: true,
            discard_threshold_packets: None,
        }
    }
}

/// DRR parameters (Linux sch_drr: quantum = device MTU; ns-2 drr.cc for the idea of a shared buffer).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct DrrSpec {
    /// Capacity of the whole queue in packets; on overflow the longest flow queue loses its last packet.
    pub limit_packets: u32,
    /// Bytes added to a flow's deficit per round; absent means the link MTU (so quantum ≥ L_max).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantum_bytes: Option<u32>,
    /// Per-flow weights: a flow's quantum is quantum × weight.
    pub weights: Vec<FlowWeight>,
}

impl Default for DrrSpec {
    fn default() -> Self {
        DrrSpec {
            limit_packets: 1000,
            quantum_bytes: None,
            weights: Vec::new(),
        }
    }
}

/// A flow's priority level.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FlowPriority {
    /// A flow id.
    pub flow: String,
    /// 0 is served first, 7 last.
    pub priority: u8,
}

/// Strict-priority parameters (Linux prio: a FIFO per band).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PrioritySpec {
    /// Capacity of each priority level's FIFO in packets (1000).
    pub limit_packets: u32,
    /// Levels of particular flows.
    pub priorities: Vec<FlowPriority>,
    /// Level of every flow not listed (1).
    pub default_priority: u8,
}

impl Default for PrioritySpec {
    fn default() -> Self {
        PrioritySpec {
            limit_packets: 1000,
            priorities: Vec::new(),
            default_priority: 1,
        }
    }
}

/// Shape (hold packets until tokens suffice) or police (act at once).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum TokenBucketMode {
    /// Delay packets until both buckets hold enough tokens (Linux tbf, ns-3 TbfQueueDisc).
    #[default]
    Shape,
    /// Pass conforming packets at once; drop or demote the rest.
    Police,
}

/// What a policer does with a packet that does not conform.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum PolicerAction {
    /// Drop it.
    #[default]
    Drop,
    /// Queue it behind all conforming packets (best effort).
    Demote,
}

/// Token-bucket parameters. Defaults are ns-3 `TbfQueueDisc` (Rate 125 KB/s,
/// Burst 125000 B, PeakRate off, Mtu = device MTU, MaxSize 1000p).
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TokenBucketSpec {
    /// Shape or police.
    pub mode: TokenBucketMode,
    /// Token rate r, b/s (1 Mb/s).
    pub rate_bps: f64,
    /// Bucket depth b, bytes (125000).
    pub burst_bytes: u64,
    /// Peak rate p of a second bucket, b/s; absent means no peak bucket.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_rate_bps: Option<f64>,
    /// Depth M of the peak bucket, bytes; absent means the link MTU.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_burst_bytes: Option<u64>,
    /// Capacity of the queue in packets (1000).
    pub limit_packets: u32,
    /// Policer only: drop or demote non-conforming packets.
    pub exceed: PolicerAction,
}

impl Default for TokenBucketSpec {
    fn default() -> Self {
        TokenBucketSpec {
            mode: TokenBucketMode::Shape,
            rate_bps: 1_000_000.0,
            burst_bytes: 125_000,
            peak_rate_bps: None,
            peak_burst_bytes: None,
            limit_packets: 1000,
            exceed: PolicerAction::Drop,
        }
    }
}
