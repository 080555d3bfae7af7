// No lesson gives away its answers. For every lesson and every variant (every combination of its
// variant values, and several students' seeds), each scored question's answer is computed from a
// native run, and no number written anywhere a student reads (the prose in every language,
// including the discussion shown after answering, and the prompts, hints and units) may be an
// answer the grader would accept (a number written with another unit than the answer's is
// not taken for it; numbers inside math are a formula's constants). Predictions are left out: they are not scored, and the prose
// rightly names a link's rate beside a question asking how close the flow gets to it.
// (tests/e2e/answers.spec.ts checks what the page shows after a run.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import './helpers/wasm';
import {
  LESSON_IDS,
  PROSE_LANGS,
  lessonProse,
  loadAssignment,
  resolveScenarios,
} from '../../web/src/lessons/catalog';
import type { Assignment, Text } from '../../web/src/sim/boundary';
import { keyVariants, lessonState, studentView } from '../../web/src/sim/grader';
import type { AssignedRun } from '../../web/src/sim/grader';
import { buildCli, CLI, runProcess } from './helpers/repo';

const dir = mkdtempSync(join(tmpdir(), 'tcplab-noanswers-'));
const cache = new Map<string, Record<string, unknown>>();

function cliSummary(scenario: unknown): Record<string, unknown> {
  const text = JSON.stringify(scenario);
  const hit = cache.get(text);
  if (hit) return hit;
  const file = join(dir, `s${cache.size}.json`);
  writeFileSync(file, text);
  const r = runProcess(CLI, ['run', file]);
  if (r.status !== 0) throw new Error(r.stderr);
  const s = JSON.parse(r.stdout) as Record<string, unknown>;
  cache.set(text, s);
  return s;
}

/** A number a text states, and the unit written after it (if any). */
export interface Stated {
  value: number;
  unit: string | null;
}

const UNITS = [
  'ms',
  'µs',
  's',
  'Gb/s',
  'Mb/s',
  'kb/s',
  'b/s',
  '%',
  'packets',
  'packet',
  'segments',
  'segment',
  'bytes',
  'byte',
  'MB',
  'KB',
  'kB',
  'GB',
  'B',
];
/** Units as the Japanese lessons write them (katakana), read as the English ones. */
const UNITS_JA: Record<string, string> = {
  バイト: 'bytes',
  パケット: 'packets',
  セグメント: 'segments',
};

/**
 * Every number a text states as a value, with its unit: `20 Mb/s`, `40.6 ms`, `0,5`, `1e-5`,
 * `100 000`. Not the numbers that name something (an RFC, a year, a figure, equation, table or
 * section) nor those inside math (`$…$`), which are a formula's constants.
 */
export function numbersIn(text: string): Stated[] {
  const out: Stated[] = [];
  const values = text
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/\$[^$]*\$/g, ' ')
    .replace(/\b(RFC|Fig\.|Figs\.|eq\.|Eq\.|Table|§)\s*\d+(\.\d+)*/g, ' ')
    .replace(
      /(?<![\d.])(19|20)\d\d(?![\d.])(?!\s*(ms|s|Mb|kb|Gb|b\/s|packets|segments|bytes))/g,
      ' ',
    );
  const number =
    /(?<![\w.])(\d{1,3}(?:[ \u202f]\d{3})+|\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?)(?:[\s-]*([A-Za-zµ%/\u30a0-\u30ff]+))?/g;
  for (const m of values.matchAll(number)) {
    const x = Number((m[1] ?? '').replace(/[ \u202f]/g, '').replace(',', '.'));
    const word = m[2] ?? '';
    const unit =
      UNITS.find((u) => word === u || word.startsWith(`${u}.`) || word.startsWith(`${u},`)) ??
      UNITS_JA[word] ??
      null;
    if (Number.isFinite(x)) out.push({ value: x, unit });
  }
  return out;
}

/** The unit a question's answer is in (English), or null. */
function unitOf(t: Text | null | undefined): string | null {
  const u = texts(t)[0];
  return u ? u : null;
}

function texts(t: Text | null | undefined): string[] {
  if (t === null || t === undefined) return [];
  return typeof t === 'string' ? [t] : Object.values(t).filter((x): x is string => !!x);
}

/** Everything a student reads of a lesson, in every language. */
function readable(id: string, a: Assignment): string {
  const parts: string[] = [];
  for (const lang of PROSE_LANGS) parts.push(lessonProse(id, lang)?.text ?? '');
  parts.push(...texts(a.title));
  for (const q of a.questions) parts.push(...texts(q.prompt), ...texts(q.hint), ...texts(q.unit));
  return parts.join('\n');
}

/** The scenarios of every variant to check: each combination of values, and some students. */
function variantsOf(a: Assignment): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const k = keyVariants(a, resolveScenarios(a));
  if ('ok' in k)
    for (const v of k.ok)
      out.push(Object.fromEntries(v.scenarios.map((s) => [s.name, s.scenario])));
  for (const student of ['s01', 's02', 'alice']) {
    const v = studentView(a, resolveScenarios(a), student);
    if ('ok' in v) out.push(Object.fromEntries(v.ok.scenarios.map((s) => [s.name, s.scenario])));
  }
  return out;
}

beforeAll(() => buildCli(), 300_000);

describe('no lesson states an answer', () => {
  it('finds the numbers a text states as values, with their units', () => {
    expect(numbersIn('40.6 ms, 0,5 and 3/4; x2 is not one; 2048 packets, 1 in 100 000')).toEqual([
      { value: 40.6, unit: 'ms' },
      { value: 0.5, unit: null },
      { value: 3, unit: null },
      { value: 4, unit: null },
      { value: 2048, unit: 'packets' },
      { value: 1, unit: null },
      { value: 100000, unit: null },
    ]);
    expect(numbersIn('1460 バイトのセグメント')).toEqual([{ value: 1460, unit: 'bytes' }]);
    expect(
      numbersIn('RFC 5681 (Mathis et al. 1997), Fig. 3.9, eq. 3.44: $\\tfrac{3}{4} W_{max} = 88$'),
    ).toEqual([]);
  });

  it.each(LESSON_IDS)('%s', { timeout: 600_000 }, (id) => {
    const a = loadAssignment(id);
    if (!a) throw new Error(`no lesson ${id}`);
    const stated = numbersIn(readable(id, a));
    const scored = a.questions.filter((q) => !q.predict);
    for (const scenarios of variantsOf(a)) {
      const runs: Record<string, AssignedRun> = {};
      for (const [name, s] of Object.entries(scenarios)) {
        const summary = cliSummary(s);
        runs[name] = { summary, trace_hash: String(summary.trace_hash) };
      }
      for (const q of scored) {
        // A number with another unit than the answer's (20 Mb/s for a delay in ms) is not it.
        const unit = unitOf(q.unit);
        const numbers = new Set(
          stated.filter((n) => n.unit === null || n.unit === unit).map((n) => n.value),
        );
        for (const x of numbers) {
          const s = lessonState(a, '', { [q.id]: String(x) }, runs);
          if (!('ok' in s)) throw new Error(JSON.stringify(s.problems));
          const c = s.ok.questions.find((y) => y.id === q.id)?.check;
          expect(
            c?.verdict,
            `${id}: the text says ${x}, an accepted answer to ${q.id} (${c?.expected}) in a variant`,
          ).not.toBe('correct');
        }
      }
    }
  });
});
