// What the plots derive from a run's trace (windowed rates, the mean of all flows, the flows'
// ranking), kept with the trace and computed once per set of rows: a plot that mounts again (the
// Plots tab shown again, the side panel switched) reads it instead of deriving it again for every
// flow. Keyed by the trace buffer, so it goes when the run does.
import type { TraceBuffer } from './traceBuffer';

interface Entry {
  rows: number;
  value: unknown;
}

const CACHE = new WeakMap<TraceBuffer, Map<string, Entry>>();

/**
 * `compute()` for this trace and `key`, computed once while the trace holds the same rows (rows
 * are only ever appended: a longer trace computes it again). `key` must name everything the value
 * depends on besides the trace (column, window, …).
 */
export function derived<T>(trace: TraceBuffer, key: string, compute: () => T): T {
  let byKey = CACHE.get(trace);
  if (!byKey) {
    byKey = new Map();
    CACHE.set(trace, byKey);
  }
  const hit = byKey.get(key);
  if (hit && hit.rows === trace.length) return hit.value as T;
  const value = compute();
  byKey.set(key, { rows: trace.length, value });
  return value;
}
