// A small structural patch between two JSON values, so a link carries only what differs from a
// fixed base scenario. Unlike RFC 7386 merge patches it keeps null apart from "absent" and edits
// arrays element by element:
//   ['=', value]            replace with value
//   ['-']                   remove this object key
//   ['[', length, {i: P}]   the array resized to `length`, element i patched by P
//   {key: P, …}             the object with each key patched by P (other keys kept)
// `applyPatch` checks every step and throws PatchError on anything else (a hostile link).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Patch = ['=', unknown] | ['-'] | ['[', number, PatchMap] | PatchMap;
export interface PatchMap {
  [key: string]: Patch;
}

/** The longest array a patch may ask for (far above the scenario limits of 2000 links). */
export const MAX_PATCH_ARRAY = 100_000;

export class PatchError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path || '(top)'}: ${message}`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** The patch that turns `base` into `target`; undefined when they are equal. */
export function makePatch(base: unknown, target: unknown): Patch | undefined {
  if (sameJson(base, target)) return undefined;
  if (Array.isArray(base) && Array.isArray(target)) {
    const edits: PatchMap = {};
    target.forEach((v, i) => {
      const p = i < base.length ? makePatch(base[i], v) : (['=', clone(v)] as Patch);
      if (p !== undefined) edits[i] = p;
    });
    return ['[', target.length, edits];
  }
  if (isObject(base) && isObject(target)) {
    const out: PatchMap = {};
    for (const [k, v] of Object.entries(target)) {
      if (v === undefined) continue;
      const p = base[k] === undefined ? (['=', clone(v)] as Patch) : makePatch(base[k], v);
      if (p !== undefined) out[k] = p;
    }
    for (const k of Object.keys(base)) {
      if (base[k] !== undefined && target[k] === undefined) out[k] = ['-'];
    }
    return out;
  }
  return ['=', clone(target)];
}

const REMOVED = Symbol('removed');

function apply(base: unknown, patch: unknown, path: string): unknown {
  if (Array.isArray(patch)) {
    const [tag] = patch;
    if (tag === '=' && patch.length === 2) return clone(patch[1]);
    if (tag === '-' && patch.length === 1) return REMOVED;
    if (tag === '[' && patch.length === 3) {
      const [, length, edits] = patch as unknown[];
      if (!Array.isArray(base)) throw new PatchError(path, 'an array edit of something not a list');
      if (!Number.isInteger(length) || (length as number) < 0) {
        throw new PatchError(path, 'the new length is not a whole number');
      }
      if ((length as number) > MAX_PATCH_ARRAY) throw new PatchError(path, 'the list is too long');
      if (!isObject(edits)) throw new PatchError(path, 'the list edits are not an object');
      for (const k of Object.keys(edits)) {
        const i = Number(k);
        if (!/^(0|[1-9][0-9]*)$/.test(k) || i >= (length as number)) {
          throw new PatchError(path, `no element ${k} to edit`);
        }
      }
      const out: unknown[] = [];
      for (let i = 0; i < (length as number); i++) {
        const p = edits[String(i)];
        if (p === undefined && i >= base.length) throw new PatchError(`${path}[${i}]`, 'missing');
        const v = p === undefined ? clone(base[i]) : apply(base[i], p, `${path}[${i}]`);
        if (v === REMOVED)
          throw new PatchError(`${path}[${i}]`, 'a list element cannot be removed');
        out.push(v);
      }
      return out;
    }
    throw new PatchError(path, 'not a patch');
  }
  if (isObject(patch)) {
    if (!isObject(base)) throw new PatchError(path, 'an object edit of something not an object');
    const out: Record<string, unknown> = {};
    const keys = [...Object.keys(base), ...Object.keys(patch).filter((k) => !(k in base))];
    for (const k of keys) {
      if (k === '__proto__') throw new PatchError(path, 'a key named __proto__');
      const at = path ? `${path}.${k}` : k;
      const v = k in patch ? apply(base[k], patch[k], at) : clone(base[k]);
      if (v !== REMOVED && v !== undefined) out[k] = v;
    }
    return out;
  }
  throw new PatchError(path, 'not a patch');
}

/** `base` with `patch` applied (a fresh value; `base` is not changed). Throws PatchError. */
export function applyPatch(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return clone(base);
  const v = apply(base, patch, '');
  if (v === REMOVED) throw new PatchError('', 'the whole value removed');
  return v;
}
