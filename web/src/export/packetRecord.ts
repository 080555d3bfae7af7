// The per-packet records a pcap is written from. The simulator does not report single packets
// yet (see README, "What the UI needs from the model"); this is the small typed interface the
// writer expects, so that a packet log from the model plugs straight in.

export interface TcpFlags {
  syn?: boolean;
  ack?: boolean;
  fin?: boolean;
  rst?: boolean;
  psh?: boolean;
  ece?: boolean;
  cwr?: boolean;
}

export interface PacketRecord {
  /** Simulated time the packet crossed the capture point, integer nanoseconds. */
  timeNs: number;
  protocol: 'tcp' | 'udp';
  /** IPv4 addresses as 32-bit unsigned integers (see `hostAddress`). */
  srcIp: number;
  dstIp: number;
  srcPort: number;
  dstPort: number;
  /** Bytes of payload the packet carried (written as zeros, or cut by the snap length). */
  payloadBytes: number;
  /** IP identification field (0 if the model has none). */
  ipId?: number;
  ttl?: number;
  /** ECN bits of the IP header (0 not-ECT, 1 ECT(1), 2 ECT(0), 3 CE). */
  ecn?: number;
  // TCP only:
  seq?: number;
  ack?: number;
  flags?: TcpFlags;
  /** Advertised window, bytes (written scaled by `windowShift`). */
  window?: number;
  /** RFC 7323 timestamps option, when the flow uses it. */
  timestamps?: { tsval: number; tsecr: number };
  /** SACK blocks [left, right) as sequence numbers (RFC 2018), at most 4 (3 with timestamps). */
  sack?: [number, number][];
  /** A SYN's or SYN-ACK's options besides timestamps (RFC 9293 §3.7.1, RFC 7323, RFC 2018). */
  synOptions?: SynOptions;
}

export interface SynOptions {
  /** The MSS option, bytes. */
  mss: number;
  /** The window-scale shift, when the option is present. */
  windowScale?: number;
  sackPermitted?: boolean;
}

/** The address of the node at `index` in the scenario: 10.0.x.y, y from 1. */
export function hostAddress(index: number): number {
  const n = index + 1;
  return ((10 << 24) | (((n >> 8) & 0xff) << 8) | (n & 0xff)) >>> 0;
}

export function formatIp(ip: number): string {
  return [ip >>> 24, (ip >>> 16) & 0xff, (ip >>> 8) & 0xff, ip & 0xff].join('.');
}
