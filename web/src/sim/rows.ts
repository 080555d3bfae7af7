// Decoding the trace: column descriptors and row-major Float64Array chunks from `drain()`.
import type { ColumnInfo } from './protocol';

// `host` columns come from modelled end hosts (scenario nodes with a `host` object).
const ENTITIES: ReadonlySet<string> = new Set(['time', 'flow', 'link', 'host']);

function isColumn(v: unknown): v is ColumnInfo {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.key === 'string' &&
    typeof c.entity === 'string' &&
    ENTITIES.has(c.entity) &&
    typeof c.id === 'string' &&
    typeof c.metric === 'string' &&
    typeof c.unit === 'string'
  );
}

/** Parse `Simulation.columns()`; throws on anything that is not a column list. */
export function parseColumns(text: string): ColumnInfo[] {
  const v: unknown = JSON.parse(text);
  if (!Array.isArray(v) || !v.every(isColumn)) {
    throw new Error('the simulator returned malformed column descriptors');
  }
  return v.map(({ key, entity, id, metric, unit }) => ({ key, entity, id, metric, unit }));
}

/** Index of the column with this entity, id and metric, or -1. */
export function findColumn(
  columns: readonly ColumnInfo[],
  entity: ColumnInfo['entity'],
  id: string,
  metric: string,
): number {
  return columns.findIndex((c) => c.entity === entity && c.id === id && c.metric === metric);
}

/** Ids of the flows that have a column for `metric`, in column order. */
export function flowIds(columns: readonly ColumnInfo[], metric = 'cwnd'): string[] {
  return columns.filter((c) => c.entity === 'flow' && c.metric === metric).map((c) => c.id);
}

/** Number of whole rows in a row-major chunk. */
export function rowCount(chunk: Float64Array, width: number): number {
  if (width <= 0) return 0;
  if (chunk.length % width !== 0) {
    throw new Error(`trace chunk of ${chunk.length} values is not a multiple of ${width} columns`);
  }
  return chunk.length / width;
}

/** One column of a row-major chunk, as its own array. */
export function columnOf(chunk: Float64Array, width: number, col: number): Float64Array {
  const n = rowCount(chunk, width);
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) out[r] = chunk[r * width + col] ?? NaN;
  return out;
}
