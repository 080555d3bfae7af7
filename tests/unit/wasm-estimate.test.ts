// Node-WASM: the work estimate of the wasm facade (estimate()) — the same numbers as the native
// `tcplab validate --json`, a warning level for long runs and a refusal at duration_s above the cap.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGolden } from '../golden/golden';
import { buildCli, CLI, readRepoFile, runProcess } from './helpers/repo';
import { estimate, Simulation, validate } from './helpers/wasm';

const reply = (json: string) => estimate(json);
const golden = Object.entries(loadGolden());

interface DefaultScenario {
  duration_s: number;
  topology: { links: { rate_bps: number }[] };
}

function defaultWith(edit: (s: DefaultScenario) => void): string {
  const s = JSON.parse(readRepoFile('content/scenarios/default.json')) as DefaultScenario;
  edit(s);
  return JSON.stringify(s);
}

describe('estimate() in wasm', () => {
  beforeAll(() => buildCli(), 600_000);

  it.each(golden)('gives the native CLI’s estimate for %s', (_name, entry) => {
    const native = runProcess(CLI, ['validate', entry.scenario, '--json']);
    expect(native.status).toBe(0);
    const wasm = reply(readRepoFile(entry.scenario));
    expect(wasm.errors).toEqual([]);
    expect(wasm.estimate).toEqual(JSON.parse(native.stdout));
  });

  it('warns about a long run and still lets it start', () => {
    const long = defaultWith((s) => {
      s.duration_s = 60;
      s.topology.links[0]!.rate_bps = 40e9;
      s.topology.links[1]!.rate_bps = 10e9;
    });
    const r = reply(long);
    expect(r.errors).toEqual([]);
    expect(r.estimate?.level).toBe('warn');
    expect(r.estimate?.message).toMatch(/a long run/);
    expect(validate(long)).toEqual([]);
    expect(r.estimate?.notice?.code).toBe('long_run');
  });

  it('refuses a run above the cap, at duration_s, with a duration that fits', () => {
    const huge = defaultWith((s) => {
      s.duration_s = 3600;
      s.topology.links[0]!.rate_bps = 40e9;
      s.topology.links[1]!.rate_bps = 10e9;
    });
    const r = reply(huge);
    expect(r.estimate?.level).toBe('refuse');
    expect(r.errors).toEqual([r.estimate?.notice]);
    expect(r.errors[0]?.code).toBe('too_many_events');
    expect(r.errors[0]?.message).toBe(r.estimate?.message);
    expect(r.errors[0]?.message).toMatch(/shorten duration_s to at most \d+ s/);
    expect(validate(huge)).toEqual(r.errors);
    expect(() => new Simulation(huge)).toThrow(/duration_s/);
  });

  it('has no estimate for a scenario with field errors', () => {
    expect(reply('{"version": 1')).toEqual({
      errors: [
        {
          code: 'json_syntax',
          path: expect.any(String),
          params: { detail: expect.any(String) },
          message: expect.stringMatching(/malformed JSON/),
        },
      ],
      estimate: null,
    });
  });
});
