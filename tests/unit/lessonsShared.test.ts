// The page's calls into the grader (wasm/grade through the wasm module): the variants it
// derives are the shared fixture's (computed by an independent implementation), ids are
// normalised, and a lesson's state (checks, places, score, result code) is what the grader says.
import { describe, expect, it } from 'vitest';
import './helpers/wasm';
import {
  lessonState,
  parsePath,
  setPath,
  selectPath,
  studentId,
  studentView,
} from '../../web/src/sim/grader';
import type { Assignment } from '../../web/src/sim/boundary';
import { readRepoFile } from './helpers/repo';

const fixture = <T>(name: string): T =>
  JSON.parse(readRepoFile(`tests/fixtures/lessons/${name}`)) as T;

function assignmentOf(a: { id: string; variants: unknown }): Assignment {
  return {
    format: 'tcplab-assignment/1',
    id: a.id,
    title: 'x',
    scenarios: { main: { seed: 1, topology: { links: [] }, flows: [] } },
    variants: a.variants as Assignment['variants'],
    questions: [],
  };
}

describe('variants through the wasm module', () => {
  it('derive the shared fixture seed and values for every student', () => {
    const f = fixture<{
      cases: {
        assignment: { id: string; variants: unknown };
        student: string;
        normalised: string;
        seed: number | null;
        values: unknown[];
      }[];
    }>('variants.json');
    expect(f.cases.length).toBeGreaterThanOrEqual(40);
    // Seed ranges beyond 2^53 cannot be written as JSON numbers in JavaScript; the Rust test
    // checks those.
    for (const c of f.cases.filter((x) => x.assignment.id !== 'wide-seeds')) {
      const a = assignmentOf(c.assignment);
      const v = studentView(a, a.scenarios, c.student);
      if (!('ok' in v)) throw new Error(JSON.stringify(v));
      expect(v.ok.student, c.student).toBe(c.normalised);
      expect(v.ok.seed ?? null, c.student).toBe(c.seed);
      expect(v.ok.params.map((p) => p.value)).toEqual(c.values);
    }
  });

  it('normalise ids and refuse a blank one', () => {
    expect(studentId(' S01 ')).toEqual({ ok: 's01' });
    expect(studentId('ｓ０１')).toEqual({ ok: 's01' });
    const blank = studentId(' \u3000 ');
    expect('problems' in blank && blank.problems[0]?.code).toBe('student_empty');
  });
});

describe('paths through the wasm module', () => {
  it('parse, select and set', () => {
    const doc = {
      flows: [
        { id: 'f1', cc: 'cubic' },
        { id: 'f2', cc: 'newreno' },
      ],
    };
    expect(selectPath(doc, 'flows[cc=cubic].id')).toEqual(['f1']);
    const r = setPath(doc, 'flows[f2].cc', 'bbr');
    expect('ok' in r && r.ok.document.flows[1]?.cc).toBe('bbr');
    expect('ok' in r && r.ok.count).toBe(1);
    expect(doc.flows[1]?.cc).toBe('newreno');
    const p = parsePath('links[b/a>b].drops');
    expect('ok' in p && p.ok[0]?.selector).toEqual({
      kind: 'id_direction',
      id: 'b',
      direction: 'a>b',
    });
    const bad = parsePath('flows[f1.cc');
    expect('problems' in bad && bad.problems[0]?.code).toBe('path_unclosed');
  });
});

describe('a lesson state', () => {
  const a: Assignment = {
    format: 'tcplab-assignment/1',
    id: 'state',
    title: 'T',
    scenarios: { main: {} },
    questions: [
      {
        id: 'g',
        prompt: 'Goodput?',
        metric: 'flows[f1].goodput_bps',
        scale: 1e-6,
        unit: 'Mb/s',
        tolerance: { rel: 0.01 },
      },
      { id: 'j', prompt: 'Jain?', metric: 'jain_index', tolerance: { abs: 0.01 }, predict: true },
    ],
  };
  const runs = {
    main: {
      summary: { flows: [{ id: 'f1', goodput_bps: 9.5e6 }], jain_index: 1 },
      trace_hash: '00ff',
    },
  };

  it('checks every answer, names the places and makes the code', () => {
    const s = lessonState(a, 'Ann', { g: '9,5', j: '1.5' }, runs);
    if (!('ok' in s)) throw new Error(JSON.stringify(s));
    expect(s.ok.questions.map((q) => q.check.verdict)).toEqual(['correct', 'out_of_range']);
    expect(s.ok.questions[1]?.check.problem?.params).toEqual({ min: '0', max: '1' });
    expect(s.ok.questions[0]?.places).toEqual([
      { scenario: 'main', place: 'flows[0].goodput_bps' },
    ]);
    expect(s.ok.score).toBe(1);
    expect(s.ok.code).toMatch(/^TL1\.[A-Za-z0-9_-]+\.[0-9a-f]{16}$/);
    expect(s.ok.csv).toMatch(/^student,code,g,j\r\nann,TL1\./);
  });

  it('makes no code without a student id', () => {
    const s = lessonState(a, '  ', { g: '9.5' }, runs);
    expect('ok' in s && s.ok.code).toBe(null);
  });
});
