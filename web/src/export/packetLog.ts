// The model's packet capture (wasm `Simulation.capture` / `drain_packets`, one row of
// `packet_fields()` values per packet) as the PacketRecords the pcap writer takes. The model has
// node indices and stream offsets; a capture file wants addresses, ports and 32-bit sequence
// numbers, so: node i is 10.0.x.y (`hostAddress`), ports are the flow's (49152 + its index and
// 5001 unless set, as in the model's cc_rules), both initial sequence numbers are 0 and the SYN
// takes it, so data byte k has sequence number k + 1 (mod 2³²), and TCP timestamps tick once per
// millisecond. The SYN and SYN-ACK carry their options; the window scale is the SYN-ACK's when
// both ends offered one.
import type { Scenario } from '../scenario/types';
import { hostAddress } from './packetRecord';
import type { PacketRecord } from './packetRecord';

/** Flag bits of the `flags` value (wasm/sim/src/world/capture.rs). */
const FLAG = {
  retransmit: 1,
  ece: 2,
  cwr: 4,
  ect: 8,
  ce: 16,
  outbound: 32,
  sackPermitted: 64,
  timestamps: 128,
} as const;
const KIND = ['data', 'ack', 'udp', 'syn', 'synack', 'handshake_ack'] as const;
/** RFC 6335 §6 dynamic range start; iperf's port (the model's defaults, scenario/types.rs). */
const DEFAULT_SRC_PORT_BASE = 49152;
const DEFAULT_DST_PORT = 5001;
const MOD32 = 2 ** 32;

export interface PacketLog {
  records: PacketRecord[];
  /** Window scale shift that fits the largest advertised window in 16 bits (RFC 7323). */
  windowShift: number;
}

/** Convert `rows` (row-major, `fields.length` wide) of flow `flowId` in `scenario`. */
export function packetLog(
  rows: Float64Array,
  fields: readonly string[],
  scenario: Scenario,
  flowId: string,
): PacketLog {
  const col = (name: string): number => {
    const i = fields.indexOf(name);
    if (i < 0) throw new Error(`packet record has no field '${name}'`);
    return i;
  };
  const c = {
    time: col('time_ns'),
    kind: col('kind'),
    src: col('src'),
    dst: col('dst'),
    seq: col('seq'),
    ack: col('ack'),
    payload: col('payload'),
    rwnd: col('rwnd'),
    flags: col('flags'),
    tsval: col('tsval'),
    tsecr: col('tsecr'),
    sackLen: col('sack_len'),
    sack0: col('sack0_start'),
    mss: col('mss_option'),
    wscale: col('wscale_option'),
  };
  const index = scenario.flows.findIndex((f) => f.id === flowId);
  const flow = scenario.flows[index];
  if (!flow) throw new Error(`no flow '${flowId}' in the scenario`);
  const srcPort = flow.src_port ?? DEFAULT_SRC_PORT_BASE + index;
  const dstPort = flow.dst_port ?? DEFAULT_DST_PORT;
  const width = fields.length;
  const records: PacketRecord[] = [];
  let maxWindow = 0;
  // Window scaling is in effect when both the SYN and the SYN-ACK carry the option.
  const synScale: { syn?: number; synack?: number } = {};
  for (let at = 0; at + width <= rows.length; at += width) {
    const v = (i: number) => rows[at + i] as number;
    const kind = KIND[v(c.kind)] ?? 'data';
    const flags = v(c.flags);
    // The data direction runs from the flow's source to its destination; ACKs and the
    // SYN-ACK come back.
    const forward = kind !== 'ack' && kind !== 'synack';
    const ip = { src: hostAddress(v(c.src)), dst: hostAddress(v(c.dst)) };
    const base: PacketRecord = {
      timeNs: v(c.time),
      protocol: kind === 'udp' ? 'udp' : 'tcp',
      srcIp: ip.src,
      dstIp: ip.dst,
      srcPort: forward ? srcPort : dstPort,
      dstPort: forward ? dstPort : srcPort,
      payloadBytes: v(c.payload),
      ecn: flags & FLAG.ce ? 3 : flags & FLAG.ect ? 2 : 0,
    };
    if (kind === 'udp') {
      records.push(base);
      continue;
    }
    const syn = kind === 'syn' || kind === 'synack';
    const window = kind === 'ack' || syn ? v(c.rwnd) : 0;
    if (kind === 'ack') maxWindow = Math.max(maxWindow, window);
    const wscale = v(c.wscale);
    if (kind === 'syn' && wscale >= 0) synScale.syn = wscale;
    if (kind === 'synack' && wscale >= 0) synScale.synack = wscale;
    const sack: [number, number][] = [];
    for (let k = 0; k < Math.min(4, v(c.sackLen)); k++) {
      sack.push([(v(c.sack0 + 2 * k) + 1) % MOD32, (v(c.sack0 + 2 * k + 1) + 1) % MOD32]);
    }
    // Sequence numbers: the SYNs take 0, data byte k is k + 1; a SYN acknowledges nothing.
    const seq = syn ? 0 : kind === 'data' ? (v(c.seq) + 1) % MOD32 : 1;
    const ack = kind === 'syn' ? 0 : kind === 'ack' ? (v(c.ack) + 1) % MOD32 : 1;
    const timestamps = (flags & FLAG.timestamps) !== 0;
    records.push({
      ...base,
      seq,
      ack,
      flags: {
        syn,
        ack: kind !== 'syn',
        psh: kind === 'data',
        ece: !!(flags & FLAG.ece),
        cwr: !!(flags & FLAG.cwr),
      },
      window,
      ...(syn
        ? {
            synOptions: {
              mss: v(c.mss),
              ...(wscale >= 0 ? { windowScale: wscale } : {}),
              sackPermitted: (flags & FLAG.sackPermitted) !== 0,
            },
          }
        : {}),
      ...(timestamps
        ? {
            timestamps: {
              tsval: Math.floor(v(c.tsval) / 1e6) % MOD32,
              tsecr: Math.floor(v(c.tsecr) / 1e6) % MOD32,
            },
          }
        : {}),
      ...(sack.length > 0 ? { sack } : {}),
    });
  }
  let windowShift = 0;
  if (synScale.syn != null && synScale.synack != null) windowShift = synScale.synack;
  else while (windowShift < 14 && maxWindow / 2 ** windowShift > 0xffff) windowShift++;
  return { records, windowShift };
}
