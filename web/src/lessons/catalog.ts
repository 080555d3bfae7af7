// The lessons in content/lessons (Markdown prose + an assignment JSON each) and the scenarios
// in content/scenarios they refer to by name, bundled at build time.
import { parseAssignment } from './assignment';
import type { Assignment } from './assignment';
import { lessonTitle } from './markdown';

const texts = import.meta.glob<string>('../../../content/lessons/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const jsons = import.meta.glob<unknown>('../../../content/lessons/*.json', {
  import: 'default',
  eager: true,
});
const scenarioJsons = import.meta.glob<unknown>('../../../content/scenarios/*.json', {
  import: 'default',
  eager: true,
});

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.[a-z]+$/, '');

export interface Lesson {
  id: string;
  title: string;
  text: string;
  assignment: Assignment;
}

function byName<T>(mods: Record<string, T>): Map<string, T> {
  return new Map(Object.entries(mods).map(([p, v]) => [baseName(p), v]));
}

const textById = byName(texts);
const jsonById = byName(jsons);
const scenarios = byName(scenarioJsons);

/** Lesson ids in reading order (file names start with a two-digit number). */
export const LESSON_IDS: string[] = [...textById.keys()].filter((id) => jsonById.has(id)).sort();

export function loadLesson(id: string): Lesson | null {
  const text = textById.get(id);
  const json = jsonById.get(id);
  if (text === undefined || json === undefined) return null;
  const assignment = parseAssignment(json);
  return { id, text, assignment, title: lessonTitle(text) ?? assignment.title };
}

export const SCENARIO_NAMES: string[] = [...scenarios.keys()].sort();

/** A scenario of content/scenarios by name, as a fresh object. */
export function namedScenario(name: string): Record<string, unknown> | null {
  const s = scenarios.get(name);
  return typeof s === 'object' && s !== null
    ? (structuredClone(s) as Record<string, unknown>)
    : null;
}

/** Resolve an assignment's scenarios (names or inline objects); throws on an unknown name. */
export function resolveScenarios(a: Assignment): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, ref] of Object.entries(a.scenarios)) {
    const s = typeof ref === 'string' ? namedScenario(ref) : structuredClone(ref);
    if (!s) throw new Error(`scenario '${String(ref)}' is not in content/scenarios`);
    out[name] = s;
  }
  return out;
}
