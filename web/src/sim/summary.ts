// The run summary (the JSON `tcplab run` prints), typed for the page. The analytic bounds are
// the simulator's (wasm/sim/src/metrics/bounds.rs); the page only draws them.

/** Per-flow analytic throughput bounds, payload b/s; null means "no limit". */
export interface FlowBounds {
  flow: string;
  bottleneck_bps: number;
  base_rtt_s: number;
  mtu_bytes: number;
  link_bps: number | null;
  window_bps: number | null;
  mathis_bps: number | null;
  mathis_delayed_ack_bps: number | null;
  pftk_bps: number | null;
  host_bound_bps: number | null;
  host_bound_printed_bps: number | null;
  receiver_capacity_bps: number | null;
  /** Max-min fair share once every flow has started (null: unlimited). */
  fair_share_bps?: number | null;
  /** The max-min fair share over time: one step at every flow start. */
  fair_share_steps?: FairShareStep[];
  /** The loss rate Mathis and PFTK above use (the scenario's random loss; 0: none). */
  loss_p?: number;
  /** The loss rate the finished run measured (loss signals per segment sent); null: none yet. */
  measured_loss_p?: number | null;
  /** Mathis and PFTK at the measured loss rate (null: no measured loss). */
  mathis_measured_bps?: number | null;
  pftk_measured_bps?: number | null;
}

export interface FairShareStep {
  from_s: number;
  bps: number;
}

export interface FlowSummary {
  id: string;
  goodput_bps: number;
  delivered_bytes: number;
  retransmitted_segments: number;
  fast_retransmits: number;
  timeouts: number;
  /** TCP: tail loss probes sent (RFC 8985). */
  tlp_probes?: number;
  mean_cwnd_segments: number;
  /** TCP: the algorithm running at the end, and how many mid-flow switches it took. */
  cc?: string | null;
  cc_switches?: number;
  completion_time_s?: number | null;
  /** When data began (after the handshake), seconds into the run; null if it never did. */
  data_start_s?: number | null;
  /** TCP: SYNs sent again before the SYN-ACK came. */
  syn_retransmits?: number;
  udp_sent_packets?: number;
  udp_received_packets?: number;
  /** The longest wait of the receiving application for new in-order data, seconds. */
  longest_stall_s?: number;
  bounds?: FlowBounds | null;
  /** TCP with a user-level receiver (paper 001): segments its socket buffer dropped. */
  receiver_overruns?: number;
}

export interface LinkSummary {
  id: string;
  /** `a>b` or `b>a`. */
  direction: string;
  drops: number;
  tx_packets: number;
  tx_bytes: number;
  utilisation: number;
  mean_queueing_delay_s?: number;
  /** Time in the pipe after the last bit left (propagation, jitter, timer tick), seconds. */
  pipe_delay?: { mean_s: number; sd_s: number; min_s: number; max_s: number } | null;
}

export interface HostSummary {
  id: string;
  nic_overruns: number;
  bandwidth_estimate_bps: number | null;
}

export interface RunSummary {
  name: string;
  simulated_time_s: number;
  events: number;
  flows: FlowSummary[];
  links: LinkSummary[];
  hosts?: HostSummary[];
  jain_index: number;
  trace_hash: string;
}

/** Parse summary JSON; throws when the shape is not a summary. */
export function parseSummary(text: string): RunSummary {
  const v: unknown = JSON.parse(text);
  if (
    typeof v !== 'object' ||
    v === null ||
    !Array.isArray((v as { flows?: unknown }).flows) ||
    !Array.isArray((v as { links?: unknown }).links) ||
    typeof (v as { trace_hash?: unknown }).trace_hash !== 'string'
  ) {
    throw new Error('the simulator returned a malformed summary');
  }
  return v as RunSummary;
}
