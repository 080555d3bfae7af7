import { describe, expect, it } from 'vitest';
import { packetLog } from '../../web/src/export/packetLog';
import { hostAddress } from '../../web/src/export/packetRecord';
import type { Scenario } from '../../web/src/scenario/types';

const FIELDS = [
  'time_ns',
  'kind',
  'src',
  'dst',
  'seq',
  'ack',
  'payload',
  'size',
  'rwnd',
  'flags',
  'tsval',
  'tsecr',
  'sack_len',
  'sack0_start',
  'sack0_end',
  'sack1_start',
  'sack1_end',
  'sack2_start',
  'sack2_end',
  'sack3_start',
  'sack3_end',
  'mss_option',
  'wscale_option',
];

function row(values: Partial<Record<string, number>>): number[] {
  return FIELDS.map((f) => values[f] ?? (f === 'wscale_option' ? -1 : 0));
}

/** Flag bits (wasm/sim/src/world/capture.rs). */
const ECE = 2;
const ECT = 8;
const OUT = 32;
const SACK_PERMITTED = 64;
const TIMESTAMPS = 128;

const scenario = {
  flows: [
    { id: 'other', src: 'a', dst: 'b' },
    { id: 'f', src: 'a', dst: 'b', tcp: { timestamps: true } },
  ],
} as unknown as Scenario;

describe('packet log from the model capture', () => {
  const rows = Float64Array.from([
    ...row({
      time_ns: 1000,
      kind: 0,
      src: 0,
      dst: 2,
      seq: 2 ** 32 + 5,
      payload: 1448,
      flags: OUT | ECT | TIMESTAMPS,
      tsval: 3.7e6,
    }),
    ...row({
      time_ns: 2000,
      kind: 1,
      src: 2,
      dst: 0,
      ack: 1453,
      rwnd: 6_000_000,
      flags: ECE | TIMESTAMPS,
      tsecr: 3.7e6,
      sack_len: 1,
      sack0_start: 2900,
      sack0_end: 4348,
    }),
  ]);
  const log = packetLog(rows, FIELDS, scenario, 'f');

  it('gives data the flow ports and addresses, ACKs the reverse', () => {
    const [d, a] = log.records;
    expect(d).toMatchObject({ protocol: 'tcp', srcIp: hostAddress(0), dstIp: hostAddress(2) });
    // The flow's index is 1: source port 49152 + 1, destination iperf's 5001.
    expect([d?.srcPort, d?.dstPort]).toEqual([49153, 5001]);
    expect([a?.srcPort, a?.dstPort]).toEqual([5001, 49153]);
    // The SYN takes sequence number 0: stream offset + 1, mod 2³².
    expect(d?.seq).toBe(6);
    expect(d?.ecn).toBe(2); // ECT(0)
    expect(a?.flags?.ece).toBe(true);
    expect(a?.ack).toBe(1454);
    expect(a?.sack).toEqual([[2901, 4349]]);
  });

  it('turns nanosecond timestamps into millisecond ticks and scales large windows', () => {
    expect(log.records[0]?.timestamps).toEqual({ tsval: 3, tsecr: 0 });
    expect(log.records[1]?.timestamps?.tsecr).toBe(3);
    // 6 MB needs a shift of 7 to fit in 16 bits (6e6 / 2⁷ < 65536).
    expect(log.windowShift).toBe(7);
  });

  it('writes no timestamp option on segments whose record says they carry none', () => {
    const plain = Float64Array.from(row({ kind: 0, payload: 1460, flags: OUT }));
    expect(packetLog(plain, FIELDS, scenario, 'f').records[0]?.timestamps).toBeUndefined();
  });

  it('refuses a flow that is not in the scenario and a record without a field', () => {
    expect(() => packetLog(rows, FIELDS, scenario, 'nope')).toThrow("no flow 'nope'");
    expect(() => packetLog(rows, FIELDS.slice(1), scenario, 'f')).toThrow("no field 'time_ns'");
  });
});

describe('the handshake in the packet log', () => {
  const rows = Float64Array.from([
    ...row({
      time_ns: 0,
      kind: 3,
      src: 0,
      dst: 2,
      rwnd: 64240,
      flags: OUT | SACK_PERMITTED | TIMESTAMPS,
      tsval: 1e6,
      mss_option: 1460,
      wscale_option: 14,
    }),
    ...row({
      time_ns: 40e6,
      kind: 4,
      src: 2,
      dst: 0,
      rwnd: 64240,
      flags: SACK_PERMITTED | TIMESTAMPS,
      tsval: 20e6,
      tsecr: 1e6,
      mss_option: 1400,
      wscale_option: 9,
    }),
    ...row({ time_ns: 40e6, kind: 5, src: 0, dst: 2, flags: OUT | TIMESTAMPS }),
    ...row({ time_ns: 40e6, kind: 0, src: 0, dst: 2, payload: 1388, flags: OUT | TIMESTAMPS }),
  ]);
  const log = packetLog(rows, FIELDS, scenario, 'f');
  const [syn, synack, ack, data] = log.records;

  it('writes SYN, SYN-ACK and ACK with their flags and sequence numbers (ISN 0)', () => {
    expect(syn).toMatchObject({ seq: 0, ack: 0, flags: { syn: true, ack: false } });
    expect([syn?.srcPort, syn?.dstPort]).toEqual([49153, 5001]);
    expect(synack).toMatchObject({ seq: 0, ack: 1, flags: { syn: true, ack: true } });
    expect([synack?.srcPort, synack?.dstPort]).toEqual([5001, 49153]);
    expect(ack).toMatchObject({ seq: 1, ack: 1, flags: { syn: false, ack: true } });
    expect(data).toMatchObject({ seq: 1, ack: 1 });
  });

  it('carries the SYN options and uses the SYN-ACK window scale for the windows', () => {
    expect(syn?.synOptions).toEqual({ mss: 1460, windowScale: 14, sackPermitted: true });
    expect(synack?.synOptions).toEqual({ mss: 1400, windowScale: 9, sackPermitted: true });
    expect(synack?.timestamps).toEqual({ tsval: 20, tsecr: 1 });
    expect(synack?.window).toBe(64240);
    expect(log.windowShift).toBe(9);
  });
});
