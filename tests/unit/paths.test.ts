// The animated diagram's data: the model's path log of the default scenario's first 3 s mapped to
// what is drawn at an instant (marks along each link direction, queue stacks, link load, drop
// flashes), and the sample taken when a link carries more packets than it can draw.
import { describe, expect, it } from 'vitest';
import {
  eventsIn,
  frameAt,
  indexPaths,
  loadAt,
  queueAt,
  readPassages,
} from '../../web/src/charts/paths';
import type { PathTable } from '../../web/src/charts/paths';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';
import { path_fields, Simulation } from './helpers/wasm';

function log(): { table: PathTable; channels: string[] } {
  const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Scenario;
  scenario.duration_s = 3;
  const sim = new Simulation(JSON.stringify(scenario));
  sim.log_paths(0, Infinity);
  sim.advance(3e9, Infinity);
  const table = { records: sim.drain_paths(), fields: JSON.parse(path_fields()) as string[] };
  const channels = JSON.parse(sim.channel_ids()) as string[];
  sim.free();
  return { table, channels };
}

describe('animated diagram frames', () => {
  const { table, channels } = log();
  const ix = indexPaths(table, channels.length);
  const bottleneck = channels.indexOf('bottleneck:a>b');
  const acks = channels.indexOf('bottleneck:b>a');
  const opts = { maxPerChannel: 1000, loadWindow: 0.05, flashS: 0.05 };

  it('reads every passage with its times in order', () => {
    const ps = readPassages(table);
    expect(ps.length).toBeGreaterThan(1000);
    for (const p of ps) {
      expect(p.startS).toBeGreaterThanOrEqual(p.enqueuedS);
      if (p.arriveS >= 0) expect(p.arriveS).toBeGreaterThan(p.doneS);
    }
  });

  it('moves data marks along the bottleneck and ACK marks back, at propagation speed', () => {
    const t = 1.0;
    const a = frameAt(ix, t, opts);
    const b = frameAt(ix, t + 0.001, opts);
    const data = a.marks.filter((m) => m.channel === bottleneck);
    expect(data.length).toBeGreaterThan(5);
    expect(data.every((m) => !m.ack && m.at >= 0 && m.at <= 1)).toBe(true);
    expect(a.marks.some((m) => m.channel === acks && m.ack)).toBe(true);
    // 1 ms later the same packet is 1 ms of the 19 ms propagation further along.
    for (const m of data.slice(0, 5)) {
      const later = b.marks.find((q) => q.uid === m.uid && q.channel === m.channel);
      if (!later || later.at >= 1 || m.at <= 0) continue;
      expect(later.at - m.at).toBeCloseTo(0.001 / 0.019, 3);
    }
  });

  it('fills the bottleneck queue in slow start and flashes the drops there', () => {
    let most = 0;
    let flashed = false;
    for (let t = 0; t < 3; t += 0.005) {
      most = Math.max(most, queueAt(ix, bottleneck, t));
      const f = frameAt(ix, t, opts);
      if (f.flashes.some((d) => d.channel === bottleneck)) flashed = true;
      expect(f.loads.every((l) => l >= 0 && l <= 1)).toBe(true);
    }
    expect(most).toBeGreaterThan(40);
    expect(most).toBeLessThanOrEqual(50);
    expect(flashed).toBe(true);
    // A queue of 20 packets (12 ms at 20 Mb/s) keeps its link busy for the next 5 ms, and an
    // idle link shows no load.
    let t = 0;
    while (queueAt(ix, bottleneck, t) < 20) t += 0.001;
    expect(loadAt(ix, bottleneck, t + 0.005, 0.005)).toBeGreaterThan(0.99);
    expect(loadAt(ix, bottleneck, 0.001, 0.001)).toBe(0);
  });

  it('draws a stated sample when a link carries more packets than it may draw', () => {
    const full = frameAt(ix, 1.0, opts);
    const onLink = full.marks.filter((m) => m.channel === bottleneck).length;
    const few = frameAt(ix, 1.0, { ...opts, maxPerChannel: 4 });
    const k = few.sampleEvery[bottleneck] as number;
    expect(k).toBe(Math.ceil(onLink / 4));
    const drawn = few.marks.filter((m) => m.channel === bottleneck);
    expect(drawn.length).toBeGreaterThanOrEqual(Math.floor(onLink / k));
    expect(drawn.length).toBeLessThanOrEqual(Math.ceil(onLink / k));
    // Evenly spread: the drawn marks span most of what the whole set spans.
    const span = (ms: { at: number }[]) =>
      Math.max(...ms.map((m) => m.at)) - Math.min(...ms.map((m) => m.at));
    expect(span(drawn)).toBeGreaterThan(
      0.7 * span(full.marks.filter((m) => m.channel === bottleneck)),
    );
    expect(few.onWire).toBe(full.onWire);
  });
});

describe('the event list from the path log', () => {
  const { table, channels } = log();
  const passages = readPassages(table);
  // Default scenario: nodes sender 0, router 1, receiver 2; access a=sender, bottleneck a=router.
  const channelTo = channels.map(
    (c) =>
      ({ 'access:a>b': 1, 'access:b>a': 0, 'bottleneck:a>b': 2, 'bottleneck:b>a': 1 })[c] ?? -1,
  );
  const o = { limit: 10_000, channelTo, ackEnds: [0] };

  it('lists the events of a window in time order, each packet enqueued before it is sent', () => {
    const { events } = eventsIn(passages, 0.2, 0.23, o);
    expect(events.length).toBeGreaterThan(50);
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.timeS).toBeGreaterThanOrEqual(events[i - 1]!.timeS);
    const kinds = new Set(events.map((e) => e.kind));
    for (const k of ['enqueue', 'transmit', 'arrive', 'ack', 'drop']) expect(kinds).toContain(k);
    // ACKs are the ACK packets reaching the sender (channel access:b>a).
    const ackCh = channels.indexOf('access:b>a');
    expect(events.filter((e) => e.kind === 'ack').every((e) => e.channel === ackCh)).toBe(true);
    // The drops are at the bottleneck queue, and none of the dropped packets is sent there.
    const b = channels.indexOf('bottleneck:a>b');
    const drops = events.filter((e) => e.kind === 'drop');
    expect(drops.every((e) => e.channel === b)).toBe(true);
    expect(
      events.some((e) => e.kind === 'transmit' && e.channel === b && e.uid === drops[0]!.uid),
    ).toBe(false);
  });

  it('filters by kind and flow before the limit', () => {
    const only = eventsIn(passages, 0, 1, { ...o, limit: 5, keep: (k) => k === 'drop' });
    expect(only.events).toHaveLength(5);
    expect(only.more).toBe(true);
    expect(only.events.every((e) => e.kind === 'drop')).toBe(true);
    expect(eventsIn(passages, 0, 1, { ...o, keep: (_, p) => p.flow === 1 }).events).toHaveLength(0);
  });
});
