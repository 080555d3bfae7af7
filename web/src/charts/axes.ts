// Axes and grid lines, drawn into an SVG group with d3-axis.
import { axisBottom, axisLeft, select } from 'd3';
import type { PlotScales } from './scales';

export function drawAxes(
  xAxis: SVGGElement,
  yAxis: SVGGElement,
  grid: SVGGElement,
  s: PlotScales,
  yFormat?: (y: number) => string,
): void {
  const xTicks = Math.max(2, Math.floor(s.innerWidth / 80));
  const yTicks = Math.max(2, Math.floor(s.innerHeight / 50));
  select(xAxis)
    .attr('transform', `translate(0,${s.innerHeight})`)
    .call(axisBottom(s.x).ticks(xTicks).tickSizeOuter(0));
  const left = axisLeft(s.y).ticks(yTicks).tickSizeOuter(0);
  if (yFormat) left.tickFormat((y) => yFormat(y.valueOf()));
  select(yAxis).call(left);
  select(grid)
    .call(
      axisLeft(s.y)
        .ticks(yTicks)
        .tickSize(-s.innerWidth)
        .tickFormat(() => ''),
    )
    .call((g) => g.select('.domain').remove());
}
