// Many runs at once for sweeps: a queue of jobs fed to at most `concurrency` long-lived workers
// (summary mode: no trace rows cross over), each taking the next job as soon as it reports, so the
// points spread over every core without a worker start and a wasm load per point. A worker whose
// model panicked is replaced; idle workers are terminated after a short time (or by close()).
// warm() starts the workers ahead of the jobs.
import { RUNNER_DEPTH } from './job';
import type { JobResult, JobRunner, PoolJob } from './job';
import { JobWorker } from './jobWorker';

export type { JobResult, PoolJob } from './job';

/** Idle workers are terminated after this long without a job. */
const IDLE_MS = 1000;
/** Workers started by warm() wait this long for their first job. */
const WARM_MS = 60_000;

/** The number of workers to use: one per core the browser reports, at least one. */
export function defaultConcurrency(): number {
  const n = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(16, Math.floor(n)));
}

export interface PoolOptions {
  concurrency?: number;
  /** Starts a worker; the tests pass a fake. */
  createRunner?: () => JobRunner;
  idleMs?: number;
  warmMs?: number;
}

/** The jobs of one run() call. */
interface Batch {
  onResult: (index: number, result: JobResult) => void;
  remaining: number;
  resolve: () => void;
}

interface Task {
  job: PoolJob;
  index: number;
  batch: Batch;
}

export class RunPool {
  private readonly concurrency: number;
  private readonly createRunner: () => JobRunner;
  private readonly idleMs: number;
  private readonly warmMs: number;
  private queue: Task[] = [];
  private readonly batches = new Set<Batch>();
  /** Workers with jobs, and their jobs in order (the first runs; the next waits in the worker,
   * so the worker never waits for the page between two jobs). */
  private readonly busy = new Map<JobRunner, Task[]>();
  private idle: JobRunner[] = [];
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: PoolOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? defaultConcurrency());
    this.createRunner = options.createRunner ?? (() => new JobWorker());
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.warmMs = options.warmMs ?? WARM_MS;
  }

  /**
   * Start every worker now, before there are jobs, so that their start and wasm load overlap the
   * user filling in the form rather than the sweep (a 32-point sweep takes a quarter of a second,
   * about what two workers take to load). Unused, they end after `warmMs`.
   */
  warm(): void {
    while (this.workers < this.concurrency) this.idle.push(this.createRunner());
    if (this.busy.size > 0) return;
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => this.close(), this.warmMs);
  }

  /** Workers alive now (busy or idle). */
  get workers(): number {
    return this.busy.size + this.idle.length;
  }

  /**
   * Run every job; `onResult` is called as each finishes (in completion order). Resolves when all
   * have finished or the pool was cancelled.
   */
  run(jobs: PoolJob[], onResult: (index: number, result: JobResult) => void): Promise<void> {
    if (jobs.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const batch: Batch = { onResult, remaining: jobs.length, resolve };
      this.batches.add(batch);
      jobs.forEach((job, index) => this.queue.push({ job, index, batch }));
      this.dispatch();
    });
  }

  /** Stop every running job and terminate every worker; pending jobs never start and every
   * run() resolves. The pool stays usable: a later run() starts fresh workers. */
  cancel(): void {
    this.queue = [];
    this.terminateAll();
    for (const b of this.batches) b.resolve();
    this.batches.clear();
  }

  /** Terminate the idle workers now (when the caller knows no more jobs follow soon). */
  close(): void {
    this.clearIdleTimer();
    for (const w of this.idle) w.terminate();
    this.idle = [];
  }

  /** Give queued jobs to idle workers, starting new ones up to `concurrency`, then a second job
   * to each busy worker. */
  private dispatch(): void {
    this.clearIdleTimer();
    while (this.queue.length > 0) {
      let runner = this.idle.pop();
      if (!runner && this.workers < this.concurrency) runner = this.createRunner();
      runner ??= [...this.busy].find(([, tasks]) => tasks.length < RUNNER_DEPTH)?.[0];
      if (!runner) break;
      const task = this.queue.shift() as Task;
      const worker = runner;
      const tasks = this.busy.get(worker) ?? [];
      tasks.push(task);
      this.busy.set(worker, tasks);
      worker.run(task.job, (result, reusable) => this.finish(worker, task, result, reusable));
    }
    if (this.busy.size === 0 && this.idle.length > 0) {
      this.clearIdleTimer();
      this.idleTimer = setTimeout(() => this.close(), this.idleMs);
    }
  }

  private finish(worker: JobRunner, task: Task, result: JobResult, reusable: boolean): void {
    const tasks = this.busy.get(worker);
    if (!tasks || tasks[0] !== task) return; // terminated meanwhile
    tasks.shift();
    if (!reusable) {
      // Its waiting jobs go first to the next worker.
      this.busy.delete(worker);
      worker.terminate();
      this.queue.unshift(...tasks);
    } else if (tasks.length === 0) {
      this.busy.delete(worker);
      this.idle.push(worker);
    }
    const { batch } = task;
    batch.remaining--;
    try {
      if (this.batches.has(batch)) batch.onResult(task.index, result);
    } finally {
      if (batch.remaining === 0 && this.batches.delete(batch)) batch.resolve();
      this.dispatch();
    }
  }

  private terminateAll(): void {
    this.clearIdleTimer();
    for (const w of [...this.busy.keys(), ...this.idle]) w.terminate();
    this.busy.clear();
    this.idle = [];
  }

  private clearIdleTimer(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
