// The model's packet capture (wasm `Simulation.capture` / `drain_packets`, one row of
// `packet_fields()` values per packet) as the PacketRecords the pcap writer takes. The model has
// node indices and stream offsets; a capture file wants addresses, ports and 32-bit sequence
// numbers, so: node i is 10.0.x.y (`hostAddress`), ports are the flow's (49152 + its index and
// 5001 unless set, as in the model's cc_rules), sequence numbers are the byte offsets mod 2³²
// (an initial sequence number of 0), and TCP timestamps tick once per millisecond.
import type { Scenario } from '../scenario/types';
import { hostAddress } from './packetRecord';
import type { PacketRecord } from './packetRecord';

/** Flag bits of the `flags` value (wasm/sim/src/world/capture.rs). */
const FLAG = { retransmit: 1, ece: 2, cwr: 4, ect: 8, ce: 16, outbound: 32 } as const;
const KIND = ['data', 'ack', 'udp'] as const;
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
  };
  const index = scenario.flows.findIndex((f) => f.id === flowId);
  const flow = scenario.flows[index];
  if (!flow) throw new Error(`no flow '${flowId}' in the scenario`);
  const srcPort = flow.src_port ?? DEFAULT_SRC_PORT_BASE + index;
  const dstPort = flow.dst_port ?? DEFAULT_DST_PORT;
  const timestamps = flow.tcp?.timestamps === true;
  const width = fields.length;
  const records: PacketRecord[] = [];
  let maxWindow = 0;
  for (let at = 0; at + width <= rows.length; at += width) {
    const v = (i: number) => rows[at + i] as number;
    const kind = KIND[v(c.kind)] ?? 'data';
    const flags = v(c.flags);
    // The data direction runs from the flow's source to its destination; ACKs come back.
    const forward = kind !== 'ack';
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
    const window = kind === 'ack' ? v(c.rwnd) : 0;
    maxWindow = Math.max(maxWindow, window);
    const sack: [number, number][] = [];
    for (let k = 0; k < Math.min(4, v(c.sackLen)); k++) {
      sack.push([v(c.sack0 + 2 * k) % MOD32, v(c.sack0 + 2 * k + 1) % MOD32]);
    }
    records.push({
      ...base,
      seq: kind === 'ack' ? 0 : v(c.seq) % MOD32,
      ack: v(c.ack) % MOD32,
      flags: {
        ack: true,
        psh: kind === 'data',
        ece: !!(flags & FLAG.ece),
        cwr: !!(flags & FLAG.cwr),
      },
      window,
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
  while (windowShift < 14 && maxWindow / 2 ** windowShift > 0xffff) windowShift++;
  return { records, windowShift };
}
