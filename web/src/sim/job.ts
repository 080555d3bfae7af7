// One job of a sweep (a scenario run to the end, or only built), its result, and the contract of
// whatever runs jobs one after another (a long-lived simulation worker; a fake in the tests).
import type { FieldError, RunMode } from './protocol';
import type { RunSummary } from './summary';

/** `summaryJson`: the summary as the simulator wrote it (the grader reads it, byte for byte). */
export type JobResult =
  | { ok: true; summary: RunSummary; summaryJson: string }
  | { ok: false; message: string; errors: FieldError[] };

export interface PoolJob {
  scenarioJson: string;
  mode: Extract<RunMode, 'summary' | 'probe'>;
}

/**
 * Called once per job, in the order the jobs were given. `reusable`: the runner can go on (false
 * after a panic in the model or a worker that failed to load: the pool then terminates it, starts
 * a new one and gives it the jobs that were waiting, whose `done` is never called).
 */
export type JobDone = (result: JobResult, reusable: boolean) => void;

/** Jobs a runner holds at most: one running and one waiting to start as it ends. */
export const RUNNER_DEPTH = 2;

export interface JobRunner {
  /** Give a job: it runs after those given before (at most RUNNER_DEPTH at a time). */
  run(job: PoolJob, done: JobDone): void;
  /** Stop at once; `done` of a job in progress is never called. */
  terminate(): void;
}
