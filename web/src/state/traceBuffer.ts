// The page's copy of the trace, column by column, small near the trace cap. Most columns of a large
// scenario change value far less often than they are sampled (a flow's window moves when an ACK
// arrives, not every millisecond; an idle link's queue never moves), so a column starts as its
// *steps*: each row where its value changes, with the new value, kept in one arena that all
// columns share (a list per column through it: no array per column, 41,000 columns at the limits).
// A column whose steps would take more than about a byte per row goes *dense*: a typed array of
// its own, in 4-byte floats while every value is exactly a 32-bit float, in 8-byte floats from the
// first that is not. Every value reads back exactly as the model wrote it (-0, NaN and infinities
// included): the CSV and JSON exports read these columns.
// Readers: `column(c)`, the whole column as one array (a view of a dense column; a copy of a
// stepped one, kept until the next append), for the few lines a plot draws; `read(c, out, …)`,
// into the caller's scratch array, for code that walks every flow or link; `last`.
import { rowCount } from '../sim/rows';

/** One column's values as one array. */
export type TraceColumn = Float32Array | Float64Array;

/**
 * A column goes dense once it has more than capacity / DENSE_AT steps. A step takes 16 bytes (its
 * row, 4; its value, 8; the index of the column's next step, 4): a stepped column takes at most
 * about 4 bytes per row of capacity, no more than a dense one (4 or 8), and the steps it leaves
 * dead in the arena when it goes dense are compacted away.
 */
const DENSE_AT = 4;
/** The arena is rebuilt without its dead steps once they are more than half of it. */
const MIN_COMPACT = 4096;
/** Bytes of stepped columns' copies kept for `column()` at most (past it, the copies go). */
const COPY_CACHE_BYTES = 32 * 2 ** 20;
const NONE = -1;

/** Whether `v` is exactly a 32-bit float (NaN is one too). */
function fits32(v: number): boolean {
  return Math.fround(v) === v || v !== v;
}

export class TraceBuffer {
  readonly width: number;
  private n = 0;
  /** Rows of capacity: the length of the dense columns' arrays. */
  private cap: number;
  /** Per column: its own array once dense, else null (its values are its steps). */
  private readonly dense: (TraceColumn | null)[];
  /** Per column: its latest value. */
  private readonly lastValue: Float64Array;
  /** Per stepped column: the arena index of its first and latest steps (NONE before a row). */
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  /** Per stepped column: how many steps it has. */
  private readonly stepCount: Uint32Array;
  /** The arena of steps: row, value and the index of the same column's next step. */
  private stepRow = new Uint32Array(0);
  private stepValue = new Float64Array(0);
  private stepNext = new Int32Array(0);
  private used = 0;
  /** Steps of columns that went dense (left in the arena until it is compacted). */
  private dead = 0;
  /** Copies of stepped columns handed out by `column()`, for the current rows. */
  private readonly copies = new Map<number, Float64Array>();
  private copiesBytes = 0;

  constructor(width: number, initialRows = 1024) {
    this.width = width;
    this.cap = Math.max(1, initialRows);
    this.dense = new Array<TraceColumn | null>(width).fill(null);
    this.lastValue = new Float64Array(width);
    this.head = new Int32Array(width).fill(NONE);
    this.tail = new Int32Array(width).fill(NONE);
    this.stepCount = new Uint32Array(width);
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
    const n = this.n;
    this.reserve(n + rows);
    const maxSteps = Math.max(4, Math.floor(this.cap / DENSE_AT));
    for (let c = 0; c < w; c++) {
      let r = 0;
      let col = this.dense[c] ?? null;
      if (!col) {
        let last = this.lastValue[c] as number;
        if (n === 0) {
          last = chunk[c] as number;
          this.push(c, 0, last);
          r = 1;
        }
        for (; r < rows; r++) {
          const v = chunk[r * w + c] as number;
          if (Object.is(v, last)) continue;
          if ((this.stepCount[c] as number) >= maxSteps) break;
          this.push(c, n + r, v);
          last = v;
        }
        this.lastValue[c] = last;
        if (r === rows) continue;
        col = this.toDense(c, n + r, chunk, r);
      }
      if (col instanceof Float32Array) {
        for (; r < rows; r++) {
          const v = chunk[r * w + c] as number;
          if (!fits32(v)) break;
          col[n + r] = v;
        }
        if (r < rows) col = this.widen(c, n + r);
      }
      for (; r < rows; r++) col[n + r] = chunk[r * w + c] as number;
      this.lastValue[c] = chunk[(rows - 1) * w + c] as number;
    }
    this.n += rows;
    this.copies.clear();
    this.copiesBytes = 0;
  }

  /** A step of column `c`: value `v` from row `row` on. */
  private push(c: number, row: number, v: number): void {
    if (this.used === this.stepRow.length) {
      this.resizeArena(Math.max(1024, this.used + (this.used >> 1)));
    }
    const i = this.used++;
    this.stepRow[i] = row;
    this.stepValue[i] = v;
    this.stepNext[i] = NONE;
    const t = this.tail[c] as number;
    if (t === NONE) this.head[c] = i;
    else this.stepNext[t] = i;
    this.tail[c] = i;
    this.stepCount[c] = (this.stepCount[c] as number) + 1;
  }

  private resizeArena(size: number): void {
    const row = new Uint32Array(size);
    const value = new Float64Array(size);
    const next = new Int32Array(size);
    row.set(this.stepRow.subarray(0, this.used));
    value.set(this.stepValue.subarray(0, this.used));
    next.set(this.stepNext.subarray(0, this.used));
    this.stepRow = row;
    this.stepValue = value;
    this.stepNext = next;
  }

  /** The arena without the dead steps, each column's steps together. */
  private compact(): void {
    const live = this.used - this.dead;
    const row = new Uint32Array(Math.max(1024, live + (live >> 1)));
    const value = new Float64Array(row.length);
    const next = new Int32Array(row.length);
    let j = 0;
    for (let c = 0; c < this.width; c++) {
      let i = this.head[c] as number;
      if (i === NONE) continue;
      this.head[c] = j;
      for (; i !== NONE; i = this.stepNext[i] as number) {
        row[j] = this.stepRow[i] as number;
        value[j] = this.stepValue[i] as number;
        next[j] = j + 1;
        j++;
      }
      next[j - 1] = NONE;
      this.tail[c] = j - 1;
    }
    this.stepRow = row;
    this.stepValue = value;
    this.stepNext = next;
    this.used = j;
    this.dead = 0;
  }

  /**
   * Stepped column `c` becomes dense, holding its first `rows` rows: in 4-byte floats when its
   * values so far and the rest of `chunk` (from chunk row `from`) all fit, so that a column that
   * needs 8 bytes does not leave a 4-byte array behind at once.
   */
  private toDense(c: number, rows: number, chunk: Float64Array, from: number): TraceColumn {
    let narrow = true;
    for (let i = this.head[c] as number; narrow && i !== NONE; i = this.stepNext[i] as number) {
      narrow = fits32(this.stepValue[i] as number);
    }
    const w = this.width;
    const chunkRows = chunk.length / w;
    for (let r = from; narrow && r < chunkRows; r++) narrow = fits32(chunk[r * w + c] as number);
    const col = narrow ? new Float32Array(this.cap) : new Float64Array(this.cap);
    this.fillSteps(c, col, 0, rows);
    this.dead += this.stepCount[c] as number;
    this.head[c] = NONE;
    this.tail[c] = NONE;
    this.stepCount[c] = 0;
    this.dense[c] = col;
    if (this.dead > MIN_COMPACT && this.dead * 2 > this.used) this.compact();
    return col;
  }

  /** Column `c` in 8-byte floats from now on (a value arrived that 4 bytes cannot hold), with
   * its first `filled` rows. */
  private widen(c: number, filled: number): Float64Array {
    const old = this.dense[c] as TraceColumn;
    const wide = new Float64Array(old.length);
    wide.set(old.subarray(0, filled));
    this.dense[c] = wide;
    return wide;
  }

  private reserve(rows: number): void {
    if (rows <= this.cap) return;
    let next = this.cap;
    while (next < rows) next *= 2;
    this.cap = next;
    for (let c = 0; c < this.width; c++) {
      const old = this.dense[c];
      if (!old) continue;
      const grown = old instanceof Float32Array ? new Float32Array(next) : new Float64Array(next);
      grown.set(old.subarray(0, this.n));
      this.dense[c] = grown;
    }
  }

  /** Writes rows [from, to) of stepped column `c` into `out` from its index 0. */
  private fillSteps(c: number, out: TraceColumn, from: number, to: number): void {
    let i = this.head[c] as number;
    if (i === NONE) return;
    // The step in force at row `from`: the last one that starts at or before it.
    for (let j = this.stepNext[i] as number; j !== NONE && (this.stepRow[j] as number) <= from;) {
      i = j;
      j = this.stepNext[j] as number;
    }
    for (let r = from; r < to;) {
      const j = this.stepNext[i] as number;
      const end = j === NONE ? to : Math.min(to, this.stepRow[j] as number);
      out.fill(this.stepValue[i] as number, r - from, end - from);
      r = end;
      i = j;
    }
  }

  private check(c: number): void {
    if (!Number.isInteger(c) || c < 0 || c >= this.width) throw new RangeError(`no column ${c}`);
  }

  /**
   * Rows [from, to) of column `c` (clamped to the rows held), written into `out` from its index 0
   * when it is long enough (else into a new array); returns the part written (`out` itself when
   * it is exactly as long). For code that reads many columns one after another into one scratch
   * array.
   */
  read(c: number, out?: Float64Array, from = 0, to = this.n): Float64Array {
    this.check(c);
    const a = Math.min(Math.max(0, from), this.n);
    const b = Math.min(Math.max(a, to), this.n);
    // `out` itself when it is exactly as long (no view to allocate for each of 1,000 flows).
    const dst =
      out && out.length >= b - a
        ? out.length === b - a
          ? out
          : out.subarray(0, b - a)
        : new Float64Array(b - a);
    const col = this.dense[c];
    if (col) dst.set(col.subarray(a, b));
    else this.fillSteps(c, dst, a, b);
    return dst;
  }

  /**
   * The filled part of column `c` as one array, read-only and valid until the next append: a
   * view of a dense column, a copy of a stepped one (kept, so asking again costs nothing).
   */
  column(c: number): TraceColumn {
    this.check(c);
    const col = this.dense[c];
    if (col) return col.subarray(0, this.n);
    let copy = this.copies.get(c);
    if (!copy) {
      copy = this.read(c);
      if (this.copiesBytes + copy.byteLength > COPY_CACHE_BYTES) {
        this.copies.clear();
        this.copiesBytes = 0;
      }
      this.copies.set(c, copy);
      this.copiesBytes += copy.byteLength;
    }
    return copy;
  }

  /** Whether column `c` is held as its own array (else as its steps). */
  isDense(c: number): boolean {
    this.check(c);
    return this.dense[c] !== null;
  }

  /** Bytes the trace takes: the dense columns, the arena of steps and the per-column index. */
  get bytes(): number {
    let sum =
      this.stepRow.byteLength +
      this.stepValue.byteLength +
      this.stepNext.byteLength +
      this.lastValue.byteLength +
      this.head.byteLength +
      this.tail.byteLength +
      this.stepCount.byteLength;
    for (const col of this.dense) if (col) sum += col.byteLength;
    return sum;
  }

  /** The latest value of column `c`, or NaN when empty. */
  last(c: number): number {
    return this.n > 0 && c >= 0 && c < this.width ? (this.lastValue[c] as number) : NaN;
  }
}
