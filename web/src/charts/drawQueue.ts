// Redraws put off for later, run one per task: the plots scrolled out of view catch up after the
// visible ones have answered, each in a task of its own, so no single task holds the redraw of
// every plot. A job queued again under the same key replaces its earlier one (only the latest
// inputs matter) and keeps its place in the line.

export type Schedule = (run: () => void) => void;

export interface DrawQueue {
  /** Queue `job` under `key` (replacing a job queued under it). */
  put(key: object, job: () => void): void;
  /** Drop the job queued under `key`, if any. */
  drop(key: object): void;
  /** Jobs waiting. */
  readonly size: number;
}

export function createDrawQueue(schedule: Schedule): DrawQueue {
  const jobs = new Map<object, () => void>();
  let waiting = false;
  const pump = () => {
    waiting = false;
    const next = jobs.entries().next();
    if (next.done) return;
    const [key, job] = next.value;
    jobs.delete(key);
    if (jobs.size > 0) {
      waiting = true;
      schedule(pump);
    }
    job();
  };
  return {
    put(key, job) {
      jobs.set(key, job);
      if (!waiting) {
        waiting = true;
        schedule(pump);
      }
    },
    drop(key) {
      jobs.delete(key);
    },
    get size() {
      return jobs.size;
    },
  };
}

/** The page's queue: a job per task (a timeout of 0 lets input and frames in between). */
export const drawQueue = createDrawQueue((run) => setTimeout(run, 0));
