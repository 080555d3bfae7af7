// Which flows a per-flow plot draws when there are many. Up to DRAW_ALL_UP_TO flows every one is
// drawn. Above that, a plot of a thousand lines is unreadable and slow to draw, so the plots draw
// the flows the user picked or, by default, the EXTREMES flows that delivered the most and the
// EXTREMES that delivered the least, plus the mean of all flows; the plot says so in a note.

/** Flows drawn one line each at most; above this the plots draw a selection and the mean. */
export const DRAW_ALL_UP_TO = 12;
/** By default, this many flows from each end of the ranking (most and least delivered). */
export const EXTREMES = 3;
/** Flows a user may pick at most (a plot stays readable). */
export const MAX_PICKED = 20;

export type FlowChoice =
  | { kind: 'all'; ids: string[] }
  | { kind: 'extremes'; ids: string[]; top: string[]; bottom: string[]; total: number }
  | { kind: 'picked'; ids: string[]; total: number };

/**
 * The flows to draw, in the order of `ids`. `score(i)` ranks flow `ids[i]` (its delivered bytes;
 * NaN ranks lowest); `picked` are the ids the user asked for (unknown ones are ignored).
 */
export function chooseFlows(
  ids: readonly string[],
  score: (i: number) => number,
  picked: readonly string[] = [],
  extremes = EXTREMES,
): FlowChoice {
  if (ids.length <= DRAW_ALL_UP_TO) return { kind: 'all', ids: [...ids] };
  const wanted = new Set(picked);
  const mine = ids.filter((id) => wanted.has(id)).slice(0, MAX_PICKED);
  if (mine.length > 0) return { kind: 'picked', ids: mine, total: ids.length };
  const order = ids.map((_, i) => i);
  const s = ids.map((_, i) => {
    const v = score(i);
    return Number.isFinite(v) ? v : -Infinity;
  });
  // Highest first; ties keep the flows' order, so the choice is deterministic.
  order.sort((a, b) => (s[b] as number) - (s[a] as number) || a - b);
  const k = Math.min(extremes, Math.floor(ids.length / 2));
  const top = order.slice(0, k);
  const bottom = order.slice(order.length - k);
  const keep = new Set([...top, ...bottom]);
  return {
    kind: 'extremes',
    ids: ids.filter((_, i) => keep.has(i)),
    top: top.map((i) => ids[i] as string),
    bottom: bottom.map((i) => ids[i] as string),
    total: ids.length,
  };
}

/**
 * The mean across `columns` (each `n` long) at every row, over the values `defined` accepts; NaN
 * where no column has one. Each column is read once, in order, before the next is asked for (so a
 * generator may hand them out one at a time in the same scratch array).
 */
export function meanAcross(
  columns: Iterable<ArrayLike<number>>,
  n: number,
  defined: (y: number) => boolean = Number.isFinite,
): Float64Array {
  const sum = new Float64Array(n);
  const count = new Uint32Array(n);
  for (const col of columns) {
    for (let i = 0; i < n; i++) {
      const v = col[i] as number;
      if (defined(v)) {
        sum[i] = (sum[i] as number) + v;
        count[i] = (count[i] as number) + 1;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    const c = count[i] as number;
    sum[i] = c > 0 ? (sum[i] as number) / c : NaN;
  }
  return sum;
}

/**
 * The ids typed into the flow picker ("f1, f17 f30"), split on commas and spaces: those among
 * `known`, in the order typed without repeats, and the ones that are not.
 */
export function parseFlowPick(
  text: string,
  known: readonly string[],
): { ids: string[]; unknown: string[] } {
  const set = new Set(known);
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const word of text.split(/[\s,]+/)) {
    if (!word) continue;
    if (set.has(word)) {
      if (!ids.includes(word)) ids.push(word);
    } else if (!unknown.includes(word)) unknown.push(word);
  }
  return { ids, unknown };
}
