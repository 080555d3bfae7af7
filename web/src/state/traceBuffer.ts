// A growing columnar copy of the trace: one Float64Array per column, doubled when full, so the
// charts read straight from typed arrays and nothing per-sample becomes a JS object.
import { rowCount } from '../sim/rows';

export class TraceBuffer {
  readonly width: number;
  private cols: Float64Array[];
  private n = 0;

  constructor(width: number, initialRows = 1024) {
    this.width = width;
    this.cols = Array.from({ length: width }, () => new Float64Array(initialRows));
  }

  /** Number of rows held. */
  get length(): number {
    return this.n;
  }

  /** Append a row-major chunk (as drained from the simulator). */
  append(chunk: Float64Array): void {
    const rows = rowCount(chunk, this.width);
    if (rows === 0) return;
    this.reserve(this.n + rows);
    for (let c = 0; c < this.width; c++) {
      const col = this.cols[c] as Float64Array;
      for (let r = 0; r < rows; r++) col[this.n + r] = chunk[r * this.width + c] as number;
    }
    this.n += rows;
  }

  private reserve(rows: number): void {
    const cap = this.cols[0]?.length ?? 0;
    if (rows <= cap) return;
    let next = Math.max(cap, 1);
    while (next < rows) next *= 2;
    this.cols = this.cols.map((old) => {
      const grown = new Float64Array(next);
      grown.set(old.subarray(0, this.n));
      return grown;
    });
  }

  /** The filled part of column `c` (a view, valid until the next append). */
  column(c: number): Float64Array {
    const col = this.cols[c];
    if (!col) throw new RangeError(`no column ${c}`);
    return col.subarray(0, this.n);
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
