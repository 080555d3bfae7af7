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
];

function row(values: Partial<Record<string, number>>): number[] {
  return FIELDS.map((f) => values[f] ?? 0);
}

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
      flags: 32 | 8,
      tsval: 3.7e6,
    }),
    ...row({
      time_ns: 2000,
      kind: 1,
      src: 2,
      dst: 0,
      ack: 1453,
      rwnd: 6_000_000,
      flags: 2,
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
    expect(d?.seq).toBe(5); // stream offset mod 2³²
    expect(d?.ecn).toBe(2); // ECT(0)
    expect(a?.flags?.ece).toBe(true);
    expect(a?.sack).toEqual([[2900, 4348]]);
  });

  it('turns nanosecond timestamps into millisecond ticks and scales large windows', () => {
    expect(log.records[0]?.timestamps).toEqual({ tsval: 3, tsecr: 0 });
    expect(log.records[1]?.timestamps?.tsecr).toBe(3);
    // 6 MB needs a shift of 7 to fit in 16 bits (6e6 / 2⁷ < 65536).
    expect(log.windowShift).toBe(7);
  });

  it('refuses a flow that is not in the scenario and a record without a field', () => {
    expect(() => packetLog(rows, FIELDS, scenario, 'nope')).toThrow("no flow 'nope'");
    expect(() => packetLog(rows, FIELDS.slice(1), scenario, 'f')).toThrow("no field 'time_ns'");
  });
});
