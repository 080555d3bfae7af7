// The lessons in content/lessons (an assignment JSON and its prose in Markdown per language:
// `NN-name.md` in English, `NN-name.ja.md` in Japanese) and the scenarios in
// content/scenarios they refer to by name (scenario/named.ts), bundled at build time.
import { namedScenario } from '../scenario/named';
import { parseAssignment } from './assignment';
import type { Assignment } from './assignment';
import { lessonTitle } from './markdown';
import type { LocalText } from './text';

const texts = import.meta.glob<string>('../../../content/lessons/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const jsons = import.meta.glob<unknown>('../../../content/lessons/*.json', {
  import: 'default',
  eager: true,
});

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.json$|\.md$/, '');

/** The languages lesson prose is written in (English is always there). */
export const PROSE_LANGS = ['en', 'ja'] as const;

function byName<T>(mods: Record<string, T>): Map<string, T> {
  return new Map(Object.entries(mods).map(([p, v]) => [baseName(p), v]));
}

/** `01-sawtooth` → English prose; `01-sawtooth.ja` → Japanese. */
const proseByName = byName(texts);
const jsonById = byName(jsons);

/** Lesson ids in reading order (file names start with a two-digit number). */
export const LESSON_IDS: string[] = [...proseByName.keys()]
  .filter((id) => !id.includes('.') && jsonById.has(id))
  .sort();

/** A lesson's prose in `lang`, or its English with `fallback` set. */
export function lessonProse(id: string, lang: string): LocalText | null {
  const mine = lang === 'en' ? undefined : proseByName.get(`${id}.${lang}`);
  if (mine !== undefined) return { text: mine, fallback: false };
  const en = proseByName.get(id);
  return en === undefined ? null : { text: en, fallback: lang !== 'en' };
}

/** A lesson's title (its prose's first heading) in `lang`, or English with `fallback`. */
export function lessonTitleIn(id: string, lang: string): LocalText {
  const p = lessonProse(id, lang);
  return { text: (p && lessonTitle(p.text)) ?? id, fallback: p?.fallback ?? false };
}

/** The raw assignment JSON of a lesson (unchecked). */
export function lessonJson(id: string): unknown {
  return jsonById.get(id) ?? null;
}

/** A lesson's assignment, checked by the grader (the wasm module must be loaded). */
export function loadAssignment(id: string): Assignment | null {
  const json = jsonById.get(id);
  return json === undefined ? null : parseAssignment(json);
}

export { SCENARIO_NAMES, namedScenario } from '../scenario/named';

/**
 * Resolve an assignment's scenarios (names of content/scenarios, or inline objects). A name
 * the lab does not have is left out: the grader reports it (`scenario_not_found`).
 */
export function resolveScenarios(a: Assignment): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, ref] of Object.entries(a.scenarios)) {
    const s =
      typeof ref === 'string'
        ? namedScenario(ref)
        : typeof ref === 'object' && ref !== null
          ? (structuredClone(ref) as Record<string, unknown>)
          : null;
    if (s) out[name] = s;
  }
  return out;
}

/** The scenario names of an assignment that the lab does not have. */
export function missingScenarios(a: Assignment): string[] {
  const found = resolveScenarios(a);
  return Object.entries(a.scenarios)
    .filter(([name]) => !(name in found))
    .map(([, ref]) => String(ref));
}
