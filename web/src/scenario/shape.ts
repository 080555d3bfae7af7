// Is a parsed JSON value shaped enough like a scenario for the editor to show it (arrays where
// arrays belong, objects with string ids)? Everything else, from values to references, is the
// validator's job; this only keeps a bad file or URL from breaking the page.
import type { Scenario } from './types';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first field that keeps `v` from being shown as a scenario, in path notation; or null. */
export function scenarioShapeProblem(v: unknown): string | null {
  if (!isObject(v)) return '(top): not an object';
  if (!isObject(v.topology)) return 'topology: not an object';
  const lists: [string, unknown, string[]][] = [
    ['topology.nodes', v.topology.nodes, []],
    ['topology.links', v.topology.links, ['a', 'b']],
    ['flows', v.flows, ['src', 'dst']],
  ];
  for (const [path, list, refs] of lists) {
    if (!Array.isArray(list)) return `${path}: not a list`;
    for (let i = 0; i < list.length; i++) {
      const x: unknown = list[i];
      if (!isObject(x)) return `${path}[${i}]: not an object`;
      for (const k of ['id', ...refs]) {
        if (typeof x[k] !== 'string') return `${path}[${i}].${k}: not a string`;
      }
    }
  }
  return null;
}

export function isScenarioShape(v: unknown): v is Scenario {
  return scenarioShapeProblem(v) === null;
}
