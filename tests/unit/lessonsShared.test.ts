// The page's checker, variants, metric paths and result codes against the shared fixtures in
// tests/fixtures/lessons (computed by an independent implementation; the grader in
// wasm/cli/src/assignment must reproduce the same fixtures).
import { describe, expect, it } from 'vitest';
import { metricValue, parseAnswer, within } from '../../web/src/lessons/check';
import { decodeResultCode, encodeResultCode } from '../../web/src/lessons/resultCode';
import { deriveVariant, fnv1a64, SplitMix64 } from '../../web/src/lessons/variant';
import type { Assignment, Tolerance } from '../../web/src/lessons/assignment';
import { readRepoFile } from './helpers/repo';

const fixture = <T>(name: string): T =>
  JSON.parse(readRepoFile(`tests/fixtures/lessons/${name}`)) as T;

describe('variants', () => {
  it('FNV-1a 64 and SplitMix64 match their published vectors', () => {
    expect(fnv1a64('')).toBe(0xcbf29ce484222325n);
    expect(fnv1a64('a')).toBe(0xaf63dc4c8601ec8cn);
    expect(fnv1a64('foobar')).toBe(0x85944171f73967e8n);
    const r = new SplitMix64(1234567n);
    expect(r.next()).toBe(6457827717110365317n);
    expect(r.next()).toBe(3203168211198807973n);
  });

  it('derive the shared fixture seed and values for every student', () => {
    const f = fixture<{
      cases: {
        assignment: Pick<Assignment, 'id' | 'variants'>;
        student: string;
        seed: number | null;
        values: unknown[];
      }[];
    }>('variants.json');
    expect(f.cases.length).toBeGreaterThanOrEqual(20);
    for (const c of f.cases) {
      const v = deriveVariant(c.assignment, c.student);
      expect(v.seed, `${c.assignment.id}/${c.student}`).toBe(c.seed);
      expect(v.params.map((p) => p.value)).toEqual(c.values);
    }
  });

  it('give different students different variants, and ignore spaces around the id', () => {
    const a = { id: 'x', variants: { seed: { min: 1, max: 1_000_000 } } };
    expect(deriveVariant(a, 's01').seed).not.toBe(deriveVariant(a, 's02').seed);
    expect(deriveVariant(a, ' s01 ').seed).toBe(deriveVariant(a, 's01').seed);
  });
});

describe('metrics', () => {
  it('evaluate every fixture path, and refuse the bad ones', () => {
    const f = fixture<{
      summary: unknown;
      cases: { metric: string; value?: number; error?: boolean }[];
    }>('metrics.json');
    for (const c of f.cases) {
      if (c.value === undefined) {
        expect(() => metricValue(f.summary, c.metric), c.metric).toThrow();
      } else {
        const got = metricValue(f.summary, c.metric);
        expect(Math.abs(got - c.value), c.metric).toBeLessThanOrEqual(
          1e-12 * Math.max(1, Math.abs(c.value)),
        );
      }
    }
  });
});

describe('checker', () => {
  it('accepts and rejects as the fixture says', () => {
    const f = fixture<{
      within: { answer: number | null; expected: number; tolerance: Tolerance; correct: boolean }[];
      parse: { text: string; value: number | null }[];
    }>('checker.json');
    for (const c of f.within) {
      expect(within(c.answer ?? NaN, c.expected, c.tolerance), JSON.stringify(c)).toBe(c.correct);
    }
    for (const c of f.parse) expect(parseAnswer(c.text), c.text).toBe(c.value);
  });
});

describe('result codes', () => {
  const f = fixture<{
    good: {
      code: string;
      assignment: string;
      student: string;
      answers: Record<string, number>;
      hashes: Record<string, string>;
    }[];
    bad: string[];
  }>('codes.json');

  it('decode the fixture codes, and encode them back to the same content', () => {
    for (const c of f.good) {
      const d = decodeResultCode(c.code);
      expect(d).toEqual({
        assignment: c.assignment,
        student: c.student,
        answers: c.answers,
        hashes: c.hashes,
      });
      expect(decodeResultCode(encodeResultCode(d))).toEqual(d);
    }
    // Without exponents the text is identical too (JSON number formats differ only there).
    expect(encodeResultCode(decodeResultCode(f.good[0]?.code ?? ''))).toBe(f.good[0]?.code);
  });

  it('refuse damaged codes', () => {
    for (const b of f.bad) expect(() => decodeResultCode(b), b).toThrow();
  });
});
