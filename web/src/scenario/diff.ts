// What differs between two scenarios (A/B compare): the leaf paths whose values differ, in the
// validator's path notation, with both values; and whether two scenarios are the same (which
// stops at the first difference: a 1,000-flow scenario against the default is one look).
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

/** Whether `a` and `b` have no difference (as `diffScenarios(a, b).length === 0`). */
export function sameScenario(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (!sameScenario(a[i], b[i])) return false;
    }
    return true;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) if (!sameScenario(a[k], b[k])) return false;
    for (const k of Object.keys(b)) if (!(k in a) && !sameScenario(undefined, b[k])) return false;
    return true;
  }
  return (a === undefined || a === null) && (b === undefined || b === null);
}
