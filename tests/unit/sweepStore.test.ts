// The sweep store with fake workers: results reach the store in batches (at most every 100 ms),
// all of them before "done", and the ones that ended before a cancel stay on show.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import type { SweepSpec } from '../../web/src/scenario/sweep';
import type { JobDone, JobRunner, PoolJob } from '../../web/src/sim/job';
import type { RunSummary } from '../../web/src/sim/summary';
import {
  cancelSweep,
  coolSweep,
  startSweep,
  sweep,
  warmSweep,
} from '../../web/src/state/sweepStore';

/** Jobs in flight on the fake workers, ended by the test. */
const inFlight: { job: PoolJob; done: JobDone }[] = [];
/** Fake workers started and terminated. */
const workers = { started: 0, ended: 0 };

vi.mock('../../web/src/sim/jobWorker', () => ({
  JobWorker: class implements JobRunner {
    constructor() {
      workers.started++;
    }
    run(job: PoolJob, done: JobDone): void {
      inFlight.push({ job, done });
    }
    terminate(): void {
      workers.ended++;
    }
  },
}));

const summary = { flows: [], links: [], jain_index: 1, trace_hash: 'h' } as unknown as RunSummary;

/** End the oldest job in flight; the pool then hands that worker the next one. */
function endOne(): void {
  const j = inFlight.shift();
  if (!j) throw new Error('no job in flight');
  j.done({ ok: true, summary, summaryJson: JSON.stringify(summary) }, true);
}

const spec: SweepSpec = {
  param: 'mtu',
  from: 1000,
  to: 9000,
  points: 6,
  log: false,
  linkIndex: 1,
  flowIndex: 0,
  algorithms: [],
  metric: 'goodput',
};

const shown = () => sweep.get().points.filter((p) => p.result !== null).length;

beforeEach(() => {
  vi.useFakeTimers();
  inFlight.length = 0;
  workers.started = workers.ended = 0;
});

afterEach(() => {
  cancelSweep();
  vi.useRealTimers();
});

describe('sweep store', () => {
  it('shows results in batches, every result before done', async () => {
    let updates = 0;
    const unsubscribe = sweep.subscribe(() => updates++);
    const finished = startSweep(DEFAULT_SCENARIO, spec);
    expect(sweep.get().status).toBe('running');
    expect(inFlight.length).toBeGreaterThan(0);
    updates = 0;
    endOne();
    endOne();
    expect(shown()).toBe(0);
    await vi.advanceTimersByTimeAsync(99);
    expect(shown()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toBe(2);
    expect(updates).toBe(1); // both results in one update: one render
    while (inFlight.length > 0) endOne();
    await finished;
    expect(shown()).toBe(6);
    expect(sweep.get().status).toBe('done');
    unsubscribe();
  });

  it('keeps the points that ended before a cancel, and shows none of a cancelled sweep later', async () => {
    const finished = startSweep(DEFAULT_SCENARIO, spec);
    endOne();
    cancelSweep();
    expect(sweep.get().status).toBe('cancelled');
    expect(shown()).toBe(1);
    await finished;
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown()).toBe(1);
    expect(sweep.get().status).toBe('cancelled');
  });

  it('the open tab starts the workers, keeps them loaded between sweeps and ends them on close', async () => {
    warmSweep();
    const started = workers.started;
    expect(started).toBeGreaterThanOrEqual(1);
    for (let round = 0; round < 2; round++) {
      const finished = startSweep(DEFAULT_SCENARIO, spec);
      while (inFlight.length > 0) endOne();
      await finished;
      expect(sweep.get().status).toBe('done');
      expect(workers.started).toBe(started); // the warm workers ran every point
      expect(workers.ended).toBe(0);
    }
    coolSweep();
    expect(workers.ended).toBe(started);
    // With the tab closed, a sweep's workers end with it.
    const finished = startSweep(DEFAULT_SCENARIO, spec);
    while (inFlight.length > 0) endOne();
    await finished;
    expect(workers.ended).toBe(workers.started);
  });

  it('a new sweep drops the unshown results of the one it replaces', async () => {
    void startSweep(DEFAULT_SCENARIO, spec);
    endOne();
    const old = inFlight.length;
    const second = startSweep(DEFAULT_SCENARIO, { ...spec, points: 3 });
    inFlight.splice(0, old); // the first sweep's jobs: their workers were terminated
    await vi.advanceTimersByTimeAsync(100);
    expect(sweep.get().points).toHaveLength(3);
    expect(shown()).toBe(0);
    while (inFlight.length > 0) endOne();
    await second;
    expect(shown()).toBe(3);
  });
});
