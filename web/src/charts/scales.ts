// D3 scales for the time plots, and the y-domain rule: grow to a "nice" ceiling, never shrink
// during a run, so the curve does not jump while it streams in.
import { scaleLinear } from 'd3';
import type { ScaleLinear } from 'd3';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PlotScales {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  innerWidth: number;
  innerHeight: number;
}

export function plotScales(
  width: number,
  height: number,
  m: Margins,
  xMax: number,
  yMax: number,
): PlotScales {
  const innerWidth = Math.max(1, width - m.left - m.right);
  const innerHeight = Math.max(1, height - m.top - m.bottom);
  return {
    x: scaleLinear()
      .domain([0, xMax > 0 ? xMax : 1])
      .range([0, innerWidth]),
    y: scaleLinear()
      .domain([0, yMax > 0 ? yMax : 1])
      .range([innerHeight, 0]),
    innerWidth,
    innerHeight,
  };
}

/** The y ceiling for data reaching `dataMax`: 10 % headroom rounded up to a round number × 10ⁿ. */
export function niceCeiling(dataMax: number, floor = 10): number {
  const target = Math.max(floor, dataMax * 1.1);
  const mag = 10 ** Math.floor(Math.log10(target));
  for (const f of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (f * mag >= target) return f * mag;
  }
  return 10 * mag;
}

/** The largest finite value of ys[0..n), or 0. */
export function maxOf(ys: ArrayLike<number>, n = ys.length): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = ys[i] as number;
    if (v > m) m = v;
  }
  return m;
}

/** Scales for an arbitrary x window and y range (zoomed plots). */
export function viewScales(
  width: number,
  height: number,
  m: Margins,
  x: [number, number],
  y: [number, number],
): PlotScales {
  const innerWidth = Math.max(1, width - m.left - m.right);
  const innerHeight = Math.max(1, height - m.top - m.bottom);
  return {
    x: scaleLinear()
      .domain(x[1] > x[0] ? x : [x[0], x[0] + 1])
      .range([0, innerWidth]),
    y: scaleLinear()
      .domain(y[1] > y[0] ? y : [y[0], y[0] + 1])
      .range([innerHeight, 0]),
    innerWidth,
    innerHeight,
  };
}

/**
 * The y domain raised, if need be, so a reference line at `refY` leaves `roomPx` above it for its
 * label within a plot `innerHeight` px tall (a short plot, or a projector's large type, would
 * otherwise put the label of a bound near the top outside the plot, where it is cut off). A line
 * outside the domain, or a plot too short to make room in, leaves it as it is.
 */
export function withLabelRoom(
  y: [number, number],
  refY: number | undefined,
  innerHeight: number,
  roomPx: number,
): [number, number] {
  const [lo, hi] = y;
  if (refY === undefined || !(refY > lo && refY <= hi) || innerHeight < 3 * roomPx) return y;
  const f = roomPx / innerHeight;
  if ((hi - refY) / (hi - lo) >= f) return y;
  // (top − refY) / (top − lo) = f, so the line sits roomPx below the top.
  return [lo, (refY - lo * f) / (1 - f)];
}

/** The largest finite value among the first `n` of several arrays, or 0. */
export function maxOfPoints(list: { y: ArrayLike<number>; length: number }[]): number {
  let m = 0;
  for (const p of list) m = Math.max(m, maxOf(p.y, p.length));
  return m;
}
