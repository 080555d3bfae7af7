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

/** The y ceiling for data reaching `dataMax`: 10 % headroom rounded up to 1, 2, 2.5 or 5 × 10ⁿ. */
export function niceCeiling(dataMax: number, floor = 10): number {
  const target = Math.max(floor, dataMax * 1.1);
  const mag = 10 ** Math.floor(Math.log10(target));
  for (const f of [1, 2, 2.5, 5, 10]) {
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
