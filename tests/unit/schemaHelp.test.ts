// The editor's help texts in Japanese (web/src/i18n/schemaHelp.ts): every description of the
// scenario schema has a Japanese text whose key (place and hash of the English) still matches
// the English, no translation is left over for a description that is gone, a changed English
// text falls back to English with the mark, and the texts keep the model's names.
import { describe, expect, it } from 'vitest';
import {
  helpHash,
  localHelp,
  schemaDescriptions,
  type HelpTable,
} from '../../web/src/i18n/schemaHelp';
import jaTable from '../../web/src/i18n/schemaHelp.ja.json';
import { firstSentence } from '../../web/src/panels/editor/firstSentence';
import { readRepoFile } from './helpers/repo';

const schema: unknown = JSON.parse(readRepoFile('public/schema/scenario.v1.json'));
const descriptions = schemaDescriptions(schema);
const ja = jaTable as unknown as HelpTable;
// Kana, kanji or Japanese punctuation (a text that is only names, `BBR v1。`, has the last).
const JAPANESE = /[\u3000-\u303f\u3040-\u30ff\u4e00-\u9fff]/;

describe('schema help texts in Japanese', () => {
  it('finds the schema descriptions', () => {
    expect(descriptions.length).toBeGreaterThan(300);
    expect(descriptions).toContainEqual({
      path: '#/$defs/Link/properties/delay_ms',
      text: 'One-way propagation delay, milliseconds.',
    });
  });

  it('has a Japanese text for every description, keyed by the English it translates', () => {
    // Each line gives what an entry needs: `"<path>": ["<hash>", "<Japanese>"]`.
    const missing = descriptions
      .filter((d) => !ja[d.path])
      .map((d) => `${d.path} (${helpHash(d.text)}): ${d.text}`);
    expect(missing, 'descriptions without a Japanese text (add them)').toEqual([]);
    const stale = descriptions
      .filter((d) => ja[d.path] && ja[d.path]?.[0] !== helpHash(d.text))
      .map((d) => `${d.path} (now ${helpHash(d.text)}): ${d.text}`);
    expect(stale, 'English changed since the translation (translate again, new hash)').toEqual([]);
  });

  it('keeps no translation of a description that is gone', () => {
    const paths = new Set(descriptions.map((d) => d.path));
    expect(Object.keys(ja).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('is Japanese and keeps the model names and RFC numbers of the English', () => {
    const lost: string[] = [];
    for (const d of descriptions) {
      const text = ja[d.path]?.[1] ?? '';
      if (!JAPANESE.test(text)) lost.push(`${d.path}: not Japanese`);
      for (const name of ['cwnd', 'RTT', 'CUBIC', 'RED', 'CoDel', 'ssthresh', 'RFC \\d+']) {
        const re = new RegExp(`\\b${name}\\b`, 'g');
        for (const m of new Set(d.text.match(re) ?? [])) {
          if (!text.includes(m)) lost.push(`${d.path}: ${m}`);
        }
      }
    }
    expect(lost).toEqual([]);
  });

  it('shows the Japanese at ja, English at en, and English with the mark when stale', () => {
    const en = 'One-way propagation delay, milliseconds.';
    const tables = new Map([['ja', new Map(Object.values(ja).map(([h, t]) => [h, t] as const))]]);
    expect(localHelp(en, 'ja', tables)).toEqual({
      text: '片道の伝搬遅延 (ミリ秒)。',
      fallback: false,
    });
    expect(localHelp(en, 'en', tables)).toEqual({ text: en, fallback: false });
    // Re-wrapping the doc comment does not change the key; changing the words does.
    expect(helpHash('One-way  propagation\ndelay, milliseconds.')).toBe(helpHash(en));
    const changed = 'One-way propagation delay, in milliseconds.';
    expect(localHelp(changed, 'ja', tables)).toEqual({ text: changed, fallback: true });
    // Before the table has loaded: English, without a mark that would flash.
    expect(localHelp(en, 'ja', new Map())).toEqual({ text: en, fallback: false });
  });

  it('cuts the first sentence of a Japanese text at a 。 outside brackets', () => {
    const t = (p: string) => firstSentence(ja[p]?.[1] ?? '');
    // An interval `(0, 1]` and a `。` inside parentheses do not end the sentence.
    expect(t('#/$defs/CompoundParams/properties/alpha')).toBe(
      'α: 遅延ウィンドウの増加 α·win^k の係数、(0, 1]。',
    );
    expect(firstSentence('選択肢 B (Fig. 6 に合う)。次の文。')).toBe('選択肢 B (Fig. 6 に合う)。');
    expect(firstSentence('Capacity in packets (1000). More.')).toBe('Capacity in packets (1000).');
  });
});
