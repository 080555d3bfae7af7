// The sweep file (public/schema/sweep.v1.json, docs/sweeps.md), the one format of the page,
// the CLI (`tcplab sweep`) and the Python package: read and planned in the page as the CLI
// plans it (the same points in the same order, the same scenario at each), and written from a
// sweep the page ran. Pure: no workers, no React.
import { isSingle, parseSweepPath, selectAt, setAtPath } from './sweepPath';
import type { Segment } from './sweepPath';
import type { FieldError } from '../sim/protocol';
import { problemText, SWEEP_FILE_PROBLEMS } from './sweepFileProblems';
import type { SweepFileProblem } from './sweepFileProblems';

export const SWEEP_FILE_VERSION = 1;
/** The most points one sweep file may hold (the CLI's cap, `batch::plan::MAX_POINTS`). */
export const MAX_SWEEP_POINTS = 100_000;
/** The metrics of a file that names none (the CLI's `DEFAULT_METRICS`). */
export const DEFAULT_SWEEP_METRICS = [
  'flows[0].goodput_bps',
  'flows[0].retransmitted_segments',
  'flows[0].timeouts',
  'flows[0].mean_cwnd_segments',
  'jain_index',
];

type Json = unknown;
type JsonObject = Record<string, Json>;

export interface SweepRange {
  from: number;
  to: number;
  points: number;
  scale?: 'linear' | 'log';
  integer?: boolean;
}

export interface SweepCase {
  label: string;
  set: JsonObject;
}

export interface SweepParameter {
  name: string;
  path?: string;
  values?: Json[];
  range?: SweepRange;
  cases?: SweepCase[];
}

export interface SweepFile {
  $schema?: string;
  version: 1;
  name?: string;
  description?: string;
  /** A path relative to the sweep file, or the scenario itself. */
  scenario: string | JsonObject;
  parameters?: SweepParameter[];
  seeds?: number[];
  metrics?: string[];
}

/** What is wrong with a sweep file, and where (`parameters[1].range.points`): `detail` in the
 * CLI's words, `problem` for the page to say it in the reader's language. */
export class SweepFileError extends Error {
  readonly detail: string;
  constructor(
    readonly path: string,
    readonly problem: SweepFileProblem,
  ) {
    const detail = problemText(SWEEP_FILE_PROBLEMS, problem);
    super(path ? `${path}: ${detail}` : detail);
    this.detail = detail;
    this.name = 'SweepFileError';
  }
}

/** One run of a sweep: its number, one cell per parameter, the seed and the scenario. */
export interface SweepFilePoint {
  index: number;
  cells: string[];
  seed: number;
  scenario: JsonObject;
}

/** A sweep file read and checked: its points, made on demand in the CLI's order. */
export interface SweepFilePlan {
  file: SweepFile;
  /** The parameter names (the CSV's columns after `point`). */
  names: string[];
  /** The metric paths (the CSV's columns after `seed`). */
  metrics: string[];
  count: number;
  point(index: number): SweepFilePoint;
}

interface Level {
  cell: string;
  sets: [Segment[], Json][];
}

const isObject = (v: Json): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
type Problems = typeof SWEEP_FILE_PROBLEMS;
function fail<K extends keyof Problems>(
  path: string,
  key: K,
  ...args: Parameters<Problems[K]>
): never {
  throw new SweepFileError(path, { key, args } as SweepFileProblem);
}

function only(obj: JsonObject, at: string, keys: readonly string[]): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) {
      fail(at ? `${at}.${k}` : k, 'unknownField', k, keys.join(', '));
    }
  }
}

/** The numbers of a range, as `batch::plan::range_values` makes them. */
export function rangeValues(r: SweepRange): number[] {
  const n = r.points;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = n === 1 ? 0 : i / (n - 1);
    let v =
      r.scale === 'log'
        ? Math.exp(Math.log(r.from) + f * (Math.log(r.to) - Math.log(r.from)))
        : r.from + f * (r.to - r.from);
    // Whole numbers, or six significant digits (`format!("{v:.5e}")` in the CLI).
    v = r.integer ? Math.round(v) : Number(v.toExponential(5));
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/** A value's cell: strings as themselves, everything else as JSON. */
const cellOf = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

function path(text: Json, at: string): Segment[] {
  if (typeof text !== 'string') return fail(at, 'notAPath');
  const p = parseSweepPath(text);
  return typeof p === 'string' ? fail(at, 'badPath', p) : p;
}

function checkName(name: Json, at: string): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(name)) {
    return fail(at, 'badName', String(name));
  }
  if (name === 'point' || name === 'seed' || name === 'trace_hash') {
    return fail(at, 'reservedName', name);
  }
  return name;
}

function number(v: Json, at: string): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fail(at, 'notFinite');
}

function levelsOf(p: Json, at: string): Level[] {
  if (!isObject(p)) return fail(at, 'notParameter');
  only(p, at, ['name', 'path', 'values', 'range', 'cases']);
  const given = ['values', 'range', 'cases'].filter((k) => p[k] !== undefined && p[k] !== null);
  if (given.length !== 1) return fail(at, 'oneOfValues');
  if (p.cases !== undefined && p.cases !== null) {
    if (p.path !== undefined && p.path !== null) {
      fail(`${at}.path`, 'casesWithPath');
    }
    if (!Array.isArray(p.cases)) return fail(`${at}.cases`, 'notCases');
    if (p.cases.length === 0) fail(`${at}.cases`, 'noCases');
    return p.cases.map((c: Json, i) => {
      const cat = `${at}.cases[${i}]`;
      if (!isObject(c)) return fail(cat, 'notCase');
      only(c, cat, ['label', 'set']);
      if (typeof c.label !== 'string' || c.label === '' || /[\r\n]/.test(c.label)) {
        fail(`${cat}.label`, 'badLabel');
      }
      if (!isObject(c.set)) return fail(`${cat}.set`, 'notSet');
      // The CLI's `set` is a sorted map: its paths apply in sorted order.
      const keys = Object.keys(c.set).sort();
      return {
        cell: String(c.label),
        sets: keys.map((k): [Segment[], Json] => [path(k, `${cat}.set`), (c.set as JsonObject)[k]]),
      };
    });
  }
  if (p.path === undefined || p.path === null) {
    return fail(`${at}.path`, 'noPath');
  }
  const target = path(p.path, `${at}.path`);
  let values: Json[];
  if (p.values !== undefined && p.values !== null) {
    if (!Array.isArray(p.values)) return fail(`${at}.values`, 'notValues');
    if (p.values.length === 0) fail(`${at}.values`, 'noValues');
    values = p.values;
  } else {
    const r = p.range;
    const rat = `${at}.range`;
    if (!isObject(r)) return fail(rat, 'notRange');
    only(r, rat, ['from', 'to', 'points', 'scale', 'integer']);
    const from = number(r.from, `${rat}.from`);
    const to = number(r.to, `${rat}.to`);
    const points = r.points;
    if (
      typeof points !== 'number' ||
      !Number.isInteger(points) ||
      points < 0 ||
      points > 2 ** 32 - 1
    ) {
      fail(`${rat}.points`, 'notWhole');
    }
    if (points === 0) fail(`${rat}.points`, 'noPoints');
    const scale = r.scale ?? 'linear';
    if (scale !== 'linear' && scale !== 'log') fail(`${rat}.scale`, 'badScale');
    if (scale === 'log' && (from <= 0 || to <= 0)) {
      fail(`${rat}.scale`, 'logNotPositive');
    }
    if (r.integer !== undefined && typeof r.integer !== 'boolean') {
      fail(`${rat}.integer`, 'notBoolean');
    }
    values = rangeValues({
      from,
      to,
      points: points as number,
      scale: scale as 'linear' | 'log',
      integer: r.integer === true,
    });
  }
  return values.map((v) => ({ cell: cellOf(v), sets: [[target, v]] }));
}

/**
 * Read and check a sweep file's text, as `tcplab sweep` does before it runs anything; a
 * problem throws a SweepFileError naming the field. `scenarioNamed` finds a scenario the file
 * names by path (the page has the lab's own, content/scenarios, by file name); `validate`
 * checks each parameter's values and every point's scenario with the scenario validator.
 */
export function readSweepFile(
  text: string,
  scenarioNamed: (name: string) => JsonObject | null,
  validate?: (scenarioJson: string) => FieldError[],
): SweepFilePlan {
  let doc: Json;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return fail('', 'notJson', e instanceof Error ? e.message : String(e));
  }
  if (!isObject(doc)) return fail('', 'notObject');
  only(doc, '', [
    '$schema',
    'version',
    'name',
    'description',
    'scenario',
    'parameters',
    'seeds',
    'metrics',
  ]);
  if (doc.version !== SWEEP_FILE_VERSION) {
    fail('version', 'badVersion', SWEEP_FILE_VERSION);
  }
  for (const k of ['name', 'description', '$schema']) {
    if (doc[k] !== undefined && doc[k] !== null && typeof doc[k] !== 'string') fail(k, 'notString');
  }
  let base: JsonObject;
  if (typeof doc.scenario === 'string') {
    const name = doc.scenario.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
    base = scenarioNamed(name) ?? fail('scenario', 'unknownScenario', doc.scenario);
  } else if (isObject(doc.scenario)) {
    base = structuredClone(doc.scenario);
  } else {
    return fail('scenario', 'notScenario');
  }
  const check = (s: JsonObject): string | null => {
    const errs = validate?.(JSON.stringify(s)) ?? [];
    return errs.length === 0
      ? null
      : errs.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  };
  const baseProblem = check(base);
  if (baseProblem) fail('scenario', 'badBase', baseProblem);
  const baseSeed = typeof base.seed === 'number' ? base.seed : 0;

  const params = doc.parameters ?? [];
  if (!Array.isArray(params)) return fail('parameters', 'notParameters');
  const names: string[] = [];
  const levels: Level[][] = [];
  params.forEach((p: Json, i) => {
    const at = `parameters[${i}]`;
    const name = checkName(isObject(p) ? p.name : undefined, `${at}.name`);
    if (names.includes(name)) fail(`${at}.name`, 'sameName', name);
    names.push(name);
    levels.push(levelsOf(p, at));
  });

  let seeds: (number | null)[] = [null];
  if (doc.seeds !== undefined && doc.seeds !== null) {
    if (!Array.isArray(doc.seeds)) return fail('seeds', 'notSeeds');
    if (doc.seeds.length === 0) fail('seeds', 'noSeeds');
    doc.seeds.forEach((s: Json, i) => {
      if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s > 2 ** 32 - 1) {
        fail(`seeds[${i}]`, 'badSeed');
      }
    });
    seeds = doc.seeds as number[];
  }

  const metricList = doc.metrics ?? DEFAULT_SWEEP_METRICS;
  if (!Array.isArray(metricList)) return fail('metrics', 'notMetrics');
  const metrics: string[] = [];
  metricList.forEach((m: Json, i) => {
    const at = `metrics[${i}]`;
    if (!isSingle(path(m, at))) {
      fail(at, 'severalValues', String(m));
    }
    if (names.includes(m as string) || metrics.includes(m as string))
      fail(at, 'sameColumn', String(m));
    metrics.push(m as string);
  });

  const count = levels.reduce((n, l) => n * l.length, seeds.length);
  if (count > MAX_SWEEP_POINTS) {
    fail('parameters', 'tooManyPoints', count, MAX_SWEEP_POINTS);
  }

  // Each level on its own over the base: a path into nothing or a refused value, where it is written.
  levels.forEach((ls, p) => {
    const param = params[p] as SweepParameter;
    ls.forEach((level, l) => {
      const s = structuredClone(base);
      for (const [segs, v] of level.sets) {
        if (setAtPath(s, segs, v) === 0) {
          const text = param.cases
            ? (Object.keys(param.cases[l]?.set ?? {}).find(
                (k) => JSON.stringify(parseSweepPath(k)) === JSON.stringify(segs),
              ) ?? '')
            : (param.path ?? '');
          fail(
            param.cases ? `parameters[${p}].cases[${l}].set` : `parameters[${p}].path`,
            'reachesNothing',
            text,
          );
        }
      }
      const problem = check(s);
      if (problem) {
        const at = param.cases
          ? `parameters[${p}].cases[${l}]`
          : param.range
            ? `parameters[${p}].range`
            : `parameters[${p}].values[${l}]`;
        fail(at, 'valueGives', level.cell, problem);
      }
    });
  });

  const point = (index: number): SweepFilePoint => {
    let rest = index;
    const seed = seeds[rest % seeds.length] ?? null;
    rest = Math.floor(rest / seeds.length);
    const chosen = levels.map(() => 0);
    for (let i = levels.length - 1; i >= 0; i--) {
      const n = (levels[i] as Level[]).length;
      chosen[i] = rest % n;
      rest = Math.floor(rest / n);
    }
    const s = structuredClone(base);
    const cells: string[] = [];
    levels.forEach((ls, i) => {
      const level = ls[chosen[i] as number] as Level;
      for (const [segs, v] of level.sets) setAtPath(s, segs, v);
      cells.push(level.cell);
    });
    if (seed !== null) s.seed = seed;
    return { index, cells, seed: seed ?? baseSeed, scenario: s };
  };
  if (validate) {
    for (let i = 0; i < count; i++) {
      const p = point(i);
      const problem = check(p.scenario);
      if (problem) {
        const describe = [...names.map((n, k) => `${n}=${p.cells[k]}`), `seed=${p.seed}`].join(
          ', ',
        );
        fail('parameters', 'pointGives', i, describe, problem);
      }
    }
  }
  return { file: doc as unknown as SweepFile, names, metrics, count, point };
}

/** The CSV header of a sweep (`tcplab sweep`'s): point, the parameters, seed, the metrics, trace_hash. */
export function sweepCsvHeader(plan: Pick<SweepFilePlan, 'names' | 'metrics'>): string {
  return ['point', ...plan.names, 'seed', ...plan.metrics, 'trace_hash'].map(csvField).join(',');
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A metric's value in a run summary (the first value its path reaches; null for none). */
export function metricValue(summary: Json, metric: string): Json {
  const p = parseSweepPath(metric);
  return typeof p === 'string' ? null : (selectAt(summary, p)[0] ?? null);
}
