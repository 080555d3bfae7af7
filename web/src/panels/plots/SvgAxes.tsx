// The axes of the small SVG charts (the fairness bars, the sweep plots): horizontal grid lines
// with their value at the left, x tick labels under the plot, and the two axis titles.
import type { ReactNode } from 'react';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A grid line and its label at each y tick (`y` maps a value to its pixel row). */
export function YGrid({
  ticks,
  y,
  m,
  width,
  format,
}: {
  ticks: number[];
  y: (v: number) => number;
  m: Margins;
  width: number;
  format: (v: number) => string;
}) {
  return ticks.map((v) => (
    <g key={`y${v}`}>
      <line className="bars__grid" x1={m.left} x2={width - m.right} y1={y(v)} y2={y(v)} />
      <text
        className="bars__tick"
        x={m.left - 6}
        y={y(v)}
        textAnchor="end"
        dominantBaseline="middle"
      >
        {format(v)}
      </text>
    </g>
  ));
}

/** Tick labels under the plot at `px`, and the x and y axis titles. */
export function AxisTitles({
  ticks,
  m,
  width,
  height,
  xTitle,
  yTitle,
}: {
  ticks: { key: string; px: number; label: ReactNode }[];
  m: Margins;
  width: number;
  height: number;
  xTitle: ReactNode;
  yTitle: ReactNode;
}) {
  return (
    <>
      {ticks.map((tk) => (
        <text
          key={`x${tk.key}`}
          className="bars__tick"
          x={tk.px}
          y={height - m.bottom + 16}
          textAnchor="middle"
        >
          {tk.label}
        </text>
      ))}
      <text
        className="plot__label"
        x={(m.left + width - m.right) / 2}
        y={height - 8}
        textAnchor="middle"
      >
        {xTitle}
      </text>
      <text
        className="plot__label"
        transform={`translate(16,${(height - m.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {yTitle}
      </text>
    </>
  );
}
