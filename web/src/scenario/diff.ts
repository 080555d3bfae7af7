// What differs between two scenarios (A/B compare): the leaf paths whose values differ, in the
// validator's path notation, with both values.
import { formatPath } from './fieldPath';
import type { PathKey } from './fieldPath';

export interface Difference {
  path: string;
  a: unknown;
  b: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function walk(a: unknown, b: unknown, keys: PathKey[], out: Difference[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], [...keys, i], out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const names = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of [...names].sort()) walk(a[k], b[k], [...keys, k], out);
    return;
  }
  // Absent and null both mean "default" in the schema.
  if ((a === undefined || a === null) && (b === undefined || b === null)) return;
  out.push({ path: formatPath(keys), a, b });
}

export function diffScenarios(a: unknown, b: unknown): Difference[] {
  const out: Difference[] = [];
  walk(a, b, [], out);
  return out;
}
