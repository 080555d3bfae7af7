// Decoding the trace: column descriptors and row-major Float64Array chunks from `drain()`.
import type { ColumnEntity, ColumnInfo } from './protocol';

function isColumn(v: unknown): v is ColumnInfo {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.key === 'string' &&
    typeof c.entity === 'string' &&
    typeof c.id === 'string' &&
    typeof c.metric === 'string' &&
    typeof c.unit === 'string'
  );
}

/**
 * Parse `Simulation.columns()`; throws on anything that is not a column list. Columns of an
 * entity this page does not know yet are kept (their values stay in the trace and the CSV) but
 * no panel draws them.
 */
export function parseColumns(text: string): ColumnInfo[] {
  const v: unknown = JSON.parse(text);
  if (!Array.isArray(v) || !v.every(isColumn)) {
    throw new Error('the simulator returned malformed column descriptors');
  }
  return v.map(({ key, entity, id, metric, unit }) => ({ key, entity, id, metric, unit }));
}

interface ColumnIndex {
  /** `entity id metric` → the first column with them. */
  byKey: Map<string, number>;
  /** `entity id` → its columns, in column order. */
  byEntity: Map<string, number[]>;
}

/** Per column list, built once: the plots look up each flow's columns among 40,000 at the
 * documented limits, and a scan per lookup made switching to the plots take seconds. */
const INDEXES = new WeakMap<readonly ColumnInfo[], ColumnIndex>();
const SEP = '\u0000';

function indexOf(columns: readonly ColumnInfo[]): ColumnIndex {
  let ix = INDEXES.get(columns);
  if (ix) return ix;
  ix = { byKey: new Map(), byEntity: new Map() };
  columns.forEach((c, i) => {
    const k = `${c.entity}${SEP}${c.id}${SEP}${c.metric}`;
    if (!ix!.byKey.has(k)) ix!.byKey.set(k, i);
    const e = `${c.entity}${SEP}${c.id}`;
    const list = ix!.byEntity.get(e);
    if (list) list.push(i);
    else ix!.byEntity.set(e, [i]);
  });
  INDEXES.set(columns, ix);
  return ix;
}

/** Index of the column with this entity, id and metric, or -1. */
export function findColumn(
  columns: readonly ColumnInfo[],
  entity: ColumnEntity,
  id: string,
  metric: string,
): number {
  return indexOf(columns).byKey.get(`${entity}${SEP}${id}${SEP}${metric}`) ?? -1;
}

/** Index of the time column (`t`), or -1. */
export function timeColumn(columns: readonly ColumnInfo[]): number {
  return findColumn(columns, 'time', '', 't');
}

/** Ids of the flows that have a column for `metric`, in column order. */
export function flowIds(columns: readonly ColumnInfo[], metric = 'cwnd'): string[] {
  return idsWith(columns, 'flow', metric);
}

/** Ids of `entity` that have a column for `metric`, in column order. */
export function idsWith(
  columns: readonly ColumnInfo[],
  entity: ColumnEntity,
  metric: string,
): string[] {
  return columns.filter((c) => c.entity === entity && c.metric === metric).map((c) => c.id);
}

/** The columns of one entity id whose metric starts with `prefix` (e.g. `cc.` or `q.`). */
export function columnsWithPrefix(
  columns: readonly ColumnInfo[],
  entity: ColumnEntity,
  id: string,
  prefix: string,
): { index: number; column: ColumnInfo }[] {
  const out: { index: number; column: ColumnInfo }[] = [];
  for (const index of indexOf(columns).byEntity.get(`${entity}${SEP}${id}`) ?? []) {
    const c = columns[index] as ColumnInfo;
    if (c.metric.startsWith(prefix)) out.push({ index, column: c });
  }
  return out;
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
