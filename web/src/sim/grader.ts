// The grader's calls into its own wasm module (wasm/grade through wasm/grade-bindings), typed
// with the generated boundary types. The lab page does not download that module: the lessons,
// grading and the Papers view call loadGrader() when they open (initSync in Node). The calls are
// synchronous once it has loaded. A call answers `{ok}` or `{problems}`; a problem is a code, a
// field path and parameters, worded by the page (i18n/problems.ts).
import init, {
  assignment_check,
  Grading as WasmGrading,
  key_variants,
  lesson_state,
  path_parse,
  path_select,
  path_set,
  student_id,
  student_view,
} from './grade-pkg/tcplab_grade_wasm.js';
import type {
  Assignment,
  Graded,
  KeyVariant,
  LessonState,
  Problem,
  Segment,
  StudentView,
} from './boundary';

export type Outcome<T> = { ok: T } | { problems: Problem[] };

let loading: Promise<void> | null = null;

/** Load the grader's module (once); the calls below need it. */
export function loadGrader(): Promise<void> {
  loading ??= init().then(() => undefined);
  return loading;
}

function read<T>(text: string): Outcome<T> {
  try {
    const v = JSON.parse(text) as Outcome<T>;
    if ('ok' in v || 'problems' in v) return v;
  } catch {
    // Falls through to the problem below.
  }
  return { problems: [{ code: 'json_syntax', path: '', params: { detail: 'malformed reply' } }] };
}

/** Check an assignment; its problems, each with a field path (none when it is sound). */
export function assignmentProblems(assignment: unknown): Problem[] {
  const r = read<null>(assignment_check(JSON.stringify(assignment)));
  return 'problems' in r ? r.problems : [];
}

/** A student's variant and assigned scenarios; `scenarios`: name → resolved scenario. */
export function studentView(
  a: Assignment,
  scenarios: Record<string, unknown>,
  student: string,
): Outcome<StudentView> {
  return read(student_view(JSON.stringify(a), JSON.stringify(scenarios), student));
}

/** A finished run with the assigned settings, as the page holds it. */
export interface AssignedRun {
  summary: unknown;
  trace_hash: string;
}

/** Every answer checked, the places each question reads, the score and the hand-in. */
export function lessonState(
  a: Assignment,
  student: string,
  answers: Record<string, string>,
  runs: Record<string, AssignedRun>,
): Outcome<LessonState> {
  return read(
    lesson_state(JSON.stringify(a), student, JSON.stringify(answers), JSON.stringify(runs)),
  );
}

/** Every combination of the variant parameters' values, with its scenarios (an answer key). */
export function keyVariants(
  a: Assignment,
  scenarios: Record<string, unknown>,
): Outcome<KeyVariant[]> {
  return read(key_variants(JSON.stringify(a), JSON.stringify(scenarios)));
}

/** The normalised student id, or why it cannot hand in. */
export function studentId(text: string): Outcome<string> {
  return read(student_id(text));
}

export function parsePath(path: string): Outcome<Segment[]> {
  return read(path_parse(path));
}

/** Every value the path reaches (none for a bad path). */
export function selectPath(doc: unknown, path: string): unknown[] {
  const r = read<unknown[]>(path_select(JSON.stringify(doc), path));
  return 'ok' in r ? r.ok : [];
}

/** A copy of `doc` with every place the path reaches set to `value`, and how many there were. */
export function setPath<T>(
  doc: T,
  path: string,
  value: unknown,
): Outcome<{ document: T; count: number }> {
  return read(path_set(JSON.stringify(doc), path, JSON.stringify(value)));
}

/** A class being graded: the runs it needs, then the report. */
export class Grading {
  private readonly g: WasmGrading;
  private constructor(g: WasmGrading) {
    this.g = g;
  }

  /** Read the CSV against the assignment; the assignment's problems if it is not sound. */
  static start(
    a: unknown,
    scenarios: Record<string, unknown>,
    csv: string,
  ): Grading | { problems: Problem[] } {
    try {
      return new Grading(new WasmGrading(JSON.stringify(a), JSON.stringify(scenarios), csv));
    } catch (e) {
      const r = read<never>(e instanceof Error ? e.message : String(e));
      return 'problems' in r ? r : { problems: [] };
    }
  }

  /** The scenario JSON of every run needed, each distinct one once. */
  jobs(): string[] {
    const n = this.g.job_count();
    return Array.from({ length: n }, (_, i) => this.g.job(i));
  }

  done(i: number, summaryJson: string): void {
    this.g.done(i, summaryJson);
  }

  failed(i: number, message: string): void {
    this.g.failed(i, message);
  }

  report(): Outcome<Graded> {
    return read(this.g.report());
  }

  free(): void {
    this.g.free();
  }
}
