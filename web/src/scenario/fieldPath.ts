// Field paths as the validator writes them (`topology.links[1].queue.min_th`): parsing, and
// reading and writing a scenario at a path without mutating it (untouched branches are shared).

export type PathKey = string | number;

/** `a.b[2].c` → ['a', 'b', 2, 'c']. */
export function parsePath(path: string): PathKey[] {
  const keys: PathKey[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) keys.push(Number(m[2]));
    else if (m[1] !== undefined) keys.push(m[1]);
  }
  return keys;
}

/** ['a', 'b', 2, 'c'] → `a.b[2].c`. */
export function formatPath(keys: readonly PathKey[]): string {
  return keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** The value at `path`, or undefined where the path leaves the object. */
export function getAt(root: unknown, path: string | readonly PathKey[]): unknown {
  const keys = typeof path === 'string' ? parsePath(path) : path;
  let v: unknown = root;
  for (const k of keys) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PathKey, unknown>)[k];
  }
  return v;
}

/**
 * A copy of `root` with `value` at `path` (creating objects on the way); `undefined` removes the
 * key (an optional field back to its default). Arrays stay arrays.
 */
export function setAt<T>(root: T, path: string | readonly PathKey[], value: unknown): T {
  const keys = typeof path === 'string' ? parsePath(path) : path;
  return setKeys(root, keys, 0, value) as T;
}

function setKeys(node: unknown, keys: readonly PathKey[], i: number, value: unknown): unknown {
  if (i === keys.length) return value;
  const k = keys[i] as PathKey;
  const child = node !== null && typeof node === 'object' ? node : typeof k === 'number' ? [] : {};
  const next = setKeys((child as Record<PathKey, unknown>)[k], keys, i + 1, value);
  if (Array.isArray(child)) {
    const copy = child.slice();
    copy[k as number] = next;
    return copy;
  }
  const copy: Record<PathKey, unknown> = { ...(child as Record<PathKey, unknown>) };
  if (next === undefined) delete copy[k];
  else copy[k] = next;
  return copy;
}

/** Does a validator error at `errorPath` belong to the field at `fieldPath` (or inside it)? */
export function pathWithin(errorPath: string, fieldPath: string): boolean {
  return (
    errorPath === fieldPath ||
    errorPath.startsWith(`${fieldPath}.`) ||
    errorPath.startsWith(`${fieldPath}[`)
  );
}
