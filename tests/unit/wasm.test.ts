// Node-WASM: golden trace hashes, the sim:node script against the native CLI, bad input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGolden } from '../golden/golden';
import { columnOf, findColumn, parseColumns, rowCount } from '../../web/src/sim/rows';
import { thrownErrors } from '../../web/src/sim/errors';
import { buildCli, CLI, readRepoFile, runProcess } from './helpers/repo';
import { Simulation, validate } from './helpers/wasm';

const golden = Object.entries(loadGolden());
const SIM_NODE = 'scripts/sim-node.mjs';

/** Run a scenario to the end in chunks of `chunkS` simulated seconds; return hash and rows. */
function runChunked(json: string, chunkS: number) {
  const sim = new Simulation(json);
  const width = parseColumns(sim.columns()).length;
  let rows = 0;
  let last: Float64Array = new Float64Array(0);
  for (;;) {
    const done = sim.advance(sim.now_ns() + chunkS * 1e9, Infinity);
    const chunk = sim.drain();
    rows += rowCount(chunk, width);
    if (chunk.length > 0) last = chunk;
    if (done) break;
  }
  const out = {
    hash: sim.trace_hash(),
    summary: sim.summary(),
    rows,
    last,
    columns: sim.columns(),
  };
  sim.free();
  return out;
}

describe('golden trace hashes (wasm in Node)', () => {
  it('has at least the default scenario', () => {
    expect(golden.map(([name]) => name)).toContain('default');
  });

  it.each(golden)('%s', (_name, entry) => {
    expect(runChunked(readRepoFile(entry.scenario), 0.25).hash).toBe(entry.trace_hash);
  });

  it('does not depend on how the run is chunked', () => {
    const json = readRepoFile('content/scenarios/default.json');
    const a = runChunked(json, 0.05);
    const b = runChunked(json, 7);
    expect(b.hash).toBe(a.hash);
    expect(b.summary).toBe(a.summary);
    expect(b.rows).toBe(a.rows);
  });

  it('samples the default scenario every 10 ms, 20 s long', () => {
    const { rows, last, columns } = runChunked(readRepoFile('content/scenarios/default.json'), 1);
    const cols = parseColumns(columns);
    expect(rows).toBe(2001);
    const t = columnOf(last, cols.length, findColumn(cols, 'time', '', 't'));
    expect(t[t.length - 1]).toBeCloseTo(20, 9);
  });
});

describe('npm run sim:node', () => {
  beforeAll(() => buildCli(), 600_000);

  it.each(golden)('prints the same summary as the native CLI for %s', (_name, entry) => {
    const native = runProcess(CLI, ['run', entry.scenario]);
    const node = runProcess(process.execPath, [SIM_NODE, entry.scenario]);
    expect(native.status).toBe(0);
    expect(node.status).toBe(0);
    expect(node.stdout).toBe(native.stdout);
    expect(JSON.parse(node.stdout).trace_hash).toBe(entry.trace_hash);
  });

  it('exits 2 with field-path errors for a bad scenario, like the CLI', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-'));
    const file = join(dir, 'bad.json');
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.duration_s = -1;
    s.topology.links[1].rate_bps = 0;
    writeFileSync(file, JSON.stringify(s));
    const node = runProcess(process.execPath, [SIM_NODE, file]);
    const native = runProcess(CLI, ['validate', file]);
    expect(node.status).toBe(2);
    expect(node.stdout).toBe('');
    expect(node.stderr).toContain(`error: ${file}: duration_s: must be greater than 0 s`);
    expect(node.stderr).toContain(
      `error: ${file}: topology.links[1].rate_bps: must be between 1 and`,
    );
    expect(native.status).toBe(2);
    expect(node.stderr).toBe(native.stderr);
  });

  it('exits 2 for malformed JSON and 1 for a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1,');
    const broken = runProcess(process.execPath, [SIM_NODE, file]);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/malformed JSON/);
    expect(runProcess(process.execPath, [SIM_NODE, join(dir, 'missing.json')]).status).toBe(1);
    expect(runProcess(process.execPath, [SIM_NODE]).status).toBe(2);
  });
});

describe('invalid input through the wasm API', () => {
  it('validate() gives errors with field paths', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.topology.links[0].mtu_bytes = 10;
    s.flows[0].dst = 'mars';
    const errors = validate(JSON.stringify(s));
    expect(errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['topology.links[0].mtu_bytes', 'flows[0].dst']),
    );
  });

  it('validate() reports type errors with the path of the field', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.duration_s = 'long';
    expect(validate(JSON.stringify(s))).toEqual([
      {
        code: 'wrong_type',
        path: 'duration_s',
        params: { found: 'string "long"', expected: 'f64' },
        message: 'invalid type: string "long", expected f64',
      },
    ]);
  });

  it('the Simulation constructor throws an Error carrying the typed errors', () => {
    expect(() => new Simulation('{"version":1}')).toThrow(/missing field/);
    let thrown: unknown = null;
    try {
      new Simulation('not json');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    const [first] = thrownErrors(thrown) ?? [];
    expect(first?.code).toBe('json_syntax');
    expect(first?.message).toMatch(/malformed JSON/);
  });

  it('validate() gives a range error its code and numbers', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.topology.links[0].delay_ms = -1;
    expect(validate(JSON.stringify(s))).toEqual([
      {
        code: 'out_of_range',
        path: 'topology.links[0].delay_ms',
        params: { min: 0, max: 10000, value: -1, unit: 'ms' },
        message: 'must be between 0 and 10000 ms, got -1',
      },
    ]);
  });

  it('validate() names the field of a bad recovery, RTO or HyStart setting', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.flows[0].tcp = {
      recovery: 'sackish',
      rto: 'solaris',
      min_rto_ms: 0,
      rack_reordering_window: 5,
    };
    s.flows[0].cc = 'cubic';
    s.flows[0].cc_params = { cubic: { hystart: 'fast' } };
    const paths = (validate(JSON.stringify(s)) ?? []).map((e) => e.path);
    // A bad enum value stops the reader at the first one; fix it and the next is named.
    expect(paths[0]).toMatch(/^flows\[0\]\.(tcp\.(recovery|rto)|cc_params\.cubic\.hystart)$/);
    s.flows[0].tcp = { min_rto_ms: 0, rack_reordering_window: 5 };
    s.flows[0].cc_params = {};
    expect((validate(JSON.stringify(s)) ?? []).map((e) => e.path)).toEqual(
      expect.arrayContaining(['flows[0].tcp.min_rto_ms', 'flows[0].tcp.rack_reordering_window']),
    );
  });

  it('validate() accepts the default scenario', () => {
    expect(validate(readRepoFile('content/scenarios/default.json'))).toEqual([]);
  });
});
