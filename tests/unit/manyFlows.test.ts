// The plots with many flows: which flows are drawn (all, the extremes, or the user's pick), the
// mean of all flows, the picker's parsing, and series derived once per run.
import { describe, expect, it } from 'vitest';
import {
  DRAW_ALL_UP_TO,
  EXTREMES,
  MAX_PICKED,
  chooseFlows,
  meanAcross,
  parseFlowPick,
} from '../../web/src/charts/flowSelection';
import { windowedRate } from '../../web/src/charts/derived';
import { fairnessInput } from '../../web/src/panels/plots/fairnessSeries';
import { chooseShown, meanOfFlows } from '../../web/src/panels/plots/manyFlows';
import type { ColumnInfo } from '../../web/src/sim/protocol';
import { derived } from '../../web/src/state/runDerived';
import { IDLE_RUN } from '../../web/src/state/runStore';
import type { RunSnapshot } from '../../web/src/state/runStore';
import { TraceBuffer } from '../../web/src/state/traceBuffer';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);

describe('chooseFlows', () => {
  it('draws every flow up to DRAW_ALL_UP_TO', () => {
    const c = chooseFlows(ids(DRAW_ALL_UP_TO), () => 1, ['f1']);
    expect(c.kind).toBe('all');
    expect(c.ids).toEqual(ids(DRAW_ALL_UP_TO));
  });

  it('above it, draws the flows with the highest and the lowest scores, in flow order', () => {
    const all = ids(1000);
    // Flow i scores (i * 37) mod 1000: a permutation, so the extremes are known.
    const score = (i: number) => (i * 37) % 1000;
    const c = chooseFlows(all, score);
    expect(c.kind).toBe('extremes');
    if (c.kind !== 'extremes') return;
    const expectedTop = all.filter((_, i) => score(i) >= 1000 - EXTREMES);
    const expectedBottom = all.filter((_, i) => score(i) < EXTREMES);
    expect(new Set(c.top)).toEqual(new Set(expectedTop));
    expect(new Set(c.bottom)).toEqual(new Set(expectedBottom));
    expect(c.top.map((id) => score(all.indexOf(id)))).toEqual([999, 998, 997]);
    expect(c.ids).toHaveLength(2 * EXTREMES);
    expect(c.ids).toEqual(all.filter((id) => c.top.includes(id) || c.bottom.includes(id)));
    expect(c.total).toBe(1000);
  });

  it('ranks NaN lowest and breaks ties by flow order (deterministic)', () => {
    const c = chooseFlows(ids(20), (i) => (i === 5 ? NaN : 1));
    if (c.kind !== 'extremes') throw new Error(c.kind);
    expect(c.top).toEqual(['f0', 'f1', 'f2']);
    expect(c.bottom).toContain('f5');
  });

  it("draws the user's pick, known ids only, at most MAX_PICKED", () => {
    const all = ids(100);
    const c = chooseFlows(all, () => 0, ['f50', 'nope', 'f3']);
    expect(c).toEqual({ kind: 'picked', ids: ['f3', 'f50'], total: 100 });
    const many = chooseFlows(all, () => 0, all);
    expect(many.ids).toHaveLength(MAX_PICKED);
    // Nothing known picked: the default.
    expect(chooseFlows(all, () => 0, ['x']).kind).toBe('extremes');
  });
});

describe('meanAcross', () => {
  it('is the mean of the defined values at each row, NaN where none is', () => {
    const a = Float64Array.from([1, 0, NaN, 4]);
    const b = Float64Array.from([3, 0, NaN, 8]);
    const c = Float64Array.from([5, 6, NaN, 0]);
    const m = meanAcross([a, b, c], 4, (y) => y > 0);
    expect(Array.from(m.subarray(0, 2))).toEqual([3, 6]);
    expect(m[2]).toBeNaN();
    expect(m[3]).toBe(6);
  });
});

describe('parseFlowPick', () => {
  it('splits on commas and spaces, keeps known ids once, lists the unknown', () => {
    expect(parseFlowPick(' f2, f10 f2,,zz  f1 ', ['f1', 'f2', 'f10'])).toEqual({
      ids: ['f2', 'f10', 'f1'],
      unknown: ['zz'],
    });
    expect(parseFlowPick('', ['f1'])).toEqual({ ids: [], unknown: [] });
  });
});

/** A run of `flows` flows whose flow i delivers i bytes per row, over `rows` rows 1 ms apart. */
function snapshot(flows: number, rows: number): RunSnapshot {
  const columns: ColumnInfo[] = [{ key: 't', entity: 'time', id: '', metric: 't', unit: 's' }];
  for (const id of ids(flows)) {
    for (const metric of ['cwnd', 'delivered'])
      columns.push({ key: `${id}.${metric}`, entity: 'flow', id, metric, unit: '' });
  }
  const trace = new TraceBuffer(columns.length, rows);
  const chunk = new Float64Array(rows * columns.length);
  for (let r = 0; r < rows; r++) {
    const row = chunk.subarray(r * columns.length);
    row[0] = r / 1000;
    for (let i = 0; i < flows; i++) {
      row[1 + 2 * i] = 10 + i;
      row[2 + 2 * i] = i * r;
    }
  }
  trace.append(chunk);
  return { ...IDLE_RUN, status: 'done', columns, trace };
}

describe('the plots of a run with many flows', () => {
  it('draws the flows that delivered the most and the least, and the mean of all', () => {
    const snap = snapshot(40, 5);
    const all = ids(40);
    const c = chooseShown(snap, all, []);
    expect(c.kind).toBe('extremes');
    if (c.kind !== 'extremes') return;
    expect(c.top).toEqual(['f39', 'f38', 'f37']);
    // f0 delivered nothing: it is among the least.
    expect(c.bottom).toEqual(['f2', 'f1', 'f0']);
    const mean = meanOfFlows(snap, all, 'cwnd');
    expect(mean?.n).toBe(5);
    // cwnd of flow i is 10 + i: the mean over 40 flows is 10 + 19.5.
    expect(Array.from(mean?.y ?? [])).toEqual([29.5, 29.5, 29.5, 29.5, 29.5]);
  });

  it('derives a series once per set of rows, and again when rows arrive', () => {
    const snap = snapshot(2, 3);
    const trace = snap.trace as TraceBuffer;
    let calls = 0;
    const f = () => derived(trace, 'k', () => ++calls);
    expect(f()).toBe(1);
    expect(f()).toBe(1);
    trace.append(new Float64Array(trace.width));
    expect(f()).toBe(2);
    // Another trace (another run) has its own.
    expect(derived(snapshot(2, 3).trace as TraceBuffer, 'k', () => 'other')).toBe('other');
  });

  it("fairness: each flow's windowed rate in its column of the matrix, NaN before a window", () => {
    const snap = snapshot(3, 20);
    const input = fairnessInput(snap, 0.005);
    if (!input) throw new Error('no input');
    expect(input.flowCount).toBe(3);
    const t = (snap.trace as TraceBuffer).column(0);
    for (let f = 0; f < 3; f++) {
      const d = (snap.trace as TraceBuffer).column(2 + 2 * f);
      const want = windowedRate(t, d, 20, 0.005, 8).y;
      for (let i = 0; i < 20; i++) {
        const got = input.flows[i * 3 + f] as number;
        // Rows before the first full window (t < start + window) are NaN.
        if ((t[i] as number) < 0.005) expect(got).toBeNaN();
        else expect(got).toBe(want[i]);
      }
    }
    // One group (no scenario: every flow counts as NewReno): its mean is the flows' mean.
    expect(input.groupNames).toEqual(['NewReno']);
    expect(input.groups[10]).toBeCloseTo(((0 + 1 + 2) * 1000 * 8) / 3, 6);
  });
});
