// The scenarios in content/scenarios, bundled at build time and looked up by file name (the
// names lessons, sweep files and the Papers view refer to). Kept apart from the lessons'
// catalog so that a caller needing only scenarios does not load the lessons' prose or Markdown.
const scenarioJsons = import.meta.glob<unknown>('../../../content/scenarios/*.json', {
  import: 'default',
  eager: true,
});

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');
const scenarios = new Map(Object.entries(scenarioJsons).map(([p, v]) => [baseName(p), v]));

export const SCENARIO_NAMES: string[] = [...scenarios.keys()].sort();

/** A scenario of content/scenarios by name, as a fresh object. */
export function namedScenario(name: string): Record<string, unknown> | null {
  const s = scenarios.get(name);
  return typeof s === 'object' && s !== null
    ? (structuredClone(s) as Record<string, unknown>)
    : null;
}
