// The events of a flow that are not a packet at a link, for the event list: its timers firing and
// its congestion state changing, and the cwnd edge of the time-sequence graph. All of it is read
// from what the model wrote: the segments the sender's timers sent are marked in the capture
// (`flags`: the probe timer, RFC 8985 §7.3; the retransmission timer, RFC 6298 §5.4), the state
// is the trace's `state` column (wasm/sim/src/world/sample.rs: 0 slow start, 1 congestion
// avoidance, 2 recovery, 3 loss) and cwnd its `cwnd` column. Nothing here runs TCP.
import { fieldIndex } from './recordField';
import { FLAG, KIND, packetCount } from './tsg';
import type { PacketTable, TsgMarks } from './tsg';

export type FlowEventKind = 'timeout' | 'tlp' | 'state';
export const FLOW_EVENT_KINDS: readonly FlowEventKind[] = ['timeout', 'tlp', 'state'];

export interface FlowEvent {
  timeS: number;
  kind: FlowEventKind;
  /** Index of the flow in the scenario. */
  flow: number;
  /** Timers: the first segment the timer sent (its capture record), its first byte, and how many
   * segments it sent at that instant. −1 for state changes. */
  record: number;
  seq: number;
  segments: number;
  /** State changes: the state before and after (`state` codes); −1 for timers. */
  from: number;
  to: number;
}

const col = (fields: readonly string[], name: string): number => fieldIndex(fields, name, 'packet');

/**
 * The timers of the captured flow (index `flow`) firing: one event per expiry, at the instant its
 * segments were sent (the segments a timer sends at one instant are one event).
 */
export function timerEvents(t: PacketTable, flow: number): FlowEvent[] {
  const f = t.fields;
  const w = f.length;
  const c = {
    time: col(f, 'time_ns'),
    kind: col(f, 'kind'),
    flags: col(f, 'flags'),
    seq: col(f, 'seq'),
  };
  const r = t.records;
  const out: FlowEvent[] = [];
  for (let i = 0; i < packetCount(t); i++) {
    const at = i * w;
    const flags = r[at + c.flags] as number;
    if (r[at + c.kind] !== KIND.data || !(flags & FLAG.outbound)) continue;
    const kind: FlowEventKind | null =
      flags & FLAG.tlp ? 'tlp' : flags & FLAG.rto ? 'timeout' : null;
    if (!kind) continue;
    const timeS = (r[at + c.time] as number) / 1e9;
    const prev = out[out.length - 1];
    if (prev && prev.kind === kind && prev.timeS === timeS) {
      prev.segments++;
      continue;
    }
    out.push({
      timeS,
      kind,
      flow,
      record: i,
      seq: r[at + c.seq] as number,
      segments: 1,
      from: -1,
      to: -1,
    });
  }
  return out;
}

/**
 * The flow's congestion state changing (index `flow`), from the trace's time and `state`
 * columns: one event per change, at the first sample showing the new state.
 */
export function stateChanges(
  timeS: ArrayLike<number>,
  state: ArrayLike<number>,
  flow: number,
): FlowEvent[] {
  const out: FlowEvent[] = [];
  for (let i = 1; i < Math.min(timeS.length, state.length); i++) {
    const from = state[i - 1] as number;
    const to = state[i] as number;
    if (to === from || !Number.isFinite(to) || !Number.isFinite(from)) continue;
    out.push({
      timeS: timeS[i] as number,
      kind: 'state',
      flow,
      record: -1,
      seq: -1,
      segments: 0,
      from,
      to,
    });
  }
  return out;
}

/** The sender's segment size: the largest payload it sent in the capture (0 if none). */
export function senderMss(t: PacketTable): number {
  const w = t.fields.length;
  const c = { kind: col(t.fields, 'kind'), flags: col(t.fields, 'flags') };
  const pay = col(t.fields, 'payload');
  let mss = 0;
  for (let i = 0; i < packetCount(t); i++) {
    const at = i * w;
    if (t.records[at + c.kind] === KIND.data && (t.records[at + c.flags] as number) & FLAG.outbound)
      mss = Math.max(mss, t.records[at + pay] as number);
  }
  return mss;
}

/**
 * The cwnd edge (snd_una + cwnd) at each trace sample: snd_una is the cumulative ACK line the
 * graph draws (the last ACK that arrived at or before the sample; the first byte before any),
 * cwnd the sample's `cwnd` in segments × the sender's segment size. A step line: each value
 * holds until the next sample.
 */
export function cwndEdge(
  marks: TsgMarks,
  timeS: ArrayLike<number>,
  cwndSegments: ArrayLike<number>,
  mss: number,
): { t: Float64Array; edge: Float64Array } {
  const n = Math.min(timeS.length, cwndSegments.length);
  const t = new Float64Array(n);
  const edge = new Float64Array(n);
  const acks = marks.acks;
  const first = marks.data.y0.length > 0 ? (marks.data.y0[0] as number) : 0;
  let a = 0;
  for (let i = 0; i < n; i++) {
    const ts = timeS[i] as number;
    while (a < acks.t.length && (acks.t[a] as number) <= ts) a++;
    const una = a > 0 ? (acks.ack[a - 1] as number) : first;
    t[i] = ts;
    edge[i] = una + (cwndSegments[i] as number) * mss;
  }
  return { t, edge };
}
