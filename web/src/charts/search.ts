// Searching sorted sample times: the index of the sample at or before a time (hover readouts,
// and where decimation starts when the plot is zoomed in).

/** The largest i < n with xs[i] ≤ x, or -1 when x is before the first sample. */
export function indexAtOrBefore(xs: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) <= x) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The index of the sample nearest to x, or -1 when there are none. */
export function nearestIndex(xs: ArrayLike<number>, n: number, x: number): number {
  if (n === 0) return -1;
  const i = indexAtOrBefore(xs, n, x);
  if (i < 0) return 0;
  if (i >= n - 1) return n - 1;
  return x - (xs[i] as number) <= (xs[i + 1] as number) - x ? i : i + 1;
}
