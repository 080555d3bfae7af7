// A time-series plot: lines on a canvas (decimated per pixel column), D3 scales, axes and grid
// in SVG, an optional dashed reference line. Redraws whenever `series` changes.
import { useEffect, useRef } from 'react';
import { drawAxes } from '../charts/axes';
import { drawLine, drawReference, prepareCanvas } from '../charts/canvasLine';
import type { LineStyle } from '../charts/canvasLine';
import { decimateM4 } from '../charts/decimate';
import { maxOf, niceCeiling, plotScales } from '../charts/scales';
import type { Margins } from '../charts/scales';
import { useElementWidth } from './useElementWidth';

export interface PlotSeries {
  label: string;
  x: Float64Array;
  y: Float64Array;
  style: LineStyle;
  /** Which y values are drawn; the rest are gaps. Default: finite values. */
  defined?: (y: number) => boolean;
}

export interface Reference {
  y: number;
  label: string;
  color: string;
}

interface Props {
  series: PlotSeries[];
  xMax: number;
  height: number;
  xLabel: string;
  yLabel: string;
  /** The y ceiling never goes below this. */
  yFloor?: number;
  yTickFormat?: (y: number) => string;
  reference?: Reference;
  emptyText?: string;
  testId?: string;
  ariaLabel: string;
}

const MARGINS: Margins = { top: 12, right: 16, bottom: 44, left: 56 };

export function TimePlot(props: Props) {
  const {
    series,
    xMax,
    height,
    xLabel,
    yLabel,
    yFloor = 10,
    yTickFormat,
    reference,
    emptyText,
    testId,
    ariaLabel,
  } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const xAxis = useRef<SVGGElement>(null);
  const yAxis = useRef<SVGGElement>(null);
  const grid = useRef<SVGGElement>(null);
  const width = useElementWidth(box);
  const empty = series.every((s) => s.x.length === 0);

  useEffect(() => {
    let yMax = reference && Number.isFinite(reference.y) ? reference.y : 0;
    for (const s of series) yMax = Math.max(yMax, maxOf(s.y));
    const scales = plotScales(width, height, MARGINS, xMax, niceCeiling(yMax, yFloor));
    if (xAxis.current && yAxis.current && grid.current) {
      drawAxes(xAxis.current, yAxis.current, grid.current, scales, yTickFormat);
    }
    const ctx =
      canvas.current && prepareCanvas(canvas.current, scales.innerWidth, scales.innerHeight);
    if (!ctx) return;
    if (reference && Number.isFinite(reference.y))
      drawReference(ctx, reference.y, scales, reference.color);
    const buckets = Math.ceil(scales.innerWidth);
    for (const s of series) {
      const pts = decimateM4(s.x, s.y, s.x.length, 0, xMax, buckets, s.defined);
      drawLine(ctx, pts, scales, s.style);
    }
  }, [series, width, height, xMax, yFloor, yTickFormat, reference]);

  const innerW = Math.max(1, width - MARGINS.left - MARGINS.right);
  const innerH = height - MARGINS.top - MARGINS.bottom;
  const inner = { left: MARGINS.left, top: MARGINS.top, width: innerW, height: innerH };
  return (
    <div className="plot" ref={box}>
      <div className="plot__legend" aria-hidden="true">
        {series.map((s) => (
          <span key={s.label} className="legend">
            <svg width="20" height="8" className="legend__swatch">
              <line
                x1="0"
                x2="20"
                y1="4"
                y2="4"
                stroke={s.style.color}
                strokeWidth={2.5}
                strokeDasharray={s.style.dash?.join(' ')}
              />
            </svg>
            {s.label}
          </span>
        ))}
        {reference && (
          <span className="legend">
            <svg width="20" height="8" className="legend__swatch">
              <line
                x1="0"
                x2="20"
                y1="4"
                y2="4"
                stroke={reference.color}
                strokeWidth={1.5}
                strokeDasharray="2 3"
              />
            </svg>
            {reference.label}
          </span>
        )}
      </div>
      <div className="plot__area" style={{ height }}>
        <svg className="plot__svg" width={width} height={height} aria-hidden="true">
          <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
            <g ref={grid} className="plot__grid" />
            <g ref={xAxis} className="plot__axis" />
            <g ref={yAxis} className="plot__axis" />
          </g>
          <text
            className="plot__axis-label"
            x={MARGINS.left + innerW / 2}
            y={height - 6}
            textAnchor="middle"
          >
            {xLabel}
          </text>
          <text
            className="plot__axis-label"
            transform={`translate(14,${MARGINS.top + innerH / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {yLabel}
          </text>
        </svg>
        <canvas
          ref={canvas}
          className="plot__canvas"
          data-testid={testId}
          role="img"
          aria-label={ariaLabel}
          style={inner}
        />
        {empty && emptyText && (
          <p className="plot__empty" style={inner}>
            {emptyText}
          </p>
        )}
      </div>
    </div>
  );
}
