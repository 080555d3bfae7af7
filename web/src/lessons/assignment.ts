// The assignment format (docs/lessons.md): its types are the grader's (generated from the Rust
// types, web/src/sim/boundary.ts) and so is its reading (wasm/grade/src/assignment.rs, through
// the wasm module, which must be loaded): the page keeps no rules of its own.
import type { Assignment, Problem } from '../sim/boundary';
import { assignmentProblems } from '../sim/grader';

export type { Assignment, Question, Text, Tolerance } from '../sim/boundary';

export const ASSIGNMENT_FORMAT = 'tcplab-assignment/1';

/** An assignment the grader refused, with its problems (each with a field path). */
export class AssignmentError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.code}` : p.code)).join('; '));
    this.problems = problems;
  }
}

/** Check an untrusted assignment (from a file or a link) and return it typed. */
export function parseAssignment(v: unknown): Assignment {
  const problems = assignmentProblems(v);
  if (problems.length > 0) throw new AssignmentError(problems);
  return v as Assignment;
}
