/* Generated from web/src/sim/boundary.schema.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types (listed in wasm/cli/src/boundary.rs) and run `npm run gen:schema`. */

export type Comparison = 'ratio' | 'difference';
export type Text =
  | string
  | {
      [k: string]: string | undefined;
    };
/**
 * One problem's code. The page has an English and a Japanese sentence for every code (a
 * test reads this list from the published schema and checks both dictionaries).
 */
export type ProblemCode =
  | 'json_syntax'
  | 'unknown_field'
  | 'missing_field'
  | 'wrong_type'
  | 'wrong_format'
  | 'bad_id'
  | 'no_scenarios'
  | 'bad_scenario_name'
  | 'scenario_not_found'
  | 'seed_range'
  | 'no_values'
  | 'variant_reaches_nothing'
  | 'duplicate_question'
  | 'no_tolerance'
  | 'bad_number'
  | 'unknown_scenario'
  | 'no_english'
  | 'path_empty'
  | 'path_unclosed'
  | 'path_empty_selector'
  | 'path_empty_name'
  | 'unknown_aggregate'
  | 'unknown_comparison'
  | 'metric_missing'
  | 'metric_not_number'
  | 'metric_many'
  | 'division_by_zero'
  | 'not_number'
  | 'out_of_range'
  | 'student_empty'
  | 'student_too_long'
  | 'code_prefix'
  | 'code_no_checksum'
  | 'code_checksum'
  | 'code_payload'
  | 'code_other_assignment'
  | 'code_other_student'
  | 'csv_empty'
  | 'csv_no_student_column'
  | 'csv_missing_columns'
  | 'csv_unclosed_quote'
  | 'csv_short_row'
  | 'csv_no_student'
  | 'csv_duplicate_student'
  | 'run_failed'
  | 'trace_mismatch'
  | 'no_run';
/**
 * What became of one answer.
 */
export type Verdict =
  ('correct' | 'wrong') | 'missing' | 'not_number' | 'out_of_range' | 'no_expected';
/**
 * Which elements of a list a segment picks. The page reads parsed paths to name settings
 * and metrics in words.
 */
export type Selector =
  | {
      kind: 'all';
    }
  | {
      index: number;
      kind: 'index';
    }
  | {
      key: string;
      kind: 'field';
      value: string;
    }
  | {
      direction: string;
      id: string;
      kind: 'id_direction';
    }
  | {
      id: string;
      kind: 'id';
    };

/**
 * The root: one field per type, so that each is a named definition.
 */
export interface Boundary {
  assignment: Assignment;
  graded: Graded;
  key_variants: KeyVariant[];
  lesson_state: LessonState;
  path_set: PathSet;
  problem: Problem;
  problem_code: ProblemCode;
  segments: Segment[];
  student_view: StudentView;
}
export interface Assignment {
  /**
   * Scenario paths a widget shows as settings.
   */
  controls?: string[];
  format: string;
  /**
   * Controls not shown (a hidden variant parameter is not named to the student either).
   */
  hidden?: string[];
  /**
   * Letters, digits, `-` and `_`; it picks the variants (with the student id), so two
   * assignments with one id give every student the same variant.
   */
  id: string;
  /**
   * Of the controls, those shown but not editable. Settings a variant sets are locked too.
   */
  locked?: string[];
  questions: Question[];
  /**
   * Name → a content/scenarios name (string) or a whole scenario (object). Ordered by name.
   */
  scenarios: {
    [k: string]: unknown | undefined;
  };
  title: Text;
  variants?: Variants;
}
export interface Question {
  /**
   * Checked against `metric` compared with another metric (of another run, say).
   */
  compare?: Compare | null;
  /**
   * Shown on request beside the question.
   */
  hint?: Text | null;
  /**
   * Letters, digits, `-` and `_` (a CSV column is named after it).
   */
  id: string;
  /**
   * A path into the run summary, optionally with an aggregate (`mean:flows[*].goodput_bps`).
   */
  metric: string;
  points?: number | null;
  /**
   * A prediction made before the run: shown beside the result, not scored.
   */
  predict?: boolean;
  prompt: Text;
  /**
   * Expected answer = metric × scale (b/s → Mb/s is 1e-6).
   */
  scale?: number | null;
  /**
   * The scenario whose run it is checked against; the first (by name) when absent.
   */
  scenario?: string | null;
  tolerance: Tolerance;
  unit?: Text | null;
}
/**
 * `metric` ÷ (or −) this metric, each from its own scenario's run: "how many times longer
 * was the queueing delay with DropTail than with CoDel?".
 */
export interface Compare {
  by: Comparison;
  metric: string;
  scenario?: string | null;
}
export interface Tolerance {
  abs?: number | null;
  rel?: number | null;
}
export interface Variants {
  params?: VariantParam[];
  seed?: SeedRange | null;
}
export interface VariantParam {
  path: string;
  /**
   * The scenario it applies to; every scenario of the assignment when absent.
   */
  scenario?: string | null;
  values: unknown[];
}
export interface SeedRange {
  max: number;
  min: number;
}
/**
 * The report and its files.
 */
export interface Graded {
  files: GradeFiles;
  report: Report;
}
/**
 * The grade files of a report.
 */
export interface GradeFiles {
  /**
   * Canvas's gradebook layout: `Student, ID, SIS User ID, SIS Login ID, Section,
   * <assignment>`, the student id as the SIS Login ID.
   */
  canvas: string;
  /**
   * `student, seed, <q>_got, <q>_expected, <q>_correct …, score, max_score,
   * trace_match, note`: everything, one row per student.
   */
  full: string;
  /**
   * `student, <question id> …, score`: points per scored question.
   */
  per_question: string;
  /**
   * `student, score`: for a gradebook's import (Moodle maps the two columns; a
   * spreadsheet pastes them).
   */
  scores: string;
}
/**
 * A class graded.
 */
export interface Report {
  assignment: string;
  max_score: number;
  /**
   * Problems of the whole file (a missing column, a file cut off).
   */
  problems: Problem[];
  questions: ReportQuestion[];
  rows: ReportRow[];
}
/**
 * A problem: its code, where it is, and the values its sentence names.
 */
export interface Problem {
  code: ProblemCode;
  /**
   * Name → value, as a JSON object (kept as a list: a map type of its own would cost
   * the page's WASM more than it saves).
   */
  params: {
    [k: string]: string | undefined;
  };
  /**
   * A field path in the assignment (`questions[2].tolerance`), a place in the CSV
   * (`line 4, code`), or empty for the whole input.
   */
  path: string;
}
/**
 * One question, as the report's columns name it.
 */
export interface ReportQuestion {
  id: string;
  points: number;
  predict: boolean;
}
/**
 * One student's grading.
 */
export interface ReportRow {
  /**
   * One per question, in the assignment's order.
   */
  answers: Checked[];
  /**
   * The CSV line the row starts on.
   */
  line: number;
  problems: Problem[];
  score: number;
  seed?: number | null;
  student: string;
  /**
   * Whether every run in the result code is this student's variant; null without a code.
   */
  trace_match?: boolean | null;
}
/**
 * One answer checked: the verdict, the answer as read, the expected value (when there is
 * one) and the problem behind a verdict other than correct or wrong.
 */
export interface Checked {
  answer?: number | null;
  expected?: number | null;
  problem?: Problem | null;
  verdict: Verdict;
}
/**
 * One combination of the variant parameters' values (the seed left as the scenario's).
 */
export interface KeyVariant {
  params: VariantChoice[];
  scenarios: AssignedScenario[];
}
/**
 * One variant parameter as the student meets it.
 */
export interface VariantChoice {
  /**
   * The assignment hides this setting: the student is not told it.
   */
  hidden: boolean;
  path: string;
  /**
   * The scenario it applies to; all when absent.
   */
  scenario?: string | null;
  value: unknown;
}
/**
 * One of the assignment's scenarios as the student runs it.
 */
export interface AssignedScenario {
  /**
   * The controls shown but not editable: the assignment's locked ones and those a
   * variant parameter sets.
   */
  locked: string[];
  name: string;
  /**
   * The scenario with the variant applied.
   */
  scenario: {
    [k: string]: unknown | undefined;
  };
}
/**
 * The state of a lesson's answers.
 */
export interface LessonState {
  /**
   * The result code to hand in; null while the student id cannot hand in.
   */
  code?: string | null;
  /**
   * The hand-in as a CSV the grader reads: `student, code, <question id> …`, one row.
   */
  csv?: string | null;
  max_score: number;
  /**
   * One per question, in the assignment's order.
   */
  questions: QuestionState[];
  score: number;
}
/**
 * One question's state.
 */
export interface QuestionState {
  check: Checked1;
  id: string;
  max?: number | null;
  /**
   * What the answer may be: `[min, max]`, either absent when unbounded.
   */
  min?: number | null;
  /**
   * The places its metric reads in the runs there are: the page shows no number at
   * these places until the question is answered.
   */
  places: Place[];
  /**
   * The scenario whose run it is checked against (a prediction is asked in its widget).
   */
  scenario: string;
}
/**
 * One answer checked: the verdict, the answer as read, the expected value (when there is
 * one) and the problem behind a verdict other than correct or wrong.
 */
export interface Checked1 {
  answer?: number | null;
  expected?: number | null;
  problem?: Problem | null;
  verdict: Verdict;
}
/**
 * A place in a scenario's run summary (`flows[1].goodput_bps`).
 */
export interface Place {
  place: string;
  scenario: string;
}
/**
 * A document with a path set (path.rs: every place it reaches, a missing last key created).
 */
export interface PathSet {
  /**
   * How many places were set (0: the path reaches nothing).
   */
  count: number;
  document: unknown;
}
export interface Segment {
  key: string;
  selector?: Selector | null;
}
/**
 * A student's own variant of an assignment.
 */
export interface StudentView {
  params: VariantChoice[];
  problems: Problem[];
  /**
   * The assignment's scenarios, by name.
   */
  scenarios: AssignedScenario[];
  seed?: number | null;
  /**
   * The id normalised (student.rs): what the variant and the result code use.
   */
  student: string;
  /**
   * Why the id cannot hand in (empty, too long); the page still shows the lesson.
   */
  student_problem?: Problem | null;
}
