// The plot of an imported sweep file's points (state/fileSweepChart.ts): a metric picked from
// the file's metrics against its first parameter, a line per combination of the others.
import { scalePoint, scaleLinear } from 'd3';
import { useMemo, useRef, useState } from 'react';
import { seriesColor } from '../../charts/palette';
import { niceCeiling } from '../../charts/scales';
import { formatNumber } from '../../i18n/format';
import { fileSweepChart, isBitRate } from '../../state/fileSweepChart';
import type { FileSweepState } from '../../state/fileSweepStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStrings } from '../hooks/useStrings';
import { AxisTitles, YGrid } from '../plots/SvgAxes';

const H = 280;
const M = { top: 12, right: 28, bottom: 46, left: 64 };

export function SweepFilePlot({ state }: { state: FileSweepState }) {
  const t = useStrings();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, 640);
  const [picked, setPicked] = useState('');
  const metric = state.metrics.includes(picked) ? picked : (state.metrics[0] ?? '');
  const chart = useMemo(() => fileSweepChart(state, metric), [state, metric]);
  const rate = isBitRate(metric);
  const yFmt = (v: number) => formatNumber(rate ? v / 1e6 : v);
  const yLabel = rate ? `${metric} (Mb/s)` : metric;
  const ys = chart?.series.flatMap((l) => l.pts.map((p) => p.y)) ?? [];
  const y = scaleLinear()
    .domain([Math.min(0, ...ys), niceCeiling(Math.max(0, ...ys), 1e-9)])
    .range([H - M.bottom, M.top]);
  let xOf: (x: number | string) => number = () => M.left;
  let ticks: (number | string)[] = [];
  if (chart?.numeric) {
    const nums = chart.xs.map(Number);
    const xl = scaleLinear()
      .domain([Math.min(...nums), Math.max(...nums)])
      .range([M.left, width - M.right]);
    xOf = (x) => xl(Number(x));
    ticks = xl.ticks(Math.max(2, Math.floor((width - M.left) / 90)));
  } else if (chart) {
    const xp = scalePoint<string>()
      .domain(chart.xs.map(String))
      .range([M.left, width - M.right])
      .padding(0.5);
    xOf = (x) => xp(String(x)) ?? M.left;
    ticks = chart.xs;
  }
  return (
    <div ref={ref} className="sweepplot" data-testid="sweep-file-plot">
      <div className="sweepform">
        <label>
          {t.sweep.file.plotMetric}
          <select
            value={metric}
            data-testid="sweep-file-metric"
            onChange={(e) => setPicked(e.target.value)}
          >
            {state.metrics.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!chart ? (
        <p className="muted small">{t.sweep.file.noPlot(metric)}</p>
      ) : (
        <>
          <svg
            width={width}
            height={H}
            role="img"
            aria-label={t.sweep.resultTitle(yLabel, chart.xName)}
            data-testid="sweep-file-svg"
          >
            <YGrid ticks={y.ticks(5)} y={y} m={M} width={width} format={yFmt} />
            <AxisTitles
              ticks={ticks.map((v) => ({
                key: String(v),
                px: xOf(v),
                label: typeof v === 'number' ? formatNumber(v) : v,
              }))}
              m={M}
              width={width}
              height={H}
              xTitle={chart.xName}
              yTitle={yLabel}
            />
            {chart.series.map((l, i) => (
              <g key={l.label} data-testid="sweep-file-line">
                <path
                  d={l.pts
                    .map(
                      (p, k) => `${k === 0 ? 'M' : 'L'}${xOf(p.x).toFixed(1)},${y(p.y).toFixed(1)}`,
                    )
                    .join('')}
                  fill="none"
                  stroke={seriesColor(i)}
                  strokeWidth={2}
                />
                {l.pts.map((p) => (
                  <circle
                    key={String(p.x)}
                    cx={xOf(p.x)}
                    cy={y(p.y)}
                    r={3.5}
                    fill={seriesColor(i)}
                  />
                ))}
              </g>
            ))}
          </svg>
          {(chart.series.length > 1 || chart.hidden > 0) && (
            <div className="plot__legend">
              {chart.series.map((l, i) => (
                <span key={l.label} className="legend-item legend-item--static">
                  <svg width="22" height="10" aria-hidden="true">
                    <line x1="1" x2="21" y1="5" y2="5" stroke={seriesColor(i)} strokeWidth="2.5" />
                  </svg>
                  {l.label}
                </span>
              ))}
              {chart.hidden > 0 && (
                <span className="muted small">{t.sweep.file.moreLines(chart.hidden)}</span>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
