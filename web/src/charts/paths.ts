// What the animated diagram draws at an instant, from the model's path log
// (wasm/sim/src/world/capture_paths.rs): one record per packet per link direction with the times
// it entered the queue, started and finished serialisation and reached the far end, or where and
// why it was dropped. Nothing here models TCP or a queue: positions interpolate between times the
// model wrote, queue lengths count records (entered, not yet started), link load sums the
// serialisation times the model wrote.

import { fieldIndex } from './recordField';

/** A passage, its fields by name (times in seconds; −1: never got that far). */
export interface Passage {
  channel: number;
  flow: number;
  /** Packet kind: 0 data, 1 ACK, 2 UDP, 3 SYN, 4 SYN-ACK, 5 handshake ACK. */
  kind: number;
  uid: number;
  size: number;
  seq: number;
  ack: number;
  enqueuedS: number;
  startS: number;
  doneS: number;
  arriveS: number;
  dropReason: number;
  retransmit: boolean;
}

export interface PathTable {
  records: Float64Array;
  fields: readonly string[];
}

/** One link direction's passages, sorted by start of transmission, with lookups. */
interface ChannelIndex {
  /** Passages that went on the wire (start < done), by start; arrival then never decreases. */
  sent: Passage[];
  /** Prefix sums of serialisation time (s) over `sent`. */
  busy: Float64Array;
  /** Queue steps: time and +1/−1, sorted; `held[i]` is the queue after step i. */
  stepT: Float64Array;
  held: Int32Array;
  /** Drops, by time. */
  drops: { t: number; p: Passage }[];
}

export interface PathIndex {
  channels: ChannelIndex[];
  /** The last time any record mentions (s). */
  endS: number;
  count: number;
}

const col = (fields: readonly string[], name: string): number => fieldIndex(fields, name, 'path');

/** Every record as a Passage. */
export function readPassages(t: PathTable): Passage[] {
  const f = t.fields;
  const w = f.length;
  const k = {
    channel: col(f, 'channel'),
    flow: col(f, 'flow'),
    kind: col(f, 'kind'),
    uid: col(f, 'uid'),
    size: col(f, 'size'),
    seq: col(f, 'seq'),
    ack: col(f, 'ack'),
    enq: col(f, 'enqueued_ns'),
    start: col(f, 'start_ns'),
    done: col(f, 'done_ns'),
    arrive: col(f, 'arrive_ns'),
    reason: col(f, 'drop_reason'),
    re: col(f, 'retransmit'),
  };
  const r = t.records;
  const n = Math.floor(r.length / Math.max(1, w));
  const s = (v: number) => (v < 0 ? -1 : v / 1e9);
  const out: Passage[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = i * w;
    out[i] = {
      channel: r[a + k.channel] as number,
      flow: r[a + k.flow] as number,
      kind: r[a + k.kind] as number,
      uid: r[a + k.uid] as number,
      size: r[a + k.size] as number,
      seq: r[a + k.seq] as number,
      ack: r[a + k.ack] as number,
      enqueuedS: s(r[a + k.enq] as number),
      startS: s(r[a + k.start] as number),
      doneS: s(r[a + k.done] as number),
      arriveS: s(r[a + k.arrive] as number),
      dropReason: r[a + k.reason] as number,
      retransmit: r[a + k.re] === 1,
    };
  }
  return out;
}

/** When a passage ends: its arrival, else its drop. */
export function dropTime(p: Passage): number {
  return p.doneS >= 0 ? p.doneS : p.startS;
}

/** Index the log per link direction (`nChannels` of them). */
export function indexPaths(t: PathTable, nChannels: number): PathIndex {
  const all = readPassages(t);
  const per: Passage[][] = Array.from({ length: nChannels }, () => []);
  let endS = 0;
  for (const p of all) {
    per[p.channel]?.push(p);
    endS = Math.max(endS, p.arriveS, p.doneS, p.startS);
  }
  const channels = per.map((ps): ChannelIndex => {
    const sent = ps.filter((p) => p.doneS > p.startS).sort((a, b) => a.startS - b.startS);
    const busy = new Float64Array(sent.length + 1);
    sent.forEach((p, i) => (busy[i + 1] = (busy[i] as number) + (p.doneS - p.startS)));
    const steps: [number, number][] = [];
    for (const p of ps) if (p.startS > p.enqueuedS) steps.push([p.enqueuedS, 1], [p.startS, -1]);
    // At equal times, leave before entering: the queue never counts a packet twice.
    steps.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const stepT = new Float64Array(steps.length);
    const held = new Int32Array(steps.length);
    let h = 0;
    steps.forEach(([time, d], i) => {
      h += d;
      stepT[i] = time;
      held[i] = h;
    });
    const drops = ps
      .filter((p) => p.dropReason >= 0)
      .map((p) => ({ t: dropTime(p), p }))
      .sort((a, b) => a.t - b.t);
    return { sent, busy, stepT, held, drops };
  });
  return { channels, endS, count: all.length };
}

/** First index i in [0, n) with key(i) > x (n if none); key non-decreasing. */
function upper(n: number, key: (i: number) => number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(mid) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Packets in channel `c`'s queue at time t (entered, not yet started). */
export function queueAt(ix: PathIndex, c: number, t: number): number {
  const ch = ix.channels[c];
  if (!ch) return 0;
  const i = upper(ch.stepT.length, (k) => ch.stepT[k] as number, t);
  return i === 0 ? 0 : (ch.held[i - 1] as number);
}

/** Fraction of [t − window, t] channel `c` spent serialising (0…1). */
export function loadAt(ix: PathIndex, c: number, t: number, window: number): number {
  const ch = ix.channels[c];
  if (!ch || window <= 0) return 0;
  const a = t - window;
  const n = ch.sent.length;
  // Transmissions on one channel never overlap: those starting in (a, t] plus the one
  // in progress at a.
  const i0 = upper(n, (k) => (ch.sent[k] as Passage).startS, a);
  const i1 = upper(n, (k) => (ch.sent[k] as Passage).startS, t);
  let busy = (ch.busy[i1] as number) - (ch.busy[i0] as number);
  const last = ch.sent[i1 - 1];
  if (last && last.doneS > t) busy -= last.doneS - t;
  const before = ch.sent[i0 - 1];
  if (before && before.doneS > a) busy += Math.min(before.doneS, t) - a;
  return Math.max(0, Math.min(1, busy / window));
}

/** A packet on a link at an instant: where along it (0 at the sending end, 1 at the far end). */
export interface Mark {
  channel: number;
  flow: number;
  ack: boolean;
  retransmit: boolean;
  /** 0…1 along the link direction. */
  at: number;
  uid: number;
  passage: Passage;
}

export interface Frame {
  marks: Mark[];
  /** Per channel: packets queued. */
  queues: number[];
  /** Per channel: load over the last `loadWindow` seconds (0…1). */
  loads: number[];
  /** Drops within the last `flashS` seconds: channel, age (s), passage. */
  flashes: { channel: number; age: number; passage: Passage }[];
  /** Per channel: 1 in `sampleEvery[c]` of its packets on the wire is drawn, every k-th in
   * sending order (1: all). */
  sampleEvery: number[];
  /** Packets on the wire in all (drawn or not). */
  onWire: number;
}

export interface FrameOptions {
  /** At most this many marks per link direction (more: a sample, every k-th by uid); one
   * number for all, or one per channel. */
  maxPerChannel: number | readonly number[];
  loadWindow: number;
  flashS: number;
}

/**
 * Where each packet is at time t: on the wire from its first bit leaving (`start`) to its last
 * bit arriving (`arrive`); its position is the middle of its extent on the link, whose leading
 * edge moves at propagation speed: (t − start) / propagation, clamped to the link.
 */
export function frameAt(ix: PathIndex, t: number, o: FrameOptions): Frame {
  const f: Frame = { marks: [], queues: [], loads: [], flashes: [], sampleEvery: [], onWire: 0 };
  ix.channels.forEach((ch, c) => {
    f.queues.push(queueAt(ix, c, t));
    f.loads.push(loadAt(ix, c, t, o.loadWindow));
    // On the wire at t: started by t and not yet arrived (or lost at done). Starts are sorted;
    // arrivals follow them (the pipe is FIFO), so scan back from the last start ≤ t.
    const last = upper(ch.sent.length, (k) => (ch.sent[k] as Passage).startS, t);
    const live: number[] = [];
    for (let i = last - 1; i >= 0; i--) {
      const p = ch.sent[i] as Passage;
      const end = p.arriveS >= 0 ? p.arriveS : p.doneS;
      if (end > t) live.push(i);
      // Arrivals are in start order, so once one is over, every earlier one is over too, except
      // packets lost on the wire (end = done); those end before later ones arrive anyway.
      else if (p.arriveS >= 0) break;
    }
    f.onWire += live.length;
    const cap = typeof o.maxPerChannel === 'number' ? o.maxPerChannel : (o.maxPerChannel[c] ?? 1);
    const every = Math.max(1, Math.ceil(live.length / Math.max(1, cap)));
    f.sampleEvery.push(every);
    for (const i of live) {
      // The sample: every k-th transmission on this link direction, in sending order (stable
      // as time moves, and evenly spread along the link).
      if (every > 1 && i % every !== 0) continue;
      const p = ch.sent[i] as Passage;
      const prop = p.arriveS >= 0 ? p.arriveS - p.doneS : 0;
      const tx = p.doneS - p.startS;
      // The packet spans [t − done, t − start] of propagation behind its leading edge.
      const lead = prop > 0 ? (t - p.startS) / prop : 0;
      const tail = prop > 0 ? (t - p.doneS) / prop : 0;
      const at = prop > 0 ? Math.max(0, Math.min(1, (lead + tail) / 2)) : tx > 0 ? 0 : 1;
      f.marks.push({
        channel: c,
        flow: p.flow,
        ack: p.kind === 1 || p.kind === 4 || p.kind === 5,
        retransmit: p.retransmit,
        at,
        uid: p.uid,
        passage: p,
      });
    }
    const i1 = upper(ch.drops.length, (k) => (ch.drops[k] as { t: number }).t, t);
    for (let i = i1 - 1; i >= 0; i--) {
      const d = ch.drops[i] as { t: number; p: Passage };
      if (t - d.t > o.flashS) break;
      f.flashes.push({ channel: c, age: t - d.t, passage: d.p });
    }
  });
  return f;
}

/** What happened to a packet at a link direction, as the event list names it. */
export type PathEventKind = 'enqueue' | 'transmit' | 'arrive' | 'ack' | 'drop';
export const PATH_EVENT_KINDS: readonly PathEventKind[] = [
  'enqueue',
  'transmit',
  'arrive',
  'ack',
  'drop',
];

export interface PathEvent {
  timeS: number;
  kind: PathEventKind;
  channel: number;
  flow: number;
  uid: number;
  passage: Passage;
}

/**
 * The events of the log in [t0, t1], in time order, at most `limit` (the earliest): a packet
 * entering a queue, starting on the wire, arriving at the far end (`ack` for an ACK arriving
 * at `ackEnds[flow]`, the node index of the flow's sender, via `channelTo`), or dropped.
 * `keep` filters (by flow and kind, say) before the limit applies.
 */
export function eventsIn(
  passages: readonly Passage[],
  t0: number,
  t1: number,
  o: {
    limit: number;
    channelTo: readonly number[];
    ackEnds: readonly number[];
    keep?: (kind: PathEventKind, p: Passage) => boolean;
  },
): { events: PathEvent[]; more: boolean } {
  const out: PathEvent[] = [];
  const add = (timeS: number, kind: PathEventKind, p: Passage) => {
    if (timeS < t0 || timeS > t1) return;
    if (o.keep && !o.keep(kind, p)) return;
    out.push({ timeS, kind, channel: p.channel, flow: p.flow, uid: p.uid, passage: p });
  };
  for (const p of passages) {
    if (p.enqueuedS > t1) continue;
    const ends = Math.max(p.arriveS, p.doneS, p.startS);
    if (ends < t0) continue;
    if (p.startS > p.enqueuedS || p.dropReason < 0) add(p.enqueuedS, 'enqueue', p);
    if (p.doneS >= 0) add(p.startS, 'transmit', p);
    if (p.arriveS >= 0) {
      const ack = p.kind === 1 && o.channelTo[p.channel] === o.ackEnds[p.flow];
      add(p.arriveS, ack ? 'ack' : 'arrive', p);
    }
    if (p.dropReason >= 0) add(dropTime(p), 'drop', p);
  }
  // Time order; at one instant, a packet's own events in the order they happen.
  const rank: Record<PathEventKind, number> = {
    enqueue: 0,
    drop: 1,
    transmit: 2,
    arrive: 3,
    ack: 3,
  };
  out.sort((a, b) => a.timeS - b.timeS || a.uid - b.uid || rank[a.kind] - rank[b.kind]);
  return { events: out.slice(0, o.limit), more: out.length > o.limit };
}
