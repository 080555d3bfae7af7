// Validation field paths → controls, alone and with the real wasm validator.
import { describe, expect, it } from 'vitest';
import { CONTROL_KEYS, controlsFromScenario } from '../../web/src/scenario/controls';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { controlForPath } from '../../web/src/scenario/fieldPaths';
import { checkForm } from '../../web/src/scenario/formCheck';
import type { ControlTexts } from '../../web/src/scenario/formCheck';
import { parseErrorsJson } from '../../web/src/sim/errors';
import { validate } from './helpers/wasm';

const texts = (patch: Partial<ControlTexts> = {}): ControlTexts => {
  const v = controlsFromScenario(DEFAULT_SCENARIO);
  const base = Object.fromEntries(CONTROL_KEYS.map((k) => [k, String(v[k])])) as ControlTexts;
  return { ...base, ...patch };
};
const wasmValidate = (json: string) => parseErrorsJson(validate(json)) ?? [];

describe('controlForPath', () => {
  it.each([
    ['duration_s', 'durationS'],
    ['sample_interval_ms', 'durationS'],
    ['topology.links[1].rate_bps', 'rateMbps'],
    ['topology.links[0].rate_bps', null],
    ['topology.links[0].delay_ms', 'rttMs'],
    ['topology.links[1].delay_ms', 'rttMs'],
    ['topology.links[0].mtu_bytes', 'mtuBytes'],
    ['topology.links[1].queue', 'bufferPackets'],
    ['topology.links[1].queue.limit_packets', 'bufferPackets'],
    ['topology.links[0].queue.limit_packets', null],
    ['topology.links[7].delay_ms', 'rttMs'],
    ['flows[0].src', null],
    ['version', null],
    ['', null],
    ['?', null],
  ])('%s → %s', (path, key) => {
    expect(controlForPath(path, DEFAULT_SCENARIO)).toBe(key);
  });
});

describe('checkForm with the wasm validator', () => {
  it('passes the default settings and yields the default scenario', () => {
    const f = checkForm(DEFAULT_SCENARIO, texts(), wasmValidate);
    expect(f.byControl).toEqual({});
    expect(f.general).toEqual([]);
    expect(f.scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('reports local problems, and still validates the other controls', () => {
    const seen: string[] = [];
    const f = checkForm(
      DEFAULT_SCENARIO,
      texts({ rateMbps: '-5', bufferPackets: 'x', mtuBytes: '40' }),
      (json) => {
        seen.push(json);
        return wasmValidate(json);
      },
    );
    expect(f.byControl.rateMbps).toEqual({ kind: 'local', problem: 'notPositive' });
    expect(f.byControl.bufferPackets).toEqual({ kind: 'local', problem: 'notNumber' });
    expect(f.byControl.mtuBytes).toMatchObject({ kind: 'validator' });
    expect(f.scenario).toBeNull();
    // The locally bad controls were validated at the default scenario's values.
    const checked = JSON.parse(seen[0] ?? '{}');
    expect(checked.topology.links[1].rate_bps).toBe(20e6);
    expect(checked.topology.links[1].queue.limit_packets).toBe(50);
  });

  it('fails when only local checks fail', () => {
    const f = checkForm(DEFAULT_SCENARIO, texts({ durationS: '' }), wasmValidate);
    expect(f.byControl).toEqual({ durationS: { kind: 'local', problem: 'empty' } });
    expect(f.scenario).toBeNull();
  });

  it('cannot pass before the validator is loaded', () => {
    expect(checkForm(DEFAULT_SCENARIO, texts(), null).scenario).toBeNull();
  });

  it.each([
    ['mtuBytes', '40', /between 68 and 65535/],
    ['mtuBytes', '70000', /between 68 and 65535/],
    ['rttMs', '30000', /between 0 and 10000/],
    ['rateMbps', '2000000', /between 1 and/],
    ['rateMbps', '0.0000001', /between 1 and/],
    ['bufferPackets', '20000000', /between 1 and 10000000/],
    ['bufferPackets', '5000000000', /u32/],
    ['durationS', '7200', /at most 3600/],
  ] as const)('%s = %s is placed next to its control', (key, text, message) => {
    const f = checkForm(DEFAULT_SCENARIO, texts({ [key]: text }), wasmValidate);
    expect(f.scenario).toBeNull();
    expect(Object.keys(f.byControl)).toEqual([key]);
    const issue = f.byControl[key];
    expect(issue?.kind).toBe('validator');
    expect(issue?.kind === 'validator' && issue.message).toMatch(message);
  });

  it('lists errors that belong to no control as general', () => {
    const base = structuredClone(DEFAULT_SCENARIO);
    const flow = base.flows[0];
    if (!flow) throw new Error('default scenario has no flow');
    flow.src = 'nowhere';
    const f = checkForm(base, texts(), wasmValidate);
    expect(f.byControl).toEqual({});
    expect(f.general.map((e) => e.path)).toContain('flows[0].src');
    expect(f.scenario).toBeNull();
  });
});
