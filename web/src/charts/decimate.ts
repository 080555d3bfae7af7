// M4 decimation (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
// VLDB 2014): per pixel column keep the first, lowest, highest and last point. Drawing the kept
// points as a polyline gives the same pixels as drawing every point, at O(pixels) cost.
import { indexAtOrBefore } from './search';

export interface Points {
  x: Float64Array;
  y: Float64Array;
  length: number;
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
  const cap = Math.max(1, Math.floor(buckets)) * 4;
  const out = {
    x: new Float64Array(Math.min(n, cap)),
    y: new Float64Array(Math.min(n, cap)),
    length: 0,
  };
  if (n === 0 || !(x1 > x0)) return out;
  const width = (x1 - x0) / Math.max(1, Math.floor(buckets));
  const push = (x: number, y: number) => {
    if (out.length >= out.x.length) return;
    out.x[out.length] = x;
    out.y[out.length] = y;
    out.length++;
  };

  const pushGap = (x: number) => {
    if (out.length === 0 || !Number.isNaN(out.y[out.length - 1] as number)) push(x, NaN);
  };

  // Binary search to the first point ≥ x0: a zoomed-in view scans only what it shows.
  let i = Math.max(0, indexAtOrBefore(xs, n, x0));
  while (i < n && (xs[i] as number) < x0) i++;
  while (i < n) {
    const xi = xs[i] as number;
    if (xi > x1) break;
    const b = Math.min(Math.floor((xi - x0) / width), Math.floor(buckets) - 1);
    const bucketEnd = x0 + (b + 1) * width;
    // Scan the bucket.
    let first = -1;
    let last = -1;
    let lo = -1;
    let hi = -1;
    let gap = false;
    let firstX = xi;
    const start = i;
    for (; i < n; i++) {
      const x = xs[i] as number;
      // The first point always belongs to this bucket (guards against rounding at its edge).
      if (i > start && (x > x1 || (x >= bucketEnd && b < Math.floor(buckets) - 1))) break;
      const y = ys[i] as number;
      if (!defined(y)) {
        gap = true;
        continue;
      }
      if (first < 0) first = i;
      last = i;
      if (lo < 0 || y < (ys[lo] as number)) lo = i;
      if (hi < 0 || y > (ys[hi] as number)) hi = i;
      firstX = x;
    }
    if (first < 0) {
      if (gap) pushGap(firstX);
      continue;
    }
    // A gap inside the bucket: break the line before its defined points.
    if (gap) pushGap(xs[first] as number);
    // Emit first, min, max, last in index order, without repeats.
    const picks = [first, lo, hi, last].sort((a, b2) => a - b2);
    let prev = -1;
    for (const p of picks) {
      if (p !== prev) push(xs[p] as number, ys[p] as number);
      prev = p;
    }
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
