// The sweep pool's scheduling, with fake workers: reuse, failures, cancel, idle shutdown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RUNNER_DEPTH } from '../../web/src/sim/job';
import type { JobDone, JobResult, JobRunner, PoolJob } from '../../web/src/sim/job';
import { RunPool } from '../../web/src/sim/pool';
import type { RunSummary } from '../../web/src/sim/summary';

/** A worker that runs its jobs in order, each until the test finishes it (or, with `auto`, in a
 * microtask: scenario "fail" gives field errors, "panic" a panic, anything else a summary). Like
 * JobWorker it holds at most RUNNER_DEPTH jobs and drops the waiting ones when it cannot go on. */
class FakeRunner implements JobRunner {
  readonly jobs: PoolJob[] = [];
  private queue: { job: PoolJob; done: JobDone }[] = [];
  terminated = false;

  constructor(private readonly auto: boolean) {}

  get pending(): PoolJob | null {
    return this.queue[0]?.job ?? null;
  }

  get held(): number {
    return this.queue.length;
  }

  run(job: PoolJob, done: JobDone): void {
    if (this.terminated) throw new Error('job given to a terminated worker');
    if (this.queue.length >= RUNNER_DEPTH) throw new Error('more jobs than a worker holds');
    this.jobs.push(job);
    this.queue.push({ job, done });
    if (this.auto) queueMicrotask(() => this.autoFinish());
  }

  finish(result: JobResult = ok(), reusable = true): void {
    const head = this.queue.shift();
    if (!head) throw new Error('no job to finish');
    if (!reusable) this.queue = [];
    head.done(result, reusable); // even after terminate(): the pool must ignore it
  }

  private autoFinish(): void {
    const scenario = this.pending?.scenarioJson;
    if (scenario === undefined || this.terminated) return;
    if (scenario === 'fail') this.finish(failure('duration_s: must be positive'), true);
    else if (scenario === 'panic') this.finish(failure('tcplab panicked'), false);
    else this.finish();
  }

  terminate(): void {
    this.terminated = true;
  }
}

const ok = (): JobResult => ({ ok: true, summary: {} as RunSummary, summaryJson: '{}' });
const failure = (message: string): JobResult => ({ ok: false, message, errors: [] });
const jobs = (...names: string[]): PoolJob[] =>
  names.map((scenarioJson) => ({ scenarioJson, mode: 'summary' }));
const numbered = (n: number) => jobs(...Array.from({ length: n }, (_, i) => `s${i}`));

function fakePool(concurrency: number, auto = false, idleMs = 50, warmMs = 5000) {
  const runners: FakeRunner[] = [];
  const pool = new RunPool({
    concurrency,
    idleMs,
    warmMs,
    createRunner: () => {
      const r = new FakeRunner(auto);
      runners.push(r);
      return r;
    },
  });
  const busy = () => runners.filter((r) => r.pending && !r.terminated);
  return { pool, runners, busy };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RunPool', () => {
  it('runs 32 jobs on exactly 2 workers, never more than 2 at once', async () => {
    const { pool, runners, busy } = fakePool(2);
    const results: number[] = [];
    let resolved = false;
    const all = pool.run(numbered(32), (i, r) => {
      expect(r.ok).toBe(true);
      results.push(i);
    });
    void all.then(() => (resolved = true));
    for (let k = 0; k < 32; k++) {
      expect(busy().length).toBeLessThanOrEqual(2);
      // Each worker holds its running job and the next, never more.
      expect(runners.every((r) => r.held <= RUNNER_DEPTH)).toBe(true);
      if (k <= 28) expect(runners.every((r) => r.held === RUNNER_DEPTH)).toBe(true);
      busy()[k % busy().length]?.finish();
    }
    await all;
    expect(resolved).toBe(true);
    expect(runners).toHaveLength(2);
    expect(runners.every((r) => r.jobs.length >= 1)).toBe(true);
    expect(runners[0]!.jobs.length + runners[1]!.jobs.length).toBe(32);
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i));
    // Every job ran once, in queue order across the workers.
    const ran = runners.flatMap((r) => r.jobs.map((j) => j.scenarioJson));
    expect(new Set(ran).size).toBe(32);
  });

  it('reports results in completion order, with each job’s index', async () => {
    const { pool, runners } = fakePool(2);
    const seen: [number, JobResult][] = [];
    const all = pool.run(jobs('a', 'b', 'c'), (i, r) => seen.push([i, r]));
    const [first, second] = runners;
    // Job 2 was given to the first worker at once, to start as job 0 ends.
    expect(first!.jobs.map((j) => j.scenarioJson)).toEqual(['a', 'c']);
    second!.finish(failure('second'), true); // job 1 ends first
    first!.finish();
    first!.finish();
    await all;
    expect(seen.map(([i]) => i)).toEqual([1, 0, 2]);
    expect(seen[0]![1]).toEqual(failure('second'));
  });

  it('a failing job is reported for that job and the others still run, on the same workers', async () => {
    const { pool, runners } = fakePool(2, true);
    const results = new Map<number, JobResult>();
    await pool.run(jobs('s0', 'fail', 's2', 'fail', 's4', 's5'), (i, r) => results.set(i, r));
    expect(results.size).toBe(6);
    expect([1, 3].map((i) => results.get(i)?.ok)).toEqual([false, false]);
    expect([0, 2, 4, 5].every((i) => results.get(i)?.ok)).toBe(true);
    expect(runners).toHaveLength(2);
    expect(runners.some((r) => r.terminated)).toBe(false);
  });

  it('replaces a worker whose model panicked and finishes the rest', async () => {
    const { pool, runners } = fakePool(2, true);
    const results = new Map<number, JobResult>();
    await pool.run(jobs('panic', 's1', 's2', 's3', 's4'), (i, r) => results.set(i, r));
    expect(results.size).toBe(5);
    expect(results.get(0)).toEqual(failure('tcplab panicked'));
    expect([1, 2, 3, 4].every((i) => results.get(i)?.ok)).toBe(true);
    expect(runners).toHaveLength(3);
    const panicked = runners.find((r) => r.jobs[0]?.scenarioJson === 'panic');
    expect(panicked?.terminated).toBe(true);
    // The job waiting behind the panic ran on the new worker, once.
    const waited = panicked!.jobs[1]!.scenarioJson;
    expect(runners[2]!.jobs.map((j) => j.scenarioJson)).toContain(waited);
    const ran = runners.flatMap((r) => r.jobs.map((j) => j.scenarioJson));
    expect(ran.filter((j) => j === waited)).toHaveLength(2);
  });

  it('does not wedge when a worker fails every job at once', async () => {
    const runners: JobRunner[] = [];
    const pool = new RunPool({
      concurrency: 2,
      createRunner: () => {
        const r: JobRunner = {
          run: (_job, done) => done(failure('the simulation worker failed to load'), false),
          terminate: () => {},
        };
        runners.push(r);
        return r;
      },
    });
    const results: JobResult[] = [];
    await pool.run(numbered(5), (_i, r) => results.push(r));
    expect(results).toHaveLength(5);
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(pool.workers).toBe(0);
  });

  it('cancel terminates the workers, starts no pending job and resolves run()', async () => {
    const { pool, runners } = fakePool(2);
    const seen: number[] = [];
    const all = pool.run(numbered(10), (i) => seen.push(i));
    runners[0]!.finish();
    expect(seen).toEqual([0]);
    pool.cancel();
    await all;
    expect(runners).toHaveLength(2);
    expect(runners.every((r) => r.terminated)).toBe(true);
    // Jobs 0–4 had been given (two to each worker, then job 4 behind job 2); a late report of a
    // terminated worker is not delivered.
    expect(runners.flatMap((r) => r.jobs)).toHaveLength(5);
    runners[1]!.finish();
    expect(seen).toEqual([0]);
    expect(pool.workers).toBe(0);
    // The pool is usable again, with fresh workers.
    const again = pool.run(numbered(1), (i) => seen.push(100 + i));
    expect(runners).toHaveLength(3);
    runners[2]!.finish();
    await again;
    expect(seen).toEqual([0, 100]);
  });

  it('cancel from inside onResult stops the rest', async () => {
    const { pool, runners } = fakePool(1, true);
    const seen: number[] = [];
    await pool.run(numbered(5), (i) => {
      seen.push(i);
      if (i === 1) pool.cancel();
    });
    expect(seen).toEqual([0, 1]);
    // Job 2 had been given behind job 1 and never reports.
    expect(runners[0]!.jobs).toHaveLength(3);
    expect(runners[0]!.terminated).toBe(true);
  });

  it('keeps workers between run() calls, then terminates them when idle', async () => {
    vi.useFakeTimers();
    const { pool, runners } = fakePool(2, true, 1000);
    const first = pool.run(numbered(4), () => {});
    await first;
    expect(pool.workers).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(pool.workers).toBe(2);
    const second = pool.run(jobs('x', 'y', 'z'), () => {});
    await second;
    expect(runners).toHaveLength(2);
    expect(runners.some((r) => r.terminated)).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(pool.workers).toBe(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(pool.workers).toBe(0);
    expect(runners.every((r) => r.terminated)).toBe(true);
  });

  it('close() terminates idle workers at once', async () => {
    const { pool, runners } = fakePool(3, true);
    await pool.run(numbered(3), () => {});
    expect(pool.workers).toBe(3);
    pool.close();
    expect(pool.workers).toBe(0);
    expect(runners.every((r) => r.terminated)).toBe(true);
  });

  it('two run() calls at once share the concurrency limit and each resolves with its jobs', async () => {
    const { pool, runners, busy } = fakePool(2);
    const a: number[] = [];
    const b: number[] = [];
    const runA = pool.run(numbered(3), (i) => a.push(i));
    const runB = pool.run(numbered(2), (i) => b.push(i));
    while (busy().length > 0) {
      expect(busy().length).toBeLessThanOrEqual(2);
      busy()[0]!.finish();
    }
    await Promise.all([runA, runB]);
    expect(a.sort()).toEqual([0, 1, 2]);
    expect(b.sort()).toEqual([0, 1]);
    expect(runners).toHaveLength(2);
  });

  it('warm() starts every worker before the jobs, and run() uses them', async () => {
    const { pool, runners } = fakePool(2, true);
    pool.warm();
    expect(runners).toHaveLength(2);
    expect(runners.every((r) => r.jobs.length === 0)).toBe(true);
    pool.warm(); // already warm: no more workers
    expect(runners).toHaveLength(2);
    await pool.run(numbered(6), () => {});
    expect(runners).toHaveLength(2);
    expect(runners.every((r) => r.jobs.length > 0)).toBe(true);
  });

  it('warmed workers wait warmMs for a job, then end; a job in time keeps them', async () => {
    vi.useFakeTimers();
    const { pool, runners } = fakePool(2, true, 50, 3000);
    pool.warm();
    await vi.advanceTimersByTimeAsync(2000); // much longer than idleMs
    expect(pool.workers).toBe(2);
    await pool.run(numbered(2), () => {});
    pool.warm(); // the sweep ended: wait for the next one
    await vi.advanceTimersByTimeAsync(2999);
    expect(pool.workers).toBe(2);
    expect(runners).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(pool.workers).toBe(0);
    expect(runners.every((r) => r.terminated)).toBe(true);
  });

  it('warm() while jobs run adds idle workers up to the limit and leaves the busy ones', () => {
    const { pool, runners, busy } = fakePool(3);
    void pool.run(numbered(1), () => {});
    pool.warm();
    expect(runners).toHaveLength(3);
    expect(busy()).toHaveLength(1);
    expect(runners.some((r) => r.terminated)).toBe(false);
  });

  it('resolves at once with no jobs and starts no worker', async () => {
    const { pool, runners } = fakePool(2);
    await pool.run([], () => {});
    expect(runners).toHaveLength(0);
  });
});
