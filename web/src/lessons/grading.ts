// Checking one answer against a run, and what a student hands in (result code, CSV row). Pure:
// the panels call these; `tcplab grade` applies the same rules offline.
import type { Assignment, Question } from './assignment';
import { questionPoints, questionScenario } from './assignment';
import { expectedAnswer, parseAnswer, within } from './check';
import { encodeResultCode } from './resultCode';

/** A finished run of one of the assignment's scenarios with the assigned settings. */
export interface AssignedRun {
  summary: unknown;
  traceHash: string;
}

export type Feedback =
  | { state: 'noRun' }
  | { state: 'notNumber' }
  | { state: 'correct'; expected: number }
  | { state: 'wrong'; expected: number }
  | { state: 'error'; message: string };

export function checkAnswer(q: Question, text: string, run: AssignedRun | undefined): Feedback {
  const answer = parseAnswer(text);
  if (answer === null) return { state: 'notNumber' };
  if (!run) return { state: 'noRun' };
  try {
    const expected = expectedAnswer(run.summary, q);
    return within(answer, expected, q.tolerance)
      ? { state: 'correct', expected }
      : { state: 'wrong', expected };
  } catch (e) {
    return { state: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** Score of the answers against the assigned runs (predictions are not scored). */
export function score(
  a: Assignment,
  answers: Record<string, string>,
  runs: Record<string, AssignedRun>,
): { got: number; max: number } {
  let got = 0;
  let max = 0;
  for (const q of a.questions) {
    const pts = questionPoints(q);
    max += pts;
    const fb = checkAnswer(q, answers[q.id] ?? '', runs[questionScenario(a, q)]);
    if (fb.state === 'correct') got += pts;
  }
  return { got, max };
}

export function resultCodeFor(
  a: Assignment,
  student: string,
  answers: Record<string, string>,
  runs: Record<string, AssignedRun>,
): string {
  const nums: Record<string, number> = {};
  for (const q of a.questions) {
    const x = parseAnswer(answers[q.id] ?? '');
    if (x !== null) nums[q.id] = x;
  }
  const hashes: Record<string, string> = {};
  for (const [name, r] of Object.entries(runs)) hashes[name] = r.traceHash;
  return encodeResultCode({ assignment: a.id, student, answers: nums, hashes });
}

function csvField(s: string): string {
  const safe = /^[=+@]/.test(s) || (/^-/.test(s) && !Number.isFinite(Number(s))) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV `tcplab grade` reads: header `student,code,<question ids>`, one row. */
export function submissionCsv(
  a: Assignment,
  student: string,
  answers: Record<string, string>,
  code: string,
): string {
  const ids = a.questions.map((q) => q.id);
  const head = ['student', 'code', ...ids].map(csvField).join(',');
  const row = [student, code, ...ids.map((id) => (answers[id] ?? '').trim())]
    .map(csvField)
    .join(',');
  return `${head}\n${row}\n`;
}
