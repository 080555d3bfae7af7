// The Papers view's data: content/papers/report.json (written by `tcplab papers`) has a row for
// every result of every paper data file, each with a verdict, and every row's button opens a
// scenario the simulator accepts; and every paper (title, reference, notes) and every row has
// its Japanese text (content/papers/ja), with the same numbers as the English, chosen by the
// reader's language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAPERS, experimentScenario, paperText, resultText } from '../../web/src/papers/report';
import { validate } from './helpers/wasm';

const dir = join(__dirname, '../../content/papers');
const files = readdirSync(dir).filter((f) => /^\d+\.json$/.test(f));

describe('the Papers view', () => {
  it('shows every paper data file and every result in it, in order', () => {
    expect(PAPERS.map((p) => `${p.paper}.json`)).toEqual(files.sort());
    for (const p of PAPERS) {
      const data = JSON.parse(readFileSync(join(dir, `${p.paper}.json`), 'utf8')) as {
        results: { id: string }[];
      };
      expect(p.results.map((r) => r.id)).toEqual(data.results.map((r) => r.id));
    }
  });

  it('gives each row a verdict and opens a valid scenario', () => {
    for (const p of PAPERS) {
      for (const r of p.results) {
        expect(['reproduced', 'direction', 'not_reproduced']).toContain(r.verdict);
        expect(r.open, `${p.paper}/${r.id}`).not.toBeNull();
        if (!r.open) continue;
        const s = experimentScenario(r.open);
        expect(typeof s, `${p.paper}/${r.id}: ${String(s)}`).toBe('object');
        expect(validate(JSON.stringify(s)), `${p.paper}/${r.id}`).toEqual([]);
      }
    }
  });

  it('gives every paper and every row its Japanese text, with the same numbers', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
    const numbers = (s: string): string[] => s.match(/\d+(?:\.\d+)?/g) ?? [];
    for (const p of PAPERS) {
      expect(p.ja.title, p.paper).toMatch(japanese);
      const data = JSON.parse(readFileSync(join(dir, 'ja', `${p.paper}.json`), 'utf8')) as {
        results: Record<string, unknown>;
      };
      expect(Object.keys(data.results).sort(), p.paper).toEqual(p.results.map((r) => r.id).sort());
      for (const r of p.results) {
        const at = `${p.paper}/${r.id}`;
        expect(r.ja.claim, at).toMatch(japanese);
        expect(r.ja.why, at).toMatch(japanese);
        for (const k of ['where', 'paper', 'lab'] as const)
          expect(r.ja[k], `${at} ${k}`).not.toBe('');
        // The lab column is filled from the same runs: every number the English shows, the
        // Japanese shows too (it may add one, as in "各 2 台" for "two hosts each").
        const ja = numbers(r.ja.lab);
        for (const n of numbers(r.lab)) {
          const i = ja.indexOf(n);
          expect(i, `${at}: ${n} of "${r.lab}" is not in "${r.ja.lab}"`).toBeGreaterThanOrEqual(0);
          ja.splice(i, 1);
        }
      }
    }
  });

  it('gives every paper its reference and notes in both languages, from the data files', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
    for (const p of PAPERS) {
      const read = (f: string) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as { cite: string; notes: string };
      const en = read(`${p.paper}.json`);
      const ja = read(`ja/${p.paper}.json`);
      expect(p.notes, p.paper).toBe(en.notes.trim());
      expect(p.ja.notes, p.paper).toBe(ja.notes.trim());
      expect(p.ja.cite, p.paper).toBe(ja.cite);
      expect(p.ja.notes, p.paper).toMatch(japanese);
      expect(p.ja.cite, p.paper).toMatch(japanese);
    }
  });

  it("shows a paper and its rows in the reader's language", () => {
    const p = PAPERS[0];
    const r = p?.results[0];
    if (!p || !r) throw new Error('the report has no paper with a result');
    expect(paperText(p, 'ja')).toEqual(p.ja);
    expect(paperText(p, 'ja').notes).not.toBe(p.notes);
    expect(paperText(p, 'en')).toMatchObject({ title: p.title, cite: p.cite, notes: p.notes });
    expect(resultText(r, 'ja')).toBe(r.ja);
    expect(resultText(r, 'en').claim).toBe(r.claim);
  });

  it('says why a row cannot be opened instead of opening something else', () => {
    const e = { run: 'x', scenario: 'no-such-preset', set: {}, seed: null };
    expect(experimentScenario(e)).toMatch(/not in content\/scenarios/);
    const first = PAPERS[0]?.results[0]?.open;
    if (first) {
      const bad = { ...first, set: { 'nothing.here': 1 } };
      expect(experimentScenario(bad)).toMatch(/reaches nothing/);
    }
  });
});
