// Building plot series from runs: which runs to draw (A, and B dashed in compare mode), the
// colour of each flow (by its position in A, so A and B match), and columns as x/y arrays.
import {
  B_DASH,
  PREVIOUS_DASH,
  chromeColors,
  faded,
  seriesColor,
  seriesDash,
} from '../../charts/palette';
import type { SeriesSpec } from '../../charts/plotSpec';
import { findColumn, timeColumn } from '../../sim/rows';
import type { ColumnEntity } from '../../sim/protocol';
import type { RunSnapshot } from '../../state/runStore';
import type { TraceColumn } from '../../state/traceBuffer';

export interface RunView {
  snap: RunSnapshot;
  /**
   * 'B' in compare mode (drawn dotted, labelled "(B)"); '' otherwise. 'prev' and 'prevB': the
   * runs a live re-run is replacing, drawn faded and dashed until the new ones are done.
   */
  tag: '' | 'A' | 'B' | 'prev' | 'prevB';
}

/** Is this the run a live re-run is replacing? */
export const isPrevious = (tag: RunView['tag']) => tag === 'prev' || tag === 'prevB';

/** The runs a live re-run is replacing, to draw behind the new ones (cwnd and goodput). */
export function previousRuns(runs: RunView[]): RunView[] {
  return runs.flatMap((r) =>
    r.snap.previous
      ? [{ snap: r.snap.previous, tag: r.tag === 'B' ? 'prevB' : 'prev' } as RunView]
      : [],
  );
}

/** Runs that have a trace to draw. */
export function drawable(runs: RunView[]): RunView[] {
  return runs.filter((r) => r.snap.trace && r.snap.trace.length > 0);
}

/**
 * The dash of a line: B's dotted, a previous run's dashed, A's solid or `base` (ssthresh's own
 * pattern, or the pattern of series 10–19 from `seriesDash`).
 */
export function dashFor(tag: RunView['tag'], base?: number[]): number[] | undefined {
  if (isPrevious(tag)) return PREVIOUS_DASH;
  if (tag === 'B') return base ? [1, 6] : B_DASH;
  return base;
}

export function tagSuffix(tag: RunView['tag'], bLabel: string): string {
  return tag === 'B' ? bLabel : '';
}

/** Colour and dash of series `i` of run `r` (faded for a previous run). */
export function styleFor(
  r: RunView,
  i: number,
  base?: number[],
): { color: string; dash: number[] | undefined; noLegend: boolean } {
  const color = seriesColor(i);
  return {
    color: isPrevious(r.tag) ? faded(color) : color,
    dash: dashFor(r.tag, base ?? seriesDash(i)),
    noLegend: isPrevious(r.tag),
  };
}

/** The x (time) and y arrays of one column of a run, or null if it has no such column. */
export function columnXY(
  snap: RunSnapshot,
  entity: ColumnEntity,
  id: string,
  metric: string,
): { x: TraceColumn; y: TraceColumn; n: number } | null {
  const trace = snap.trace;
  if (!trace) return null;
  const tc = timeColumn(snap.columns);
  const c = findColumn(snap.columns, entity, id, metric);
  if (tc < 0 || c < 0) return null;
  return { x: trace.column(tc), y: trace.column(c), n: trace.length };
}

/** A stable colour per id, from the order of ids in A's columns (then B's). */
export function colorIndex(
  runs: RunView[],
  entity: ColumnEntity,
  metric: string,
): Map<string, number> {
  const ids = new Map<string, number>();
  for (const r of runs) {
    for (const c of r.snap.columns) {
      if (c.entity === entity && c.metric === metric && !ids.has(c.id)) ids.set(c.id, ids.size);
    }
  }
  return ids;
}

export function lineSeries(
  id: string,
  label: string,
  xy: { x: ArrayLike<number>; y: ArrayLike<number>; n: number },
  color: string,
  opts: Partial<SeriesSpec> = {},
): SeriesSpec {
  return { id, label, x: xy.x, y: xy.y, n: xy.n, color, width: 1.8, ...opts };
}

/**
 * The thick line of the mean of a run's flows (plots above 12 flows): `label` names it (the
 * page's words for the mean of `count` flows), B's run is marked as the other lines of B are.
 */
export function meanLine(
  id: string,
  tag: RunView['tag'],
  label: string,
  bLabel: string,
  xy: { x: ArrayLike<number>; y: ArrayLike<number>; n: number },
  defined?: (y: number) => boolean,
): SeriesSpec {
  return lineSeries(`${tag}${id}.mean`, label + tagSuffix(tag, bLabel), xy, chromeColors().text, {
    width: 2.6,
    dash: dashFor(tag),
    ...(defined ? { defined } : {}),
  });
}

export { seriesColor, seriesDash };

/** The version that changes whenever any of the runs changed (the plots' redraw trigger). */
export function versionOf(runs: RunView[]): number {
  return runs.reduce((v, r) => v * 31 + r.snap.version, 7) % 1e12;
}

/** The run's full span: the longest end time among the runs, or `fallback`. */
export function spanOf(runs: RunView[], fallback: number): number {
  return runs.reduce((m, r) => Math.max(m, r.snap.endS), 0) || fallback;
}
