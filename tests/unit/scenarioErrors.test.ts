// Scenario errors in the reader's language (web/src/i18n/scenarioErrors.ts): every code of the
// published boundary schema has a Japanese template that names only the parameters the code
// documents, real validator errors render in Japanese with their numbers, an unknown code falls
// back to the simulator's English, and English is the simulator's sentence unchanged.
import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';
import { fillTemplate, JA_ERRORS, scenarioErrorText } from '../../web/src/i18n/scenarioErrors';
import type { ErrorCode, ValidationError } from '../../web/src/sim/boundary';
import { validate } from './helpers/wasm';
import { readRepoFile } from './helpers/repo';

const schema = JSON.parse(readRepoFile('web/src/sim/boundary.schema.json')) as {
  $defs: { ErrorCode: { oneOf: { const: string; description: string }[] } };
};
const codes = schema.$defs.ErrorCode.oneOf;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const names = (text: string) => new Set([...text.matchAll(/\{ ?([a-z_]+)\}/g)].map((m) => m[1]));

describe('scenario error messages', () => {
  it('every error code has a Japanese template naming only its documented parameters', () => {
    expect(codes.length).toBeGreaterThan(80);
    expect(Object.keys(JA_ERRORS).sort()).toEqual(codes.map((c) => c.const).sort());
    for (const c of codes) {
      const template = JA_ERRORS[c.const as ErrorCode];
      expect(JAPANESE.test(template), c.const).toBe(true);
      const documented = names(c.description);
      for (const n of names(template)) expect(documented, `${c.const}: {${n}}`).toContain(n);
    }
  });

  it('renders the validator’s errors in Japanese with their numbers and units', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.topology.links[0].delay_ms = -1;
    s.flows[0].dst = 'mars';
    const errors = validate(JSON.stringify(s));
    const byPath = new Map(errors.map((e) => [e.path, e]));
    const delay = byPath.get('topology.links[0].delay_ms')!;
    expect(scenarioErrorText(delay, 'ja')).toBe('0 から 10000 ms の間にしてください（入力: -1）');
    expect(scenarioErrorText(byPath.get('flows[0].dst')!, 'ja')).toBe('ノード「mars」はありません');
    // English is the simulator's own sentence, the one the CLI prints.
    expect(scenarioErrorText(delay, 'en')).toBe('must be between 0 and 10000 ms, got -1');
    expect(en.scenarioError(delay)).toBe(delay.message);
    expect(ja.scenarioError(delay)).toBe(scenarioErrorText(delay, 'ja'));
  });

  it('renders reader errors (wrong type, unknown variant) in Japanese', () => {
    const s = JSON.parse(readRepoFile('content/scenarios/default.json'));
    s.flows[0].cc = 'cubicc';
    const [e] = validate(JSON.stringify(s));
    expect(e?.code).toBe('unknown_variant');
    expect(scenarioErrorText(e!, 'ja')).toMatch(/^「cubicc」は選べません（選べるもの: .*`cubic`/);
  });

  it('falls back to the English message for a code it does not know', () => {
    const future = {
      code: 'from_a_newer_simulator',
      path: 'x',
      params: {},
      message: 'a sentence in English',
    } as unknown as ValidationError;
    expect(scenarioErrorText(future, 'ja')).toBe('a sentence in English');
    expect(scenarioErrorText({ path: '', message: 'page' }, 'ja')).toBe('page');
  });

  it('fills optional parameters with their space, or leaves them out', () => {
    expect(fillTemplate('0{ unit} より', { unit: 'ms' })).toBe('0 ms より');
    expect(fillTemplate('0{ unit} より', {})).toBe('0 より');
  });
});
