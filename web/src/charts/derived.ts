// Series derived from the trace for display only (no model): rates over a sliding window of
// samples, from a cumulative counter such as `delivered` bytes.

/**
 * The rate of a cumulative counter over windows of `window` seconds: for each sample i at least
 * one window in, (c[i] − c[j]) × scale / (t[i] − t[j]) with t[j] the first sample ≥ t[i] − window.
 * Returns x and y arrays of the same length as the input (NaN before the first full window).
 */
export function windowedRate(
  t: ArrayLike<number>,
  counter: ArrayLike<number>,
  n: number,
  window: number,
  scale = 1,
): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = t[i] as number;
  windowedRateInto(t, counter, n, window, scale, y, 0, 1);
  return { x, y };
}

/**
 * `windowedRate`'s y values written into `out` at `offset + i × stride` (a column of a row-major
 * matrix), without a new array per counter.
 */
export function windowedRateInto(
  t: ArrayLike<number>,
  counter: ArrayLike<number>,
  n: number,
  window: number,
  scale: number,
  out: Float64Array,
  offset: number,
  stride: number,
): void {
  let j = 0;
  for (let i = 0; i < n; i++) {
    const ti = t[i] as number;
    while (j < i && (t[j] as number) < ti - window - 1e-9) j++;
    const dt = ti - (t[j] as number);
    out[offset + i * stride] =
      dt >= window - 1e-9 ? (((counter[i] as number) - (counter[j] as number)) * scale) / dt : NaN;
  }
}
