// M4 decimation (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
// VLDB 2014): per pixel column keep the first, lowest, highest and last point. Drawing the kept
// points as a polyline gives the same pixels as drawing every point, at O(pixels) cost. Columns
// are found by binary search, and long stretches inside a column are read from cached block
// summaries (blocks.ts), so a whole-run view of a million points stays cheap.
import { BLOCK, blocksFor } from './blocks';
import type { Blocks } from './blocks';
import { indexAtOrBefore } from './search';

export interface Points {
  x: Float64Array;
  y: Float64Array;
  length: number;
}

/** The first index i < n with xs[i] ≥ x (n if none). */
function lowerBound(xs: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Acc {
  first: number;
  last: number;
  lo: number;
  hi: number;
  gap: boolean;
}

function scan(
  ys: ArrayLike<number>,
  a: number,
  b: number,
  defined: (y: number) => boolean,
  acc: Acc,
) {
  for (let i = a; i < b; i++) {
    const y = ys[i] as number;
    if (!defined(y)) {
      acc.gap = true;
      continue;
    }
    if (acc.first < 0) acc.first = i;
    acc.last = i;
    if (acc.lo < 0 || y < (ys[acc.lo] as number)) acc.lo = i;
    if (acc.hi < 0 || y > (ys[acc.hi] as number)) acc.hi = i;
  }
}

function addBlocks(ys: ArrayLike<number>, bl: Blocks, k0: number, k1: number, acc: Acc) {
  for (let k = k0; k < k1; k++) {
    if (bl.gap[k]) acc.gap = true;
    const f = bl.first[k] as number;
    if (f < 0) continue;
    if (acc.first < 0) acc.first = f;
    acc.last = bl.last[k] as number;
    const lo = bl.lo[k] as number;
    const hi = bl.hi[k] as number;
    if (acc.lo < 0 || (ys[lo] as number) < (ys[acc.lo] as number)) acc.lo = lo;
    if (acc.hi < 0 || (ys[hi] as number) > (ys[acc.hi] as number)) acc.hi = hi;
  }
}

/**
 * Decimate (xs, ys)[0..n) for a plot `buckets` pixels wide spanning [x0, x1]. Points where
 * `defined(y)` is false become gaps: a bucket holding only such points yields one (x, NaN).
 * Points outside [x0, x1] are dropped. xs must be non-decreasing.
 */
export function decimateM4(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  n: number,
  x0: number,
  x1: number,
  buckets: number,
  defined: (y: number) => boolean = Number.isFinite,
): Points {
  const nb = Math.max(1, Math.floor(buckets));
  const cap = nb * 4;
  const out = {
    x: new Float64Array(Math.min(n, cap)),
    y: new Float64Array(Math.min(n, cap)),
    length: 0,
  };
  if (n === 0 || !(x1 > x0)) return out;
  const width = (x1 - x0) / nb;
  const push = (x: number, y: number) => {
    if (out.length >= out.x.length) return;
    out.x[out.length] = x;
    out.y[out.length] = y;
    out.length++;
  };
  const pushGap = (x: number) => {
    if (out.length === 0 || !Number.isNaN(out.y[out.length - 1] as number)) push(x, NaN);
  };
  const blocks = blocksFor(ys, n, defined);
  // Points up to and including x1.
  const end = indexAtOrBefore(xs, n, x1) + 1;
  let i = lowerBound(xs, n, x0);
  const acc: Acc = { first: -1, last: -1, lo: -1, hi: -1, gap: false };
  while (i < end) {
    const b = Math.min(Math.floor(((xs[i] as number) - x0) / width), nb - 1);
    // The bucket holds the points before its right edge; the first point always belongs to it.
    const j =
      b === nb - 1 ? end : Math.max(i + 1, Math.min(end, lowerBound(xs, n, x0 + (b + 1) * width)));
    acc.first = -1;
    acc.last = -1;
    acc.lo = -1;
    acc.hi = -1;
    acc.gap = false;
    const k0 = Math.ceil(i / BLOCK);
    const k1 = Math.floor(j / BLOCK);
    if (blocks && k1 - k0 >= 2 && k1 <= blocks.count) {
      scan(ys, i, k0 * BLOCK, defined, acc);
      addBlocks(ys, blocks, k0, k1, acc);
      scan(ys, k1 * BLOCK, j, defined, acc);
    } else {
      scan(ys, i, j, defined, acc);
    }
    if (acc.first < 0) {
      if (acc.gap) pushGap(xs[i] as number);
      i = j;
      continue;
    }
    // A gap inside the bucket: break the line before its defined points.
    if (acc.gap) pushGap(xs[acc.first] as number);
    // Emit first, min, max, last in index order, without repeats.
    const picks = [acc.first, acc.lo, acc.hi, acc.last].sort((p, q) => p - q);
    let prev = -1;
    for (const p of picks) {
      if (p !== prev) push(xs[p] as number, ys[p] as number);
      prev = p;
    }
    i = j;
  }
  return out;
}

/**
 * Decimate for a zoomable view: like `decimateM4` over [x0, x1], plus the last point before x0
 * and the first after x1, so the line runs to the plot's edges (the canvas clips it).
 */
export function decimateView(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  n: number,
  x0: number,
  x1: number,
  buckets: number,
  defined: (y: number) => boolean = Number.isFinite,
): Points {
  const inner = decimateM4(xs, ys, n, x0, x1, buckets, defined);
  const before = indexAtOrBefore(xs, n, x0);
  const pre = before >= 0 && (xs[before] as number) < x0 ? before : -1;
  let post = indexAtOrBefore(xs, n, x1) + 1;
  if (post >= n) post = -1;
  if (pre < 0 && post < 0) return inner;
  const len = inner.length + (pre >= 0 ? 1 : 0) + (post >= 0 ? 1 : 0);
  const out: Points = { x: new Float64Array(len), y: new Float64Array(len), length: len };
  let k = 0;
  const put = (i: number) => {
    const y = ys[i] as number;
    out.x[k] = xs[i] as number;
    out.y[k] = defined(y) ? y : NaN;
    k++;
  };
  if (pre >= 0) put(pre);
  out.x.set(inner.x.subarray(0, inner.length), k);
  out.y.set(inner.y.subarray(0, inner.length), k);
  k += inner.length;
  if (post >= 0) put(post);
  return out;
}
