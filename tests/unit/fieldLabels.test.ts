// The editor's labels (web/src/i18n/fieldLabels.ts): every field, enum value and union kind of
// the scenario schema has a label in English and in Japanese (so a new field cannot ship with
// its bare schema name), none is left over, a field typed in a unit names that unit in both
// languages, and the editor's field and option lists carry the keys the table uses.
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, labelKeys, schemaLabel } from '../../web/src/i18n/fieldLabels';
import { enumOptions, objectFields, variants } from '../../web/src/scenario/schemaInfo';
import { unitOf } from '../../web/src/scenario/units';
import { readRepoFile } from './helpers/repo';

const schema: unknown = JSON.parse(readRepoFile('public/schema/scenario.v1.json'));
const keys = labelKeys(schema);
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The unit as each language writes it in a label. */
const UNIT_WORDS: Record<string, [string, string]> = {
  'Mb/s': ['Mb/s', '(Mb/s)'],
  ms: [', ms', '(ミリ秒)'],
  ns: [', ns', '(ns)'],
  s: [', s', '(秒)'],
  B: ['bytes', '(バイト)'],
  pkt: ['packets', '(パケット)'],
  seg: ['segments', '(セグメント)'],
};

describe('schema labels', () => {
  it('finds the fields, values and kinds of the schema', () => {
    expect(keys.length).toBeGreaterThan(350);
    for (const k of [
      'Scenario.duration_s',
      'Link.delay_ms',
      'QueueSpec.drop_tail.limit_packets',
      'QueueSpec:red',
      'LossSpec:gilbert_elliott',
      'CubicPreset:rfc9438',
    ]) {
      expect(keys).toContain(k);
    }
    expect(keys).not.toContain('QueueSpec.red.kind');
  });

  it('has an English and a Japanese label for every one', () => {
    const missing = keys.filter((k) => !FIELD_LABELS[k]?.[0] || !FIELD_LABELS[k]?.[1]);
    expect(missing, 'schema keys without a label in both languages (add them)').toEqual([]);
    const notJapanese = keys.filter((k) => {
      const [en, ja] = FIELD_LABELS[k] ?? ['', ''];
      // A name the same in both (CUBIC, RFC 9438) is fine; words are translated.
      return /[a-z]{3,} [a-z]{3,}/.test(en) && !JAPANESE.test(ja);
    });
    expect(notJapanese, 'Japanese labels still in English').toEqual([]);
  });

  it('keeps no label of a field or value that is gone', () => {
    const known = new Set(keys);
    expect(Object.keys(FIELD_LABELS).filter((k) => !known.has(k))).toEqual([]);
  });

  it('names the unit a field is typed in, in both languages', () => {
    const wrong: string[] = [];
    for (const k of keys.filter((k) => k.includes('.'))) {
      const { unit } = unitOf(k.slice(k.lastIndexOf('.') + 1));
      const words = UNIT_WORDS[unit];
      const [en, ja] = FIELD_LABELS[k] ?? ['', ''];
      if (words && !(en.includes(words[0]) && ja.includes(words[1])))
        wrong.push(`${k}: ${en} / ${ja}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the editor the keys of the table', () => {
    const limit = variants('QueueSpec')
      .find((v) => v.kind === 'drop_tail')
      ?.fields.find((f) => f.name === 'limit_packets');
    expect(limit?.key).toBe('QueueSpec.drop_tail.limit_packets');
    expect(schemaLabel(limit?.key ?? '', 'en', '')).toBe('Queue limit, packets');
    expect(schemaLabel(limit?.key ?? '', 'ja', '')).toBe('キュー長の上限(パケット)');
    expect(objectFields('Link').find((f) => f.name === 'delay_ms')?.key).toBe('Link.delay_ms');
    expect(enumOptions('CubicPreset').map((o) => o.key)).toContain('CubicPreset:paper002');
    expect(variants('LossSpec').map((v) => schemaLabel(v.key, 'ja', v.kind))).toContain(
      'バースト損失 (Gilbert–Elliott)',
    );
    // A key the table does not have shows the fallback (the schema name).
    expect(schemaLabel('Link.no_such_field', 'ja', 'no such field')).toBe('no such field');
  });
});
