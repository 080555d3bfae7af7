// The trace as CSV (one row per sample, one column per trace column, headed by the column keys
// such as `flow.flow1.cwnd`) and as JSON (columns with units, and the values column by column).
import type { ColumnInfo } from '../sim/protocol';

/** Anything that holds the trace column by column (state/traceBuffer.ts). */
export interface ColumnSource {
  readonly length: number;
  /** Rows [from, to) of column `c`, written into `out` (long enough) and returned. */
  read(c: number, out: Float64Array, from: number, to: number): ArrayLike<number>;
}

/** About this many values are read at a time (a block of rows of every column). */
const BLOCK_VALUES = 1 << 20;

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Numbers print in JavaScript's shortest round-trip form; NaN and infinities as empty fields. */
function csvNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}

export function traceToCsv(columns: readonly ColumnInfo[], trace: ColumnSource): string {
  const lines = [columns.map((c) => csvField(c.key)).join(',')];
  // A block of rows at a time, column by column into one array: the whole trace as one array
  // per column would be as large as the trace in 8-byte floats.
  const width = columns.length;
  const block = Math.max(1, Math.floor(BLOCK_VALUES / Math.max(1, width)));
  const values = new Float64Array(block * width);
  const cols = columns.map((_, c) => values.subarray(c * block, (c + 1) * block));
  const fields = new Array<string>(width);
  for (let from = 0; from < trace.length; from += block) {
    const to = Math.min(trace.length, from + block);
    const got = cols.map((col, c) => trace.read(c, col, from, to));
    for (let r = 0; r < to - from; r++) {
      for (let c = 0; c < width; c++) fields[c] = csvNumber(got[c]?.[r] as number);
      lines.push(fields.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

export interface TraceJson {
  format: 'tcplab-trace';
  version: 1;
  scenario: unknown;
  trace_hash: string | null;
  columns: ColumnInfo[];
  /** values[c][r]: column c at sample r (null for non-finite values). */
  values: (number | null)[][];
}

export function traceToJson(
  columns: readonly ColumnInfo[],
  trace: ColumnSource,
  scenario: unknown,
  traceHash: string | null,
): string {
  const scratch = new Float64Array(trace.length);
  const doc: TraceJson = {
    format: 'tcplab-trace',
    version: 1,
    scenario,
    trace_hash: traceHash,
    columns: [...columns],
    values: columns.map((_, c) => {
      const col = trace.read(c, scratch, 0, trace.length);
      return Array.from({ length: trace.length }, (_, r) => {
        const v = col[r] as number;
        return Number.isFinite(v) ? v : null;
      });
    }),
  };
  return JSON.stringify(doc);
}
