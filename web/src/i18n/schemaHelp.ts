// The editor's help texts in the reader's language. The English is the scenario JSON Schema's
// descriptions (the Rust doc comments); a translation lives in schemaHelp.<lang>.json as
// `"<JSON pointer of the description>": ["<hash of the English>", "<text>"]`. A description
// whose English changed no longer matches its hash, so it shows in English with the fallback
// mark until it is translated again; tests/unit/schemaHelp.test.ts lists what is missing or
// stale. The Japanese table is loaded only when the page is in Japanese.
import { Store } from '../state/store';

/** A help text in the reader's language, or its English with `fallback` set. */
export interface HelpText {
  text: string;
  fallback: boolean;
}

/** One entry of a translation table: the hash of the English it translates, and the text. */
export type HelpTable = Record<string, readonly [string, string]>;

/** The English as it is compared: runs of white space (the doc comments' line breaks) as one. */
export function normalizeHelp(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** FNV-1a (32 bits) of the normalised English, as 8 hex digits: the key a translation keeps. */
export function helpHash(text: string): string {
  const t = normalizeHelp(text);
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) {
    h ^= t.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Every description of a JSON Schema with its JSON pointer (`#`, `#/$defs/Flow/properties/cc`). */
export function schemaDescriptions(schema: unknown): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, `${path}/${i}`));
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'description' && typeof v === 'string') out.push({ path, text: v });
        else walk(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
  };
  walk(schema, '#');
  return out;
}

/** The loaded tables, by language: hash of the English → translation. */
const loaded = new Store<ReadonlyMap<string, ReadonlyMap<string, string>>>(new Map());
const loading = new Set<string>();

const LOADERS: Record<string, () => Promise<HelpTable>> = {
  ja: () => import('./schemaHelp.ja.json').then((m) => m.default as unknown as HelpTable),
};

/** Start loading the table of `lang` (once); components re-render through `helpTables`. */
export function loadHelp(lang: string): void {
  const load = LOADERS[lang];
  if (!load || loading.has(lang)) return;
  loading.add(lang);
  load().then(
    (table) => {
      const byHash = new Map(Object.values(table).map(([hash, text]) => [hash, text] as const));
      loaded.update((m) => new Map([...m, [lang, byHash]]));
    },
    () => loading.delete(lang),
  );
}

/** The store of loaded tables (for `useStore`). */
export const helpTables = loaded;

/**
 * `english` in `lang` from `tables`. English with `fallback` when there is no translation
 * of this exact text; plain English while the table is still loading (no mark flashes).
 */
export function localHelp(
  english: string,
  lang: string,
  tables: ReadonlyMap<string, ReadonlyMap<string, string>> = loaded.get(),
): HelpText {
  if (lang === 'en' || english === '') return { text: english, fallback: false };
  const table = tables.get(lang);
  if (!table) return { text: english, fallback: false };
  const mine = table.get(helpHash(english));
  return mine === undefined ? { text: english, fallback: true } : { text: mine, fallback: false };
}
