// Many runs at once for sweeps: each job gets its own worker (summary mode: no trace rows cross
// over), at most `concurrency` at a time, so the points spread over every core.
import { SimRun } from './bridge';
import type { FieldError, RunMode } from './protocol';
import type { RunSummary } from './summary';

export type JobResult =
  { ok: true; summary: RunSummary } | { ok: false; message: string; errors: FieldError[] };

export interface PoolJob {
  scenarioJson: string;
  mode: Extract<RunMode, 'summary' | 'probe'>;
}

/** The number of workers to use: one per core the browser reports, at least one. */
export function defaultConcurrency(): number {
  const n = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(16, Math.floor(n)));
}

export class RunPool {
  private readonly running = new Set<SimRun>();
  private cancelled = false;

  constructor(private readonly concurrency = defaultConcurrency()) {}

  /**
   * Run every job; `onResult` is called as each finishes (in completion order). Resolves when all
   * have finished or the pool was cancelled.
   */
  run(jobs: PoolJob[], onResult: (index: number, result: JobResult) => void): Promise<void> {
    this.cancelled = false;
    let next = 0;
    let active = 0;
    return new Promise((resolve) => {
      const launch = () => {
        if (this.cancelled) {
          if (active === 0) resolve();
          return;
        }
        while (active < this.concurrency && next < jobs.length) {
          const index = next++;
          const job = jobs[index] as PoolJob;
          active++;
          const finish = (result: JobResult) => {
            this.running.delete(run);
            active--;
            if (!this.cancelled) onResult(index, result);
            if (next >= jobs.length && active === 0) resolve();
            else launch();
          };
          const run: SimRun = new SimRun(
            job.scenarioJson,
            { speed: Infinity, mode: job.mode },
            {
              started: () => {},
              rows: () => {},
              paused: () => {},
              done: (summary) => finish({ ok: true, summary }),
              failed: (message, errors) => finish({ ok: false, message, errors }),
            },
          );
          this.running.add(run);
        }
        if (jobs.length === 0) resolve();
      };
      launch();
    });
  }

  /** Stop every running job; pending ones never start. */
  cancel(): void {
    this.cancelled = true;
    for (const r of this.running) r.stop();
    this.running.clear();
  }
}
