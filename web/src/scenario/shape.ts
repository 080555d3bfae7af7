// Is a parsed JSON value shaped enough like a scenario for the editor to show it (arrays where
// arrays belong, objects with string ids)? Everything else, from values to references, is the
// validator's job; this only keeps a bad file or URL from breaking the page.
import type { Scenario } from './types';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const withIds = (v: unknown): boolean =>
  Array.isArray(v) && v.every((x) => isObject(x) && typeof x.id === 'string');

export function isScenarioShape(v: unknown): v is Scenario {
  if (!isObject(v) || !isObject(v.topology)) return false;
  const t = v.topology;
  return (
    withIds(t.nodes) &&
    withIds(t.links) &&
    withIds(v.flows) &&
    (t.links as Record<string, unknown>[]).every(
      (l) => typeof l.a === 'string' && typeof l.b === 'string',
    ) &&
    (v.flows as Record<string, unknown>[]).every(
      (f) => typeof f.src === 'string' && typeof f.dst === 'string',
    )
  );
}
