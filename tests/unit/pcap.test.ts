// The libpcap writer: global header (magic, version, link type), record headers, and IPv4/TCP/UDP
// headers with checksums that verify (RFC 1071: the one's-complement sum over the header,
// checksum included, is 0xffff).
import { describe, expect, it } from 'vitest';
import { LINKTYPE_RAW, PCAP_MAGIC_NS, writePcap } from '../../web/src/export/pcap';
import { packetLog } from '../../web/src/export/packetLog';
import { formatIp, hostAddress } from '../../web/src/export/packetRecord';
import type { PacketRecord } from '../../web/src/export/packetRecord';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';
import { packet_fields, Simulation } from './helpers/wasm';

function onesSum(bytes: Uint8Array, init = 0): number {
  let s = init;
  for (let i = 0; i + 1 < bytes.length; i += 2) s += ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
  if (bytes.length % 2) s += (bytes[bytes.length - 1] ?? 0) << 8;
  while (s > 0xffff) s = (s & 0xffff) + (s >>> 16);
  return s;
}

const A = hostAddress(0);
const B = hostAddress(2);

const data: PacketRecord = {
  timeNs: 1_234_567_891,
  protocol: 'tcp',
  srcIp: A,
  dstIp: B,
  srcPort: 40000,
  dstPort: 5001,
  payloadBytes: 1448,
  seq: 1,
  ack: 1,
  flags: { ack: true, psh: true },
  window: 65535,
  timestamps: { tsval: 100, tsecr: 50 },
};
const ack: PacketRecord = {
  timeNs: 1_300_000_000,
  protocol: 'tcp',
  srcIp: B,
  dstIp: A,
  srcPort: 5001,
  dstPort: 40000,
  payloadBytes: 0,
  seq: 1,
  ack: 1449,
  flags: { ack: true },
  window: 1 << 20,
  sack: [
    [2897, 4345],
    [5793, 7241],
  ],
};
const udp: PacketRecord = {
  timeNs: 2e9,
  protocol: 'udp',
  srcIp: A,
  dstIp: B,
  srcPort: 9,
  dstPort: 9,
  payloadBytes: 1000,
};

describe('pcap global header', () => {
  const file = writePcap([]);
  const dv = new DataView(file.buffer);
  it('has the nanosecond magic number, version 2.4 and link type RAW', () => {
    expect(file.length).toBe(24);
    expect(dv.getUint32(0, true)).toBe(PCAP_MAGIC_NS);
    expect([...file.subarray(0, 4)]).toEqual([0x4d, 0x3c, 0xb2, 0xa1]);
    expect(dv.getUint16(4, true)).toBe(2);
    expect(dv.getUint16(6, true)).toBe(4);
    expect(dv.getUint32(16, true)).toBe(65535);
    expect(dv.getUint32(20, true)).toBe(LINKTYPE_RAW);
  });
});

describe('pcap records', () => {
  const file = writePcap([data, ack, udp], { windowShift: 7 });
  const dv = new DataView(file.buffer);
  const records: { sec: number; ns: number; incl: number; orig: number; bytes: Uint8Array }[] = [];
  for (let off = 24; off < file.length;) {
    const incl = dv.getUint32(off + 8, true);
    records.push({
      sec: dv.getUint32(off, true),
      ns: dv.getUint32(off + 4, true),
      incl,
      orig: dv.getUint32(off + 12, true),
      bytes: file.subarray(off + 16, off + 16 + incl),
    });
    off += 16 + incl;
  }

  it('writes one record per packet with its time in ns, headers kept, payload counted', () => {
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      sec: 1,
      ns: 234_567_891,
      incl: 20 + 32,
      orig: 20 + 32 + 1448,
    });
    expect(records[1]).toMatchObject({ sec: 1, ns: 300_000_000, incl: 20 + 40, orig: 60 });
    expect(records[2]).toMatchObject({ sec: 2, ns: 0, incl: 28, orig: 1028 });
  });

  it('writes IPv4 headers whose checksum verifies', () => {
    for (const r of records) {
      const ip = r.bytes.subarray(0, 20);
      expect(ip[0]).toBe(0x45);
      expect(onesSum(ip)).toBe(0xffff);
      expect((ip[2]! << 8) | ip[3]!).toBe(r.orig);
    }
    expect(
      formatIp(
        ((records[0]!.bytes[12]! << 24) >>> 0) |
          (records[0]!.bytes[13]! << 16) |
          (records[0]!.bytes[14]! << 8) |
          records[0]!.bytes[15]!,
      ),
    ).toBe('10.0.0.1');
  });

  it('writes TCP and UDP checksums over the pseudo-header that verify (zero payload)', () => {
    for (const [i, proto] of [
      [0, 6],
      [1, 6],
      [2, 17],
    ] as const) {
      const r = records[i]!;
      const th = r.bytes.subarray(20);
      const len = r.orig - 20;
      const pseudo = new Uint8Array(12);
      pseudo.set(r.bytes.subarray(12, 20), 0);
      pseudo[9] = proto;
      pseudo[10] = len >> 8;
      pseudo[11] = len & 0xff;
      expect(onesSum(th, onesSum(pseudo))).toBe(0xffff);
    }
  });

  it('encodes flags, data offset, scaled window, timestamps and SACK blocks', () => {
    const d = records[0]!.bytes;
    expect(d[20 + 12]! >> 4).toBe(8); // 32-byte header
    expect(d[20 + 13]).toBe(0x18); // PSH|ACK
    expect([...d.subarray(40, 44)]).toEqual([1, 1, 8, 10]);
    const a = records[1]!.bytes;
    expect(new DataView(a.buffer, a.byteOffset).getUint16(20 + 14)).toBe((1 << 20) >> 7);
    expect([...a.subarray(40, 44)]).toEqual([1, 1, 5, 18]);
    expect(new DataView(a.buffer, a.byteOffset).getUint32(44)).toBe(2897);
  });
});

/** The records of a pcap file: each packet's bytes (IP header first). */
function packets(file: Uint8Array): Uint8Array[] {
  const dv = new DataView(file.buffer, file.byteOffset);
  const out: Uint8Array[] = [];
  for (let off = 24; off < file.length;) {
    const incl = dv.getUint32(off + 8, true);
    out.push(file.subarray(off + 16, off + 16 + incl));
    off += 16 + incl;
  }
  return out;
}

/** TCP options of an IPv4 packet as [kind, bytes] pairs (NOPs skipped). */
function tcpOptions(p: Uint8Array): [number, number[]][] {
  const headerLen = ((p[20 + 12] as number) >> 4) * 4;
  const opts: [number, number[]][] = [];
  for (let i = 40; i < 20 + headerLen;) {
    const kind = p[i] as number;
    if (kind === 1) {
      i++;
      continue;
    }
    const len = p[i + 1] as number;
    opts.push([kind, [...p.subarray(i + 2, i + len)]]);
    i += len;
  }
  return opts;
}

describe('pcap SYN and SYN-ACK', () => {
  const syn: PacketRecord = {
    ...data,
    payloadBytes: 0,
    seq: 0,
    ack: 0,
    flags: { syn: true },
    window: 64240,
    synOptions: { mss: 1460, windowScale: 14, sackPermitted: true },
  };

  it('writes MSS, SACK-permitted, timestamps and window scale as Linux lays them out', () => {
    const [p] = packets(writePcap([syn], { windowShift: 7 }));
    expect(p).toBeDefined();
    const bytes = p as Uint8Array;
    expect(bytes.length).toBe(60);
    expect(bytes[20 + 13]).toBe(0x02); // SYN
    // 2-byte kind/length headers: MSS 1460, SACK-permitted, TS, NOP, WS 14.
    expect([...bytes.subarray(40, 60)]).toEqual([
      2, 4, 0x05, 0xb4, 4, 2, 8, 10, 0, 0, 0, 100, 0, 0, 0, 50, 1, 3, 3, 14,
    ]);
    // A SYN's window is never scaled (RFC 7323 §2.2).
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint16(20 + 14)).toBe(64240);
  });

  it('pads SACK-permitted with two NOPs without timestamps, and checksums still verify', () => {
    const bare: PacketRecord = { ...syn, timestamps: undefined };
    const [p] = packets(writePcap([bare]));
    const bytes = p as Uint8Array;
    expect([...bytes.subarray(40, 52)]).toEqual([2, 4, 0x05, 0xb4, 1, 1, 4, 2, 1, 3, 3, 14]);
    const pseudo = new Uint8Array(12);
    pseudo.set(bytes.subarray(12, 20), 0);
    pseudo[9] = 6;
    pseudo[11] = bytes.length - 20;
    expect(onesSum(bytes.subarray(20), onesSum(pseudo))).toBe(0xffff);
  });
});

describe('pcap of a run', () => {
  it('opens with SYN, SYN-ACK and ACK carrying the options both ends offered', () => {
    const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
    const flow = scenario.flows[0];
    if (!flow) throw new Error('no flow');
    flow.tcp = { ...flow.tcp, timestamps: true };
    const sim = new Simulation(JSON.stringify(scenario));
    sim.capture(flow.id, 'sender');
    sim.advance(0.5e9, Infinity);
    const rows = sim.drain_packets();
    sim.free();
    const fields = JSON.parse(packet_fields()) as string[];
    const log = packetLog(rows, fields, scenario, flow.id);
    const [syn, synack, ack, first] = packets(writePcap(log.records, log));
    const flags = (p?: Uint8Array) => p?.[20 + 13];
    expect([flags(syn), flags(synack), flags(ack), flags(first)]).toEqual([0x02, 0x12, 0x10, 0x18]);
    for (const p of [syn, synack]) {
      const opts = new Map(tcpOptions(p as Uint8Array));
      expect(opts.get(2)).toEqual([0x05, 0xb4]); // MSS 1460
      expect(opts.get(3)).toEqual([14]); // window scale for the 1 GiB buffer
      expect(opts.has(4)).toBe(true); // SACK-permitted
      expect(opts.get(8)).toHaveLength(8); // timestamps
    }
    // Data starts at sequence number 1, after the SYN's.
    expect(
      new DataView((first as Uint8Array).buffer, (first as Uint8Array).byteOffset).getUint32(24),
    ).toBe(1);
    expect(log.windowShift).toBe(14);
  });
});
