// A growing columnar copy of the trace: one typed array per column, doubled when full, so the
// charts read straight from typed arrays and nothing per-sample becomes a JS object. A column is
// kept in 4-byte floats while every value it received is exactly a 32-bit float (segment counts,
// packet counts, states: integers below 2²⁴) and becomes 8-byte on the first value that is not,
// so the page holds near the trace cap about half the memory and every value stays exact (the
// CSV and JSON exports read these columns).
import { rowCount } from '../sim/rows';

/** One column's storage. */
export type TraceColumn = Float32Array | Float64Array;

export class TraceBuffer {
  readonly width: number;
  private cols: TraceColumn[];
  private n = 0;

  /** Rows to make room for when the first chunk arrives. */
  private readonly initialRows: number;

  constructor(width: number, initialRows = 1024) {
    this.width = width;
    this.initialRows = Math.max(1, initialRows);
    // Made on the first chunk, each as wide as its first values need (so that a column that
    // needs 8 bytes does not leave 4-byte garbage behind).
    this.cols = [];
  }

  /** Number of rows held. */
  get length(): number {
    return this.n;
  }

  /** Append a row-major chunk (as drained from the simulator). */
  append(chunk: Float64Array): void {
    const rows = rowCount(chunk, this.width);
    if (rows === 0) return;
    const w = this.width;
    if (this.cols.length < w) {
      let cap = this.initialRows;
      while (cap < rows) cap *= 2;
      this.cols = Array.from({ length: w }, (_, c) => {
        for (let r = 0; r < rows; r++) {
          const v = chunk[r * w + c] as number;
          if (Math.fround(v) !== v && v === v) return new Float64Array(cap);
        }
        return new Float32Array(cap);
      });
    }
    this.reserve(this.n + rows);
    for (let c = 0; c < w; c++) {
      let col = this.cols[c] as TraceColumn;
      let r = 0;
      if (col instanceof Float32Array) {
        for (; r < rows; r++) {
          const v = chunk[r * w + c] as number;
          // NaN is a 32-bit float too (fround(NaN) is NaN, which is not === itself).
          if (Math.fround(v) !== v && v === v) break;
          col[this.n + r] = v;
        }
        if (r < rows) col = this.widen(c, this.n + r);
      }
      for (; r < rows; r++) col[this.n + r] = chunk[r * w + c] as number;
    }
    this.n += rows;
  }

  /** Column `c` in 8-byte floats from now on (a value arrived that 4 bytes cannot hold), with
   * its first `filled` rows. */
  private widen(c: number, filled: number): Float64Array {
    const old = this.cols[c] as TraceColumn;
    const wide = new Float64Array(old.length);
    wide.set(old.subarray(0, filled));
    this.cols[c] = wide;
    return wide;
  }

  private reserve(rows: number): void {
    const cap = this.cols[0]?.length ?? 0;
    if (rows <= cap) return;
    let next = Math.max(cap, 1);
    while (next < rows) next *= 2;
    this.cols = this.cols.map((old) => {
      const grown = old instanceof Float32Array ? new Float32Array(next) : new Float64Array(next);
      grown.set(old.subarray(0, this.n));
      return grown;
    });
  }

  /** The filled part of column `c` (a view, valid until the next append). */
  column(c: number): TraceColumn {
    if (!Number.isInteger(c) || c < 0 || c >= this.width) throw new RangeError(`no column ${c}`);
    return this.cols[c]?.subarray(0, this.n) ?? new Float32Array(0);
  }

  /** Bytes the columns take (what the page holds for this trace). */
  get bytes(): number {
    return this.cols.reduce((s, col) => s + col.byteLength, 0);
  }

  /** The latest value of column `c`, or NaN when empty. */
  last(c: number): number {
    return this.n > 0 ? (this.cols[c]?.[this.n - 1] ?? NaN) : NaN;
  }

  /** Mean of column `c` over rows whose time (column `tCol`) is > tFrom; NaN when none. */
  meanSince(c: number, tCol: number, tFrom: number): number {
    const t = this.cols[tCol];
    const v = this.cols[c];
    if (!t || !v) return NaN;
    let sum = 0;
    let count = 0;
    for (let i = this.n - 1; i >= 0 && (t[i] as number) > tFrom; i--) {
      sum += v[i] as number;
      count++;
    }
    return count > 0 ? sum / count : NaN;
  }
}
