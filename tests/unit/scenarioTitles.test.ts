// Scenario titles in Japanese (web/src/i18n/scenarioTitles.ts): every scenario of
// content/scenarios (the Teacher view lists them all; the lessons show the ones they name) has
// a Japanese title that still translates the file's English `name`, none is left over, and a
// title without one shows in English with the fallback mark.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_TITLES_JA, scenarioTitle } from '../../web/src/i18n/scenarioTitles';
import { ROOT, readRepoFile } from './helpers/repo';

const ids = readdirSync(join(ROOT, 'content', 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const nameOf = (id: string) =>
  String((JSON.parse(readRepoFile(`content/scenarios/${id}.json`)) as { name?: unknown }).name);
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('scenario titles in Japanese', () => {
  it('has one for every content scenario, translating its current English name', () => {
    expect(ids.length).toBeGreaterThan(20);
    const missing = ids.filter((id) => !SCENARIO_TITLES_JA[id]).map((id) => `${id}: ${nameOf(id)}`);
    expect(missing, 'content scenarios without a Japanese title').toEqual([]);
    const stale = ids
      .filter((id) => SCENARIO_TITLES_JA[id] && SCENARIO_TITLES_JA[id].en !== nameOf(id))
      .map((id) => `${id}: now "${nameOf(id)}"`);
    expect(stale, 'English name changed since the translation').toEqual([]);
    const notJapanese = ids.filter((id) => !JAPANESE.test(SCENARIO_TITLES_JA[id]?.ja ?? ''));
    expect(notJapanese).toEqual([]);
  });

  it('keeps no title of a scenario that is gone', () => {
    expect(Object.keys(SCENARIO_TITLES_JA).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('covers the scenarios every lesson names', () => {
    const lessons = readdirSync(join(ROOT, 'content', 'lessons')).filter((f) =>
      f.endsWith('.json'),
    );
    const named = lessons.flatMap((f) =>
      Object.values(
        (JSON.parse(readRepoFile(`content/lessons/${f}`)) as { scenarios: Record<string, unknown> })
          .scenarios,
      ).filter((r): r is string => typeof r === 'string'),
    );
    expect(named).toContain('lesson-rtt-unfair');
    for (const id of named) {
      expect(scenarioTitle(id, nameOf(id), 'ja').fallback, id).toBe(false);
    }
  });

  it('shows Japanese at ja, English at en, and English with the mark otherwise', () => {
    const en = 'Short and long round trips';
    expect(scenarioTitle('lesson-rtt-unfair', en, 'ja')).toEqual({
      text: '短い往復と長い往復',
      fallback: false,
    });
    expect(scenarioTitle('lesson-rtt-unfair', en, 'en')).toEqual({ text: en, fallback: false });
    // A renamed scenario, or one that is not in content/scenarios: English, marked.
    expect(scenarioTitle('lesson-rtt-unfair', 'Near and far', 'ja')).toEqual({
      text: 'Near and far',
      fallback: true,
    });
    expect(scenarioTitle(null, en, 'ja')).toEqual({ text: en, fallback: true });
  });
});
