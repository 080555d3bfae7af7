// The sweep file in the page: a sweep the page runs, exported, is the same runs for the CLI
// (same points, scenarios and trace hashes); the lab's sweep files (content/sweeps) import and
// plan as the CLI plans them; bad files name the field.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { presetScenario } from '../../web/src/scenario/presets';
import { applySweep, sweepGrid } from '../../web/src/scenario/sweep';
import type { SweepSpec } from '../../web/src/scenario/sweep';
import { exportSweep, scenarioDiff } from '../../web/src/scenario/sweepExport';
import { SWEEP_FILE_PROBLEMS_JA } from '../../web/src/i18n/sweepFileProblems';
import { readSweepFile, rangeValues, SweepFileError } from '../../web/src/scenario/sweepFile';
import { problemText, SWEEP_FILE_PROBLEMS } from '../../web/src/scenario/sweepFileProblems';
import type { Scenario } from '../../web/src/scenario/types';
import { buildCli, CLI, readRepoFile, ROOT, runProcess } from './helpers/repo';
import { Simulation, validate } from './helpers/wasm';

type Obj = Record<string, unknown>;
const check = (json: string) => validate(json) ?? [];
const contentScenario = (name: string): Obj | null => {
  try {
    return JSON.parse(readRepoFile(`content/scenarios/${name}.json`)) as Obj;
  } catch {
    return null;
  }
};
const spec = (patch: Partial<SweepSpec>): SweepSpec => ({
  param: 'mtu',
  from: 500,
  to: 9000,
  points: 4,
  log: false,
  linkIndex: 1,
  flowIndex: 0,
  algorithms: ['newreno', 'cubic'],
  metric: 'goodput',
  ...patch,
});
const short = (s: Scenario, duration = 0.3): Scenario => ({
  ...structuredClone(s),
  duration_s: duration,
});

/** The page's points for a sweep: x values and the scenario it runs at each. */
function pagePoints(base: Scenario, sp: SweepSpec) {
  const xs = sp.param === 'algorithm' ? [...sp.algorithms] : sweepGrid(sp);
  // An RTT sweep runs delay factors; any factors will do for the file's shape.
  return xs.map((x, i) => ({
    x,
    scenario: applySweep(base, sp, sp.param === 'rtt' ? 0.5 + i : x),
  }));
}

function traceHash(s: unknown): string {
  const sim = new Simulation(JSON.stringify(s));
  for (;;) if (sim.advance(sim.now_ns() + 1e9, Infinity)) break;
  const h = sim.trace_hash();
  sim.free();
  return h;
}

const SPECS: Partial<SweepSpec>[] = [
  { param: 'mtu', from: 1000, to: 9000, points: 3 },
  { param: 'rtt', from: 10, to: 100, points: 3 },
  { param: 'buffer', from: 5, to: 200, points: 3 },
  { param: 'loss', from: 0.001, to: 0.05, points: 3, log: true },
  { param: 'rate', from: 5, to: 50, points: 3 },
  { param: 'flows', from: 1, to: 3, points: 3, metric: 'totalGoodput' },
  { param: 'algorithm', metric: 'jain' },
];

describe('a sweep exported from the page', () => {
  it.each(SPECS.map((p) => [p.param as string, p] as const))(
    '%s: the file plans the scenarios the page runs, point for point',
    (_, patch) => {
      const sp = spec(patch);
      const base = presetScenario('lanHost') ?? DEFAULT_SCENARIO;
      const points = pagePoints(base, sp);
      const file = exportSweep(base, sp, points, base.topology.links[1]?.id ?? '');
      const plan = readSweepFile(JSON.stringify(file), contentScenario, check);
      expect(plan.count).toBe(points.length);
      for (let i = 0; i < points.length; i++) {
        const p = plan.point(i);
        expect(p.cells).toEqual([String(points[i]?.x)]);
        expect(scenarioDiff(points[i]?.scenario, p.scenario)).toEqual([]);
      }
    },
  );

  it('writes a field set to the x value as path and values, and anything else as cases', () => {
    const base = DEFAULT_SCENARIO;
    const rate = exportSweep(
      base,
      spec({ param: 'rate' }),
      pagePoints(base, spec({ param: 'rate' })),
      'x',
    );
    expect(rate.parameters?.[0]).toMatchObject({ name: 'rate_mbps' });
    expect(rate.parameters?.[0]?.cases?.[0]?.set).toEqual({ 'topology.links[1].rate_bps': 500e6 });
    const mtu = exportSweep(base, spec({}), pagePoints(base, spec({})), 'x');
    expect(mtu.parameters?.[0]).toEqual({
      name: 'mtu_bytes',
      path: 'topology.links[*].mtu_bytes',
      values: [500, 3333, 6167, 9000],
    });
    const cc = exportSweep(
      base,
      spec({ param: 'algorithm' }),
      pagePoints(base, spec({ param: 'algorithm' })),
      'x',
    );
    expect(cc.parameters?.[0]).toEqual({
      name: 'cc',
      path: 'flows[0].cc',
      values: ['newreno', 'cubic'],
    });
    expect(cc.metrics?.[0]).toBe('flows[0].goodput_bps');
    expect(cc.scenario).toEqual(base);
  });

  describe('run by the CLI', () => {
    beforeAll(buildCli, 600_000);
    it('gives the rows of the page: the same points, cells and trace hashes', () => {
      const dir = mkdtempSync(join(tmpdir(), 'tcplab-sweepfile-'));
      const base = short(DEFAULT_SCENARIO);
      for (const patch of [SPECS[2], SPECS[5], SPECS[6]] as Partial<SweepSpec>[]) {
        const sp = spec(patch);
        const points = pagePoints(base, sp);
        const f = join(dir, `${sp.param}.json`);
        writeFileSync(f, JSON.stringify(exportSweep(base, sp, points, 'bottleneck')));
        const r = runProcess(CLI, ['sweep', f]);
        expect(r.status, r.stderr).toBe(0);
        const rows = r.stdout
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(','));
        expect(rows.map((c) => c[1])).toEqual(points.map((p) => String(p.x)));
        expect(rows.map((c) => c[c.length - 1])).toEqual(points.map((p) => traceHash(p.scenario)));
      }
    }, 600_000);
  });
});

describe("the lab's sweep files", () => {
  const files = readdirSync(join(ROOT, 'content', 'sweeps')).filter((f) => f.endsWith('.json'));

  it.each(files)(
    '%s imports: its points in the CLI order, each scenario set as the file says',
    (f) => {
      const text = readRepoFile(`content/sweeps/${f}`);
      const file = JSON.parse(text) as Obj;
      const plan = readSweepFile(text, contentScenario, check);
      const params = file.parameters as { values?: unknown[]; cases?: unknown[]; path?: string }[];
      expect(plan.count).toBe(params.reduce((n, p) => n * (p.values ?? p.cases ?? []).length, 1));
      const last = plan.point(plan.count - 1);
      expect(last.index).toBe(plan.count - 1);
      const lastParam = params[params.length - 1];
      expect(last.cells[last.cells.length - 1]).toBe(
        String(lastParam?.values?.at(-1) ?? last.cells.at(-1)),
      );
    },
  );

  describe('run by the CLI and in the page', () => {
    beforeAll(buildCli, 600_000);
    it('paper000-mtu.json (shortened): the same cells and trace hashes at every point', () => {
      const file = JSON.parse(readRepoFile('content/sweeps/paper000-mtu.json')) as Obj;
      const base = contentScenario('paper000-host') as Obj;
      const inline = { ...file, scenario: { ...base, duration_s: 0.05 } };
      const dir = mkdtempSync(join(tmpdir(), 'tcplab-sweepfile-'));
      const f = join(dir, 'mtu.json');
      writeFileSync(f, JSON.stringify(inline));
      const r = runProcess(CLI, ['sweep', f]);
      expect(r.status, r.stderr).toBe(0);
      const rows = r.stdout.trim().split('\n').slice(1);
      const plan = readSweepFile(JSON.stringify(inline), contentScenario, check);
      expect(rows).toHaveLength(plan.count);
      rows.forEach((row, i) => {
        const p = plan.point(i);
        const cells = row.split(',');
        expect(cells.slice(0, 3)).toEqual([String(i), ...p.cells]);
        expect(cells[3]).toBe(String(p.seed));
        expect(cells[cells.length - 1]).toBe(traceHash(p.scenario));
      });
    }, 600_000);
  });
});

describe('a bad sweep file names the field', () => {
  const base = { version: 1, scenario: DEFAULT_SCENARIO };
  const cases: [string, unknown, string][] = [
    ['not JSON', '{"version": 1,', ''],
    ['a version', { ...base, version: 2 }, 'version'],
    ['an unknown field', { ...base, sweeps: [] }, 'sweeps'],
    ['a scenario the lab lacks', { ...base, scenario: '../scenarios/nosuch.json' }, 'scenario'],
    [
      'an unknown path',
      { ...base, parameters: [{ name: 'x', path: 'topology.linkz[0].mtu_bytes', values: [1500] }] },
      'parameters[0].path',
    ],
    [
      'an empty list',
      { ...base, parameters: [{ name: 'x', path: 'topology.links[0].mtu_bytes', values: [] }] },
      'parameters[0].values',
    ],
    [
      'an empty range',
      {
        ...base,
        parameters: [
          { name: 'r', path: 'topology.links[0].rate_bps', range: { from: 1, to: 2, points: 0 } },
        ],
      },
      'parameters[0].range.points',
    ],
    [
      'a value the scenario refuses',
      {
        ...base,
        parameters: [{ name: 'x', path: 'topology.links[0].mtu_bytes', values: [1500, -3] }],
      },
      'parameters[0].values[1]',
    ],
    [
      'too many points',
      {
        ...base,
        parameters: [
          {
            name: 'x',
            path: 'topology.links[0].mtu_bytes',
            range: { from: 600, to: 9000, points: 400 },
          },
        ],
        seeds: Array.from({ length: 300 }, (_, i) => i),
      },
      'parameters',
    ],
    ['seeds that are not a list', { ...base, seeds: 'many' }, 'seeds'],
    [
      'a metric naming several values',
      { ...base, metrics: ['flows[*].goodput_bps'] },
      'metrics[0]',
    ],
    [
      'a reserved column',
      { ...base, parameters: [{ name: 'seed', path: 'seed', values: [1] }] },
      'parameters[0].name',
    ],
  ];
  it.each(cases)('%s', (_, doc, path) => {
    const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
    let error: unknown = null;
    try {
      readSweepFile(text, contentScenario, check);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SweepFileError);
    const e = error as SweepFileError;
    expect(e.path).toBe(path);
    // The page says it in Japanese too: other words than the English (a problem quoted from
    // the field-path reader keeps that reader's words), and no key without a translation.
    const ja = problemText(SWEEP_FILE_PROBLEMS_JA, e.problem);
    expect(ja).not.toBe('');
    if (e.problem.key !== 'badPath') expect(ja).not.toBe(e.detail);
    expect(e.detail).toBe(problemText(SWEEP_FILE_PROBLEMS, e.problem));
  });

  it('and the CLI names the same field for each', () => {
    buildCli();
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-sweepfile-'));
    for (const [name, doc, path] of cases.slice(1)) {
      if (name === 'a scenario the lab lacks') continue; // the CLI reads paths from disk
      const f = join(dir, 'bad.json');
      writeFileSync(f, JSON.stringify(doc));
      const r = runProcess(CLI, ['sweep', f]);
      expect(r.status, name).toBe(2);
      expect(
        r.stderr.startsWith(path ? `error: ${f}: ${path}: ` : `error: ${f}: `),
        `${name}: ${r.stderr}`,
      ).toBe(true);
    }
  }, 600_000);
});

describe('ranges', () => {
  it('are the CLI’s: linear, log and whole numbers, a repeat dropped', () => {
    expect(rangeValues({ from: 5, to: 80, points: 4, scale: 'log', integer: true })).toEqual([
      5, 13, 32, 80,
    ]);
    expect(rangeValues({ from: 0.001, to: 0.05, points: 3, scale: 'log' })).toEqual([
      0.001, 0.00707107, 0.05,
    ]);
    expect(rangeValues({ from: 1, to: 2, points: 5, integer: true })).toEqual([1, 2]);
  });
});
