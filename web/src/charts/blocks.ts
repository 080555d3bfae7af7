// Min/max summaries of fixed blocks of samples, cached per array, so that decimating a million
// points for a whole-run view reads a few block summaries per pixel column instead of every
// sample. Built lazily, extended as the trace grows (rows are only ever appended).

export const BLOCK = 64;

export interface Blocks {
  /** Complete blocks summarised so far. */
  count: number;
  /** Per block: index of its first and last defined sample, its lowest and highest (-1: none). */
  first: Int32Array;
  last: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  /** Per block: 1 if some sample in it is not defined (a gap). */
  gap: Uint8Array;
}

const cache = new WeakMap<ArrayBufferLike, Map<string, Blocks>>();
let nextFnId = 1;
const fnIds = new WeakMap<object, number>();

function fnId(f: (y: number) => boolean): number {
  let id = fnIds.get(f);
  if (id === undefined) {
    id = nextFnId++;
    fnIds.set(f, id);
  }
  return id;
}

function grow<T extends Int32Array | Uint8Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const next = new (a.constructor as { new (n: number): T })(Math.max(size, a.length * 2, 64));
  next.set(a);
  return next;
}

/**
 * The block summaries of `ys[0..n)` under `defined`, or null when `ys` is not a typed array (or
 * too short to be worth it).
 */
export function blocksFor(
  ys: ArrayLike<number>,
  n: number,
  defined: (y: number) => boolean,
): Blocks | null {
  if (!(ys instanceof Float64Array || ys instanceof Float32Array) || n < 4 * BLOCK) return null;
  let byArray = cache.get(ys.buffer);
  if (!byArray) {
    byArray = new Map();
    cache.set(ys.buffer, byArray);
  }
  const key = `${ys.byteOffset}:${fnId(defined)}`;
  let b = byArray.get(key);
  if (!b) {
    const empty = new Int32Array(0);
    b = { count: 0, first: empty, last: empty, lo: empty, hi: empty, gap: new Uint8Array(0) };
    byArray.set(key, b);
  }
  const want = Math.floor(n / BLOCK);
  if (want > b.count) {
    b.first = grow(b.first, want);
    b.last = grow(b.last, want);
    b.lo = grow(b.lo, want);
    b.hi = grow(b.hi, want);
    b.gap = grow(b.gap, want);
    for (let k = b.count; k < want; k++) {
      let first = -1;
      let last = -1;
      let lo = -1;
      let hi = -1;
      let gap = 0;
      for (let i = k * BLOCK, end = i + BLOCK; i < end; i++) {
        const y = ys[i] as number;
        if (!defined(y)) {
          gap = 1;
          continue;
        }
        if (first < 0) first = i;
        last = i;
        if (lo < 0 || y < (ys[lo] as number)) lo = i;
        if (hi < 0 || y > (ys[hi] as number)) hi = i;
      }
      b.first[k] = first;
      b.last[k] = last;
      b.lo[k] = lo;
      b.hi[k] = hi;
      b.gap[k] = gap;
    }
    b.count = want;
  }
  return b;
}
