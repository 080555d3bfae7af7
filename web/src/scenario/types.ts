/* Generated from public/schema/scenario.v1.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types in wasm/sim/src/scenario/types.rs and run `npm run gen:schema`. */

/**
 * How CUBIC leaves its initial slow start (`cc_params.cubic.hystart`).
 */
export type HyStartMode = 'linux' | 'rfc9406' | 'off';
/**
 * A congestion-control algorithm. Loss-recovery variants (Tahoe, Reno) belong
 * to the sender, not here.
 */
export type CcAlgorithm =
  | 'newreno'
  | 'cubic'
  | 'compound'
  | 'highspeed'
  | 'scalable'
  | 'bic'
  | 'htcp'
  | 'vegas'
  | 'westwood_plus'
  | 'fast'
  | 'bbr'
  | 'e2e_feedback'
  | 'receiver_rate';
/**
 * How slow start grows the window on each ACK (`tcp.slow_start`).
 */
export type SlowStart = 'linux' | 'rfc3465' | 'rfc5681';
/**
 * Loss on the wire: packets that finish transmission but never arrive.
 */
export type LossSpec =
  | {
      /**
       * Only data packets (not ACKs) are lost.
       */
      data_only?: boolean;
      kind: 'bernoulli';
      /**
       * Loss probability, 0 to 1.
       */
      p: number;
    }
  | {
      end_s: number;
      kind: 'blackout';
      start_s: number;
    }
  | {
      kind: 'nth';
      packets: number[];
    }
  | {
      /**
       * Only data packets (not ACKs) see the channel.
       */
      data_only?: boolean;
      kind: 'gilbert_elliott';
      /**
       * Loss probability in Bad, 0 to 1 (netem 1 − h; default 1).
       */
      loss_bad?: number;
      /**
       * Loss probability in Good, 0 to 1 (netem 1 − k; default 0).
       */
      loss_good?: number;
      /**
       * P(Good → Bad) per packet, 0 to 1.
       */
      p: number;
      /**
       * P(Bad → Good) per packet, 0 to 1.
       */
      r: number;
    };
/**
 * A queue discipline and its parameters.
 */
export type QueueSpec =
  | {
      kind: 'drop_tail';
      /**
       * Capacity in bytes (give this or limit_packets).
       */
      limit_bytes?: number | null;
      /**
       * Capacity in packets (give this or limit_bytes).
       */
      limit_packets?: number | null;
    }
  | {
      /**
       * Mark ECN-capable packets (CE) instead of dropping them early (ns-3 UseEcn false).
       */
      ecn?: boolean;
      /**
       * Gentle RED: p rises from max_p to 1 between max_th and 2·max_th instead
       * of jumping to 1 at max_th (ns-3 Gentle true).
       */
      gentle?: boolean;
      /**
       * Drop, never mark, when avg is beyond the early-drop range (ns-3 UseHardDrop true).
       */
      hard_drop?: boolean;
      kind: 'red';
      /**
       * Hard capacity in bytes; when given it replaces limit_packets.
       */
      limit_bytes?: number | null;
      /**
       * Hard capacity in packets; arrivals beyond it are dropped (ns-3 MaxSize 25p).
       */
      limit_packets?: number;
      /**
       * Drop probability at max_th (ns-3 1/LInterm = 1/50).
       */
      max_p?: number;
      /**
       * Average queue at which the probability reaches max_p, packets (ns-3 MaxTh 15).
       */
      max_th?: number;
      /**
       * Mean packet size, bytes: the unit of byte mode and of the idle-time
       * decay of avg (ns-3 MeanPktSize 500).
       */
      mean_pkt_size_bytes?: number;
      /**
       * Average queue at which early drops begin, packets (ns-3 MinTh 5).
       */
      min_th?: number;
      /**
       * Measure the queue in packets, or in bytes divided by mean_pkt_size_bytes
       * (ns-2 byte mode: thresholds stay in mean-sized packets, and the drop
       * probability is scaled by size / mean_pkt_size_bytes).
       */
      mode?: 'packets' | 'bytes';
      /**
       * Weight of the average: avg ← (1 − w_q)·avg + w_q·q (ns-3 QW 0.002).
       */
      w_q?: number;
      /**
       * ns-2 "wait" spacing between early drops (ns-3 Wait true); off gives the
       * paper's p_a = p_b / (1 − count·p_b).
       */
      wait?: boolean;
    }
  | {
      /**
       * Floating-point (RFC) or fixed-point Newton (Linux) control law.
       */
      control_law?: 'float' | 'linux';
      /**
       * Mark ECN-capable packets instead of dropping them (Linux sch_codel default off).
       */
      ecn?: boolean;
      /**
       * Window over which the delay must stay above target before dropping, ms (RFC 8289 INTERVAL: 100 ms).
       */
      interval_ms?: number;
      kind: 'codel';
      /**
       * Capacity in packets; arrivals beyond it are tail-dropped (Linux DEFAULT_CODEL_LIMIT 1000).
       */
      limit_packets?: number;
      /**
       * Acceptable standing queue delay, ms (RFC 8289 TARGET: 5 ms).
       */
      target_ms?: number;
    }
  | {
      /**
       * Floating-point (RFC) or fixed-point Newton (Linux) control law.
       */
      control_law?: 'float' | 'linux';
      /**
       * On overflow, at most this many packets are dropped from the fattest flow (Linux 64).
       */
      drop_batch?: number;
      /**
       * Mark ECN-capable packets instead of dropping them (Linux fq_codel default on).
       */
      ecn?: boolean;
      /**
       * Number of flow queues packets are hashed into (Linux fq_codel_init: 1024).
       */
      flows?: number;
      /**
       * CoDel interval, ms (100 ms).
       */
      interval_ms?: number;
      kind: 'fq_codel';
      /**
       * Capacity of the whole qdisc in packets (Linux 10240).
       */
      limit_packets?: number;
      /**
       * Bytes of packets the qdisc may hold (Linux 32 MB; Linux counts buffer truesize, we count packet bytes).
       */
      memory_limit_bytes?: number;
      /**
       * Bytes a flow may send per round; absent means link MTU + 14 (Linux psched_mtu, 1514 on Ethernet).
       */
      quantum_bytes?: number | null;
      /**
       * CoDel target, ms (5 ms).
       */
      target_ms?: number;
    }
  | {
      /**
       * Gain on the delay error, per second (alpha 0.125).
       */
      alpha?: number;
      /**
       * Gain on the delay trend, per second (beta 1.25).
       */
      beta?: number;
      /**
       * Limit a step of the probability to 2 % once it is above 10 % (RFC 8033 §5.5).
       */
      cap_drop_adjustment?: boolean;
      /**
       * Derandomize drops with an accumulated probability (RFC 8033 derandomisation; ns-3 default off; Linux always does).
       */
      derandomize?: boolean;
      /**
       * Estimate the delay as backlog / departure rate (RFC 8033's optional estimator) instead
       * of from timestamps (the Linux default).
       */
      dq_rate_estimator?: boolean;
      /**
       * Mark ECN-capable packets while the probability is at most ecn_threshold (RFC 8033 ECN support).
       */
      ecn?: boolean;
      /**
       * Probability above which ECN-capable packets are dropped, not marked (RFC 8033 and ns-3 MarkEcnThreshold: 10 %).
       */
      ecn_threshold?: number;
      kind: 'pie';
      /**
       * Capacity in packets (Linux 1000).
       */
      limit_packets?: number;
      /**
       * Burst allowance MAX_BURST, ms (150 ms; ns-3 uses 15 ms).
       */
      max_burst_ms?: number;
      /**
       * Period of the drop-probability update T_UPDATE, ms (15 ms).
       */
      t_update_ms?: number;
      /**
       * Target queueing delay QDELAY_REF, ms (15 ms).
       */
      target_ms?: number;
    }
  | {
      /**
       * Floating-point (RFC) or fixed-point Newton (Linux) control law.
       */
      control_law?: 'float' | 'linux';
      /**
       * A non-heavy packet CoDel picks is dropped once per drop_int picks, p = 1/drop_int (paper: 32). 1 is plain CoDel.
       */
      drop_int?: number;
      /**
       * Log length; the most frequent (source, destination) pair among its
       * records is the heavy flow (paper: 100).
       */
      hist_len?: number;
      /**
       * CoDel interval, ms (100 ms).
       */
      interval_ms?: number;
      kind: 'heavy_codel';
      /**
       * Capacity in packets (Linux DEFAULT_CODEL_LIMIT 1000).
       */
      limit_packets?: number;
      /**
       * Tumbling (cleared) or sliding log.
       */
      log?: 'tumbling' | 'sliding';
      /**
       * Where packets are counted for sampling.
       */
      sample_point?: 'should_drop' | 'enqueue';
      /**
       * Counter (paper) or random sparing.
       */
      spare?: 'counter' | 'random';
      /**
       * Whether a spared packet still counts as a CoDel drop (count and the next
       * drop time advance) or leaves CoDel's schedule untouched.
       */
      spare_advances_schedule?: boolean;
      /**
       * Record one of every stat_int packets in the log (paper: 100).
       */
      stat_int?: number;
      /**
       * CoDel target, ms (5 ms).
       */
      target_ms?: number;
      /**
       * Tie-break between equally frequent pairs.
       */
      tie_break?: 'first_in_log' | 'keep_current';
    }
  | {
      /**
       * Weight of every flow not listed in weights (1).
       */
      default_weight?: number;
      /**
       * Cisco IOS's congestive discard threshold applied to the whole queue, packets
       * (`fair-queue` default 64), as Cisco's QoS course describes WFQ's drop policy: once
       * this many packets are queued, an arrival that would leave last (the highest finish
       * tag in the queue) is dropped, unless its conversation has nothing queued, which is
       * always admitted up to limit_packets. Omitted: no early drop. At most limit_packets.
       */
      discard_threshold_packets?: number | null;
      /**
       * What goes when the whole queue is full: the arrival (tail) or the last packet of the
       * longest conversation (longest_queue).
       */
      drop_policy?: 'tail' | 'longest_queue';
      /**
       * Capacity of each flow's queue in packets (congestive discard threshold 64).
       */
      flow_limit_packets?: number;
      kind: 'wfq';
      /**
       * Capacity of the whole queue in packets (hold-queue limit 1000).
       */
      limit_packets?: number;
      /**
       * A packet that conforms to its flow's reservation is never dropped because the shared
       * queue is full: the last packet of the longest best-effort conversation goes instead
       * (RFC 2212: conforming traffic is not discarded for queue overflow). Its own
       * conversation's flow_limit_packets still applies.
       */
      protect_reserved?: boolean;
      /**
       * Rates reserved for particular flows; best-effort traffic shares the rest by weight.
       */
      reservations?: Reservation[];
      /**
       * Weights of particular flows; others get default_weight.
       */
      weights?: FlowWeight[];
    }
  | {
      kind: 'drr';
      /**
       * Capacity of the whole queue in packets; on overflow the longest flow queue loses its last packet.
       */
      limit_packets?: number;
      /**
       * Bytes added to a flow's deficit per round; absent means the link MTU (so quantum ≥ L_max).
       */
      quantum_bytes?: number | null;
      /**
       * Per-flow weights: a flow's quantum is quantum × weight.
       */
      weights?: FlowWeight[];
    }
  | {
      /**
       * Level of every flow not listed (1).
       */
      default_priority?: number;
      kind: 'priority';
      /**
       * Capacity of each priority level's FIFO in packets (1000).
       */
      limit_packets?: number;
      /**
       * Levels of particular flows.
       */
      priorities?: FlowPriority[];
    }
  | {
      /**
       * Bucket depth b, bytes (125000).
       */
      burst_bytes?: number;
      /**
       * Policer only: drop or demote non-conforming packets.
       */
      exceed?: 'drop' | 'demote';
      kind: 'token_bucket';
      /**
       * Capacity of the queue in packets (1000).
       */
      limit_packets?: number;
      /**
       * Shape or police.
       */
      mode?: 'shape' | 'police';
      /**
       * Depth M of the peak bucket, bytes; absent means the link MTU.
       */
      peak_burst_bytes?: number | null;
      /**
       * Peak rate p of a second bucket, b/s; absent means no peak bucket.
       */
      peak_rate_bps?: number | null;
      /**
       * Token rate r, b/s (1 Mb/s).
       */
      rate_bps?: number;
    };
/**
 * How the stages of the host share time (see [`HostSpec::overlap`]).
 */
export type HostOverlap = 'serial' | 'pipelined';
/**
 * Where a host's own traffic goes (see [`HostSpec::path`]).
 */
export type HostPathKind = 'nic' | 'loopback';
export type NodeKind = 'host' | 'router';

/**
 * A complete experiment: topology, flows, seed and duration.
 */
export interface Scenario {
  /**
   * TranSwitch-style rules (paper 004 §5.3): a TCP flow that leaves `cc`
   * out gets the algorithm (and any parameter blocks it leaves out) of the
   * first rule its addresses and ports match, when it opens. A flow's own
   * `cc` and `cc_params` always win. No match: newreno.
   */
  cc_rules?: CcRule[];
  /**
   * What the scenario shows, in a sentence or two.
   */
  description?: string;
  /**
   * Simulated time to run, in seconds.
   */
  duration_s: number;
  flows: Flow[];
  /**
   * The lab that wrote this file: its model version and the trace hash of its run.
   * Written by the page's export; the model does not read it. Opening a file made by
   * another model version says so.
   */
  made_by?: MadeBy | null;
  /**
   * A short title shown in the UI.
   */
  name?: string;
  /**
   * Spacing of the sampled traces, in milliseconds of simulated time.
   */
  sample_interval_ms?: number;
  /**
   * Seed of every random stream in the run (0 to 4294967295).
   */
  seed?: number;
  topology: Topology;
  /**
   * Schema version; this build reads version 1.
   */
  version: number;
}
/**
 * A TranSwitch rule (paper 004 §5.3, `trswadd`): flows whose ends and ports
 * match run `cc`. Omitted fields match anything.
 */
export interface CcRule {
  /**
   * The algorithm a matching flow runs.
   */
  cc:
    | 'newreno'
    | 'cubic'
    | 'compound'
    | 'highspeed'
    | 'scalable'
    | 'bic'
    | 'htcp'
    | 'vegas'
    | 'westwood_plus'
    | 'fast'
    | 'bbr'
    | 'e2e_feedback'
    | 'receiver_rate';
  cc_params?: CcParams;
  /**
   * Receiving host, as `src`. Default `"*"`.
   */
  dst?: string;
  /**
   * Destination ports the rule covers. Omitted: any.
   */
  dst_ports?: PortRange | null;
  /**
   * Sending host: a node id, or a pattern in which `*` stands for any run
   * of characters (`"s*"`). Default `"*"`.
   */
  src?: string;
  /**
   * Source ports the rule covers. Omitted: any.
   */
  src_ports?: PortRange | null;
}
/**
 * Parameter blocks for matching flows; a block the flow's own
 * `cc_params` gives wins over the rule's.
 */
export interface CcParams {
  bbr?: BbrParams | null;
  bic?: BicParams | null;
  compound?: CompoundParams | null;
  cubic?: CubicParams | null;
  e2e_feedback?: E2EFeedbackParams | null;
  fast?: FastParams | null;
  highspeed?: HighSpeedParams | null;
  htcp?: HtcpParams | null;
  receiver_rate?: ReceiverRateParams | null;
  scalable?: ScalableParams | null;
  vegas?: VegasParams | null;
}
/**
 * BBR v1.
 */
export interface BbrParams {
  /**
   * STARTUP pacing and cwnd gain (default `linux`).
   */
  high_gain?: 'linux' | 'draft';
}
/**
 * BIC, with the constants of Linux net/ipv4/tcp_bic.c.
 */
export interface BicParams {
  /**
   * Fraction of the window kept after a loss, in (0, 1). Default 819/1024 (tcp_bic.c).
   */
  beta?: number;
  /**
   * Fast convergence on loss. Default on.
   */
  fast_convergence?: boolean;
  /**
   * Standard TCP at or below this window, packets, in [0, 1000000]. Default 14.
   */
  low_window?: number;
  /**
   * S_max, the largest increase per RTT in the binary search, packets, in
   * [1, 100000]. Default 16 (tcp_bic.c max_increment).
   */
  max_increment?: number;
  /**
   * RTTs spent from W_max − B to W_max (smooth_part), in [1, 1000]. Default 20.
   */
  smooth_part?: number;
}
/**
 * Compound TCP (Tan, Song, Zhang, Sridharan, INFOCOM 2006; draft-sridharan-tcpm-ctcp-02).
 */
export interface CompoundParams {
  /**
   * α, scale of the delay-window increase α·win^k, in (0, 1]. Default 1/8.
   */
  alpha?: number;
  /**
   * β, multiplicative decrease of the whole window on loss, in (0, 1). Default 1/2.
   */
  beta?: number;
  /**
   * γ, queue (packets) above which dwnd shrinks, in [1, 1000]. Default 30.
   */
  gamma?: number;
  /**
   * Tune γ from the Reno window's queue estimate at each loss, within [5, 30]
   * (tcp_compound.c v1.3 by L. Andrew). Default off.
   */
  gamma_auto_tune?: boolean;
  /**
   * k, exponent of the delay-window increase, in (0, 1]. Default 0.75.
   */
  k?: number;
  /**
   * The delay window works only above this window, packets, in [0, 1000000].
   * Default 38 (draft-sridharan-tcpm-ctcp-02).
   */
  low_window?: number;
  /**
   * ζ, how fast dwnd shrinks per packet of estimated queue, in [0, 10]. Default 1.
   */
  zeta?: number;
}
/**
 * CUBIC: a preset plus optional overrides of its constants.
 */
export interface CubicParams {
  /**
   * Override β_cubic, the fraction of the window kept after a loss, in
   * (0, 1). Default by preset: 0.7 (RFC 9438 §4.6), 717/1024 (Linux), 0.8
   * (paper 002, whose β = 0.2 is the decrease 1 − β_cubic).
   */
  beta?: number | null;
  /**
   * Override C, segments/s³, in (0, 10]. Default by preset: 0.4 (RFC 9438 §5.1,
   * paper 002), 410/1024 (Linux).
   */
  c?: number | null;
  /**
   * Override fast convergence (RFC 9438 §4.7). Default on in every preset.
   */
  fast_convergence?: boolean | null;
  /**
   * How slow start ends before the first loss: `linux` (Linux
   * `tcp_cubic.c` HyStart: ACK train and delay increase), `rfc9406`
   * (HyStart++ with Conservative Slow Start) or `off`. Default `linux`,
   * `off` for `paper002`.
   */
  hystart?: HyStartMode | null;
  /**
   * Which description of CUBIC to follow (default `rfc9438`).
   */
  preset?: 'rfc9438' | 'linux' | 'paper002';
  /**
   * Override the Reno-friendly region (RFC 9438 §4.3; Linux tcp_friendliness).
   * Default on in every preset.
   */
  reno_friendly?: boolean | null;
}
/**
 * Paper 000's end-to-end feedback window control (Ito 2008, §4.3–4.4).
 */
export interface E2EFeedbackParams {
  /**
   * How B is measured (default `recv_time`, the thesis's; see docs/algorithms.md).
   */
  estimator?: 'recv_time' | 'ack_spacing';
  /**
   * k, acquisition gain in W ← (1−k)·W + k·B·RTT_min (eq. 4.12), in (0, 1).
   * Default 0.5 (our choice: the thesis gives only 0 < k < 1).
   */
  k?: number;
  /**
   * μ, decrease multiplier = number of flows sharing the path (eq. 4.15–4.17),
   * in [1, 10000]. Default 1.
   */
  mu?: number;
  /**
   * P_init, packets in each probe burst and the initial window (§4.3), in
   * [1, 1000]. Default 10.
   */
  p_init?: number;
  /**
   * Leave round 1 out of RTT_min, as the thesis does (ARP inflates it).
   * Default on.
   */
  skip_first_round_rtt?: boolean;
}
/**
 * FAST TCP: w ← min{2w, (1−γ)w + γ(baseRTT/RTT·w + α)} once per RTT.
 */
export interface FastParams {
  /**
   * α, packets the flow aims to keep queued, in (0, 100000]. Default 20
   * (our choice: the sources leave α to the operator; paper 000 names its
   * choice an open issue).
   */
  alpha?: number;
  /**
   * γ, the update's smoothing gain, in (0, 1]. Default 0.5.
   */
  gamma?: number;
}
/**
 * HighSpeed TCP (RFC 3649 §5), a(w) and b(w) computed from the formulas.
 */
export interface HighSpeedParams {
  /**
   * High_Decrease, b(High_Window), in (0, 0.5]. Default 0.1.
   */
  high_decrease?: number;
  /**
   * High_P, the loss rate that sustains High_Window, in (0, 1). Default 1e-7.
   */
  high_p?: number;
  /**
   * High_Window, packets, above low_window. Default 83000.
   */
  high_window?: number;
  /**
   * Low_Window, packets: standard TCP at or below it. Default 38.
   */
  low_window?: number;
}
/**
 * H-TCP (Leith & Shorten 2004; draft-leith-tcp-htcp-06; Linux tcp_htcp.c).
 */
export interface HtcpParams {
  /**
   * Fall back to β = beta_min when throughput changed by more than 20 %
   * between congestion events (Linux use_bandwidth_switch). Default on.
   */
  bandwidth_switch?: boolean;
  /**
   * Upper bound of the adaptive backoff β, in [beta_min, 1). Default 0.8.
   */
  beta_max?: number;
  /**
   * Lower bound of the adaptive backoff β, in (0, 1). Default 0.5.
   */
  beta_min?: number;
  /**
   * Δ_L, seconds after a congestion event during which α = 1, in (0, 60]. Default 1.
   */
  delta_l_s?: number;
  /**
   * Scale α by RTT_min/100 ms (Linux use_rtt_scaling). Default on.
   */
  rtt_scaling?: boolean;
}
/**
 * Paper 001's rate policy (Fig. 3, §4.2) with its ambiguities A1–A5 as switches.
 */
export interface ReceiverRateParams {
  /**
   * Below the rate at the last loss, step by this fraction of the gap, in
   * (0, 1]. Default 0.5 (ours).
   */
  approach_fraction?: number;
  /**
   * A3: which branch prate = threshold·rate takes (default `halve`).
   */
  at_threshold?: 'halve' | 'set_measured';
  /**
   * Rate multiplier on a rate-limited loss, in (0, 1). Default 0.5 (paper, exact).
   */
  decrease?: number;
  /**
   * A1: the first loss while rate control is off (default `set_rate`).
   */
  first_loss?: 'set_rate' | 'heavy_loss';
  /**
   * A5: ssthresh in the heavy-loss branch (default `half_cwnd`).
   */
  heavy_loss_ssthresh?: 'half_cwnd' | 'keep';
  /**
   * Initial cwnd, packets, in [1, 1000]. Default 1 (paper, exact).
   */
  initial_window_segments?: number;
  /**
   * A4: what prate measures (default `received`).
   */
  prate_source?: 'received' | 'sequence_span';
  /**
   * Smallest step below the last-loss rate, and the step above it, as a
   * fraction of the last-loss rate, in (0, 1]. Default 0.005 (ours).
   */
  probe_fraction?: number;
  /**
   * Loss-free time before each increase, ms, in (0, 600000]. Default 1000 (ours).
   */
  quiet_period_ms?: number;
  /**
   * Rate control on: the paper's window + rate scheme (Fig. 3). Off: the
   * rate stays 0 and every loss is a Tahoe cut (ssthresh := cwnd/2,
   * cwnd := 1), the paper's window-only baseline. Default on.
   */
  rate_control?: boolean;
  /**
   * Raise the rate after a loss-free period (§4.2.2). Default on.
   */
  rate_increase?: boolean;
  /**
   * The "rate-limited" test: prate compared with this fraction of rate, in
   * (0, 1]. Default 0.9 (paper, exact).
   */
  threshold?: number;
  /**
   * The receiver's unit time Δ for measuring prate, ms, in (0, 60000].
   * Default 100 (our choice; not stated).
   */
  unit_time_ms?: number;
  /**
   * A2: the window-limited branch also makes a Tahoe cut (ssthresh := cwnd/2,
   * cwnd := 1). Default off.
   */
  window_branch_cuts_cwnd?: boolean;
}
/**
 * Scalable TCP (Kelly, CCR 2003).
 */
export interface ScalableParams {
  /**
   * a, segments added per acknowledged segment (kelly2003), in (0, 1]. Default 0.01.
   */
  a?: number;
  /**
   * b, fraction removed on loss, in (0, 0.5]. Default 0.125.
   */
  b?: number;
  /**
   * Legacy window, packets (kelly2003): standard TCP at or below it. Default 16.
   */
  low_window?: number;
  /**
   * Per-ACK increase rule (default `kelly2003`).
   */
  variant?: 'kelly2003' | 'linux' | 'ns3';
}
/**
 * TCP Vegas thresholds, packets queued in the network (Linux tcp_vegas.c; ns-3 TcpVegas).
 */
export interface VegasParams {
  /**
   * α: grow cwnd while Diff < α, in [0, 1000]. Default 2.
   */
  alpha?: number;
  /**
   * β: shrink cwnd while Diff > β, in [α, 1000]. Default 4.
   */
  beta?: number;
  /**
   * γ: leave slow start once Diff > γ, in [0, 1000]. Default 1.
   */
  gamma?: number;
}
/**
 * An inclusive range of ports.
 */
export interface PortRange {
  /**
   * First port, 1 to 65535.
   */
  from: number;
  /**
   * Last port, from `from` to 65535. Omitted: just `from`.
   */
  to?: number | null;
}
/**
 * One transfer between two hosts.
 */
export interface Flow {
  /**
   * Congestion-control algorithm (TCP only). Omitted: the first matching
   * entry of the scenario's `cc_rules` decides, else `newreno`.
   */
  cc?: CcAlgorithm | null;
  cc_params?: CcParams1;
  /**
   * Mid-flow changes of algorithm (TCP only), each taken at most once, when
   * its trigger first holds. The successor starts from the running
   * controller's window, ssthresh and RTT estimates (docs/algorithms.md,
   * "Mid-flow switching"); its parameters come from `cc_params`.
   */
  cc_switches?: CcSwitch[];
  /**
   * Receiving host (node id).
   */
  dst: string;
  /**
   * Destination port, 1 to 65535. Default 5001 (iperf's port, the tool of
   * papers 002 and 004). Only `cc_rules` read it.
   */
  dst_port?: number | null;
  id: string;
  protocol?: 'tcp' | 'udp';
  /**
   * What the application sends (bulk TCP by default).
   */
  source?:
    | {
        kind: 'bulk';
      }
    | {
        /**
         * Bytes the application writes, 1 to 2^50.
         */
        bytes: number;
        kind: 'sized';
      }
    | {
        /**
         * Time between datagrams, milliseconds.
         */
        interval_ms: number;
        kind: 'cbr';
        /**
         * UDP payload per datagram, bytes.
         */
        packet_bytes: number;
        /**
         * Start at a random phase within the first interval.
         */
        random_phase?: boolean;
      }
    | {
        /**
         * Draw sizes from an exponential distribution (for M/M/1) instead of fixed (M/D/1).
         */
        exponential_sizes?: boolean;
        kind: 'poisson';
        /**
         * UDP payload per datagram, bytes (the mean when sizes are exponential).
         */
        packet_bytes: number;
        /**
         * Mean payload rate, bits per second (payload plus headers).
         */
        rate_bps: number;
      }
    | {
        /**
         * Draw period lengths from exponential distributions instead of fixed.
         */
        exponential?: boolean;
        kind: 'on_off';
        /**
         * Mean length of an off period, seconds.
         */
        off_s: number;
        /**
         * Mean length of an on period, seconds.
         */
        on_s: number;
        /**
         * UDP only: payload per datagram, bytes.
         */
        packet_bytes?: number;
        /**
         * UDP only: sending rate while on, bits per second.
         */
        rate_bps?: number | null;
      };
  /**
   * Sending host (node id).
   */
  src: string;
  /**
   * Source port, 1 to 65535. Default: 49152 + the flow's position in
   * `flows` (the dynamic range of RFC 6335 §6). Only `cc_rules` read it.
   */
  src_port?: number | null;
  /**
   * Random start: the flow opens at `start_s` + U, U uniform in
   * [0, `start_jitter_s`), drawn from the scenario's `seed` and the flow's
   * id (its own stream: no other draw moves). Seconds, ≥ 0, and
   * `start_s` + `start_jitter_s` before the end of the run. Default 0:
   * exactly at `start_s`.
   */
  start_jitter_s?: number;
  /**
   * When the flow opens, seconds after the start of the run (plus the
   * draw of `start_jitter_s`, if given).
   */
  start_s?: number;
  tcp?: TcpOptions;
}
/**
 * Presets and parameters of the congestion-control algorithms; a block
 * applies whenever the flow runs that algorithm. Omit for the defaults.
 */
export interface CcParams1 {
  bbr?: BbrParams | null;
  bic?: BicParams | null;
  compound?: CompoundParams | null;
  cubic?: CubicParams | null;
  e2e_feedback?: E2EFeedbackParams | null;
  fast?: FastParams | null;
  highspeed?: HighSpeedParams | null;
  htcp?: HtcpParams | null;
  receiver_rate?: ReceiverRateParams | null;
  scalable?: ScalableParams | null;
  vegas?: VegasParams | null;
}
/**
 * A mid-flow change of congestion-control algorithm.
 */
export interface CcSwitch {
  /**
   * A congestion-control algorithm. Loss-recovery variants (Tahoe, Reno) belong
   * to the sender, not here.
   */
  cc:
    | 'newreno'
    | 'cubic'
    | 'compound'
    | 'highspeed'
    | 'scalable'
    | 'bic'
    | 'htcp'
    | 'vegas'
    | 'westwood_plus'
    | 'fast'
    | 'bbr'
    | 'e2e_feedback'
    | 'receiver_rate';
  /**
   * When to switch.
   */
  when:
    | {
        at_s: number;
        kind: 'at';
      }
    | {
        kind: 'srtt_above';
        srtt_ms: number;
      }
    | {
        kind: 'loss_rate_above';
        loss_rate: number;
        window_s: number;
      };
}
/**
 * TCP stack settings (ignored for UDP).
 */
export interface TcpOptions {
  /**
   * Congestion avoidance counts acknowledged bytes (RFC 3465, Linux): one
   * SMSS per window however ACKs are spaced. Off: SMSS²/cwnd per ACK
   * (RFC 5681 eq. 3), so delayed ACKs halve the growth (Mathis C = 0.87).
   */
  byte_counting?: boolean;
  /**
   * Delayed acknowledgements at the receiver.
   */
  delayed_ack?: 'off' | 'linux' | 'rfc';
  /**
   * Explicit Congestion Notification (RFC 3168), offered in the SYN and
   * used when the receiver agrees (`peer.ecn`, by default it does): new
   * data is sent ECT(0), the receiver echoes CE as ECE until the sender's
   * CWR, and the sender reduces once per window of data. Default off.
   */
  ecn?: boolean;
  /**
   * F-RTO (RFC 5682 §3, SACK-enhanced): after a timeout, send new data
   * when the next ACK advances, and if an ACK then acknowledges data that
   * was never retransmitted, the timeout was spurious (a delay, not a
   * loss) and its window reduction is undone. Needs `recovery: sack`.
   * Default: on with `sack` (Linux `net.ipv4.tcp_frto = 2`), off with the
   * other styles.
   */
  frto?: boolean | null;
  /**
   * Open the connection with the three-way handshake (RFC 9293 §3.5):
   * SYN and SYN-ACK cross the network, data follows one round trip after
   * `start_s`. Off: data from `start_s`, as in textbook traces. Default on.
   */
  handshake?: boolean;
  /**
   * Initial slow-start threshold, segments. Default: unlimited.
   */
  initial_ssthresh_segments?: number | null;
  /**
   * Initial window, segments (RFC 6928: 10; RFC 3390: up to 4; older stacks 1 or 2).
   */
  initial_window_segments?: number;
  /**
   * Let IP fragment segments larger than the path MTU (needs `mss_bytes`; paper 000).
   */
  ip_fragmentation?: boolean;
  /**
   * Minimum retransmission timeout, ms. With `rto: linux` the floor of the
   * variance term (Linux `tcp_rto_min`, default 200: RTO ≥ SRTT + 200 ms);
   * with `rfc6298` and `bsd` the floor of the RTO itself (RFC 6298 §2.4;
   * 4.4BSD TCPTV_MIN, two 500 ms ticks; default 1000).
   */
  min_rto_ms?: number | null;
  /**
   * Fixed maximum segment size, bytes. Default: path MTU − 40 (− 12 with timestamps).
   */
  mss_bytes?: number | null;
  /**
   * Pace segments at the rate the congestion controller sets (or Linux's
   * default of 2×cwnd/srtt in slow start, 1.2×cwnd/srtt otherwise).
   */
  pacing?: boolean;
  peer?: PeerOptions;
  /**
   * RACK's reordering window as a fraction of the minimum RTT, 0–1 (RFC
   * 8985 §6.2: 1/4), never above SRTT. Zero once DupThresh segments are
   * SACKed or in recovery unless reordering has been seen.
   */
  rack_reordering_window?: number;
  /**
   * RACK-TLP (RFC 8985): time-based loss detection that also finds lost
   * retransmissions, and the tail loss probe. Needs `recovery: sack`.
   * Default: on with `sack` (as Linux), off with the other styles.
   */
  rack_tlp?: boolean | null;
  /**
   * Receive buffer, bytes: the advertised window is its free part.
   */
  receive_buffer_bytes?: number;
  /**
   * Loss recovery of the TCP sender.
   */
  recovery?: 'sack' | 'newreno' | 'reno' | 'tahoe' | 'go_back_n';
  /**
   * Sending rate during SACK recovery (`recovery: sack` only).
   */
  recovery_rate?: 'prr' | 'rfc6675';
  /**
   * Retransmission timeout computation: `linux` (default), `rfc6298` or `bsd`.
   */
  rto?: 'linux' | 'rfc6298' | 'bsd';
  /**
   * Send buffer, bytes: at most this much unacknowledged data.
   */
  send_buffer_bytes?: number;
  /**
   * How slow start counts an ACK: `linux` (every newly acknowledged
   * segment), `rfc3465` (at most 2 per ACK) or `rfc5681` (one per ACK).
   * Default `linux` with `recovery: "sack"`, `rfc5681` with the older
   * recovery styles (their RFCs' and 4.3BSD's rule).
   */
  slow_start?: SlowStart | null;
  /**
   * Timer granularity, ms: RTT samples and timer expiries are rounded up to
   * ticks of this size (1 ms modern; 500 ms for 1990s BSD stacks, paper 003).
   */
  timer_granularity_ms?: number;
  /**
   * Offer the 12-byte timestamp option (RFC 7323); every segment carries
   * it when the receiver agrees (`peer.timestamps`, by default it does).
   */
  timestamps?: boolean;
  /**
   * The receiver runs the protocol as a user-level process (paper 001):
   * segments the host delivers wait in a socket buffer until the process
   * takes them, one at a time at its processing rate; it acknowledges a
   * segment when it has processed it. A segment that finds the buffer full
   * is lost (overrun). Omitted: the kernel's TCP takes every segment at once.
   */
  user_level?: UserLevelReceiver | null;
  /**
   * Offer window scaling (RFC 7323 §2). Without it on both sides the
   * advertised window stays within 65,535 bytes. Default on.
   */
  window_scaling?: boolean;
}
/**
 * What the receiving end offers in the handshake; omitted fields offer
 * what this flow offers. Applies with or without `handshake`.
 */
export interface PeerOptions {
  /**
   * ECN setup (RFC 3168 §6.1.1).
   */
  ecn?: boolean | null;
  /**
   * The MSS option it announces, bytes, in [88, 65495] (Linux
   * `TCP_MIN_MSS` up). Segments carry at most the smaller of the two ends'
   * MSS (less 12 bytes with timestamps). Default: what the flow announces,
   * the path MTU − 40 (RFC 6691) or `mss_bytes` plus the timestamp option.
   */
  mss_bytes?: number | null;
  /**
   * SACK-permitted (RFC 2018). Without it on both sides the sender falls
   * back to NewReno recovery (RFC 6582), as Linux does.
   */
  sack?: boolean | null;
  /**
   * The timestamp option (RFC 7323 §3).
   */
  timestamps?: boolean | null;
  /**
   * Window scaling (RFC 7323 §2).
   */
  window_scaling?: boolean | null;
}
/**
 * A user-level receiving process and its socket buffer (see [`TcpOptions::user_level`]).
 */
export interface UserLevelReceiver {
  /**
   * When the process acknowledges (and so reopens the sender's window).
   */
  acknowledge?: 'each_segment' | 'when_drained';
  /**
   * Socket receive buffer, bytes: segments waiting for the process. At
   * least one segment (MSS plus headers).
   */
  buffer_bytes: number;
  /**
   * How fast the process handles segments, bits per second of IP datagram
   * (each segment takes its size × 8 / this rate), > 0.
   */
  processing_rate_bps: number;
}
/**
 * Which lab wrote a scenario file.
 */
export interface MadeBy {
  /**
   * The model version that wrote the file (tcplab's version, as `tcplab --version`
   * prints it).
   */
  model: string;
  /**
   * The trace hash of the run the file was saved after, if it was saved after a
   * finished run of this very scenario.
   */
  trace_hash?: string | null;
}
/**
 * Nodes and the links between them; packets follow static shortest paths.
 */
export interface Topology {
  links: Link[];
  nodes: Node[];
}
/**
 * A duplex link. The settings apply to both directions unless `reverse`
 * overrides them for the b→a direction.
 */
export interface Link {
  /**
   * One end (node id).
   */
  a: string;
  /**
   * The other end (node id).
   */
  b: string;
  /**
   * One-way propagation delay, milliseconds.
   */
  delay_ms: number;
  id: string;
  /**
   * Extra delay drawn uniformly from [0, jitter_ms] per packet, keeping FIFO
   * order. A little jitter on access links breaks the phase effects of a
   * perfectly deterministic simulation (Floyd & Jacobson 1992).
   */
  jitter_ms?: number;
  /**
   * Packet loss on the wire, in each direction (none by default).
   */
  loss?: LossSpec | null;
  /**
   * Largest IP packet the link carries, bytes.
   */
  mtu_bytes?: number;
  /**
   * Link-layer bytes added to every packet's serialisation time, beyond
   * the IP datagram (default 0). Ethernet: 38 (header 14, FCS 4,
   * preamble 8, gap 12); HDLC on a serial line: about 8 (paper 003).
   */
  overhead_bytes?: number;
  /**
   * The queue in front of the link, in each direction.
   */
  queue?:
    | {
        kind: 'drop_tail';
        /**
         * Capacity in bytes (give this or limit_packets).
         */
        limit_bytes?: number | null;
        /**
         * Capacity in packets (give this or limit_bytes).
         */
        limit_packets?: number | null;
      }
    | {
        /**
         * Mark ECN-capable packets (CE) instead of dropping them early (ns-3 UseEcn false).
         */
        ecn?: boolean;
        /**
         * Gentle RED: p rises from max_p to 1 between max_th and 2·max_th instead
         * of jumping to 1 at max_th (ns-3 Gentle true).
         */
        gentle?: boolean;
        /**
         * Drop, never mark, when avg is beyond the early-drop range (ns-3 UseHardDrop true).
         */
        hard_drop?: boolean;
        kind: 'red';
        /**
         * Hard capacity in bytes; when given it replaces limit_packets.
         */
        limit_bytes?: number | null;
        /**
         * Hard capacity in packets; arrivals beyond it are dropped (ns-3 MaxSize 25p).
         */
        limit_packets?: number;
        /**
         * Drop probability at max_th (ns-3 1/LInterm = 1/50).
         */
        max_p?: number;
        /**
         * Average queue at which the probability reaches max_p, packets (ns-3 MaxTh 15).
         */
        max_th?: number;
        /**
         * Mean packet size, bytes: the unit of byte mode and of the idle-time
         * decay of avg (ns-3 MeanPktSize 500).
         */
        mean_pkt_size_bytes?: number;
        /**
         * Average queue at which early drops begin, packets (ns-3 MinTh 5).
         */
        min_th?: number;
        /**
         * Measure the queue in packets, or in bytes divided by mean_pkt_size_bytes
         * (ns-2 byte mode: thresholds stay in mean-sized packets, and the drop
         * probability is scaled by size / mean_pkt_size_bytes).
         */
        mode?: 'packets' | 'bytes';
        /**
         * Weight of the average: avg ← (1 − w_q)·avg + w_q·q (ns-3 QW 0.002).
         */
        w_q?: number;
        /**
         * ns-2 "wait" spacing between early drops (ns-3 Wait true); off gives the
         * paper's p_a = p_b / (1 − count·p_b).
         */
        wait?: boolean;
      }
    | {
        /**
         * Floating-point (RFC) or fixed-point Newton (Linux) control law.
         */
        control_law?: 'float' | 'linux';
        /**
         * Mark ECN-capable packets instead of dropping them (Linux sch_codel default off).
         */
        ecn?: boolean;
        /**
         * Window over which the delay must stay above target before dropping, ms (RFC 8289 INTERVAL: 100 ms).
         */
        interval_ms?: number;
        kind: 'codel';
        /**
         * Capacity in packets; arrivals beyond it are tail-dropped (Linux DEFAULT_CODEL_LIMIT 1000).
         */
        limit_packets?: number;
        /**
         * Acceptable standing queue delay, ms (RFC 8289 TARGET: 5 ms).
         */
        target_ms?: number;
      }
    | {
        /**
         * Floating-point (RFC) or fixed-point Newton (Linux) control law.
         */
        control_law?: 'float' | 'linux';
        /**
         * On overflow, at most this many packets are dropped from the fattest flow (Linux 64).
         */
        drop_batch?: number;
        /**
         * Mark ECN-capable packets instead of dropping them (Linux fq_codel default on).
         */
        ecn?: boolean;
        /**
         * Number of flow queues packets are hashed into (Linux fq_codel_init: 1024).
         */
        flows?: number;
        /**
         * CoDel interval, ms (100 ms).
         */
        interval_ms?: number;
        kind: 'fq_codel';
        /**
         * Capacity of the whole qdisc in packets (Linux 10240).
         */
        limit_packets?: number;
        /**
         * Bytes of packets the qdisc may hold (Linux 32 MB; Linux counts buffer truesize, we count packet bytes).
         */
        memory_limit_bytes?: number;
        /**
         * Bytes a flow may send per round; absent means link MTU + 14 (Linux psched_mtu, 1514 on Ethernet).
         */
        quantum_bytes?: number | null;
        /**
         * CoDel target, ms (5 ms).
         */
        target_ms?: number;
      }
    | {
        /**
         * Gain on the delay error, per second (alpha 0.125).
         */
        alpha?: number;
        /**
         * Gain on the delay trend, per second (beta 1.25).
         */
        beta?: number;
        /**
         * Limit a step of the probability to 2 % once it is above 10 % (RFC 8033 §5.5).
         */
        cap_drop_adjustment?: boolean;
        /**
         * Derandomize drops with an accumulated probability (RFC 8033 derandomisation; ns-3 default off; Linux always does).
         */
        derandomize?: boolean;
        /**
         * Estimate the delay as backlog / departure rate (RFC 8033's optional estimator) instead
         * of from timestamps (the Linux default).
         */
        dq_rate_estimator?: boolean;
        /**
         * Mark ECN-capable packets while the probability is at most ecn_threshold (RFC 8033 ECN support).
         */
        ecn?: boolean;
        /**
         * Probability above which ECN-capable packets are dropped, not marked (RFC 8033 and ns-3 MarkEcnThreshold: 10 %).
         */
        ecn_threshold?: number;
        kind: 'pie';
        /**
         * Capacity in packets (Linux 1000).
         */
        limit_packets?: number;
        /**
         * Burst allowance MAX_BURST, ms (150 ms; ns-3 uses 15 ms).
         */
        max_burst_ms?: number;
        /**
         * Period of the drop-probability update T_UPDATE, ms (15 ms).
         */
        t_update_ms?: number;
        /**
         * Target queueing delay QDELAY_REF, ms (15 ms).
         */
        target_ms?: number;
      }
    | {
        /**
         * Floating-point (RFC) or fixed-point Newton (Linux) control law.
         */
        control_law?: 'float' | 'linux';
        /**
         * A non-heavy packet CoDel picks is dropped once per drop_int picks, p = 1/drop_int (paper: 32). 1 is plain CoDel.
         */
        drop_int?: number;
        /**
         * Log length; the most frequent (source, destination) pair among its
         * records is the heavy flow (paper: 100).
         */
        hist_len?: number;
        /**
         * CoDel interval, ms (100 ms).
         */
        interval_ms?: number;
        kind: 'heavy_codel';
        /**
         * Capacity in packets (Linux DEFAULT_CODEL_LIMIT 1000).
         */
        limit_packets?: number;
        /**
         * Tumbling (cleared) or sliding log.
         */
        log?: 'tumbling' | 'sliding';
        /**
         * Where packets are counted for sampling.
         */
        sample_point?: 'should_drop' | 'enqueue';
        /**
         * Counter (paper) or random sparing.
         */
        spare?: 'counter' | 'random';
        /**
         * Whether a spared packet still counts as a CoDel drop (count and the next
         * drop time advance) or leaves CoDel's schedule untouched.
         */
        spare_advances_schedule?: boolean;
        /**
         * Record one of every stat_int packets in the log (paper: 100).
         */
        stat_int?: number;
        /**
         * CoDel target, ms (5 ms).
         */
        target_ms?: number;
        /**
         * Tie-break between equally frequent pairs.
         */
        tie_break?: 'first_in_log' | 'keep_current';
      }
    | {
        /**
         * Weight of every flow not listed in weights (1).
         */
        default_weight?: number;
        /**
         * Cisco IOS's congestive discard threshold applied to the whole queue, packets
         * (`fair-queue` default 64), as Cisco's QoS course describes WFQ's drop policy: once
         * this many packets are queued, an arrival that would leave last (the highest finish
         * tag in the queue) is dropped, unless its conversation has nothing queued, which is
         * always admitted up to limit_packets. Omitted: no early drop. At most limit_packets.
         */
        discard_threshold_packets?: number | null;
        /**
         * What goes when the whole queue is full: the arrival (tail) or the last packet of the
         * longest conversation (longest_queue).
         */
        drop_policy?: 'tail' | 'longest_queue';
        /**
         * Capacity of each flow's queue in packets (congestive discard threshold 64).
         */
        flow_limit_packets?: number;
        kind: 'wfq';
        /**
         * Capacity of the whole queue in packets (hold-queue limit 1000).
         */
        limit_packets?: number;
        /**
         * A packet that conforms to its flow's reservation is never dropped because the shared
         * queue is full: the last packet of the longest best-effort conversation goes instead
         * (RFC 2212: conforming traffic is not discarded for queue overflow). Its own
         * conversation's flow_limit_packets still applies.
         */
        protect_reserved?: boolean;
        /**
         * Rates reserved for particular flows; best-effort traffic shares the rest by weight.
         */
        reservations?: Reservation[];
        /**
         * Weights of particular flows; others get default_weight.
         */
        weights?: FlowWeight[];
      }
    | {
        kind: 'drr';
        /**
         * Capacity of the whole queue in packets; on overflow the longest flow queue loses its last packet.
         */
        limit_packets?: number;
        /**
         * Bytes added to a flow's deficit per round; absent means the link MTU (so quantum ≥ L_max).
         */
        quantum_bytes?: number | null;
        /**
         * Per-flow weights: a flow's quantum is quantum × weight.
         */
        weights?: FlowWeight[];
      }
    | {
        /**
         * Level of every flow not listed (1).
         */
        default_priority?: number;
        kind: 'priority';
        /**
         * Capacity of each priority level's FIFO in packets (1000).
         */
        limit_packets?: number;
        /**
         * Levels of particular flows.
         */
        priorities?: FlowPriority[];
      }
    | {
        /**
         * Bucket depth b, bytes (125000).
         */
        burst_bytes?: number;
        /**
         * Policer only: drop or demote non-conforming packets.
         */
        exceed?: 'drop' | 'demote';
        kind: 'token_bucket';
        /**
         * Capacity of the queue in packets (1000).
         */
        limit_packets?: number;
        /**
         * Shape or police.
         */
        mode?: 'shape' | 'police';
        /**
         * Depth M of the peak bucket, bytes; absent means the link MTU.
         */
        peak_burst_bytes?: number | null;
        /**
         * Peak rate p of a second bucket, b/s; absent means no peak bucket.
         */
        peak_rate_bps?: number | null;
        /**
         * Token rate r, b/s (1 Mb/s).
         */
        rate_bps?: number;
      };
  /**
   * Transmission rate, bits per second.
   */
  rate_bps: number;
  /**
   * Rate changes at given times, in order, in each direction (the b→a
   * direction keeps its own when `reverse` sets `rate_bps` or
   * `rate_changes`).
   */
  rate_changes?: RateChange[];
  /**
   * Overrides for the b→a direction.
   */
  reverse?: DirectionOverride | null;
  /**
   * Release packets on the ticks of an emulator's timer (dummynet), in
   * each direction. Omitted: the delay is exact.
   */
  timer_tick?: TimerTick | null;
  /**
   * Deliver on a trace's opportunities instead of at `rate_bps` (which
   * then only tells the queue discipline the nominal rate), in each
   * direction unless `reverse` sets its own `rate_bps` or `trace`.
   */
  trace?: TraceSpec | null;
}
/**
 * A rate reserved for one flow at this link (seed paper 003).
 */
export interface Reservation {
  /**
   * Bucket depth b of the conformance test, bytes; absent means two link
   * MTUs (paper 003 suggests 1–2 packets).
   */
  burst_bytes?: number | null;
  /**
   * Non-conforming packets go best effort (default) or are dropped.
   */
  excess?: 'best_effort' | 'drop';
  /**
   * The flow id.
   */
  flow: string;
  /**
   * Reserved rate, b/s (token rate r of the conformance test).
   */
  rate_bps: number;
}
/**
 * A per-flow weight (flow id from `flows`).
 */
export interface FlowWeight {
  /**
   * A flow id.
   */
  flow: string;
  /**
   * Relative share (> 0).
   */
  weight: number;
}
/**
 * A flow's priority level.
 */
export interface FlowPriority {
  /**
   * A flow id.
   */
  flow: string;
  /**
   * 0 is served first, 7 last.
   */
  priority: number;
}
/**
 * The link's rate from `at_s` on (until the next change).
 */
export interface RateChange {
  /**
   * When the new rate takes effect, seconds after the start of the run. A
   * packet already being serialised finishes at the old rate.
   */
  at_s: number;
  /**
   * The new transmission rate, bits per second (> 0; use a `blackout`
   * loss for an outage).
   */
  rate_bps: number;
}
/**
 * Settings of the b→a direction that differ from a→b.
 */
export interface DirectionOverride {
  /**
   * One-way propagation delay of the b→a direction, ms (a delay box that
   * delays one direction only, as netem does on one interface).
   */
  delay_ms?: number | null;
  queue?: QueueSpec | null;
  rate_bps?: number | null;
  /**
   * Rate changes of the b→a direction (replace the link's).
   */
  rate_changes?: RateChange[] | null;
  /**
   * Delivery trace of the b→a direction (replaces the link's).
   */
  trace?: TraceSpec | null;
}
/**
 * A trace-driven link in mahimahi's format (Netravali et al., USENIX ATC
 * 2015, `mm-link`): each line is a time in whole milliseconds at which the
 * link may deliver `opportunity_bytes`; the trace repeats with a period of
 * its last timestamp. A packet may use the rest of an opportunity another
 * packet left and may span several opportunities; bytes of an opportunity
 * that finds the queue empty are lost (mahimahi `LinkQueue::rationalize`).
 */
export interface TraceSpec {
  /**
   * Bytes each delivery opportunity carries (default 1500, one full-size
   * IP packet; mahimahi's PACKET_SIZE is 1504, the largest TUN payload).
   */
  opportunity_bytes?: number;
  /**
   * The trace file's text: one non-decreasing whole number of
   * milliseconds per line, the last one greater than 0.
   */
  text: string;
}
/**
 * Delay released on the ticks of a software emulator's timer (FreeBSD
 * dummynet, paper 004 §6.2.2): a packet is due `delay_ms` (in whole ticks)
 * after the tick it arrived in, so it waits up to one tick *less* than
 * configured. Cannot be combined with `jitter_ms`.
 */
export interface TimerTick {
  /**
   * Constant forwarding cost added to every packet, ms (default 0).
   */
  overhead_ms?: number;
  /**
   * Timer interrupt period, ms (1/HZ: 10 ms at HZ=100, 1 ms at HZ=1000).
   */
  tick_ms: number;
}
export interface Node {
  /**
   * End-host model (host nodes only). Omitted: the ideal host, which adds
   * no delay and no cost.
   */
  host?: HostSpec | null;
  /**
   * Unique name, used by links and flows.
   */
  id: string;
  kind: NodeKind;
}
/**
 * The end-host model of one host node: a preset plus optional overrides.
 */
export interface HostSpec {
  /**
   * Memory (front-side) bus bandwidth between CPU and main memory (B_FSB),
   * bits per second. A copy reads and writes, so it gets half of it.
   */
  fsb_bps?: number | null;
  /**
   * NIC receive buffer, bytes. A frame stays in it until its DMA to main
   * memory ends; frames that do not fit are dropped (overrun).
   */
  nic_buffer_bytes?: number | null;
  /**
   * TCP offload engine on the NIC: checksum, header processing and
   * segmentation move to the NIC's processor (speed `toe_bps`); the copy to
   * the application stays on the host. Default: the preset's.
   */
  offload?: boolean | null;
  /**
   * How the stages share time. `serial`: one packet at a time through NIC,
   * bus and CPU, so the costs add (paper 000's model). `pipelined`: the DMA
   * engine, the offload processor and the CPU work on different packets at
   * once, so the slowest stage sets the rate. Default: the preset's.
   */
  overlap?: HostOverlap | null;
  /**
   * `nic`: packets come and go through the NIC. `loopback`: traffic from
   * this host to itself, which crosses neither NIC nor I/O bus (paper 000,
   * Table 3.2). Default: the preset's.
   */
  path?: HostPathKind | null;
  /**
   * I/O bus bandwidth between NIC and main memory (B_PCI), bits per second.
   */
  pci_bps?: number | null;
  /**
   * Per-packet protocol cost t_L (TCP/IP stack work plus process switch),
   * nanoseconds. Given, it is used as is with offload on or off; omitted,
   * it is derived from the bus speeds and `process_switch_ns` (eqs. 3.37, 3.38).
   */
  per_packet_ns?: number | null;
  /**
   * Which hardware to start from. Default: `ideal` (no cost, no delay).
   */
  preset?:
    | 'ideal'
    | 'p4_pci'
    | 'pentium_d_pcie'
    | 'server'
    | 'pentium_m_1gbe'
    | 'workstation_10m'
    | 'p4_loopback'
    | 'p4_table_3_1';
  /**
   * Process-switch time per packet t_psw, nanoseconds (enters t_L as t_psw/2).
   */
  process_switch_ns?: number | null;
  /**
   * Receive descriptors (packets DMA'd to memory and not yet processed by
   * the CPU), `pipelined` overlap only.
   */
  rx_ring_packets?: number | null;
  /**
   * Unknown spread Δe of that error, nanoseconds, drawn uniformly per
   * measurement (paper 000 eq. 3.61 assumes Δe ≤ 2 µs).
   */
  timer_jitter_ns?: number | null;
  /**
   * Known error e of the timestamps around each `recv()`, nanoseconds
   * (paper 000 §3.6: hundreds of ns); the bandwidth estimator subtracts it.
   */
  timer_offset_ns?: number | null;
  /**
   * Processing speed of the NIC's offload processor (F_TOE), bits per
   * second (paper 000: 1 GIPS = 4 GB/s = 32 Gb/s). Used when `offload` is on.
   */
  toe_bps?: number | null;
  /**
   * Largest segment the host hands the NIC when offload segments for it
   * (TSO), bytes; the send side's per-packet cost is shared by the packets
   * cut from one such segment.
   */
  tso_bytes?: number | null;
}
