// Scenario files say which model version wrote them (web/src/scenario/scenarioFile.ts): the
// export writes `made_by` (the version, and the trace hash of a finished run of exactly that
// scenario), the one reader takes it, the editor keeps it apart from the scenario, and opening
// a file another version wrote says so with both versions (state/linkStore.ts).
import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';
import { presetScenario } from '../../web/src/scenario/presets';
import { readScenarioBytes } from '../../web/src/scenario/reader';
import { madeByNow, scenarioFileText, withoutMadeBy } from '../../web/src/scenario/scenarioFile';
import { otherModelOfFile } from '../../web/src/state/linkStore';
import { reader } from './helpers/reader';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('scenario files and the model version', () => {
  const s = presetScenario('codel');
  const done = { status: 'done', scenario: s, traceHash: '0123456789abcdef' };

  it('an exported file carries the version, and the hash of a finished run of it', () => {
    const ours = reader.modelVersion;
    expect(madeByNow(s, ours, done)).toEqual({ model: ours, trace_hash: '0123456789abcdef' });
    // A run of another scenario, or one not finished, has no hash to give.
    expect(madeByNow(s, ours, { ...done, scenario: presetScenario('single') })).toEqual({
      model: ours,
    });
    expect(madeByNow(s, ours, { ...done, status: 'running' })).toEqual({ model: ours });
    const text = scenarioFileText(s, madeByNow(s, ours, done));
    expect(JSON.parse(text).made_by).toEqual({ model: ours, trace_hash: '0123456789abcdef' });
    // The one reader (the CLI's) takes it, and the editor keeps it apart.
    const r = readScenarioBytes(bytes(text), reader);
    expect(r.ok && r.errors).toEqual([]);
    if (!r.ok) return;
    const { scenario, madeBy } = withoutMadeBy(r.scenario);
    expect(scenario).toEqual(s);
    expect(madeBy).toEqual({ model: ours, trace_hash: '0123456789abcdef' });
    // Written again, the file is the same file.
    expect(scenarioFileText(scenario, madeBy ?? undefined)).toBe(text);
  });

  it('a file without it (made before files carried it) opens as before, with nothing to say', () => {
    const r = readScenarioBytes(bytes(scenarioFileText(s)), reader);
    if (!r.ok) throw new Error('not read');
    const { scenario, madeBy } = withoutMadeBy(r.scenario);
    expect(madeBy).toBeNull();
    expect(otherModelOfFile('old.json', scenario, madeBy, reader.modelVersion)).toBeNull();
  });

  it('a file of another model version says so, in both languages, with both hashes kept', () => {
    const made = { model: '0.0.1-old', trace_hash: 'fedcba9876543210' };
    const note = otherModelOfFile('codel.json', s, made, reader.modelVersion);
    expect(note).toEqual({
      theirs: '0.0.1-old',
      ours: reader.modelVersion,
      traceHash: 'fedcba9876543210',
      file: { name: 'codel.json', scenario: JSON.stringify(s) },
    });
    const same = otherModelOfFile(
      'codel.json',
      s,
      { model: reader.modelVersion },
      reader.modelVersion,
    );
    expect(same).toBeNull();
    expect(en.share.otherModelFile('codel.json', '0.0.1-old', reader.modelVersion)).toBe(
      `The file codel.json was made with model version 0.0.1-old; this lab runs version ${reader.modelVersion}, so its run may differ from what the file's author saw.`,
    );
    expect(ja.share.otherModelFile('codel.json', '0.0.1-old', '0.1.0')).toContain(
      'モデルのバージョン 0.0.1-old で作られました',
    );
  });

  it('a made_by that is not one is refused naming the field', () => {
    const bad = JSON.stringify({ ...s, made_by: { model: '0.1.0', by: 'me' } });
    const r = readScenarioBytes(bytes(bad), reader);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.path).toContain('made_by');
    // A label the notice could not show is refused by validation, naming the field.
    const long = JSON.stringify({ ...s, made_by: { model: 'x'.repeat(65) } });
    const v = readScenarioBytes(bytes(long), reader);
    expect(v.ok && v.errors.map((e) => e.path)).toEqual(['made_by.model']);
  });
});
