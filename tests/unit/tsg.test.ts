// The time-sequence graph's data and the inspector's lookups, on the model's capture of the
// default scenario's first 3 s: data marks, ACK line, drops at the bottleneck queue, and a
// dropped segment's fate (its drop, its retransmission, the ACK that covers it).
import { describe, expect, it } from 'vitest';
import {
  fateOf,
  FLAG,
  KIND,
  packetAt,
  packetCount,
  SENT,
  sentKind,
  tsgMarks,
} from '../../web/src/charts/tsg';
import type { PacketTable } from '../../web/src/charts/tsg';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';
import { packet_fields, Simulation } from './helpers/wasm';

function capture(): PacketTable {
  const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
  scenario.duration_s = 3;
  const sim = new Simulation(JSON.stringify(scenario));
  sim.capture('flow1', 'sender');
  sim.advance(3e9, Infinity);
  const table = {
    records: sim.drain_packets(),
    fields: JSON.parse(packet_fields()) as string[],
    channels: JSON.parse(sim.channel_ids()) as string[],
  };
  sim.free();
  return table;
}

describe('time-sequence graph marks', () => {
  const table = capture();
  const m = tsgMarks(table);

  it('has the data sent, the ACK line never going back, SACK blocks and drops', () => {
    expect(m.data.t.length).toBeGreaterThan(1000);
    expect(m.data.re.some((r) => r === 1)).toBe(true);
    expect(m.acks.ack.every((a, i) => i === 0 || a >= (m.acks.ack[i - 1] as number))).toBe(true);
    expect(m.sacks.t.length).toBeGreaterThan(0);
    expect(m.drops.t.length).toBeGreaterThan(0);
    expect(m.maxSeq).toBe(Math.max(...m.data.y1));
  });

  it('follows a dropped segment to its queue, its retransmission and its ACK', () => {
    const first = m.drops.index[0] as number;
    const drop = packetAt(table, first);
    expect(drop?.kind).toBe(KIND.drop);
    expect(table.channels[drop?.channel ?? -1]).toBe('bottleneck:a>b');
    // The transmission that was dropped: the data record of the same packet.
    let sent = null;
    for (let i = 0; i < packetCount(table); i++) {
      const p = packetAt(table, i);
      if (p?.kind === KIND.data && p.uid === drop?.uid) sent = p;
      if (sent) break;
    }
    expect(sent).not.toBeNull();
    const fate = fateOf(table, sent!);
    expect(fate.drop?.index).toBe(first);
    expect(fate.retransmittedAs?.seq).toBe(sent!.seq);
    expect(fate.ackedBy!.timeS).toBeGreaterThan(fate.retransmittedAs!.timeS);
    expect(fate.ackedBy!.ack).toBeGreaterThanOrEqual(sent!.seq + sent!.payload);
  });
});

describe('what a sent segment was', () => {
  it('tells probes and timeout retransmissions from fast ones by the flags the model wrote', () => {
    expect(sentKind(FLAG.outbound)).toBe(SENT.new);
    expect(sentKind(FLAG.outbound | FLAG.retransmit)).toBe(SENT.retransmit);
    expect(sentKind(FLAG.outbound | FLAG.tlp)).toBe(SENT.tlp);
    expect(sentKind(FLAG.outbound | FLAG.retransmit | FLAG.tlp)).toBe(SENT.tlp);
    expect(sentKind(FLAG.outbound | FLAG.retransmit | FLAG.rto)).toBe(SENT.rto);
  });
});
