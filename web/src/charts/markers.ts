// Event markers from cumulative counters in the trace (retransmitted segments, timeouts): the
// samples where the counter went up, placed on another series (e.g. on the cwnd curve).

export interface MarkerPoints {
  x: Float64Array;
  y: Float64Array;
  length: number;
}

/**
 * The samples i where counter[i] > counter[i − 1], with x = t[i] and y = on[i]. At most
 * `max` markers: when there are more, only the first of each run of close samples is kept.
 */
export function counterSteps(
  t: ArrayLike<number>,
  counter: ArrayLike<number>,
  on: ArrayLike<number>,
  n: number,
  max = 5000,
): MarkerPoints {
  const idx: number[] = [];
  for (let i = 1; i < n; i++) {
    if ((counter[i] as number) > (counter[i - 1] as number)) idx.push(i);
  }
  const stride = Math.max(1, Math.ceil(idx.length / max));
  const keep = idx.filter((_, k) => k % stride === 0);
  const x = new Float64Array(keep.length);
  const y = new Float64Array(keep.length);
  keep.forEach((i, k) => {
    x[k] = t[i] as number;
    y[k] = on[i] as number;
  });
  return { x, y, length: keep.length };
}
