// The page words the grader's problems itself (web/src/i18n/problems.ts): its English must be
// the grader's (tests/fixtures/lessons/problems.json, written by the Rust test of every code),
// Japanese must have every code of the published boundary schema, and boundary.ts must be what
// json-schema-to-typescript makes of that schema.
import { describe, expect, it } from 'vitest';
import { boundaryToTs } from '../../scripts/lib/schema-ts.mjs';
import { PROBLEM_WORDS, problemText } from '../../web/src/i18n/problems';
import type { Problem } from '../../web/src/sim/boundary';
import { readRepoFile } from './helpers/repo';

const schema = JSON.parse(readRepoFile('web/src/sim/boundary.schema.json')) as {
  $defs: { ProblemCode: { oneOf?: { const: string }[]; enum?: string[] } };
};
const def = schema.$defs.ProblemCode;
const codes = [...(def.enum ?? []), ...(def.oneOf ?? []).map((o) => o.const)];

describe('problem words', () => {
  it('the English says what the grader says, for every code', () => {
    const cases = JSON.parse(readRepoFile('tests/fixtures/lessons/problems.json')) as {
      problem: Problem;
      english: string;
    }[];
    expect(new Set(cases.map((c) => c.problem.code))).toEqual(new Set(codes));
    for (const c of cases) expect(problemText(c.problem, 'en'), c.problem.code).toBe(c.english);
  });

  it('Japanese has every code, and says it in Japanese', () => {
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      const say = (PROBLEM_WORDS.ja as Record<string, unknown>)[code];
      expect(typeof say, code).toBe('function');
      const text = problemText({ code: code as Problem['code'], path: '', params: {} }, 'ja');
      expect(/[\u3040-\u30ff\u4e00-\u9fff]/.test(text), `${code}: ${text}`).toBe(true);
    }
  });

  it('web/src/sim/boundary.ts is regenerated identically (run `npm run gen:schema` if not)', async () => {
    const fresh = await boundaryToTs(readRepoFile('web/src/sim/boundary.schema.json'));
    expect(readRepoFile('web/src/sim/boundary.ts')).toBe(fresh);
  });
});
