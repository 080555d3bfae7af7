// The event list's timer and state events and the time-sequence graph's cwnd edge, on the model's
// capture and trace of the default scenario (20 s) with one data packet in ten lost at the
// bottleneck: now and then a flight's tail is lost and the probe timer fires, and once the
// retransmission timer expires.
import { describe, expect, it } from 'vitest';
import { cwndEdge, senderMss, stateChanges, timerEvents } from '../../web/src/charts/flowEvents';
import { FLAG, KIND, packetAt, packetCount, tsgMarks } from '../../web/src/charts/tsg';
import type { PacketTable } from '../../web/src/charts/tsg';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';
import { packet_fields, Simulation } from './helpers/wasm';

interface Run {
  table: PacketTable;
  time: Float64Array;
  cwnd: Float64Array;
  state: Float64Array;
  summary: { flows: { timeouts: number; tlp_probes: number }[] };
}

function run(edit: (s: Scenario) => void, seconds: number): Run {
  const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
  scenario.duration_s = seconds;
  edit(scenario);
  const sim = new Simulation(JSON.stringify(scenario));
  sim.capture('flow1', 'sender');
  sim.advance(seconds * 1e9, Infinity);
  const columns = JSON.parse(sim.columns()) as { key: string }[];
  const rows = sim.drain();
  const table = {
    records: sim.drain_packets(),
    fields: JSON.parse(packet_fields()) as string[],
    channels: JSON.parse(sim.channel_ids()) as string[],
  };
  const summary = JSON.parse(sim.summary()) as Run['summary'];
  sim.free();
  const w = columns.length;
  const column = (key: string) => {
    const k = columns.findIndex((c) => c.key === key);
    expect(k, key).toBeGreaterThanOrEqual(0);
    return Float64Array.from({ length: rows.length / w }, (_, i) => rows[i * w + k] as number);
  };
  return {
    table,
    time: column('t'),
    cwnd: column('flow.flow1.cwnd'),
    state: column('flow.flow1.state'),
    summary,
  };
}

const lossy = run((s) => {
  const b = s.topology.links.find((l) => l.id === 'bottleneck')!;
  b.loss = { kind: 'bernoulli', p: 0.1, data_only: true };
}, 20);

describe('timer events from the capture', () => {
  it('lists one TLP event per probe the model counted, at the probe segment, and marked as such', () => {
    const ev = timerEvents(lossy.table, 0);
    const tlp = ev.filter((e) => e.kind === 'tlp');
    expect(tlp.length).toBeGreaterThan(0);
    expect(tlp.length).toBe(lossy.summary.flows[0]!.tlp_probes);
    for (const e of ev) {
      const p = packetAt(lossy.table, e.record)!;
      expect(p.kind).toBe(KIND.data);
      expect(p.timeS).toBe(e.timeS);
      expect(p.seq).toBe(e.seq);
      expect(p.flags & (e.kind === 'tlp' ? FLAG.tlp : FLAG.rto)).not.toBe(0);
    }
    expect(ev.every((e, i) => i === 0 || e.timeS >= (ev[i - 1] as typeof e).timeS)).toBe(true);
  });

  it('lists the retransmission timer expiring, one event per expiry', () => {
    const timeouts = timerEvents(lossy.table, 0).filter((e) => e.kind === 'timeout');
    expect(timeouts.length).toBeGreaterThan(0);
    expect(timeouts.length).toBeLessThanOrEqual(lossy.summary.flows[0]!.timeouts);
  });
});

describe('state changes from the trace', () => {
  it('gives one event per change of the state column, with the states before and after', () => {
    const ev = stateChanges(lossy.time, lossy.state, 0);
    expect(ev.length).toBeGreaterThan(1);
    // The flow starts in slow start (0) and leaves it; a loss takes it into recovery (2).
    expect(lossy.state[0]).toBe(0);
    expect(ev[0]!.from).toBe(0);
    expect(ev.some((e) => e.to === 2)).toBe(true);
    for (const e of ev) {
      expect(e.from).not.toBe(e.to);
      const i = lossy.time.indexOf(e.timeS);
      expect(lossy.state[i]).toBe(e.to);
      expect(lossy.state[i - 1]).toBe(e.from);
    }
    let changes = 0;
    for (let i = 1; i < lossy.state.length; i++)
      if (lossy.state[i] !== lossy.state[i - 1]) changes++;
    expect(ev.length).toBe(changes);
    expect(stateChanges([0, 1, 2], [1, 1, 1], 0)).toEqual([]);
  });
});

describe('the cwnd edge', () => {
  it('is the ACK line plus cwnd segments at each trace sample, above the ACK line', () => {
    const marks = tsgMarks(lossy.table);
    const mss = senderMss(lossy.table);
    // A full segment on a 1500-byte path: 1500 − 40 bytes of IP and TCP headers.
    expect(mss).toBe(1460);
    const e = cwndEdge(marks, lossy.time, lossy.cwnd, mss);
    expect(e.t.length).toBe(lossy.time.length);
    // At a sample, snd_una is the last cumulative ACK that arrived by then.
    const i = Math.floor(lossy.time.length / 2);
    const ts = lossy.time[i]!;
    let una = NaN;
    for (let k = 0; k < marks.acks.t.length && marks.acks.t[k]! <= ts; k++)
      una = marks.acks.ack[k]!;
    expect(e.edge[i]).toBe(una + lossy.cwnd[i]! * mss);
    for (let k = 0; k < e.t.length; k++) expect(e.edge[k]!).toBeGreaterThanOrEqual(0);
    // In the first slow start nothing is SACKed, so the sender's highest byte sent is within
    // snd_una + cwnd: every segment lies below the edge at the next sample (cwnd and snd_una
    // only grow until the state first changes).
    const leaves = stateChanges(lossy.time, lossy.state, 0)[0]!.timeS;
    let checked = 0;
    for (let d = 0; d < marks.data.t.length; d++) {
      const td = marks.data.t[d]!;
      let s = 0;
      while (s < e.t.length && e.t[s]! < td) s++;
      if (s + 1 >= e.t.length || e.t[s + 1]! >= leaves) break;
      checked++;
      expect(marks.data.y1[d]!, `segment sent at ${td}`).toBeLessThanOrEqual(e.edge[s]!);
    }
    expect(checked).toBeGreaterThan(5);
    expect(packetCount(lossy.table)).toBeGreaterThan(0);
  });
});
