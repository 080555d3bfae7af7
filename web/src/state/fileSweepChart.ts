// What the plot of an imported sweep file shows: a swept parameter along x (the numeric one with
// the most values), one line per combination of the other parameters, and the chosen metric
// along y (the mean over the file's seeds at each point). Pure: the sweep file view draws it.
import { metricValue } from '../scenario/sweepFile';
import type { FileSweepState } from './fileSweepStore';

export interface FileSweepSeries {
  /** The other parameters' values that make this line, e.g. `rtt_ms=20, cc=cubic`; empty for
   * a sweep of one parameter. */
  label: string;
  pts: { x: number | string; y: number }[];
}

export interface FileSweepChart {
  xName: string;
  /** Every x value is a number (a linear axis), else a category per value in file order. */
  numeric: boolean;
  xs: (number | string)[];
  series: FileSweepSeries[];
  /** Lines left out because there are more than the plot shows. */
  hidden: number;
}

/** The most lines one plot shows; the table keeps every point. */
export const MAX_FILE_SERIES = 8;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The chart of `metric` over a file sweep's finished points, or null when no finished point
 * has a number for it (or the file sweeps nothing).
 */
export function fileSweepChart(
  s: Pick<FileSweepState, 'names' | 'points'>,
  metric: string,
  maxSeries = MAX_FILE_SERIES,
): FileSweepChart | null {
  const xi = xParameter(s);
  if (xi < 0) return null;
  const numeric = isNumeric(s.points, xi);
  const xOf = (cell: string) => (numeric ? Number(cell) : cell);
  const xs: (number | string)[] = [];
  const lines = new Map<string, Map<string, { sum: number; n: number }>>();
  for (const p of s.points) {
    const x = p.cells[xi] ?? '';
    if (!xs.some((v) => String(v) === String(xOf(x)))) xs.push(xOf(x));
    if (!p.result?.ok) continue;
    const v = metricValue(JSON.parse(p.result.summaryJson) as unknown, metric);
    if (!finite(v)) continue;
    const label = s.names
      .flatMap((n, i) => (i === xi ? [] : [`${n}=${p.cells[i] ?? ''}`]))
      .join(', ');
    const line = lines.get(label) ?? new Map<string, { sum: number; n: number }>();
    lines.set(label, line);
    const acc = line.get(x) ?? { sum: 0, n: 0 };
    line.set(x, { sum: acc.sum + v, n: acc.n + 1 });
  }
  if (lines.size === 0) return null;
  const series = [...lines].map(([label, pts]) => ({
    label,
    pts: [...pts].map(([x, a]) => ({ x: xOf(x), y: a.sum / a.n })),
  }));
  if (numeric) for (const l of series) l.pts.sort((a, b) => Number(a.x) - Number(b.x));
  return {
    xName: s.names[xi] ?? '',
    numeric,
    xs: numeric ? [...xs].sort((a, b) => Number(a) - Number(b)) : xs,
    series: series.slice(0, maxSeries),
    hidden: Math.max(0, series.length - maxSeries),
  };
}

function isNumeric(points: FileSweepState['points'], i: number): boolean {
  return points.every((p) => p.cells[i] !== '' && finite(Number(p.cells[i])));
}

/**
 * The parameter along x: the numeric one with the most distinct values (the first of equals),
 * else the first parameter; -1 for a file that sweeps nothing.
 */
function xParameter(s: Pick<FileSweepState, 'names' | 'points'>): number {
  let best = -1;
  let most = 0;
  s.names.forEach((_, i) => {
    if (!isNumeric(s.points, i)) return;
    const n = new Set(s.points.map((p) => p.cells[i])).size;
    if (n > most) [best, most] = [i, n];
  });
  return best >= 0 ? best : s.names.length > 0 ? 0 : -1;
}

/** A metric that is a rate in bits per second (plotted in Mb/s). */
export const isBitRate = (metric: string) => /_bps$/.test(metric);
