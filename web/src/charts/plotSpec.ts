// What a time plot shows, independent of how it is drawn (canvas on the page, SVG or PNG when
// exported): series, event markers and horizontal reference lines, all in data units.
import type { MarkerShape } from './canvasLine';

export interface SeriesSpec {
  /** Unique within the plot (legend toggles use it). */
  id: string;
  label: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** Number of valid points (the trace buffers are longer than their contents). */
  n: number;
  color: string;
  width: number;
  dash?: number[];
  step?: boolean;
  /** Which y values are drawn; the rest are gaps. Default: finite values. */
  defined?: (y: number) => boolean;
  /** Legend group (the flow's algorithm): with many series the legend lists groups. */
  group?: string;
  /** Leave out of the legend (the previous run of a live re-run, named once by the plot). */
  noLegend?: boolean;
}

export interface MarkerSpec {
  id: string;
  label: string;
  group?: string;
  color: string;
  shape: MarkerShape;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  n: number;
}

export interface RefSpec {
  id: string;
  label: string;
  y: number;
  color: string;
  dash?: number[];
}

export interface PlotSpec {
  title: string;
  /** Unit of the y values ('s', 'B', 'b/s', '' for ratios…): picks the tick format. */
  yUnit?: string;
  xLabel: string;
  yLabel: string;
  series: SeriesSpec[];
  markers: MarkerSpec[];
  refs: RefSpec[];
}

/** The y axis range for what is visible: from 0 (or below, for negative data) to a nice ceiling. */
export interface YRange {
  min: number;
  max: number;
}
