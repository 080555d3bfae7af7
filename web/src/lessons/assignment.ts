// The assignment format (docs/lessons.md), the same as wasm/cli/src/assignment/mod.rs: which
// scenarios, how each student's variant is drawn, what is locked or hidden, and the questions
// with the metric and tolerance each is checked against.
import { parsePath, setPath } from './path';
import type { Variant } from './variant';

export const ASSIGNMENT_FORMAT = 'tcplab-assignment/1';

export interface Tolerance {
  abs?: number;
  rel?: number;
}

export interface Question {
  id: string;
  prompt: string;
  scenario?: string;
  metric: string;
  scale?: number;
  unit?: string;
  tolerance: Tolerance;
  predict?: boolean;
  points?: number;
}

export interface VariantParam {
  scenario?: string;
  path: string;
  values: unknown[];
}

export interface Assignment {
  format: string;
  id: string;
  title: string;
  /** Name → a content/scenarios name, or a whole scenario object. */
  scenarios: Record<string, string | Record<string, unknown>>;
  variants?: { seed?: { min: number; max: number }; params?: VariantParam[] };
  controls?: string[];
  locked?: string[];
  hidden?: string[];
  questions: Question[];
}

const KEYS = [
  'format',
  'id',
  'title',
  'scenarios',
  'variants',
  'controls',
  'locked',
  'hidden',
  'questions',
];
const Q_KEYS = [
  'id',
  'prompt',
  'scenario',
  'metric',
  'scale',
  'unit',
  'tolerance',
  'predict',
  'points',
];

function fail(msg: string): never {
  throw new Error(`assignment: ${msg}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown, name: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    fail(`${name} must be a list of paths`);
  return v;
}

/** Check an untrusted assignment (from a file or a link) and return it typed. */
export function parseAssignment(v: unknown): Assignment {
  if (!isRecord(v)) fail('not an object');
  for (const k of Object.keys(v)) if (!KEYS.includes(k)) fail(`unknown field '${k}'`);
  if (v.format !== ASSIGNMENT_FORMAT) fail(`format must be "${ASSIGNMENT_FORMAT}"`);
  if (typeof v.id !== 'string' || v.id === '') fail('id must be a non-empty string');
  if (typeof v.title !== 'string') fail('title must be a string');
  if (!isRecord(v.scenarios) || Object.keys(v.scenarios).length === 0) fail('no scenarios');
  for (const [name, s] of Object.entries(v.scenarios)) {
    if (typeof s !== 'string' && !isRecord(s))
      fail(`scenario '${name}' must be a name or an object`);
  }
  const scenarios = v.scenarios as Assignment['scenarios'];
  const variants = v.variants;
  if (variants !== undefined) {
    if (!isRecord(variants)) fail('variants must be an object');
    const seed = variants.seed;
    if (seed !== undefined) {
      if (!isRecord(seed) || !Number.isSafeInteger(seed.min) || !Number.isSafeInteger(seed.max)) {
        fail('variants.seed needs whole min and max');
      }
      if ((seed.min as number) < 0 || (seed.min as number) > (seed.max as number))
        fail('variants.seed.min exceeds max');
    }
    const params = variants.params ?? [];
    if (!Array.isArray(params)) fail('variants.params must be a list');
    for (const p of params) {
      if (
        !isRecord(p) ||
        typeof p.path !== 'string' ||
        !Array.isArray(p.values) ||
        p.values.length === 0
      ) {
        fail('each variant needs a path and a non-empty list of values');
      }
      parsePath(p.path);
    }
  }
  if (!Array.isArray(v.questions)) fail('questions must be a list');
  const ids = new Set<string>();
  const first = Object.keys(scenarios).sort()[0];
  for (const q of v.questions as unknown[]) {
    if (!isRecord(q)) fail('a question must be an object');
    for (const k of Object.keys(q)) if (!Q_KEYS.includes(k)) fail(`question: unknown field '${k}'`);
    if (typeof q.id !== 'string' || q.id === '') fail('a question needs an id');
    if (ids.has(q.id)) fail(`question id '${q.id}' twice`);
    ids.add(q.id);
    if (typeof q.prompt !== 'string' || typeof q.metric !== 'string')
      fail(`question '${q.id}' needs a prompt and a metric`);
    const tol = q.tolerance;
    if (!isRecord(tol) || (typeof tol.abs !== 'number' && typeof tol.rel !== 'number')) {
      fail(`question '${q.id}' has no tolerance`);
    }
    const sc = typeof q.scenario === 'string' ? q.scenario : first;
    if (sc === undefined || !Object.hasOwn(scenarios, sc))
      fail(`question '${q.id}' names no scenario '${sc}'`);
    const colon = q.metric.indexOf(':');
    parsePath(colon >= 0 ? q.metric.slice(colon + 1) : q.metric);
  }
  strings(v.controls, 'controls');
  strings(v.locked, 'locked');
  strings(v.hidden, 'hidden');
  return v as unknown as Assignment;
}

/** The scenario a question is checked against: its own, or the first by name. */
export function questionScenario(a: Assignment, q: Question): string {
  return q.scenario ?? Object.keys(a.scenarios).sort()[0] ?? '';
}

export function questionPoints(q: Question): number {
  return q.predict ? 0 : (q.points ?? 1);
}

/** The scenario a student runs: a copy of the base with the variant's seed and values. */
export function applyVariant(
  name: string,
  base: Record<string, unknown>,
  v: Variant,
): Record<string, unknown> {
  const s = structuredClone(base);
  if (v.seed !== null) s.seed = v.seed;
  for (const { param, value } of v.params) {
    if (param.scenario !== undefined && param.scenario !== name) continue;
    const n = setPath(s, parsePath(param.path), value);
    if (n === 0 && param.scenario !== undefined) {
      throw new Error(`variant path '${param.path}' reaches nothing in '${name}'`);
    }
  }
  return s;
}
