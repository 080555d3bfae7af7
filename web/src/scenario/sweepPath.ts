// The field paths of sweep files and assignments, read and written in the page as the CLI's
// grader reads them (tcplab-grade's path module): `topology.links[1].delay_ms` (an index),
// `topology.links[bottleneck].queue.limit_packets` (an id), `flows[*].cc` (every element),
// `flows[cc=cubic]` (a field's value), `links[bottleneck/a>b].drops` (an id and a direction).

type Selector =
  | { kind: 'all' }
  | { kind: 'index'; index: number }
  | { kind: 'field'; key: string; value: string }
  | { kind: 'id_direction'; id: string; direction: string }
  | { kind: 'id'; id: string };

export interface Segment {
  key: string;
  selector: Selector | null;
}

function selector(text: string): Selector {
  if (text === '*') return { kind: 'all' };
  if (/^\d+$/.test(text)) return { kind: 'index', index: Number(text) };
  const eq = text.indexOf('=');
  if (eq >= 0) return { kind: 'field', key: text.slice(0, eq), value: text.slice(eq + 1) };
  const slash = text.indexOf('/');
  if (slash >= 0)
    return { kind: 'id_direction', id: text.slice(0, slash), direction: text.slice(slash + 1) };
  return { kind: 'id', id: text };
}

/** Dots outside brackets split a path (`links[a.b].x` has two parts). */
function splitDots(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '.' && depth === 0) {
      parts.push(path.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(path.slice(start));
  return parts;
}

/** Parse a path; a string says what is wrong with it. */
export function parseSweepPath(path: string): Segment[] | string {
  if (path === '') return 'an empty path';
  const out: Segment[] = [];
  for (const part of splitDots(path)) {
    const open = part.indexOf('[');
    let key = part;
    let sel: Selector | null = null;
    if (open >= 0) {
      if (!part.endsWith(']')) return `'${part}' in '${path}' opens a [ it does not close`;
      const inner = part.slice(open + 1, -1);
      if (inner === '') return `'${part}' in '${path}' has nothing between [ and ]`;
      key = part.slice(0, open);
      sel = selector(inner);
    }
    if (key === '') return `'${path}' has a part with no name`;
    out.push({ key, selector: sel });
  }
  return out;
}

/** Does every segment pick at most one value (no `*`, no `key=value`)? */
export function isSingle(path: Segment[]): boolean {
  return path.every((s) => s.selector?.kind !== 'all' && s.selector?.kind !== 'field');
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function scalarEq(v: Json, want: string): boolean {
  if (typeof v === 'string') return v === want;
  if (typeof v === 'number') return Number(want) === v && want.trim() !== '';
  if (typeof v === 'boolean') return want === String(v);
  return false;
}

function matches(sel: Selector, i: number, item: Json): boolean {
  const field = (k: string) => (isObject(item) ? item[k] : undefined);
  switch (sel.kind) {
    case 'all':
      return true;
    case 'index':
      return sel.index === i;
    case 'field':
      return scalarEq(field(sel.key), sel.value);
    case 'id_direction':
      return scalarEq(field('id'), sel.id) && scalarEq(field('direction'), sel.direction);
    case 'id':
      return scalarEq(field('id'), sel.id);
  }
}

/** Every value the path reaches, in document order. */
export function selectAt(doc: Json, path: Segment[]): Json[] {
  let cur: Json[] = [doc];
  for (const seg of path) {
    const next: Json[] = [];
    for (const v of cur) {
      if (!isObject(v) || !(seg.key in v)) continue;
      const child = v[seg.key];
      if (seg.selector === null) next.push(child);
      else if (Array.isArray(child)) {
        const sel = seg.selector;
        child.forEach((it, i) => {
          if (matches(sel, i, it)) next.push(it);
        });
      }
    }
    cur = next;
  }
  return cur;
}

/**
 * Set every place the path reaches to a copy of `value`, in place; returns how many were set.
 * The last key is created when its parent object exists, as the CLI does.
 */
export function setAtPath(doc: Json, path: Segment[], value: Json): number {
  const last = path[path.length - 1];
  if (!last) return 0;
  const parents = path.length === 1 ? [doc] : selectAt(doc, path.slice(0, -1));
  let n = 0;
  for (const p of parents) {
    if (!isObject(p)) continue;
    if (last.selector === null) {
      p[last.key] = structuredClone(value);
      n++;
      continue;
    }
    const items = p[last.key];
    if (!Array.isArray(items)) continue;
    const sel = last.selector;
    items.forEach((it, i) => {
      if (matches(sel, i, it)) {
        items[i] = structuredClone(value);
        n++;
      }
    });
  }
  return n;
}
