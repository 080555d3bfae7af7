// The sweep file (public/schema/sweep.v1.json, docs/sweeps.md), the one format of the page,
// the CLI (`tcplab sweep`) and the Python package: read and planned in the page as the CLI
// plans it (the same points in the same order, the same scenario at each), and written from a
// sweep the page ran. Pure: no workers, no React.
import { isSingle, parseSweepPath, selectAt, setAtPath } from './sweepPath';
import type { Segment } from './sweepPath';
import type { FieldError } from '../sim/protocol';

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

/** What is wrong with a sweep file, and where (`parameters[1].range.points`). */
export class SweepFileError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(path ? `${path}: ${detail}` : detail);
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
const fail = (path: string, detail: string): never => {
  throw new SweepFileError(path, detail);
};

function only(obj: JsonObject, at: string, keys: readonly string[]): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) {
      fail(at ? `${at}.${k}` : k, `unknown field '${k}', expected one of ${keys.join(', ')}`);
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
  if (typeof text !== 'string') return fail(at, 'expected a field path (a string)');
  const p = parseSweepPath(text);
  return typeof p === 'string' ? fail(at, p) : p;
}

function checkName(name: Json, at: string): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(name)) {
    return fail(at, `'${String(name)}': use letters, digits, '_', '-' or '.'`);
  }
  if (name === 'point' || name === 'seed' || name === 'trace_hash') {
    return fail(at, `'${name}' is a column tcplab writes`);
  }
  return name;
}

function number(v: Json, at: string): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fail(at, 'expected a finite number');
}

function levelsOf(p: Json, at: string): Level[] {
  if (!isObject(p))
    return fail(at, 'expected an object with name and path and values, range or cases');
  only(p, at, ['name', 'path', 'values', 'range', 'cases']);
  const given = ['values', 'range', 'cases'].filter((k) => p[k] !== undefined && p[k] !== null);
  if (given.length !== 1) return fail(at, 'give exactly one of values, range or cases');
  if (p.cases !== undefined && p.cases !== null) {
    if (p.path !== undefined && p.path !== null) {
      fail(`${at}.path`, 'cases name their own paths in set; leave path out');
    }
    if (!Array.isArray(p.cases)) return fail(`${at}.cases`, 'expected a list of cases');
    if (p.cases.length === 0) fail(`${at}.cases`, 'an empty list: give at least one case');
    return p.cases.map((c: Json, i) => {
      const cat = `${at}.cases[${i}]`;
      if (!isObject(c)) return fail(cat, 'expected an object with label and set');
      only(c, cat, ['label', 'set']);
      if (typeof c.label !== 'string' || c.label === '' || /[\r\n]/.test(c.label)) {
        fail(`${cat}.label`, 'give a one-line label');
      }
      if (!isObject(c.set)) return fail(`${cat}.set`, 'expected an object of field path → value');
      // The CLI's `set` is a sorted map: its paths apply in sorted order.
      const keys = Object.keys(c.set).sort();
      return {
        cell: String(c.label),
        sets: keys.map((k): [Segment[], Json] => [path(k, `${cat}.set`), (c.set as JsonObject)[k]]),
      };
    });
  }
  if (p.path === undefined || p.path === null) {
    return fail(`${at}.path`, 'give the scenario field that takes the values');
  }
  const target = path(p.path, `${at}.path`);
  let values: Json[];
  if (p.values !== undefined && p.values !== null) {
    if (!Array.isArray(p.values)) return fail(`${at}.values`, 'expected a list of values');
    if (p.values.length === 0) fail(`${at}.values`, 'an empty list: give at least one value');
    values = p.values;
  } else {
    const r = p.range;
    const rat = `${at}.range`;
    if (!isObject(r)) return fail(rat, 'expected an object with from, to and points');
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
      fail(`${rat}.points`, 'expected a whole number');
    }
    if (points === 0) fail(`${rat}.points`, 'an empty range: give at least 1 point');
    const scale = r.scale ?? 'linear';
    if (scale !== 'linear' && scale !== 'log') fail(`${rat}.scale`, "expected 'linear' or 'log'");
    if (scale === 'log' && (from <= 0 || to <= 0)) {
      fail(`${rat}.scale`, 'a log scale needs from and to above 0');
    }
    if (r.integer !== undefined && typeof r.integer !== 'boolean') {
      fail(`${rat}.integer`, 'expected true or false');
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
    return fail('', `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isObject(doc)) return fail('', 'a sweep file is a JSON object');
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
    fail('version', `this tcplab reads sweep files of version ${SWEEP_FILE_VERSION}`);
  }
  for (const k of ['name', 'description', '$schema']) {
    if (doc[k] !== undefined && doc[k] !== null && typeof doc[k] !== 'string')
      fail(k, 'expected a string');
  }
  let base: JsonObject;
  if (typeof doc.scenario === 'string') {
    const name = doc.scenario.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
    base =
      scenarioNamed(name) ??
      fail(
        'scenario',
        `'${doc.scenario}' is not one of the lab's scenarios: put the scenario object itself in the file`,
      );
  } else if (isObject(doc.scenario)) {
    base = structuredClone(doc.scenario);
  } else {
    return fail('scenario', 'expected a scenario path or a scenario object');
  }
  const check = (s: JsonObject): string | null => {
    const errs = validate?.(JSON.stringify(s)) ?? [];
    return errs.length === 0
      ? null
      : errs.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  };
  const baseProblem = check(base);
  if (baseProblem) fail('scenario', `the base scenario: ${baseProblem}`);
  const baseSeed = typeof base.seed === 'number' ? base.seed : 0;

  const params = doc.parameters ?? [];
  if (!Array.isArray(params)) return fail('parameters', 'expected a list of parameters');
  const names: string[] = [];
  const levels: Level[][] = [];
  params.forEach((p: Json, i) => {
    const at = `parameters[${i}]`;
    const name = checkName(isObject(p) ? p.name : undefined, `${at}.name`);
    if (names.includes(name)) fail(`${at}.name`, `'${name}' names two parameters`);
    names.push(name);
    levels.push(levelsOf(p, at));
  });

  let seeds: (number | null)[] = [null];
  if (doc.seeds !== undefined && doc.seeds !== null) {
    if (!Array.isArray(doc.seeds)) return fail('seeds', 'expected a list of seeds');
    if (doc.seeds.length === 0)
      fail('seeds', 'an empty list: give at least one seed, or leave seeds out');
    doc.seeds.forEach((s: Json, i) => {
      if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s > 2 ** 32 - 1) {
        fail(`seeds[${i}]`, 'expected a whole number from 0 to 4294967295');
      }
    });
    seeds = doc.seeds as number[];
  }

  const metricList = doc.metrics ?? DEFAULT_SWEEP_METRICS;
  if (!Array.isArray(metricList)) return fail('metrics', 'expected a list of summary paths');
  const metrics: string[] = [];
  metricList.forEach((m: Json, i) => {
    const at = `metrics[${i}]`;
    if (!isSingle(path(m, at))) {
      fail(at, `'${String(m)}' names several values: pick one by index or id, such as flows[0]`);
    }
    if (names.includes(m as string) || metrics.includes(m as string))
      fail(at, `'${String(m)}' is already a column`);
    metrics.push(m as string);
  });

  const count = levels.reduce((n, l) => n * l.length, seeds.length);
  if (count > MAX_SWEEP_POINTS) {
    fail(
      'parameters',
      `${count} points is over the cap of ${MAX_SWEEP_POINTS} per sweep file: split the sweep into several files`,
    );
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
            `'${text}' reaches no field of the scenario`,
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
        fail(at, `${level.cell} gives ${problem}`);
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
        fail('parameters', `point ${i} (${describe}): ${problem}`);
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
