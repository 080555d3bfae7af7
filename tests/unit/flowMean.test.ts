// The page's per-flow means count from when the flow opened, as the summary's goodput does: for a
// flow with a random start that is the time the simulator drew (the summary's `opened_s`), not
// its `start_s`; a summary without `opened_s` (saved before it existed) falls back to `start_s`.
import { describe, expect, it } from 'vitest';
import { fairnessInput } from '../../web/src/panels/plots/fairnessSeries';
import { flowOpenedS, meanGoodputSinceOpen } from '../../web/src/panels/plots/flowMean';
import type { Scenario } from '../../web/src/scenario/types';
import type { ColumnInfo } from '../../web/src/sim/protocol';
import type { FlowSummary, RunSummary } from '../../web/src/sim/summary';
import { IDLE_RUN } from '../../web/src/state/runStore';
import type { RunSnapshot } from '../../web/src/state/runStore';
import { TraceBuffer } from '../../web/src/state/traceBuffer';

const DT = 0.1;
const ROWS = 51; // 0 to 5 s
const RATE_BYTES = 1e6; // bytes per second once open

/**
 * Two flows, `start_s` 1 s with a 1 s random start: f0 drew 1.37 s, f1 1.82 s. Each delivers
 * RATE_BYTES a second from its opening, sampled every DT (the goodput column as the simulator
 * writes it: bytes since the last row × 8 / DT).
 */
const OPENED: Record<string, number> = { f0: 1.37, f1: 1.82 };

function columns(): ColumnInfo[] {
  const cols: ColumnInfo[] = [{ key: 't', entity: 'time', id: '', metric: 't', unit: 's' }];
  for (const id of Object.keys(OPENED))
    for (const metric of ['delivered', 'goodput'])
      cols.push({ key: `${id}.${metric}`, entity: 'flow', id, metric, unit: '' });
  return cols;
}

const deliveredAt = (id: string, t: number) => Math.max(0, t - (OPENED[id] as number)) * RATE_BYTES;

function trace(): TraceBuffer {
  const cols = columns();
  const buf = new TraceBuffer(cols.length, ROWS);
  const chunk = new Float64Array(ROWS * cols.length);
  for (let r = 0; r < ROWS; r++) {
    const t = r * DT;
    const row = chunk.subarray(r * cols.length);
    row[0] = t;
    Object.keys(OPENED).forEach((id, i) => {
      row[1 + 2 * i] = deliveredAt(id, t);
      row[2 + 2 * i] = r > 0 ? ((deliveredAt(id, t) - deliveredAt(id, t - DT)) * 8) / DT : 0;
    });
  }
  buf.append(chunk);
  return buf;
}

const scenario = {
  flows: Object.keys(OPENED).map((id) => ({ id, start_s: 1, start_jitter_s: 1 })),
} as unknown as Scenario;

function summary(withOpened: boolean): RunSummary {
  const flows = Object.keys(OPENED).map((id) => {
    const f = { id, goodput_bps: 0 } as unknown as FlowSummary;
    if (withOpened) f.opened_s = OPENED[id] as number;
    return f;
  });
  return { flows } as unknown as RunSummary;
}

/** A run paused at 5 s: the summary at time 0 (`initial`) is all it has. */
function paused(initial: RunSummary | null): RunSnapshot {
  return { ...IDLE_RUN, status: 'paused', scenario, columns: columns(), trace: trace(), initial };
}

/** The summary's goodput at 5 s: bytes delivered × 8 over the time since the flow opened. */
const summaryGoodput = (id: string) => (deliveredAt(id, 5) * 8) / (5 - (OPENED[id] as number));

describe('per-flow means since the flow opened', () => {
  it('open at the time the simulator drew, not at start_s', () => {
    const snap = paused(summary(true));
    expect(flowOpenedS(snap, 'f0')).toBe(1.37);
    expect(flowOpenedS(snap, 'f1')).toBe(1.82);
  });

  it("equal the summary's goodput at the latest row (the bounds table, the fairness bars)", () => {
    const snap = paused(summary(true));
    for (const id of Object.keys(OPENED)) {
      // 8 Mb/s while open; counted from start_s it would read 7.26 and 6.36 Mb/s.
      expect(summaryGoodput(id)).toBeCloseTo(8e6, 3);
      expect(meanGoodputSinceOpen(snap, id)).toBeCloseTo(summaryGoodput(id), 3);
    }
  });

  it('fall back to start_s for a summary without opening times, or none yet', () => {
    for (const snap of [paused(summary(false)), paused(null)]) {
      expect(flowOpenedS(snap, 'f0')).toBe(1);
      expect(meanGoodputSinceOpen(snap, 'f0')).toBeCloseTo((deliveredAt('f0', 5) * 8) / 4, 3);
    }
  });

  it('read each run its own opening times (variant A and B)', () => {
    const a = paused(summary(true));
    const other = summary(true);
    (other.flows[0] as FlowSummary).opened_s = 1.05;
    const b = paused(other);
    expect(flowOpenedS(a, 'f0')).toBe(1.37);
    expect(flowOpenedS(b, 'f0')).toBe(1.05);
  });

  it('are NaN before the flow opened', () => {
    const snap = paused(summary(true));
    const early = { ...snap, trace: new TraceBuffer(columns().length, 1) };
    early.trace.append(new Float64Array(columns().length).fill(0));
    expect(meanGoodputSinceOpen(early, 'f0')).toBeNaN();
  });

  it('fairness over time: a flow has no windowed rate until a window after it opened', () => {
    const snap = paused(summary(true));
    const input = fairnessInput(snap, 1);
    if (!input) throw new Error('no input');
    Object.keys(OPENED).forEach((id, f) => {
      const opened = OPENED[id] as number;
      for (let i = 0; i < input.n; i++) {
        const t = input.t[i] as number;
        const v = input.flows[i * input.flowCount + f] as number;
        if (t < opened + 1) expect(v, `${id} at ${t}`).toBeNaN();
        else expect(v, `${id} at ${t}`).toBeCloseTo(8e6, 0);
      }
    });
  });
});
