// Every lesson in content/lessons: it loads, its widgets and questions refer to what it defines,
// its scenarios validate, and every question's checker accepts the reference answer (the run's
// own metric for a student's variant) and rejects a wrong one. Plus the page ↔ grader round
// trip: a result code made from a wasm run is graded by `tcplab grade` with a matching trace.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyVariant, questionScenario } from '../../web/src/lessons/assignment';
import { LESSON_IDS, loadLesson, resolveScenarios } from '../../web/src/lessons/catalog';
import { expectedAnswer } from '../../web/src/lessons/check';
import { checkAnswer, resultCodeFor } from '../../web/src/lessons/grading';
import { lessonBlocks } from '../../web/src/lessons/markdown';
import { draftAssignment, parseValues } from '../../web/src/lessons/teacherDraft';
import { deriveVariant } from '../../web/src/lessons/variant';
import { buildCli, CLI, readRepoFile, runProcess } from './helpers/repo';
import { Simulation, validate } from './helpers/wasm';

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

function parseCsv(text: string): Record<string, string>[] {
  const [head = '', ...rows] = text.trim().split('\n');
  const cols = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i] ?? '', v])));
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
    const lesson = loadLesson(id);

    it('loads, renders, and refers only to what it defines', () => {
      expect(lesson).not.toBeNull();
      if (!lesson) return;
      expect(lesson.assignment.id).toBe(id);
      const blocks = lessonBlocks(lesson.text);
      expect(blocks.some((b) => b.kind === 'html' && b.html.includes('<h1>'))).toBe(true);
      const names = Object.keys(lesson.assignment.scenarios);
      const widgets = blocks.flatMap((b) => (b.kind === 'scenario' ? [b.name] : []));
      expect(new Set(widgets)).toEqual(new Set(names));
      const asked = blocks.flatMap((b) => (b.kind === 'question' ? [b.id] : []));
      for (const q of asked) expect(lesson.assignment.questions.map((x) => x.id)).toContain(q);
      // Every question is either a prediction (asked inside its widget) or placed in the text.
      for (const q of lesson.assignment.questions)
        expect(q.predict || asked.includes(q.id), q.id).toBe(true);
      // Markdown errors in math show up as KaTeX error spans.
      expect(
        blocks.some((b) => b.kind === 'html' && b.html.includes('katex-error')),
        'math',
      ).toBe(false);
    });

    it('its scenarios validate, for every variant value', () => {
      if (!lesson) return;
      const base = resolveScenarios(lesson.assignment);
      for (const student of ['s01', 's02', 'alice', '山田']) {
        const v = deriveVariant(lesson.assignment, student);
        for (const [name, s] of Object.entries(base)) {
          expect(validate(JSON.stringify(applyVariant(name, s, v))), `${name}/${student}`).toBe(
            '{"errors":[]}',
          );
        }
      }
    });

    it(
      'every question accepts the reference answer and rejects a wrong one',
      { timeout: 120_000 },
      () => {
        if (!lesson) return;
        const a = lesson.assignment;
        const v = deriveVariant(a, 's01');
        const base = resolveScenarios(a);
        const summaries: Record<string, Record<string, unknown>> = {};
        for (const [name, s] of Object.entries(base))
          summaries[name] = cliSummary(applyVariant(name, s, v));
        for (const q of a.questions) {
          const run = { summary: summaries[questionScenario(a, q)], traceHash: '' };
          const ref = expectedAnswer(run.summary, q);
          expect(checkAnswer(q, String(ref), run).state, `${q.id} reference ${ref}`).toBe(
            'correct',
          );
          const wrong = ref + Math.max(2 * (q.tolerance.abs ?? 0), 0.5 * Math.abs(ref), 1);
          expect(checkAnswer(q, String(wrong), run).state, `${q.id} wrong ${wrong}`).toBe('wrong');
          expect(checkAnswer(q, 'lots', run).state).toBe('notNumber');
        }
      },
    );
  });
});

describe('the page and tcplab grade agree', () => {
  it('a result code from a wasm run is graded correct, with its trace matched, natively', () => {
    const lesson = loadLesson('01-sawtooth');
    if (!lesson) throw new Error('no lesson 01');
    const a = lesson.assignment;
    const students = ['alice', 'bob'];
    const lines = ['student,code'];
    for (const student of students) {
      const scenario = applyVariant(
        'main',
        resolveScenarios(a).main ?? {},
        deriveVariant(a, student),
      );
      const sim = new Simulation(JSON.stringify(scenario));
      while (!sim.advance(sim.now_ns() + 1e9, Infinity)) sim.drain();
      const summary = JSON.parse(sim.summary()) as unknown;
      const runs = { main: { summary, traceHash: sim.trace_hash() } };
      sim.free();
      const answers: Record<string, string> = {};
      for (const q of a.questions) answers[q.id] = String(expectedAnswer(summary, q));
      // bob hands in a wrong drop count.
      if (student === 'bob') answers.drops = String(Number(answers.drops) + 10);
      lines.push(`${student},${resultCodeFor(a, student, answers, runs)}`);
    }
    const csv = join(dir, 'codes.csv');
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const r = runProcess(CLI, ['grade', 'content/lessons/01-sawtooth.json', csv]);
    expect(r.status, r.stderr).toBe(0);
    const [alice, bob] = parseCsv(r.stdout);
    expect(alice?.trace_match).toBe('1');
    expect(alice?.score).toBe('3');
    expect(alice?.max_score).toBe('3');
    expect(bob?.trace_match).toBe('1');
    expect(bob?.drops_correct).toBe('0');
    expect(bob?.score).toBe('2');
  });

  it('an assignment from the teacher view is graded by tcplab grade', () => {
    const scenario = JSON.parse(readRepoFile('content/scenarios/default.json')) as Record<
      string,
      unknown
    >;
    const a = draftAssignment({
      id: 'made-here',
      title: 'Made in the teacher view',
      scenario,
      seeds: { min: 1, max: 9 },
      controls: {
        'topology.links[bottleneck].delay_ms': 'locked',
        duration_s: 'hidden',
        'flows[flow1].cc': 'variant',
      },
      variantValues: { 'flows[flow1].cc': 'newreno, cubic' },
      questions: [
        {
          id: 'g',
          prompt: 'Goodput?',
          metric: 'flows[flow1].goodput_bps',
          scale: 1e-6,
          unit: 'Mb/s',
          tolerance: { rel: 0.01 },
        },
      ],
    });
    expect(a.locked).toEqual(['topology.links[bottleneck].delay_ms']);
    expect(a.hidden).toEqual(['duration_s']);
    expect(a.variants?.params).toEqual([{ path: 'flows[flow1].cc', values: ['newreno', 'cubic'] }]);
    const file = join(dir, 'made-here.json');
    writeFileSync(file, JSON.stringify(a));
    const v = deriveVariant(a, 'carol');
    const summary = cliSummary(applyVariant('main', scenario, v));
    const good = expectedAnswer(summary, a.questions[0] ?? { metric: '' });
    const csv = join(dir, 'answers.csv');
    writeFileSync(csv, `student,g\ncarol,${good}\ndave,1\n`);
    const r = runProcess(CLI, ['grade', file, csv]);
    expect(r.status, r.stderr).toBe(0);
    const [carol, dave] = parseCsv(r.stdout);
    expect(carol?.seed).toBe(String(v.seed));
    expect(carol?.g_correct).toBe('1');
    expect(dave?.g_correct).toBe('0');
  });
});

describe('teacher view values', () => {
  it('reads numbers, names and JSON lists, and refuses a variant without values', () => {
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
        title: 'x',
        scenario,
        seeds: null,
        controls: { seed: 'variant' },
        variantValues: { seed: ' ' },
        questions: [{ id: 'q', prompt: '', metric: 'jain_index', tolerance: { abs: 1 } }],
      }),
    ).toThrow(/at least one value/);
  });
});
