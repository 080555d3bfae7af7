//! How each scenario type is read from JSON (from_json.rs): its fields, in
//! order of declaration, with the defaults of their `#[serde(default)]`
//! attributes, and its variants' names. The compiler checks that every field
//! is listed (a struct literal names them all); the serde attributes on the
//! types stay the schema's source, and from_json_tests.rs checks that these
//! lists agree with them (the types derive `Deserialize` in tests only).

use super::from_json::{kind, read_enum, read_fields, read_struct, FromFields, FromJson, Path};
use super::host_spec::*;
use super::json_value::Json;
use super::link_spec::*;
use super::queue_spec::*;
use super::types::*;
use super::ValidationError;

read_struct!(Scenario "Scenario" {
    version,
    name = String::new(),
    description = String::new(),
    seed = default_seed(),
    duration_s,
    sample_interval_ms = default_sample_interval_ms(),
    topology,
    flows,
    cc_rules = Vec::new(),
});

read_struct!(Topology "Topology" { nodes, links });

read_struct!(Node "Node" { id, kind, host = None });

read_enum!(NodeKind { "host" => Host, "router" => Router });

read_struct!(Link "Link" {
    id,
    a,
    b,
    rate_bps,
    delay_ms,
    mtu_bytes = default_mtu(),
    queue = QueueSpec::default(),
    reverse = None,
    loss = None,
    jitter_ms = 0.0,
    timer_tick = None,
    overhead_bytes = 0,
    rate_changes = Vec::new(),
    trace = None,
});

impl FromJson for LossSpec {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        const KINDS: &[&str] = &["bernoulli", "blackout", "nth", "gilbert_elliott"];
        Ok(match kind(json, path, "LossSpec", KINDS)? {
            0 => read_fields!(json, path, true, "BernoulliFields", LossSpec::Bernoulli {
                p,
                data_only = yes(),
            }),
            1 => read_fields!(
                json,
                path,
                true,
                "BlackoutFields",
                LossSpec::Blackout { start_s, end_s }
            ),
            2 => read_fields!(json, path, true, "NthFields", LossSpec::Nth { packets }),
            _ => read_fields!(json, path, true, "GilbertElliottFields", LossSpec::GilbertElliott {
                p,
                r,
                loss_good = 0.0,
                loss_bad = one(),
                data_only = yes(),
            }),
        })
    }
}

read_struct!(DirectionOverride "DirectionOverride" {
    rate_bps = None,
    queue = None,
    delay_ms = None,
    rate_changes = None,
    trace = None,
});

read_struct!(Flow "Flow" {
    id,
    src,
    dst,
    protocol = Protocol::default(),
    src_port = None,
    dst_port = None,
    cc = None,
    cc_params = CcParams::default(),
    start_s = 0.0,
    source = SourceSpec::default(),
    tcp = TcpOptions::default(),
    cc_switches = Vec::new(),
});

read_struct!(CcRule "CcRule" {
    src = any_node(),
    dst = any_node(),
    src_ports = None,
    dst_ports = None,
    cc,
    cc_params = CcParams::default(),
});

read_struct!(PortRange "PortRange" { from, to = None });

read_struct!(CcSwitch "CcSwitch" { cc, when });

impl FromJson for SwitchTrigger {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        const KINDS: &[&str] = &["at", "srtt_above", "loss_rate_above"];
        Ok(match kind(json, path, "SwitchTrigger", KINDS)? {
            0 => read_fields!(json, path, true, "AtFields", SwitchTrigger::At { at_s }),
            1 => read_fields!(
                json,
                path,
                true,
                "SrttAboveFields",
                SwitchTrigger::SrttAbove { srtt_ms }
            ),
            _ => read_fields!(
                json,
                path,
                true,
                "LossRateAboveFields",
                SwitchTrigger::LossRateAbove {
                    loss_rate,
                    window_s,
                }
            ),
        })
    }
}

read_enum!(Protocol { "tcp" => Tcp, "udp" => Udp });

read_enum!(CcAlgorithm {
    "newreno" => Newreno,
    "cubic" => Cubic,
    "compound" => Compound,
    "highspeed" => Highspeed,
    "scalable" => Scalable,
    "bic" => Bic,
    "htcp" => Htcp,
    "vegas" => Vegas,
    "westwood_plus" => WestwoodPlus,
    "fast" => Fast,
    "bbr" => Bbr,
    "e2e_feedback" => E2eFeedback,
    "receiver_rate" => ReceiverRate,
});

read_struct!(CcParams "CcParams" {
    cubic = None,
    compound = None,
    highspeed = None,
    scalable = None,
    bic = None,
    htcp = None,
    vegas = None,
    fast = None,
    bbr = None,
    e2e_feedback = None,
    receiver_rate = None,
});

read_enum!(CubicPreset { "rfc9438" => Rfc9438, "linux" => Linux, "paper002" => Paper002 });

read_enum!(HyStartMode { "linux" => Linux, "rfc9406" => Rfc9406, "off" => Off });

read_struct!(CubicParams "CubicParams" {
    preset = CubicPreset::default(),
    c = None,
    beta = None,
    fast_convergence = None,
    reno_friendly = None,
    hystart = None,
});

read_struct!(CompoundParams "CompoundParams" default {
    alpha, beta, k, zeta, gamma, gamma_auto_tune, low_window,
});

read_struct!(HighSpeedParams "HighSpeedParams" default {
    low_window, high_window, high_p, high_decrease,
});

read_enum!(ScalableVariant { "kelly2003" => Kelly2003, "linux" => Linux, "ns3" => Ns3 });

read_struct!(ScalableParams "ScalableParams" default { variant, a, b, low_window });

read_struct!(BicParams "BicParams" default {
    beta, max_increment, low_window, smooth_part, fast_convergence,
});

read_struct!(HtcpParams "HtcpParams" default {
    delta_l_s, beta_min, beta_max, rtt_scaling, bandwidth_switch,
});

read_struct!(VegasParams "VegasParams" default { alpha, beta, gamma });

read_struct!(FastParams "FastParams" default { alpha, gamma });

read_enum!(BbrHighGain { "linux" => Linux, "draft" => Draft });

read_struct!(BbrParams "BbrParams" default { high_gain });

read_struct!(E2eFeedbackParams "E2eFeedbackParams" default {
    k, mu, p_init, skip_first_round_rtt, estimator,
});

read_enum!(E2eEstimator { "recv_time" => RecvTime, "ack_spacing" => AckSpacing });

read_enum!(FirstLoss { "set_rate" => SetRate, "heavy_loss" => HeavyLoss });

read_enum!(AtThreshold { "halve" => Halve, "set_measured" => SetMeasured });

read_enum!(PrateSource { "received" => Received, "sequence_span" => SequenceSpan });

read_enum!(HeavyLossSsthresh { "half_cwnd" => HalfCwnd, "keep" => Keep });

read_struct!(ReceiverRateParams "ReceiverRateParams" default {
    rate_control,
    threshold,
    decrease,
    first_loss,
    window_branch_cuts_cwnd,
    at_threshold,
    prate_source,
    heavy_loss_ssthresh,
    initial_window_segments,
    unit_time_ms,
    rate_increase,
    quiet_period_ms,
    approach_fraction,
    probe_fraction,
});

impl FromJson for SourceSpec {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        const KINDS: &[&str] = &["bulk", "sized", "cbr", "poisson", "on_off"];
        Ok(match kind(json, path, "SourceSpec", KINDS)? {
            0 => {
                // A unit variant: serde's derive ignored any other member.
                let bulk = super::from_json::Fields {
                    name: "BulkFields",
                    names: &[],
                    deny_unknown: false,
                };
                bulk.read(json, path, true, &mut |_, _, _| Ok(()))?;
                SourceSpec::Bulk
            }
            1 => read_fields!(json, path, true, "SizedFields", SourceSpec::Sized { bytes }),
            2 => read_fields!(json, path, true, "CbrFields", SourceSpec::Cbr {
                packet_bytes,
                interval_ms,
                random_phase = false,
            }),
            3 => read_fields!(json, path, true, "PoissonFields", SourceSpec::Poisson {
                rate_bps,
                packet_bytes,
                exponential_sizes = false,
            }),
            _ => read_fields!(json, path, true, "OnOffFields", SourceSpec::OnOff {
                on_s,
                off_s,
                exponential = false,
                rate_bps = None,
                packet_bytes = default_udp_payload(),
            }),
        })
    }
}

read_enum!(Recovery {
    "sack" => Sack,
    "newreno" => Newreno,
    "reno" => Reno,
    "tahoe" => Tahoe,
    "go_back_n" => GoBackN,
});

read_enum!(DelayedAck { "off" => Off, "linux" => Linux, "rfc" => Rfc });

read_enum!(SlowStart { "linux" => Linux, "rfc3465" => Rfc3465, "rfc5681" => Rfc5681 });

read_struct!(PeerOptions "PeerOptions" {
    sack = None,
    timestamps = None,
    ecn = None,
    window_scaling = None,
    mss_bytes = None,
});

read_enum!(RtoStyle { "linux" => Linux, "rfc6298" => Rfc6298 });

read_enum!(RecoveryRate { "prr" => Prr, "rfc6675" => Rfc6675 });

read_struct!(TcpOptions "TcpOptions" {
    mss_bytes = None,
    ip_fragmentation = false,
    timestamps = false,
    initial_window_segments = default_iw(),
    initial_ssthresh_segments = None,
    recovery = Recovery::default(),
    recovery_rate = RecoveryRate::default(),
    rack_tlp = None,
    rack_reordering_window = default_reordering_window(),
    delayed_ack = DelayedAck::default(),
    byte_counting = yes(),
    slow_start = None,
    handshake = yes(),
    window_scaling = yes(),
    peer = PeerOptions::default(),
    receive_buffer_bytes = default_buffer(),
    send_buffer_bytes = default_buffer(),
    rto = RtoStyle::default(),
    min_rto_ms = None,
    timer_granularity_ms = default_granularity(),
    pacing = false,
    ecn = false,
    user_level = None,
});

read_struct!(UserLevelReceiver "UserLevelReceiver" { processing_rate_bps, buffer_bytes });

// ---- queues (queue_spec.rs) ---------------------------------------------------

impl FromJson for QueueSpec {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        const KINDS: &[&str] = &[
            "drop_tail",
            "red",
            "codel",
            "fq_codel",
            "pie",
            "heavy_codel",
            "wfq",
            "drr",
            "priority",
            "token_bucket",
        ];
        Ok(match kind(json, path, "QueueSpec", KINDS)? {
            0 => read_fields!(json, path, true, "DropTailFields", QueueSpec::DropTail {
                limit_packets = None,
                limit_bytes = None,
            }),
            1 => QueueSpec::Red(FromFields::from_fields(json, path, true)?),
            2 => QueueSpec::Codel(FromFields::from_fields(json, path, true)?),
            3 => QueueSpec::FqCodel(FromFields::from_fields(json, path, true)?),
            4 => QueueSpec::Pie(FromFields::from_fields(json, path, true)?),
            5 => QueueSpec::HeavyCodel(FromFields::from_fields(json, path, true)?),
            6 => QueueSpec::Wfq(FromFields::from_fields(json, path, true)?),
            7 => QueueSpec::Drr(FromFields::from_fields(json, path, true)?),
            8 => QueueSpec::Priority(FromFields::from_fields(json, path, true)?),
            _ => QueueSpec::TokenBucket(FromFields::from_fields(json, path, true)?),
        })
    }
}

read_struct!(RedSpec "RedSpec" default {
    limit_packets,
    limit_bytes,
    mode,
    min_th,
    max_th,
    w_q,
    max_p,
    gentle,
    wait,
    mean_pkt_size_bytes,
    ecn,
    hard_drop,
});

read_enum!(RedMode { "packets" => Packets, "bytes" => Bytes });

read_enum!(ControlLaw { "float" => Float, "linux" => Linux });

read_struct!(CodelSpec "CodelSpec" default {
    limit_packets, target_ms, interval_ms, ecn, control_law,
});

read_struct!(FqCodelSpec "FqCodelSpec" default {
    limit_packets,
    flows,
    target_ms,
    interval_ms,
    quantum_bytes,
    drop_batch,
    memory_limit_bytes,
    ecn,
    control_law,
});

read_struct!(PieSpec "PieSpec" default {
    limit_packets,
    target_ms,
    t_update_ms,
    alpha,
    beta,
    max_burst_ms,
    dq_rate_estimator,
    derandomize,
    cap_drop_adjustment,
    ecn,
    ecn_threshold,
});

read_enum!(HeavyLog { "tumbling" => Tumbling, "sliding" => Sliding });

read_enum!(HeavyTieBreak { "first_in_log" => FirstInLog, "keep_current" => KeepCurrent });

read_enum!(HeavySamplePoint { "should_drop" => ShouldDrop, "enqueue" => Enqueue });

read_enum!(HeavySpare { "counter" => Counter, "random" => Random });

read_struct!(HeavyCodelSpec "HeavyCodelSpec" default {
    limit_packets,
    target_ms,
    interval_ms,
    control_law,
    stat_int,
    hist_len,
    drop_int,
    spare_advances_schedule,
    log,
    tie_break,
    sample_point,
    spare,
});

read_struct!(FlowWeight "FlowWeight" { flow, weight });

read_enum!(ExcessAction { "best_effort" => BestEffort, "drop" => Drop });

read_struct!(Reservation "Reservation" {
    flow,
    rate_bps,
    burst_bytes = None,
    excess = ExcessAction::default(),
});

read_enum!(WfqDropPolicy { "tail" => Tail, "longest_queue" => LongestQueue });

read_struct!(WfqSpec "WfqSpec" default {
    limit_packets, flow_limit_packets, weights, default_weight, reservations, drop_policy,
    protect_reserved,
});

read_struct!(DrrSpec "DrrSpec" default { limit_packets, quantum_bytes, weights });

read_struct!(FlowPriority "FlowPriority" { flow, priority });

read_struct!(PrioritySpec "PrioritySpec" default { limit_packets, priorities, default_priority });

read_enum!(TokenBucketMode { "shape" => Shape, "police" => Police });

read_enum!(PolicerAction { "drop" => Drop, "demote" => Demote });

read_struct!(TokenBucketSpec "TokenBucketSpec" default {
    mode,
    rate_bps,
    burst_bytes,
    peak_rate_bps,
    peak_burst_bytes,
    limit_packets,
    exceed,
});

// ---- links and hosts (link_spec.rs, host_spec.rs) -----------------------------

read_struct!(TimerTick "TimerTick" { tick_ms, overhead_ms = 0.0 });

read_struct!(RateChange "RateChange" { at_s, rate_bps });

read_struct!(TraceSpec "TraceSpec" { text, opportunity_bytes = default_opportunity_bytes() });

read_struct!(HostSpec "HostSpec" {
    preset = HostPreset::default(),
    offload = None,
    overlap = None,
    path = None,
    pci_bps = None,
    fsb_bps = None,
    toe_bps = None,
    per_packet_ns = None,
    process_switch_ns = None,
    nic_buffer_bytes = None,
    rx_ring_packets = None,
    tso_bytes = None,
    timer_offset_ns = None,
    timer_jitter_ns = None,
});

read_enum!(HostPreset {
    "ideal" => Ideal,
    "p4_pci" => P4Pci,
    "pentium_d_pcie" => PentiumDPcie,
    "server" => Server,
    "pentium_m_1gbe" => PentiumM1gbe,
    "workstation_10m" => Workstation10m,
    "p4_loopback" => P4Loopback,
    "p4_table_3_1" => P4Table31,
});

read_enum!(HostOverlap { "serial" => Serial, "pipelined" => Pipelined });

read_enum!(HostPathKind { "nic" => Nic, "loopback" => Loopback });
