// A libpcap file writer (the classic format Wireshark and tcpdump read: a 24-byte global header,
// then a 16-byte record header per packet). Link type RAW (101): each record is an IPv4
// datagram. IPv4 (RFC 791), TCP (RFC 9293) and UDP (RFC 768) headers are synthesised from the
// records with correct checksums; payload bytes are zeros, so the TCP and UDP checksums are
// exact even when the snap length cuts the payload off.
import type { PacketRecord } from './packetRecord';

/** Nanosecond-resolution pcap magic (the µs variant is 0xa1b2c3d4). */
export const PCAP_MAGIC_NS = 0xa1b23c4d;
export const LINKTYPE_RAW = 101;
const GLOBAL_HEADER = 24;
const RECORD_HEADER = 16;
const IP_HEADER = 20;
const UDP_HEADER = 8;

export interface PcapOptions {
  /** Bytes of each packet written at most (the rest is counted in orig_len). Default: headers only. */
  snapLength?: number;
  /** Window scale shift of the advertised windows (RFC 7323; never applied to a SYN). Default 0. */
  windowShift?: number;
}

/**
 * Option bytes of a SYN or SYN-ACK, laid out as Linux's tcp_options_write: MSS (4); timestamps
 * with SACK-permitted in front of them or two NOPs (12), else NOP NOP SACK-permitted (4); NOP and
 * window scale (4).
 */
function synOptionsLength(r: PacketRecord): number {
  const o = r.synOptions;
  if (!o) return 0;
  const middle = r.timestamps ? 12 : o.sackPermitted ? 4 : 0;
  return 4 + middle + (o.windowScale != null ? 4 : 0);
}

function tcpOptionsLength(r: PacketRecord): number {
  if (r.synOptions) return synOptionsLength(r);
  let n = 0;
  if (r.timestamps) n += 12; // NOP NOP TS(10)
  const blocks = Math.min(r.sack?.length ?? 0, r.timestamps ? 3 : 4);
  if (blocks > 0) n += 4 + 8 * blocks; // NOP NOP SACK(2 + 8n)
  return n;
}

function transportHeaderLength(r: PacketRecord): number {
  return r.protocol === 'udp' ? UDP_HEADER : 20 + tcpOptionsLength(r);
}

/** One's-complement sum of 16-bit words (RFC 1071), not yet folded or inverted. */
function sum16(bytes: Uint8Array, from: number, to: number, acc = 0): number {
  let s = acc;
  for (let i = from; i + 1 < to; i += 2)
    s += ((bytes[i] as number) << 8) | (bytes[i + 1] as number);
  if ((to - from) % 2 === 1) s += (bytes[to - 1] as number) << 8;
  return s;
}

function fold(s: number): number {
  let x = s;
  while (x > 0xffff) x = (x & 0xffff) + (x >>> 16);
  return ~x & 0xffff;
}

/** Write the IP and transport headers of `r` at `buf[off..]`; returns the header length. */
function writeHeaders(buf: Uint8Array, off: number, r: PacketRecord, opts: PcapOptions): number {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const th = transportHeaderLength(r);
  const total = IP_HEADER + th + r.payloadBytes;
  // IPv4 header.
  dv.setUint8(off, 0x45);
  dv.setUint8(off + 1, (r.ecn ?? 0) & 3);
  dv.setUint16(off + 2, Math.min(total, 0xffff));
  dv.setUint16(off + 4, (r.ipId ?? 0) & 0xffff);
  dv.setUint16(off + 6, 0x4000); // don't fragment
  dv.setUint8(off + 8, r.ttl ?? 64);
  dv.setUint8(off + 9, r.protocol === 'udp' ? 17 : 6);
  dv.setUint16(off + 10, 0);
  dv.setUint32(off + 12, r.srcIp >>> 0);
  dv.setUint32(off + 16, r.dstIp >>> 0);
  dv.setUint16(off + 10, fold(sum16(buf, off, off + IP_HEADER)));
  const t = off + IP_HEADER;
  if (r.protocol === 'udp') {
    dv.setUint16(t, r.srcPort);
    dv.setUint16(t + 2, r.dstPort);
    dv.setUint16(t + 4, Math.min(UDP_HEADER + r.payloadBytes, 0xffff));
    dv.setUint16(t + 6, 0);
  } else {
    const f = r.flags ?? {};
    dv.setUint16(t, r.srcPort);
    dv.setUint16(t + 2, r.dstPort);
    dv.setUint32(t + 4, (r.seq ?? 0) >>> 0);
    dv.setUint32(t + 8, (r.ack ?? 0) >>> 0);
    const bits =
      (f.fin ? 0x01 : 0) |
      (f.syn ? 0x02 : 0) |
      (f.rst ? 0x04 : 0) |
      (f.psh ? 0x08 : 0) |
      (f.ack ? 0x10 : 0) |
      (f.ece ? 0x40 : 0) |
      (f.cwr ? 0x80 : 0);
    dv.setUint16(t + 12, ((th / 4) << 12) | bits);
    // RFC 7323 §2.2: the window of a SYN or SYN-ACK is never scaled.
    const shift = f.syn ? 0 : (opts.windowShift ?? 0);
    dv.setUint16(t + 14, Math.min(0xffff, Math.floor((r.window ?? 0) / 2 ** shift)));
    dv.setUint16(t + 16, 0);
    dv.setUint16(t + 18, 0);
    let o = t + 20;
    const syn = r.synOptions;
    if (syn) {
      buf.set([2, 4], o);
      dv.setUint16(o + 2, Math.min(0xffff, syn.mss));
      o += 4;
      if (r.timestamps) {
        buf.set(syn.sackPermitted ? [4, 2, 8, 10] : [1, 1, 8, 10], o);
        dv.setUint32(o + 4, r.timestamps.tsval >>> 0);
        dv.setUint32(o + 8, r.timestamps.tsecr >>> 0);
        o += 12;
      } else if (syn.sackPermitted) {
        buf.set([1, 1, 4, 2], o);
        o += 4;
      }
      if (syn.windowScale != null) buf.set([1, 3, 3, syn.windowScale], o);
    } else if (r.timestamps) {
      buf.set([1, 1, 8, 10], o);
      dv.setUint32(o + 4, r.timestamps.tsval >>> 0);
      dv.setUint32(o + 8, r.timestamps.tsecr >>> 0);
      o += 12;
    }
    const blocks = (r.sack ?? []).slice(0, r.timestamps ? 3 : 4);
    if (blocks.length > 0) {
      buf.set([1, 1, 5, 2 + 8 * blocks.length], o);
      o += 4;
      for (const [l, rr] of blocks) {
        dv.setUint32(o, l >>> 0);
        dv.setUint32(o + 4, rr >>> 0);
        o += 8;
      }
    }
  }
  // Transport checksum over the pseudo-header (RFC 9293 §3.1, RFC 768) and the header; the
  // zero payload adds nothing but its length.
  const len = th + r.payloadBytes;
  let s = sum16(buf, off + 12, off + 20); // source and destination addresses
  s += r.protocol === 'udp' ? 17 : 6;
  s += len & 0xffff;
  s += len >>> 16;
  s = sum16(buf, t, t + th, s);
  let c = fold(s);
  if (r.protocol === 'udp' && c === 0) c = 0xffff; // RFC 768: 0 means "no checksum"
  dv.setUint16(t + (r.protocol === 'udp' ? 6 : 16), c);
  return IP_HEADER + th;
}

/** A complete pcap file holding `records` in the order given. */
export function writePcap(records: readonly PacketRecord[], opts: PcapOptions = {}): Uint8Array {
  const snap = opts.snapLength ?? 0;
  const incl = records.map((r) => {
    const headers = IP_HEADER + transportHeaderLength(r);
    const full = headers + r.payloadBytes;
    return { headers, full, kept: Math.max(headers, Math.min(full, snap || headers)) };
  });
  const size = GLOBAL_HEADER + incl.reduce((n, p) => n + RECORD_HEADER + p.kept, 0);
  const buf = new Uint8Array(size);
  const dv = new DataView(buf.buffer);
  dv.setUint32(0, PCAP_MAGIC_NS, true);
  dv.setUint16(4, 2, true);
  dv.setUint16(6, 4, true);
  dv.setInt32(8, 0, true); // thiszone
  dv.setUint32(12, 0, true); // sigfigs
  dv.setUint32(16, Math.max(65535, snap), true);
  dv.setUint32(20, LINKTYPE_RAW, true);
  let off = GLOBAL_HEADER;
  records.forEach((r, i) => {
    const p = incl[i] as { full: number; kept: number };
    const ns = Math.max(0, Math.round(r.timeNs));
    dv.setUint32(off, Math.floor(ns / 1e9), true);
    dv.setUint32(off + 4, ns % 1e9, true);
    dv.setUint32(off + 8, p.kept, true);
    dv.setUint32(off + 12, p.full, true);
    off += RECORD_HEADER;
    // Headers are always kept whole; payload bytes past them stay zero.
    writeHeaders(buf, off, r, opts);
    off += p.kept;
  });
  return buf;
}
