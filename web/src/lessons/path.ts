// Paths into JSON documents (run summaries, scenarios), the same rules as
// wasm/cli/src/assignment/path.rs: `flows[flow1].goodput_bps`, `links[bottleneck/a>b].drops`,
// `flows[cc=cubic].goodput_bps`, `flows[*].timeouts`, `topology.links[1].delay_ms`.

export type Selector =
  | { kind: 'all' }
  | { kind: 'index'; index: number }
  | { kind: 'field'; key: string; value: string }
  | { kind: 'idDirection'; id: string; direction: string }
  | { kind: 'id'; id: string };

export interface Segment {
  key: string;
  selector: Selector | null;
}

function selector(text: string): Selector {
  if (text === '*') return { kind: 'all' };
  if (/^[0-9]+$/.test(text)) return { kind: 'index', index: Number(text) };
  const eq = text.indexOf('=');
  if (eq >= 0) return { kind: 'field', key: text.slice(0, eq), value: text.slice(eq + 1) };
  const slash = text.indexOf('/');
  if (slash >= 0)
    return { kind: 'idDirection', id: text.slice(0, slash), direction: text.slice(slash + 1) };
  return { kind: 'id', id: text };
}

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

/** Parse a path; throws an Error saying what is wrong. */
export function parsePath(path: string): Segment[] {
  if (path === '') throw new Error('empty path');
  return splitDots(path).map((part) => {
    const open = part.indexOf('[');
    let key = part;
    let sel: Selector | null = null;
    if (open >= 0) {
      if (!part.endsWith(']')) throw new Error(`'${path}': '[' without a closing ']' in '${part}'`);
      const inner = part.slice(open + 1, -1);
      if (inner === '') throw new Error(`'${path}': empty selector in '${part}'`);
      key = part.slice(0, open);
      sel = selector(inner);
    }
    if (key === '') throw new Error(`'${path}': empty name`);
    return { key, selector: sel };
  });
}

function scalarEq(v: unknown, want: string): boolean {
  if (typeof v === 'string') return v === want;
  if (typeof v === 'number') return want.trim() !== '' && Number(want) === v;
  if (typeof v === 'boolean') return want === String(v);
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(item: unknown, key: string): unknown {
  return isObject(item) && Object.hasOwn(item, key) ? item[key] : undefined;
}

function matches(sel: Selector, i: number, item: unknown): boolean {
  switch (sel.kind) {
    case 'all':
      return true;
    case 'index':
      return sel.index === i;
    case 'field':
      return scalarEq(field(item, sel.key), sel.value);
    case 'idDirection':
      return (
        scalarEq(field(item, 'id'), sel.id) && scalarEq(field(item, 'direction'), sel.direction)
      );
    case 'id':
      return scalarEq(field(item, 'id'), sel.id);
  }
}

/** Every value the path reaches, in document order. */
export function select(doc: unknown, path: Segment[]): unknown[] {
  let cur: unknown[] = [doc];
  for (const seg of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      const child = field(v, seg.key);
      if (child === undefined) continue;
      if (!seg.selector) next.push(child);
      else if (Array.isArray(child)) {
        const sel = seg.selector;
        child.forEach((it: unknown, i) => {
          if (matches(sel, i, it)) next.push(it);
        });
      }
    }
    cur = next;
  }
  return cur;
}

/**
 * Set every place the path reaches to a copy of `value` (in place); returns how many were set.
 * The last key is created when its parent object exists.
 */
export function setPath(doc: unknown, path: Segment[], value: unknown): number {
  const last = path[path.length - 1];
  if (!last) return 0;
  const parents = select(doc, path.slice(0, -1));
  let n = 0;
  for (const p of parents) {
    if (!isObject(p)) continue;
    if (!last.selector) {
      p[last.key] = structuredClone(value);
      n++;
      continue;
    }
    const arr = field(p, last.key);
    if (!Array.isArray(arr)) continue;
    const sel = last.selector;
    for (let i = 0; i < arr.length; i++) {
      if (matches(sel, i, arr[i])) {
        arr[i] = structuredClone(value);
        n++;
      }
    }
  }
  return n;
}
