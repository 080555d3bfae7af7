// A growing columnar copy of the trace: one typed array per column, doubled when full, so the
// charts read straight from typed arrays and nothing per-sample becomes a JS object. Each column
// is stored as small as its values allow while staying exact (the CSV and JSON exports read these
// columns): a column that has held one value so far (counters that never move, enums, an idle
// link's queue: more than half the columns of a large scenario) shares one array of that value
// with every other such column; it gets its own array on its first different value, in 4-byte
// floats while every value is exactly a 32-bit float (segment and packet counts, states), and in
// 8-byte floats from the first value that is not.
import { rowCount } from '../sim/rows';

/** One column's storage. */
export type TraceColumn = Float32Array | Float64Array;

/** An array of one value, shared by the columns that have held only that value. */
interface Shared {
  array: TraceColumn;
  users: number;
}

/** A Map key telling -0 from 0 (the exports write what the model wrote). */
function keyOf(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

/** Whether `v` is exactly a 32-bit float (NaN is one too). */
function fits32(v: number): boolean {
  return Math.fround(v) === v || v !== v;
}

export class TraceBuffer {
  readonly width: number;
  private cols: TraceColumn[] = [];
  /** Per column: 1 while it has held one value only (its storage is `shared`), else 0. */
  private single = new Uint8Array(0);
  private readonly shared = new Map<string, Shared>();
  private cap = 0;
  private n = 0;

  /** Rows to make room for when the first chunk arrives. */
  private readonly initialRows: number;

  constructor(width: number, initialRows = 1024) {
    this.width = width;
    this.initialRows = Math.max(1, initialRows);
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
      // The first rows: every column starts as its first value, shared.
      this.cap = this.initialRows;
      while (this.cap < rows) this.cap *= 2;
      this.single = new Uint8Array(w).fill(1);
      this.cols = Array.from({ length: w }, (_, c) => this.share(chunk[c] as number));
    }
    this.reserve(this.n + rows);
    for (let c = 0; c < w; c++) {
      let col = this.cols[c] as TraceColumn;
      let r = 0;
      if (this.single[c]) {
        const v0 = col[0] as number;
        while (r < rows && Object.is(chunk[r * w + c], v0)) r++;
        if (r === rows) continue;
        col = this.own(c, chunk, r);
      }
      if (col instanceof Float32Array) {
        for (; r < rows; r++) {
          const v = chunk[r * w + c] as number;
          if (!fits32(v)) break;
          col[this.n + r] = v;
        }
        if (r < rows) col = this.widen(c, this.n + r);
      }
      for (; r < rows; r++) col[this.n + r] = chunk[r * w + c] as number;
    }
    this.n += rows;
  }

  /** The shared array of value `v` (made, `cap` long, when no column holds `v` yet). */
  private share(v: number): TraceColumn {
    const key = keyOf(v);
    let s = this.shared.get(key);
    if (!s) {
      const array = fits32(v) ? new Float32Array(this.cap) : new Float64Array(this.cap);
      s = { array: array.fill(v), users: 0 };
      this.shared.set(key, s);
    }
    s.users++;
    return s.array;
  }

  /**
   * Column `c` leaves its shared array at row `r` of `chunk`: its own array, holding its one value
   * so far, as wide as that value and the rest of the chunk need (so that a column that needs 8
   * bytes does not leave a 4-byte array behind).
   */
  private own(c: number, chunk: Float64Array, r: number): TraceColumn {
    const v0 = (this.cols[c] as TraceColumn)[0] as number;
    const key = keyOf(v0);
    const s = this.shared.get(key) as Shared;
    if (--s.users === 0) this.shared.delete(key);
    this.single[c] = 0;
    const rows = chunk.length / this.width;
    let narrow = fits32(v0);
    for (let i = r; narrow && i < rows; i++) narrow = fits32(chunk[i * this.width + c] as number);
    const col = narrow ? new Float32Array(this.cap) : new Float64Array(this.cap);
    col.fill(v0, 0, this.n + r);
    this.cols[c] = col;
    return col;
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
    if (rows <= this.cap) return;
    let next = Math.max(this.cap, 1);
    while (next < rows) next *= 2;
    this.cap = next;
    for (const s of this.shared.values()) {
      const v = s.array[0] as number;
      s.array = (
        s.array instanceof Float32Array ? new Float32Array(next) : new Float64Array(next)
      ).fill(v);
    }
    this.cols = this.cols.map((old, c) => {
      if (this.single[c]) return (this.shared.get(keyOf(old[0] as number)) as Shared).array;
      const grown = old instanceof Float32Array ? new Float32Array(next) : new Float64Array(next);
      grown.set(old.subarray(0, this.n));
      return grown;
    });
  }

  /** The filled part of column `c` (a read-only view, valid until the next append). */
  column(c: number): TraceColumn {
    if (!Number.isInteger(c) || c < 0 || c >= this.width) throw new RangeError(`no column ${c}`);
    return this.cols[c]?.subarray(0, this.n) ?? new Float32Array(0);
  }

  /** Bytes the columns take (what the page holds for this trace). */
  get bytes(): number {
    let sum = 0;
    this.cols.forEach((col, c) => {
      if (!this.single[c]) sum += col.byteLength;
    });
    for (const s of this.shared.values()) sum += s.array.byteLength;
    return sum;
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
