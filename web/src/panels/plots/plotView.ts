// The visible part of a plot: each shown series decimated to the pixel width, the y range that
// fits it, and the reference lines that fit on that range (the rest are marked off-scale).
import { decimateView } from '../../charts/decimate';
import type { Points } from '../../charts/decimate';
import type { PlotSpec, RefSpec } from '../../charts/plotSpec';
import { niceCeiling } from '../../charts/scales';

export interface PlotView {
  domain: [number, number];
  y: [number, number];
  lines: { id: string; pts: Points }[];
  marks: { id: string; pts: Points }[];
  refs: RefSpec[];
  offScale: ReadonlySet<string>;
  empty: boolean;
  /** The y range was fitted to the steady state: the start-up peak goes off the top. */
  clipped: boolean;
}

function minOf(p: Points): number {
  let m = Infinity;
  for (let i = 0; i < p.length; i++) {
    const v = p.y[i] as number;
    if (v < m) m = v;
  }
  return m;
}

function maxOfPts(p: Points): number {
  let m = -Infinity;
  for (let i = 0; i < p.length; i++) {
    const v = p.y[i] as number;
    if (v > m) m = v;
  }
  return m;
}

export interface ViewOptions {
  domain: [number, number];
  buckets: number;
  hidden: ReadonlySet<string>;
  /** A fixed y range (e.g. [0, 1] for indices); otherwise 0 to a nice ceiling of the data. */
  yFixed?: [number, number];
  /** The ceiling never goes below this. */
  yFloor?: number;
  /**
   * Fit the y range to the steady state: when the peak of the visible window is more than
   * STEADY_RATIO × the peak of its last three quarters (slow start's overshoot, a queue
   * draining), the ceiling is set by the last three quarters and the peak goes off the top.
   */
  steady?: boolean;
}

/** How much higher than the steady state a start-up peak must be before it is clipped. */
export const STEADY_RATIO = 1.5;

/** The highest value among points with x ≥ `from`. */
function maxFrom(p: Points, from: number): number {
  let m = -Infinity;
  for (let i = 0; i < p.length; i++) {
    const v = p.y[i] as number;
    if ((p.x[i] as number) >= from && v > m) m = v;
  }
  return m;
}

export function computeView(spec: PlotSpec, o: ViewOptions): PlotView {
  const [t0, t1] = o.domain;
  const lines = spec.series
    .filter((s) => !o.hidden.has(s.id) && s.n > 0)
    .map((s) => ({ id: s.id, pts: decimateView(s.x, s.y, s.n, t0, t1, o.buckets, s.defined) }));
  const marks = spec.markers
    .filter((m) => !o.hidden.has(m.id) && m.n > 0)
    .map((m) => {
      const x: number[] = [];
      const y: number[] = [];
      for (let i = 0; i < m.n; i++) {
        const xv = m.x[i] as number;
        if (xv >= t0 && xv <= t1) {
          x.push(xv);
          y.push(m.y[i] as number);
        }
      }
      return {
        id: m.id,
        pts: { x: Float64Array.from(x), y: Float64Array.from(y), length: x.length },
      };
    });
  let hi = -Infinity;
  let lo = Infinity;
  for (const l of lines) {
    hi = Math.max(hi, maxOfPts(l.pts));
    lo = Math.min(lo, minOf(l.pts));
  }
  const empty = lines.every((l) => l.pts.length === 0);
  let clipped = false;
  if (o.steady && !o.yFixed && Number.isFinite(hi) && hi > 0) {
    const from = t0 + (t1 - t0) / 4;
    const later = lines.reduce((m, l) => Math.max(m, maxFrom(l.pts, from)), -Infinity);
    if (later > 0 && hi > STEADY_RATIO * later) {
      hi = later;
      clipped = true;
    }
  }
  const refs = spec.refs.filter((r) => !o.hidden.has(r.id) && Number.isFinite(r.y));
  // A bound far above the data would squash it: show bounds up to twice the larger of the data
  // and the lowest bound, and list the others as off-scale.
  const lowestRef = refs.reduce((m, r) => Math.min(m, r.y), Infinity);
  const reach =
    2 * Math.max(Number.isFinite(hi) ? hi : 0, Number.isFinite(lowestRef) ? lowestRef : 0);
  const offScale = new Set(refs.filter((r) => r.y > reach).map((r) => r.id));
  for (const r of refs) if (!offScale.has(r.id)) hi = Math.max(hi, r.y);
  let y: [number, number];
  if (o.yFixed) y = o.yFixed;
  else {
    const floor = o.yFloor ?? 1;
    // Values below 1e-9 of the floor are rounding noise (an all-zero column), not a range.
    const top =
      Number.isFinite(hi) && hi > floor * 1e-9
        ? Math.max(floor, niceCeiling(hi, 1e-300))
        : Math.max(floor, 1);
    const bottom = Number.isFinite(lo) && lo < 0 ? -niceCeiling(-lo, 1) : 0;
    y = [bottom, top];
  }
  return {
    domain: o.domain,
    y,
    lines,
    marks,
    refs: refs.filter((r) => !offScale.has(r.id)),
    offScale,
    empty,
    clipped,
  };
}
