// A long-lived simulation worker for the sweep pool: loads the wasm once and runs summary/probe
// jobs one after another (worker.ts frees each Simulation at its end), so short sweep points do
// not pay for a worker start and a wasm instantiation each. Jobs given while one runs wait in the
// worker and start as it ends. The single run of the lab keeps its own worker per run (bridge.ts).
import type { JobDone, JobResult, JobRunner, PoolJob } from './job';
import type { FromWorker, ToWorker } from './protocol';
import { parseSummary } from './summary';

export class JobWorker implements JobRunner {
  private readonly worker: Worker;
  /** The jobs given and not yet reported, in order: the first runs, the others wait. */
  private jobs: { runId: number; done: JobDone }[] = [];
  private nextRunId = 1;
  /** Set when the worker reported an error of its own (it failed to load, say). */
  private broken: string | null = null;

  constructor() {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    this.worker.onerror = (e: ErrorEvent) => {
      this.broken = e.message || 'the simulation worker failed to load';
      this.settle({ ok: false, message: this.broken, errors: [] }, false);
    };
  }

  run(job: PoolJob, done: JobDone): void {
    if (this.broken !== null) {
      done({ ok: false, message: this.broken, errors: [] }, false);
      return;
    }
    const runId = this.nextRunId++;
    this.jobs.push({ runId, done });
    // Tests set this global to check what the page does when the model panics.
    const panicForTest = (globalThis as { __tcplabPanicForTest?: unknown }).__tcplabPanicForTest;
    const msg: ToWorker = {
      type: 'start',
      runId,
      scenario: job.scenarioJson,
      speed: Infinity,
      mode: job.mode,
      ...(typeof panicForTest === 'string' ? { panicForTest } : {}),
    };
    this.worker.postMessage(msg);
  }

  private receive(msg: FromWorker): void {
    if (msg.runId !== this.jobs[0]?.runId) return;
    if (msg.type === 'done') {
      let result: JobResult;
      try {
        result = { ok: true, summary: parseSummary(msg.summary), summaryJson: msg.summary };
      } catch (e) {
        result = { ok: false, message: e instanceof Error ? e.message : String(e), errors: [] };
      }
      this.settle(result, true);
    } else if (msg.type === 'failed') {
      // Field errors come from validation and leave the wasm instance sound; anything else (a
      // panic, a trap) may have left it unusable.
      const reusable = msg.panic === undefined && msg.errors.length > 0;
      this.settle({ ok: false, message: msg.message, errors: msg.errors }, reusable);
    }
  }

  /** Report the running job. A worker that cannot go on drops the waiting ones: the pool gives
   * them to another worker. */
  private settle(result: JobResult, reusable: boolean): void {
    const current = this.jobs.shift();
    if (!reusable) this.jobs = [];
    current?.done(result, reusable);
  }

  terminate(): void {
    this.jobs = [];
    this.worker.terminate();
  }
}
