// Every lesson in content/lessons: it loads, its prose in every language refers only to what the
// assignment defines, its scenarios validate for several students, and every question's checker
// (the grader's, through wasm) accepts the reference answer (the run's own metric for a student's
// variant) and rejects a wrong one. Plus the page ↔ grader round trip: a result code made from a
// wasm run is graded by `tcplab grade` with a matching trace.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, validate } from './helpers/wasm';
import {
  LESSON_IDS,
  PROSE_LANGS,
  lessonProse,
  loadAssignment,
  resolveScenarios,
} from '../../web/src/lessons/catalog';
import { allBlocks, lessonBlocks } from '../../web/src/lessons/markdown';
import { draftAssignment, parseValues } from '../../web/src/lessons/teacherDraft';
import type { Assignment } from '../../web/src/sim/boundary';
import { lessonState, studentView } from '../../web/src/sim/grader';
import type { AssignedRun } from '../../web/src/sim/grader';
import { buildCli, CLI, readRepoFile, runProcess } from './helpers/repo';

const dir = mkdtempSync(join(tmpdir(), 'tcplab-lessons-'));
let n = 0;

/** The run summary of a scenario, from the native CLI (the same numbers as the browser's). */
function cliSummary(scenario: unknown): Record<string, unknown> {
  const file = join(dir, `s${n++}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const r = runProcess(CLI, ['run', file]);
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

export function parseCsv(text: string): Record<string, string>[] {
  const [head = '', ...rows] = text.trim().split(/\r?\n/);
  const cols = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i] ?? '', v])));
}

/** The student's assigned scenarios, by name. */
function assigned(a: Assignment, student: string): Record<string, unknown> {
  const v = studentView(a, resolveScenarios(a), student);
  if (!('ok' in v)) throw new Error(JSON.stringify(v.problems));
  expect(v.ok.problems).toEqual([]);
  return Object.fromEntries(v.ok.scenarios.map((s) => [s.name, s.scenario]));
}

beforeAll(() => buildCli(), 300_000);

describe('lessons', () => {
  it('there are at least ten, in reading order', () => {
    expect(LESSON_IDS.length).toBeGreaterThanOrEqual(10);
    expect([...LESSON_IDS].sort()).toEqual(LESSON_IDS);
    for (const p of ['000', '001', '002', '003', '004']) {
      expect(
        LESSON_IDS.some((id) => id.includes(`paper${p}`)),
        p,
      ).toBe(true);
    }
  });

  describe.each(LESSON_IDS)('%s', (id) => {
    it('loads, renders in every language, and refers only to what it defines', () => {
      const a = loadAssignment(id);
      expect(a).not.toBeNull();
      if (!a) return;
      expect(a.id).toBe(id);
      for (const lang of PROSE_LANGS) {
        const prose = lessonProse(id, lang);
        expect(prose, lang).not.toBeNull();
        if (!prose) continue;
        const blocks = allBlocks(lessonBlocks(prose.text));
        expect(
          blocks.some((b) => b.kind === 'html' && b.html.includes('<h1>')),
          lang,
        ).toBe(true);
        const widgets = blocks.flatMap((b) => (b.kind === 'scenario' ? [b.name] : []));
        expect(new Set(widgets), lang).toEqual(new Set(Object.keys(a.scenarios)));
        const asked = blocks.flatMap((b) => (b.kind === 'question' ? [b.id] : []));
        // A discussion shown after answering waits for questions the lesson asks.
        for (const b of blocks)
          if (b.kind === 'after')
            for (const q of b.ids) expect(asked, `${lang} after ${q}`).toContain(q);
        for (const q of asked)
          expect(
            a.questions.map((x) => x.id),
            lang,
          ).toContain(q);
        // Every question is either a prediction (asked inside its widget) or placed in the text.
        for (const q of a.questions)
          expect(q.predict || asked.includes(q.id), `${lang} ${q.id}`).toBe(true);
        // Markdown errors in math show up as KaTeX error spans.
        expect(
          blocks.some((b) => b.kind === 'html' && b.html.includes('katex-error')),
          lang,
        ).toBe(false);
      }
    });

    it('its scenarios validate, for every variant value', () => {
      const a = loadAssignment(id);
      if (!a) return;
      for (const student of ['s01', 's02', 'alice', '山田']) {
        for (const [name, s] of Object.entries(assigned(a, student))) {
          expect(validate(JSON.stringify(s)), `${name}/${student}`).toEqual([]);
        }
      }
    });

    it(
      'every question accepts the reference answer and rejects a wrong one',
      { timeout: 120_000 },
      () => {
        const a = loadAssignment(id);
        if (!a) return;
        const runs: Record<string, AssignedRun> = {};
        for (const [name, s] of Object.entries(assigned(a, 's01'))) {
          const summary = cliSummary(s);
          runs[name] = { summary, trace_hash: String(summary.trace_hash) };
        }
        const empty = lessonState(a, 's01', {}, runs);
        if (!('ok' in empty)) throw new Error(JSON.stringify(empty.problems));
        for (const qs of empty.ok.questions) {
          const q = a.questions.find((x) => x.id === qs.id);
          const ref = qs.check.expected;
          expect(ref, `${qs.id}: ${JSON.stringify(qs.check.problem)}`).toBeTypeOf('number');
          if (!q || typeof ref !== 'number') continue;
          const verdict = (text: string) => {
            const s = lessonState(a, 's01', { [q.id]: text }, runs);
            if (!('ok' in s)) throw new Error('no state');
            return s.ok.questions.find((x) => x.id === q.id)?.check.verdict;
          };
          expect(verdict(String(ref)), `${q.id} reference ${ref}`).toBe('correct');
          const wrong = ref + Math.max(2 * (q.tolerance.abs ?? 0), 0.5 * Math.abs(ref), 1);
          expect(['wrong', 'out_of_range'], `${q.id} wrong ${wrong}`).toContain(
            verdict(String(wrong)),
          );
          expect(verdict('lots')).toBe('not_number');
        }
      },
    );
  });
});

describe('the page and tcplab grade agree', () => {
  it('a result code from a wasm run is graded correct, with its trace matched, natively', () => {
    const a = loadAssignment('01-sawtooth');
    if (!a) throw new Error('no lesson 01');
    const lines = ['student,code'];
    let max = 0;
    const drops = a.questions.find((q) => !q.predict)?.id ?? '';
    for (const student of ['alice', 'Bob']) {
      const runs: Record<string, AssignedRun> = {};
      for (const [name, scenario] of Object.entries(assigned(a, student))) {
        const sim = new Simulation(JSON.stringify(scenario));
        while (!sim.advance(sim.now_ns() + 1e9, Infinity)) sim.drain();
        runs[name] = {
          summary: JSON.parse(sim.summary()) as unknown,
          trace_hash: sim.trace_hash(),
        };
        sim.free();
      }
      const empty = lessonState(a, student, {}, runs);
      if (!('ok' in empty)) throw new Error('no state');
      max = empty.ok.max_score;
      const answers: Record<string, string> = {};
      for (const q of empty.ok.questions) answers[q.id] = String(q.check.expected);
      // Bob hands in one wrong answer.
      if (student === 'Bob') answers[drops] = String(Number(answers[drops]) * 3 + 10);
      const s = lessonState(a, student, answers, runs);
      if (!('ok' in s) || !s.ok.code) throw new Error('no code');
      lines.push(`${student},${s.ok.code}`);
    }
    const csv = join(dir, 'codes.csv');
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const r = runProcess(CLI, ['grade', 'content/lessons/01-sawtooth.json', csv]);
    expect(r.status, r.stderr).toBe(0);
    const [alice, bob] = parseCsv(r.stdout);
    expect(alice?.trace_match).toBe('1');
    expect(alice?.score).toBe(String(max));
    expect(bob?.trace_match).toBe('1');
    expect(bob?.[`${drops}_correct`]).toBe('0');
    expect(Number(bob?.score)).toBeLessThan(max);
  });

  it('an assignment from the teacher view is graded by tcplab grade', () => {
    const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Record<
      string,
      unknown
    >;
    const a = draftAssignment({
      id: 'made-here',
      title: { en: 'Made in the teacher view', ja: '' },
      scenario,
      seeds: { min: 1, max: 9 },
      controls: {
        'topology.links[bottleneck].delay_ms': 'locked',
        duration_s: 'hidden',
        'flows[flow1].cc': 'variant',
      },
      variantValues: { 'flows[flow1].cc': ['newreno', 'cubic'] },
      questions: [
        {
          id: 'g',
          prompt: { en: 'Goodput?', ja: 'グッドプットは?' },
          metric: 'flows[flow1].goodput_bps',
          unit: 'Mb/s',
          tolerance: { rel: 0.01 },
        },
      ],
    });
    expect(a.locked).toEqual(['topology.links[bottleneck].delay_ms']);
    expect(a.hidden).toEqual(['duration_s']);
    expect(a.variants?.params).toEqual([{ path: 'flows[flow1].cc', values: ['newreno', 'cubic'] }]);
    expect(a.questions[0]).toMatchObject({ scale: 1e-6, unit: 'Mb/s', prompt: { en: 'Goodput?' } });
    const file = join(dir, 'made-here.json');
    writeFileSync(file, JSON.stringify(a));
    const v = studentView(a, { main: scenario }, 'carol');
    if (!('ok' in v)) throw new Error('no view');
    const summary = cliSummary(v.ok.scenarios[0]?.scenario);
    const s = lessonState(a, 'carol', {}, { main: { summary, trace_hash: '' } });
    const good = 'ok' in s ? s.ok.questions[0]?.check.expected : null;
    const csv = join(dir, 'answers.csv');
    writeFileSync(csv, `student,g\ncarol,${good}\ndave,1\n`);
    const r = runProcess(CLI, ['grade', file, csv]);
    expect(r.status, r.stderr).toBe(0);
    const [carol, dave] = parseCsv(r.stdout);
    expect(carol?.seed).toBe(String(v.ok.seed));
    expect(carol?.g_correct).toBe('1');
    expect(dave?.g_correct).toBe('0');
  });
});

describe('teacher view values', () => {
  it('reads numbers and names, and refuses a variant without values with its path', () => {
    expect(parseValues('10, 20.5 ,1e3')).toEqual([10, 20.5, 1000]);
    expect(parseValues('newreno,cubic')).toEqual(['newreno', 'cubic']);
    expect(parseValues('[{"kind":"codel"}, 5]')).toEqual([{ kind: 'codel' }, 5]);
    expect(() => parseValues('[1')).toThrow();
    const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Record<
      string,
      unknown
    >;
    expect(() =>
      draftAssignment({
        id: 'x',
        title: { en: 'x', ja: '' },
        scenario,
        seeds: null,
        controls: { seed: 'variant' },
        variantValues: { seed: [] },
        questions: [
          {
            id: 'q',
            prompt: { en: '', ja: '' },
            metric: 'jain_index',
            unit: 'number',
            tolerance: { abs: 1 },
          },
        ],
      }),
    ).toThrow(/variants\.params\[0\]\.values: no_values/);
  });
});
