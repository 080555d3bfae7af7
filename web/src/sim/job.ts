// One job of a sweep (a scenario run to the end, or only built), its result, and the contract of
// whatever runs jobs one after another (a long-lived simulation worker; a fake in the tests).
import type { FieldError, RunMode } from './protocol';
import type { RunSummary } from './summary';

export type JobResult =
  { ok: true; summary: RunSummary } | { ok: false; message: string; errors: FieldError[] };

export interface PoolJob {
  scenarioJson: string;
  mode: Extract<RunMode, 'summary' | 'probe'>;
}

/**
 * Called exactly once per job. `reusable`: the runner can take another job (false after a panic in
 * the model or a worker that failed to load: the pool then terminates it and starts a new one).
 */
export type JobDone = (result: JobResult, reusable: boolean) => void;

export interface JobRunner {
  /** Start a job; only one at a time, the next only after `done` was called. */
  run(job: PoolJob, done: JobDone): void;
  /** Stop at once; `done` of a job in progress is never called. */
  terminate(): void;
}
