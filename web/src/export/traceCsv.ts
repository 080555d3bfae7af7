// The trace as CSV (one row per sample, one column per trace column, headed by the column keys
// such as `flow.flow1.cwnd`) and as JSON (columns with units, and the values column by column).
import type { ColumnInfo } from '../sim/protocol';

/** Anything that holds the trace column by column. */
export interface ColumnSource {
  readonly length: number;
  column(c: number): ArrayLike<number>;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Numbers print in JavaScript's shortest round-trip form; NaN and infinities as empty fields. */
function csvNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}

export function traceToCsv(columns: readonly ColumnInfo[], trace: ColumnSource): string {
  const cols = columns.map((_, c) => trace.column(c));
  const lines = [columns.map((c) => csvField(c.key)).join(',')];
  for (let r = 0; r < trace.length; r++) {
    lines.push(cols.map((col) => csvNumber(col[r] as number)).join(','));
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
  const doc: TraceJson = {
    format: 'tcplab-trace',
    version: 1,
    scenario,
    trace_hash: traceHash,
    columns: [...columns],
    values: columns.map((_, c) => {
      const col = trace.column(c);
      return Array.from({ length: trace.length }, (_, r) => {
        const v = col[r] as number;
        return Number.isFinite(v) ? v : null;
      });
    }),
  };
  return JSON.stringify(doc);
}
