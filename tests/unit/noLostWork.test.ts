// No lost work: how the page starts from a link and the autosaved scenario (a link
// wins, saved work is offered back, never dropped), autosave records that survive bad storage,
// and scenario files that export and import back exactly.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSaved, saveTarget, savedByOtherTab } from '../../web/src/state/autosave';
import type { Saved } from '../../web/src/state/autosave';
import { chooseStart } from '../../web/src/state/pageStart';
import { scenarioFileText } from '../../web/src/scenario/scenarioFile';
import {
  READ_OFF_THREAD_ABOVE,
  readScenarioBytes,
  readScenarioFile,
} from '../../web/src/scenario/reader';
import { reader } from './helpers/reader';
import { PRESET_IDS, presetScenario } from '../../web/src/scenario/presets';
import type { LinkResult } from '../../web/src/scenario/link/linkState';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';

const saved = (id: (typeof PRESET_IDS)[number], savedAt = 1000): Saved => ({
  A: presetScenario(id),
  B: null,
  savedAt,
});
const linkTo = (id: (typeof PRESET_IDS)[number]) => ({
  ok: true as const,
  version: 2,
  model: '0.1.0',
  state: { scenario: presetScenario(id) },
  errors: [],
});

describe('starting the page', () => {
  it('without a link or saved work: the default, nothing to say', () => {
    expect(chooseStart({ link: null, linkErrors: null, saved: null, previous: null })).toEqual({
      load: null,
      notice: null,
      offer: null,
    });
  });

  it('without a link: the autosaved work comes back, and the page says so', () => {
    const s = saved('codel', 42);
    const plan = chooseStart({ link: null, linkErrors: null, saved: s, previous: null });
    expect(plan.load).toEqual({ from: 'autosave', saved: s });
    expect(plan.notice).toEqual({ kind: 'restored', savedAt: 42 });
  });

  it('without a link: an earlier offer equal to the restored work is not offered twice', () => {
    const s = saved('codel', 42);
    const again = { ...saved('codel', 7) };
    const plan = chooseStart({ link: null, linkErrors: null, saved: s, previous: again });
    expect(plan.offer).toBeNull();
    const other = saved('lanHost', 7);
    expect(chooseStart({ link: null, linkErrors: null, saved: s, previous: other }).offer).toBe(
      other,
    );
  });

  it('a link wins, and different saved work is offered back', () => {
    const s = saved('codel');
    const plan = chooseStart({
      link: linkTo('dumbbell'),
      linkErrors: [],
      saved: s,
      previous: null,
    });
    expect(plan.load).toEqual({ from: 'link', state: linkTo('dumbbell').state });
    expect(plan.offer).toBe(s);
  });

  it('saved work equal to the link is not offered', () => {
    const plan = chooseStart({
      link: linkTo('codel'),
      linkErrors: [],
      saved: saved('codel'),
      previous: null,
    });
    expect(plan.offer).toBeNull();
  });

  it('work a link replaced earlier and not yet restored or discarded is offered first', () => {
    const previous = saved('lanHost', 1);
    const plan = chooseStart({
      link: linkTo('dumbbell'),
      linkErrors: [],
      saved: saved('dumbbell'),
      previous,
    });
    expect(plan.offer).toBe(previous);
  });

  it('a broken link: the default, the reason, and the saved work on offer', () => {
    const s = saved('codel');
    const link: LinkResult = { ok: false, reason: 'encoding', detail: 'z is not base64url text' };
    const plan = chooseStart({ link, linkErrors: null, saved: s, previous: null });
    expect(plan.load).toBeNull();
    expect(plan.notice).toEqual({ kind: 'failed', reason: 'encoding', detail: link.detail });
    expect(plan.offer).toBe(s);
  });

  it('a link whose scenario does not validate: the default, its errors, a way to open it', () => {
    const errors = [{ path: 'flows[0].id', message: 'must be 1–64 characters' }];
    const plan = chooseStart({
      link: linkTo('codel'),
      linkErrors: errors,
      saved: null,
      previous: null,
    });
    expect(plan.load).toBeNull();
    expect(plan.notice).toEqual({ kind: 'invalid', errors, state: linkTo('codel').state });
  });
});

describe('autosave records', () => {
  it('read back what was written', () => {
    const s: Saved = { A: presetScenario('rttUnfair'), B: presetScenario('codel'), savedAt: 5 };
    expect(parseSaved(JSON.stringify(s))).toEqual(s);
  });

  it('ignore junk rather than throw', () => {
    for (const text of [
      null,
      '',
      '{',
      'null',
      '[]',
      '{"A":{"topology":5},"savedAt":1}',
      '{"A":{}}',
    ]) {
      expect(parseSaved(text)).toBeNull();
    }
    const noB = parseSaved(JSON.stringify({ A: presetScenario('single'), B: 'x', savedAt: 1 }));
    expect(noB?.B).toBeNull();
  });
});

describe('scenario files', () => {
  const files = readdirSync('content/scenarios')
    .filter((f) => f.endsWith('.json'))
    .map((f) => `content/scenarios/${f}`);

  const bytes = (text: string) => new TextEncoder().encode(text);

  it.each([...PRESET_IDS])('preset %s exports and imports back exactly', (id) => {
    const text = scenarioFileText(presetScenario(id));
    const r = readScenarioBytes(bytes(text), reader);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.scenario).toEqual(presetScenario(id));
    expect(scenarioFileText(r.scenario)).toBe(text);
  });

  it.each(files)('%s imports and re-exports to the same JSON', (file) => {
    const original = JSON.parse(readRepoFile(file)) as Scenario;
    const r = readScenarioBytes(bytes(readRepoFile(file)), reader);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.scenario).toEqual(original);
    expect(scenarioFileText(r.scenario)).toBe(scenarioFileText(original));
  });

  it('names what is wrong with a file that is not a scenario', async () => {
    expect(readScenarioBytes(bytes('{ nope'), reader)).toEqual({
      ok: false,
      problem: {
        path: '',
        code: 'json_syntax',
        params: { detail: 'key must be a string at line 1 column 3 (byte 2)' },
        message: 'malformed JSON: key must be a string at line 1 column 3 (byte 2)',
      },
    });
    const flows =
      '{"version":1,"duration_s":1,"topology":{"nodes":[],"links":[]},"flows":[{"id":3}]}';
    expect(readScenarioBytes(bytes(flows), reader)).toMatchObject({
      ok: false,
      problem: {
        path: 'flows[0].id',
        code: 'wrong_type',
        message: 'invalid type: integer `3`, expected a string',
      },
    });
    const named = scenarioFileText({ ...presetScenario('single'), name: 1 as unknown as string });
    expect(readScenarioBytes(bytes(named), reader)).toMatchObject({
      ok: false,
      problem: { path: 'name' },
    });
    const huge = new Blob([new Uint8Array(reader.maxBytes + 1)]);
    expect(await readScenarioFile(huge, reader)).toEqual({
      ok: false,
      problem: {
        path: '',
        code: 'too_large',
        params: { bytes: reader.maxBytes + 1, max: reader.maxBytes },
        message: `the scenario is ${reader.maxBytes + 1} bytes, more than the limit of ${reader.maxBytes}`,
      },
    });
  });

  it('a file that reads but does not validate opens with its errors', () => {
    const s = { ...presetScenario('single'), duration_s: -1 };
    const r = readScenarioBytes(bytes(scenarioFileText(s)), reader);
    expect(r.ok && r.scenario).toEqual(s);
    expect(r.ok && r.errors[0]?.path).toBe('duration_s');
  });

  it('an imported file is read, not validated (the editor checks it once it shows)', async () => {
    const s = { ...presetScenario('single'), duration_s: -1 };
    const r = await readScenarioFile(new Blob([scenarioFileText(s)]), reader);
    expect(r).toEqual({ ok: true, scenario: s, errors: [] });
    // What the reader refuses is still refused, with its field path.
    const named = scenarioFileText({ ...presetScenario('single'), name: 1 as unknown as string });
    expect(await readScenarioFile(new Blob([named]), reader)).toMatchObject({
      ok: false,
      problem: { path: 'name', code: 'wrong_type' },
    });
  });
});

describe('a large imported file is read off the page’s thread', () => {
  // A scenario file above READ_OFF_THREAD_ABOVE bytes (a long name pads it).
  const large = (s: Scenario) => ({ ...s, name: 'x'.repeat(READ_OFF_THREAD_ABOVE) });

  it('goes to the off-thread reader, and opens what it reads', async () => {
    const s = large({ ...presetScenario('single'), duration_s: -1 });
    const asked: number[] = [];
    const off = (b: Uint8Array) => {
      asked.push(b.length);
      return Promise.resolve(reader.readUnchecked(b));
    };
    expect(await readScenarioFile(new Blob([scenarioFileText(s)]), reader, off)).toEqual({
      ok: true,
      scenario: s,
      errors: [],
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeGreaterThan(READ_OFF_THREAD_ABOVE);
  });

  it('is refused with the off-thread reader’s field path', async () => {
    const bad = scenarioFileText(
      large({ ...presetScenario('single'), seed: 'x' as unknown as number }),
    );
    const off = (b: Uint8Array) => Promise.resolve(reader.readUnchecked(b));
    expect(await readScenarioFile(new Blob([bad]), reader, off)).toMatchObject({
      ok: false,
      problem: { path: 'seed', code: 'wrong_type' },
    });
  });

  it('a small file is read on the page (no worker to start for it)', async () => {
    const off = () => Promise.reject(new Error('not for a small file'));
    const s = presetScenario('single');
    expect(await readScenarioFile(new Blob([scenarioFileText(s)]), reader, off)).toMatchObject({
      ok: true,
      scenario: s,
    });
  });
});

describe('autosave guards', () => {
  it('never puts an invalid scenario over a valid one: that edit goes to the draft', () => {
    const valid = { ...saved('codel'), valid: true };
    expect(saveTarget(false, valid)).toBe('draft');
    // Older records carry no flag: taken as valid.
    expect(saveTarget(false, saved('codel'))).toBe('draft');
    expect(saveTarget(true, valid)).toBe('main');
    // Nothing valid to protect: the invalid edit is the saved work.
    expect(saveTarget(false, null)).toBe('main');
    expect(saveTarget(false, { ...valid, valid: false })).toBe('main');
  });

  it('tells another tab’s later save from its own', () => {
    const rec = { ...saved('codel', 2000), tab: 'other' };
    expect(savedByOtherTab(rec, 'me', 1000)).toBe(true);
    expect(savedByOtherTab(rec, 'me', 2000)).toBe(false);
    expect(savedByOtherTab({ ...rec, tab: 'me' }, 'me', 1000)).toBe(false);
    expect(savedByOtherTab(saved('codel', 2000), 'me', 1000)).toBe(false);
    expect(savedByOtherTab(null, 'me', 0)).toBe(false);
  });

  it('keeps the validity and the tab of a record', () => {
    const text = JSON.stringify({ ...saved('codel'), valid: false, tab: 'x1' });
    expect(parseSaved(text)).toMatchObject({ valid: false, tab: 'x1' });
  });
});
