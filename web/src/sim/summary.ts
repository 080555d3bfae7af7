// The run summary (the JSON `tcplab run` prints), typed for the page.

export interface FlowSummary {
  id: string;
  goodput_bps: number;
  delivered_bytes: number;
  retransmitted_segments: number;
  fast_retransmits: number;
  timeouts: number;
  mean_cwnd_segments: number;
}

export interface LinkSummary {
  id: string;
  /** `a>b` or `b>a`. */
  direction: string;
  drops: number;
  tx_packets: number;
  tx_bytes: number;
  utilisation: number;
}

export interface RunSummary {
  name: string;
  simulated_time_s: number;
  events: number;
  flows: FlowSummary[];
  links: LinkSummary[];
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
