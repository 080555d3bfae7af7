// What a student's runs give, computed in Node for the browser tests: the lesson's assignment
// from content/, the student's variant and every answer from the grader and the simulator in
// wasm (the same module the page runs), and a result code handing them in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import '../unit/helpers/wasm';
import { Simulation } from '../unit/helpers/wasm';
import { ROOT } from '../golden/golden';
import type { Assignment } from '../../web/src/sim/boundary';
import { lessonState, studentView } from '../../web/src/sim/grader';
import type { AssignedRun } from '../../web/src/sim/grader';

export function lessonAssignment(id: string): Assignment {
  return JSON.parse(
    readFileSync(join(ROOT, 'content', 'lessons', `${id}.json`), 'utf8'),
  ) as Assignment;
}

function scenarios(a: Assignment): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(a.scenarios).map(([name, ref]) => [
      name,
      typeof ref === 'string'
        ? (JSON.parse(
            readFileSync(join(ROOT, 'content', 'scenarios', `${ref}.json`), 'utf8'),
          ) as unknown)
        : ref,
    ]),
  );
}

export interface StudentRuns {
  /** Question id → the answer the student's own run gives. */
  expected: Record<string, number>;
  /** The result code of a student who answers every question with that. */
  code: string;
  /** Scenario name → the trace hash of the student's run in Node (the page must agree). */
  hashes: Record<string, string>;
}

/** Run `student`'s variant of an assignment and answer every question from the runs. */
export function studentRuns(a: Assignment, student: string): StudentRuns {
  const v = studentView(a, scenarios(a), student);
  if (!('ok' in v)) throw new Error(JSON.stringify(v.problems));
  const runs: Record<string, AssignedRun> = {};
  for (const s of v.ok.scenarios) {
    const sim = new Simulation(JSON.stringify(s.scenario));
    while (!sim.advance(sim.now_ns() + 1e9, Infinity)) sim.drain();
    runs[s.name] = { summary: JSON.parse(sim.summary()) as unknown, trace_hash: sim.trace_hash() };
    sim.free();
  }
  const empty = lessonState(a, student, {}, runs);
  if (!('ok' in empty)) throw new Error(JSON.stringify(empty.problems));
  const expected: Record<string, number> = {};
  for (const q of empty.ok.questions)
    if (typeof q.check.expected === 'number') expected[q.id] = q.check.expected;
  const answers = Object.fromEntries(Object.entries(expected).map(([k, x]) => [k, String(x)]));
  const full = lessonState(a, student, answers, runs);
  if (!('ok' in full) || !full.ok.code) throw new Error('no result code');
  const hashes = Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, r.trace_hash]));
  return { expected, code: full.ok.code, hashes };
}
