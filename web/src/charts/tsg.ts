// The time-sequence graph's data: the model's packet capture of one flow at its sender
// (wasm/sim/src/world/capture.rs) read by field name into the marks the graph draws, and each
// packet's fate looked up among the other records. Nothing here computes TCP: every number is a
// field of a record the model wrote; the lookups only pair records (a segment with the first
// cumulative ACK that covers it, with its next retransmission, with the drop of the same packet).

import { fieldIndex } from './recordField';

/** `kind` values of a record. */
export const KIND = { data: 0, ack: 1, udp: 2, syn: 3, synack: 4, hsAck: 5, drop: 6 } as const;
/** Bits of `flags`. */
export const FLAG = {
  retransmit: 1,
  ece: 2,
  cwr: 4,
  ect: 8,
  ce: 16,
  outbound: 32,
  sackPermitted: 64,
  timestamps: 128,
  /** Sent by the tail-loss probe timer (RFC 8985 §7.3). */
  tlp: 256,
  /** Sent when the retransmission timer expired (RFC 6298 §5.4). */
  rto: 512,
} as const;

/** What a data segment sent was: `data.re` of the marks. */
export const SENT = { new: 0, retransmit: 1, tlp: 2, rto: 3 } as const;

/** A sent segment's kind from its flags: a probe or a timeout retransmission before a fast one. */
export function sentKind(flags: number): number {
  if (flags & FLAG.tlp) return SENT.tlp;
  if (flags & FLAG.rto) return SENT.rto;
  return flags & FLAG.retransmit ? SENT.retransmit : SENT.new;
}
/** `drop_reason` values (queue/mod.rs `DropReason`, in order). */
export const DROP_REASONS = ['overflow', 'aqm', 'policer', 'impairment'] as const;

/** One record, its fields by name. */
export interface Packet {
  /** Index of the record in the capture. */
  index: number;
  timeS: number;
  kind: number;
  src: number;
  dst: number;
  seq: number;
  ack: number;
  payload: number;
  size: number;
  rwnd: number;
  flags: number;
  tsvalNs: number;
  tsecrNs: number;
  sack: [number, number][];
  mss: number;
  wscale: number;
  /** Drops: the link direction and the reason; −1 otherwise. */
  channel: number;
  dropReason: number;
  /** Drops: the dropped packet's own kind. */
  droppedKind: number;
  uid: number;
}

export interface PacketTable {
  records: Float64Array;
  fields: readonly string[];
  channels: readonly string[];
}

/** Record `i` of `t`, or null past the end. */
export function packetAt(t: PacketTable, i: number): Packet | null {
  const w = t.fields.length;
  if (i < 0 || (i + 1) * w > t.records.length) return null;
  const at = i * w;
  const v = (name: string): number =>
    t.records[at + fieldIndex(t.fields, name, 'packet')] as number;
  const sack: [number, number][] = [];
  for (let k = 0; k < Math.min(4, v('sack_len')); k++)
    sack.push([v(`sack${k}_start`), v(`sack${k}_end`)]);
  return {
    index: i,
    timeS: v('time_ns') / 1e9,
    kind: v('kind'),
    src: v('src'),
    dst: v('dst'),
    seq: v('seq'),
    ack: v('ack'),
    payload: v('payload'),
    size: v('size'),
    rwnd: v('rwnd'),
    flags: v('flags'),
    tsvalNs: v('tsval'),
    tsecrNs: v('tsecr'),
    sack,
    mss: v('mss_option'),
    wscale: v('wscale_option'),
    channel: v('channel'),
    dropReason: v('drop_reason'),
    droppedKind: v('dropped_kind'),
    uid: v('uid'),
  };
}

export function packetCount(t: PacketTable): number {
  return Math.floor(t.records.length / Math.max(1, t.fields.length));
}

/** The marks of the graph as parallel arrays (x in seconds, y in stream bytes). */
export interface TsgMarks {
  /** Data segments sent: start time, first and last byte, record index, and what it was
   * (`SENT`: new data, a fast or recovery retransmission, a tail-loss probe, a timeout's). */
  data: { t: Float64Array; y0: Float64Array; y1: Float64Array; index: Int32Array; re: Uint8Array };
  /** Cumulative ACKs arriving (a step line), with the receive window's right edge. */
  acks: { t: Float64Array; ack: Float64Array; edge: Float64Array; index: Int32Array };
  /** SACK blocks: one bar per block per ACK. */
  sacks: { t: Float64Array; y0: Float64Array; y1: Float64Array };
  /** Data segments dropped, where they were dropped. */
  drops: { t: Float64Array; y: Float64Array; index: Int32Array };
  /** The last byte ever sent (the y axis' top). */
  maxSeq: number;
}

/** Sort the capture (taken at the flow's sender) into the graph's marks, in one pass. */
export function tsgMarks(t: PacketTable): TsgMarks {
  const w = t.fields.length;
  const n = packetCount(t);
  const col = (name: string): number => fieldIndex(t.fields, name, 'packet');
  const c = {
    time: col('time_ns'),
    kind: col('kind'),
    seq: col('seq'),
    ack: col('ack'),
    payload: col('payload'),
    rwnd: col('rwnd'),
    flags: col('flags'),
    sackLen: col('sack_len'),
    sack0: col('sack0_start'),
    droppedKind: col('dropped_kind'),
  };
  const r = t.records;
  let nd = 0;
  let na = 0;
  let ns = 0;
  let nx = 0;
  for (let i = 0; i < n; i++) {
    const k = r[i * w + c.kind];
    const out = ((r[i * w + c.flags] as number) & FLAG.outbound) !== 0;
    if (k === KIND.data && out) nd++;
    else if (k === KIND.ack) {
      na++;
      ns += Math.min(4, r[i * w + c.sackLen] as number);
    } else if (k === KIND.drop && r[i * w + c.droppedKind] === KIND.data) nx++;
  }
  const m: TsgMarks = {
    data: {
      t: new Float64Array(nd),
      y0: new Float64Array(nd),
      y1: new Float64Array(nd),
      index: new Int32Array(nd),
      re: new Uint8Array(nd),
    },
    acks: {
      t: new Float64Array(na),
      ack: new Float64Array(na),
      edge: new Float64Array(na),
      index: new Int32Array(na),
    },
    sacks: { t: new Float64Array(ns), y0: new Float64Array(ns), y1: new Float64Array(ns) },
    drops: { t: new Float64Array(nx), y: new Float64Array(nx), index: new Int32Array(nx) },
    maxSeq: 0,
  };
  nd = na = ns = nx = 0;
  for (let i = 0; i < n; i++) {
    const at = i * w;
    const k = r[at + c.kind];
    const ts = (r[at + c.time] as number) / 1e9;
    const flags = r[at + c.flags] as number;
    if (k === KIND.data && flags & FLAG.outbound) {
      const seq = r[at + c.seq] as number;
      const end = seq + (r[at + c.payload] as number);
      m.data.t[nd] = ts;
      m.data.y0[nd] = seq;
      m.data.y1[nd] = end;
      m.data.index[nd] = i;
      m.data.re[nd] = sentKind(flags);
      m.maxSeq = Math.max(m.maxSeq, end);
      nd++;
    } else if (k === KIND.ack) {
      const ack = r[at + c.ack] as number;
      m.acks.t[na] = ts;
      m.acks.ack[na] = ack;
      m.acks.edge[na] = ack + (r[at + c.rwnd] as number);
      m.acks.index[na] = i;
      na++;
      for (let b = 0; b < Math.min(4, r[at + c.sackLen] as number); b++) {
        m.sacks.t[ns] = ts;
        m.sacks.y0[ns] = r[at + c.sack0 + 2 * b] as number;
        m.sacks.y1[ns] = r[at + c.sack0 + 2 * b + 1] as number;
        ns++;
      }
    } else if (k === KIND.drop && r[at + c.droppedKind] === KIND.data) {
      m.drops.t[nx] = ts;
      m.drops.y[nx] = r[at + c.seq] as number;
      m.drops.index[nx] = i;
      nx++;
    }
  }
  return m;
}

/** What became of a packet, found among the other records of the capture. */
export interface Fate {
  /** The record of its drop (same packet uid), if a queue or link dropped it. */
  drop: Packet | null;
  /** Data: the first ACK at the sender whose cumulative ACK covers it. */
  ackedBy: Packet | null;
  /** Data: the next transmission of the same first byte (a retransmission). */
  retransmittedAs: Packet | null;
}

export function fateOf(t: PacketTable, p: Packet): Fate {
  const fate: Fate = { drop: null, ackedBy: null, retransmittedAs: null };
  const n = packetCount(t);
  // A drop record stands for the data segment it dropped.
  const isData = p.kind === KIND.data || (p.kind === KIND.drop && p.droppedKind === KIND.data);
  if (p.kind === KIND.drop) fate.drop = p;
  for (let i = p.index + 1; i < n; i++) {
    const q = packetAt(t, i);
    if (!q) break;
    if (!fate.drop && q.kind === KIND.drop && q.uid === p.uid) fate.drop = q;
    if (isData) {
      if (!fate.ackedBy && q.kind === KIND.ack && q.ack >= p.seq + p.payload) fate.ackedBy = q;
      if (
        !fate.retransmittedAs &&
        q.kind === KIND.data &&
        q.flags & FLAG.outbound &&
        q.flags & FLAG.retransmit &&
        q.seq === p.seq
      )
        fate.retransmittedAs = q;
    }
    // Its drop and its retransmissions all come before the cumulative ACK that covers it.
    if (fate.ackedBy || (!isData && fate.drop)) break;
  }
  return fate;
}

/** Where the first drop mark is, in the plot's pixels (tests click it). */
export function firstDropAt(
  m: TsgMarks,
  x: (t: number) => number,
  y: (seq: number) => number,
): [number, number] | null {
  if (m.drops.t.length === 0) return null;
  return [x(m.drops.t[0] as number), y(m.drops.y[0] as number)];
}

/** The record nearest (in pixels) to (px, py), among the data, ACK and drop marks. */
export function nearestMark(
  m: TsgMarks,
  x: (t: number) => number,
  y: (seq: number) => number,
  px: number,
  py: number,
  maxPx = 12,
): number | null {
  let best = maxPx * maxPx;
  let found: number | null = null;
  // A drop sits on the bar of the segment it dropped: within a few pixels it wins.
  const consider = (tx: number, ty: number, index: number, weight = 1) => {
    const d = ((x(tx) - px) ** 2 + (y(ty) - py) ** 2) * weight;
    if (d < best) {
      best = d;
      found = index;
    }
  };
  for (let i = 0; i < m.data.t.length; i++)
    consider(m.data.t[i] as number, m.data.y1[i] as number, m.data.index[i] as number);
  for (let i = 0; i < m.drops.t.length; i++)
    consider(m.drops.t[i] as number, m.drops.y[i] as number, m.drops.index[i] as number, 0.1);
  for (let i = 0; i < m.acks.t.length; i++)
    consider(m.acks.t[i] as number, m.acks.ack[i] as number, m.acks.index[i] as number);
  return found;
}
