// Grading a class in the page: the grader (wasm) reads the students' CSV and lists the runs it
// needs; a pool of simulation workers makes them; each finished run goes back to the grader,
// and its report and grade files come out byte for byte as `tcplab grade` writes them.
// Progress and an estimate of the time left are reported as runs finish. Pure (no React): the
// pool is passed in, so the tests run it with the wasm module in Node.
import type { Graded, Problem } from '../sim/boundary';
import { Grading } from '../sim/grader';
import type { Outcome } from '../sim/grader';
import type { JobResult, PoolJob } from '../sim/job';

/** What runs the jobs: the page's RunPool, or a stand-in in the tests. */
export interface JobPool {
  run(jobs: PoolJob[], onResult: (index: number, result: JobResult) => void): Promise<void>;
  cancel(): void;
  /** The jobs are done: workers may end. */
  close(): void;
}

export interface GradeProgress {
  done: number;
  total: number;
  elapsedMs: number;
  /** Estimated time to the last run: elapsed ÷ done × remaining (null before the first). */
  leftMs: number | null;
}

export interface GradeInput {
  assignment: unknown;
  /** The assignment's scenarios, resolved (name → scenario object). */
  scenarios: Record<string, unknown>;
  csv: string;
}

/** The estimate of the time left after `done` of `total` runs in `elapsedMs`. */
export function timeLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0) return null;
  return (elapsedMs / done) * Math.max(0, total - done);
}

/**
 * Grade a class. Resolves with the grader's report and files (or the assignment's problems);
 * `isCancelled` is asked after each run, and a cancelled grading resolves with null.
 */
export async function gradeClass(
  input: GradeInput,
  pool: JobPool,
  onProgress: (p: GradeProgress) => void,
  now: () => number = () => performance.now(),
  isCancelled: () => boolean = () => false,
): Promise<Outcome<Graded> | null> {
  const g = Grading.start(input.assignment, input.scenarios, input.csv);
  if ('problems' in g) return { problems: g.problems as Problem[] };
  try {
    const jobs = g.jobs();
    const t0 = now();
    let done = 0;
    onProgress({ done, total: jobs.length, elapsedMs: 0, leftMs: null });
    await pool.run(
      jobs.map((scenarioJson) => ({ scenarioJson, mode: 'summary' })),
      (i, r) => {
        if (r.ok) g.done(i, r.summaryJson);
        else g.failed(i, r.message);
        done++;
        const elapsedMs = now() - t0;
        onProgress({
          done,
          total: jobs.length,
          elapsedMs,
          leftMs: timeLeft(done, jobs.length, elapsedMs),
        });
      },
    );
    if (isCancelled()) return null;
    return g.report();
  } finally {
    g.free();
  }
}
