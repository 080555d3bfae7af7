// Grading in the page and `tcplab grade` give the same files, byte for byte, for the same input:
// the page's grading (web/src/lessons/gradeClass.ts, the grader in wasm, its runs made here by
// the wasm simulator in Node as the page's workers make them) against the native CLI, on a CSV
// with every kind of trouble a class hands in (a byte-order mark, semicolons, CRLF, quotes,
// missing columns, a duplicate student, codes for another assignment, a tampered and a truncated
// code, a row without a student), in every file format.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from './helpers/wasm';
import { loadAssignment, resolveScenarios } from '../../web/src/lessons/catalog';
import { gradeClass } from '../../web/src/lessons/gradeClass';
import type { GradeProgress, JobPool } from '../../web/src/lessons/gradeClass';
import type { Assignment, Graded } from '../../web/src/sim/boundary';
import { describeThrown } from '../../web/src/sim/errors';
import { lessonState, studentView } from '../../web/src/sim/grader';
import type { JobResult, PoolJob } from '../../web/src/sim/job';
import { parseSummary } from '../../web/src/sim/summary';
import { buildCli, CLI, runProcess } from './helpers/repo';

const dir = mkdtempSync(join(tmpdir(), 'tcplab-grade-'));

/** The page's pool, with the wasm simulator in Node doing what a worker does. */
function nodePool(): JobPool & { ran: number } {
  const pool = {
    ran: 0,
    run(jobs: PoolJob[], onResult: (i: number, r: JobResult) => void) {
      jobs.forEach((job, i) => {
        pool.ran++;
        let r: JobResult;
        try {
          const sim = new Simulation(job.scenarioJson);
          while (!sim.advance(sim.now_ns() + 1e9, Infinity)) sim.drain();
          const text = sim.summary();
          sim.free();
          r = { ok: true, summary: parseSummary(text), summaryJson: text };
        } catch (e) {
          r = { ok: false, ...describeThrown(e) };
        }
        onResult(i, r);
      });
      return Promise.resolve();
    },
    cancel() {},
    close() {},
  };
  return pool;
}

/** A student's result code, answering every question with their own run's value. */
function codeOf(a: Assignment, student: string): string {
  const v = studentView(a, resolveScenarios(a), student);
  if (!('ok' in v)) throw new Error('no view');
  const runs: Record<string, { summary: unknown; trace_hash: string }> = {};
  for (const s of v.ok.scenarios) {
    const sim = new Simulation(JSON.stringify(s.scenario));
    while (!sim.advance(sim.now_ns() + 1e9, Infinity)) sim.drain();
    runs[s.name] = { summary: JSON.parse(sim.summary()) as unknown, trace_hash: sim.trace_hash() };
    sim.free();
  }
  const empty = lessonState(a, student, {}, runs);
  if (!('ok' in empty)) throw new Error('no state');
  const answers = Object.fromEntries(
    empty.ok.questions.map((q) => [q.id, String(q.check.expected)]),
  );
  const s = lessonState(a, student, answers, runs);
  if (!('ok' in s) || !s.ok.code) throw new Error('no code');
  return s.ok.code;
}

const FORMATS = [
  ['full', 'full'],
  ['scores', 'scores'],
  ['per_question', 'per-question'],
  ['canvas', 'canvas'],
] as const;

beforeAll(() => buildCli(), 300_000);

describe('grading in the page and tcplab grade', () => {
  const a = loadAssignment('01-sawtooth');
  if (!a) throw new Error('no lesson 01');
  /** A scored question (its column name). */
  const q1 = a.questions.find((q) => !q.predict)?.id ?? '';

  async function both(csv: string): Promise<Graded> {
    const progress: GradeProgress[] = [];
    const pool = nodePool();
    const r = await gradeClass(
      { assignment: a, scenarios: resolveScenarios(a as Assignment), csv },
      pool,
      (p) => progress.push(p),
    );
    if (!r || !('ok' in r)) throw new Error(JSON.stringify(r));
    // Progress counts every run, and the estimate of the time left reaches zero.
    expect(progress.at(-1)).toMatchObject({ done: pool.ran, total: pool.ran, leftMs: 0 });
    const file = join(dir, `in-${progress.length}-${csv.length}.csv`);
    writeFileSync(file, csv);
    for (const [key, format] of FORMATS) {
      const cli = runProcess(CLI, [
        'grade',
        'content/lessons/01-sawtooth.json',
        file,
        '--format',
        format,
      ]);
      expect(cli.status, cli.stderr).toBe(0);
      expect(r.ok.files[key], format).toBe(cli.stdout);
    }
    return r.ok;
  }

  it('agree on a spreadsheet export full of trouble', { timeout: 240_000 }, async () => {
    const alice = codeOf(a, 'alice');
    const carol = codeOf({ ...a, id: 'another-assignment' } as Assignment, 'carol');
    const tampered = `${alice.slice(0, 10)}${alice[10] === 'A' ? 'B' : 'A'}${alice.slice(11)}`;
    const truncated = alice.slice(0, alice.length - 5);
    const rows = [
      `\uFEFF"Student";"Code";"${q1}"`,
      `alice;${alice};`,
      '"bob";;"88,5"',
      `ALICE ;${alice};`,
      `carol;${carol};`,
      `dave;${tampered};`,
      `erin;"${truncated}";`,
      ';;5',
      'frank',
    ];
    const g = await both(`${rows.join('\r\n')}\r\n`);
    const by = new Map(g.report.rows.map((r) => [r.line, r]));
    expect(by.get(2)?.trace_match).toBe(true);
    expect(by.get(2)?.score).toBe(g.report.max_score);
    expect(by.get(3)?.answers.some((c) => c.verdict !== 'missing')).toBe(true);
    const codes = (line: number) => by.get(line)?.problems.map((p) => p.code) ?? [];
    expect(codes(2)).toContain('csv_duplicate_student');
    expect(codes(4)).toContain('csv_duplicate_student');
    expect(codes(5)).toContain('code_other_assignment');
    expect(codes(6)).toContain('code_checksum');
    expect(codes(7)).toContain('code_checksum');
    expect(codes(8)).toContain('csv_no_student');
    expect(codes(9)).toContain('csv_short_row');
    expect(g.report.rows).toHaveLength(8);
  });

  it(
    'agree when there is no code column and answer columns are missing',
    { timeout: 120_000 },
    async () => {
      const g = await both(`student,${q1}\ns01,3\ns02,lots\n`);
      expect(g.report.problems.map((p) => p.code)).toEqual(['csv_missing_columns']);
      expect(g.report.rows[1]?.problems.map((p) => p.code)).toEqual(['not_number']);
    },
  );
});
