// The sweep's result: the simulated points joined by a line, the simulator's bounds at each
// point as dashed lines, and paper 000's host bound with offload on and off as curves. A sweep
// over a category (the algorithm) has no order between its points: points and a short bound
// mark per category, never a line joining them.
import { scaleBand, scaleLinear, scaleLog } from 'd3';
import { useRef } from 'react';
import { boundColor, seriesColor } from '../../charts/palette';
import { niceCeiling } from '../../charts/scales';
import { formatNumber } from '../../i18n/format';
import { ccLabel } from '../../scenario/ccAlgorithms';
import type { SweepState } from '../../state/sweepStore';
import { metricOf } from '../../state/sweepStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStrings } from '../hooks/useStrings';
import { AxisTitles, YGrid } from '../plots/SvgAxes';

const BOUND_KEYS = ['link_bps', 'host_bound_bps', 'mathis_bps', 'pftk_bps'] as const;

interface Line {
  id: string;
  label: string;
  color: string;
  dash?: string;
  pts: { x: number | string; y: number }[];
  dots?: boolean;
}

export function sweepLines(
  state: SweepState,
  t: ReturnType<typeof useStrings>,
  linkId: string,
): Line[] {
  const spec = state.spec;
  if (!spec) return [];
  const measured: Line = {
    id: 'measured',
    label: t.sweep.measured,
    color: seriesColor(0),
    dots: true,
    pts: state.points.flatMap((p) =>
      p.result?.ok ? [{ x: p.x, y: metricOf(p.result.summary, spec, linkId) }] : [],
    ),
  };
  const lines = [measured];
  if (spec.metric === 'goodput') {
    for (const k of BOUND_KEYS) {
      const pts = state.points.flatMap((p) => {
        const v = p.result?.ok ? p.result.summary.flows[spec.flowIndex]?.bounds?.[k] : null;
        return typeof v === 'number' && Number.isFinite(v) ? [{ x: p.x, y: v }] : [];
      });
      if (pts.length > 0)
        lines.push({
          id: k,
          label: t.throughput.bounds[k] ?? k,
          color: boundColor(k),
          dash: '6 4',
          pts,
        });
    }
    if (state.offloadOn)
      lines.push({
        id: 'on',
        label: t.sweep.offloadOn,
        color: seriesColor(2),
        pts: state.offloadOn.x.map((x, i) => ({ x, y: state.offloadOn?.y[i] ?? NaN })),
      });
    if (state.offloadOff)
      lines.push({
        id: 'off',
        label: t.sweep.offloadOff,
        color: seriesColor(4),
        pts: state.offloadOff.x.map((x, i) => ({ x, y: state.offloadOff?.y[i] ?? NaN })),
      });
  }
  return lines;
}

const bps = (metric: string) => metric === 'goodput' || metric === 'totalGoodput';

export function SweepPlot({ state, linkId }: { state: SweepState; linkId: string }) {
  const t = useStrings();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, 640);
  const spec = state.spec;
  if (!spec) return <div ref={ref} />;
  const H = 300;
  const m = { top: 12, right: 16, bottom: 46, left: 64 };
  const lines = sweepLines(state, t, linkId);
  const measured = lines[0]?.pts ?? [];
  const dataMax = Math.max(0, ...measured.map((p) => p.y).filter(Number.isFinite));
  const lowestBound = Math.min(Infinity, ...lines.slice(1).flatMap((l) => l.pts.map((p) => p.y)));
  const reach = 2 * Math.max(dataMax, Number.isFinite(lowestBound) ? lowestBound : 0);
  const shown = lines.filter((l, i) => i === 0 || l.pts.some((p) => p.y <= reach));
  const yMax =
    spec.metric === 'jain'
      ? 1.05
      : niceCeiling(
          Math.max(...shown.flatMap((l) => l.pts.map((p) => Math.min(p.y, reach))), 0),
          1e-9,
        );
  const y = scaleLinear()
    .domain([0, yMax])
    .range([H - m.bottom, m.top]);
  const numeric = spec.param !== 'algorithm';
  const xs = state.points.map((p) => p.x);
  let xOf: (x: number | string) => number;
  let ticks: { v: number | string; px: number }[];
  let bandW = 0;
  if (numeric) {
    const lo = Math.min(...(xs as number[]), spec.from);
    const hi = Math.max(...(xs as number[]), spec.to);
    const xl = spec.log && lo > 0 ? scaleLog().domain([lo, hi]) : scaleLinear().domain([lo, hi]);
    xl.range([m.left, width - m.right]);
    xOf = (x) => xl(Number(x));
    ticks = xl.ticks(Math.max(2, Math.floor((width - m.left) / 90))).map((v) => ({ v, px: xl(v) }));
  } else {
    const xb = scaleBand<string>()
      .domain(xs.map(String))
      .range([m.left, width - m.right])
      .padding(0.3);
    xOf = (x) => (xb(String(x)) ?? 0) + xb.bandwidth() / 2;
    bandW = xb.bandwidth();
    ticks = xs.map((v) => ({ v, px: xOf(v) }));
  }
  const yFmt = (v: number) => (bps(spec.metric) ? formatNumber(v / 1e6) : formatNumber(v));
  const yLabel = `${t.sweep.metrics[spec.metric] ?? spec.metric}${bps(spec.metric) ? ' (Mb/s)' : ''}`;
  const path = (pts: { x: number | string; y: number }[]) =>
    pts
      .filter((p) => Number.isFinite(p.y))
      .map(
        (p, i) =>
          `${i === 0 ? 'M' : 'L'}${xOf(p.x).toFixed(1)},${y(Math.min(p.y, yMax * 1.02)).toFixed(1)}`,
      )
      .join('');
  const summaryText = measured.map((p) => `${p.x}: ${yFmt(p.y)}`).join(', ');
  return (
    <div ref={ref} className="sweepplot">
      <svg
        width={width}
        height={H}
        role="img"
        aria-label={`${t.sweep.resultTitle(yLabel, t.sweep.params[spec.param] ?? spec.param)}: ${summaryText}`}
        data-testid="sweep-plot"
      >
        <YGrid ticks={y.ticks(5)} y={y} m={m} width={width} format={yFmt} />
        <AxisTitles
          ticks={ticks.map((tk) => ({
            key: String(tk.v),
            px: tk.px,
            label: typeof tk.v === 'number' ? formatNumber(tk.v) : ccLabel(tk.v),
          }))}
          m={m}
          width={width}
          height={H}
          xTitle={t.sweep.params[spec.param] ?? spec.param}
          yTitle={yLabel}
        />
        {shown.map((l) => (
          <g key={l.id}>
            {numeric ? (
              <path
                d={path(l.pts)}
                fill="none"
                stroke={l.color}
                strokeWidth={l.dots ? 2.2 : 1.6}
                strokeDasharray={l.dash}
              />
            ) : (
              !l.dots &&
              l.pts
                .filter((p) => Number.isFinite(p.y))
                .map((p) => (
                  <line
                    key={String(p.x)}
                    x1={xOf(p.x) - bandW / 2}
                    x2={xOf(p.x) + bandW / 2}
                    y1={y(Math.min(p.y, yMax * 1.02))}
                    y2={y(Math.min(p.y, yMax * 1.02))}
                    stroke={l.color}
                    strokeWidth={1.6}
                    strokeDasharray={l.dash}
                  />
                ))
            )}
            {l.dots &&
              l.pts.map((p) => (
                <circle
                  key={String(p.x)}
                  cx={xOf(p.x)}
                  cy={y(Math.min(p.y, yMax))}
                  r={4}
                  fill={l.color}
                />
              ))}
          </g>
        ))}
      </svg>
      <div className="plot__legend">
        {shown.map((l) => (
          <span key={l.id} className="legend-item legend-item--static">
            <svg width="22" height="10" aria-hidden="true">
              <line
                x1="1"
                x2="21"
                y1="5"
                y2="5"
                stroke={l.color}
                strokeWidth="2.5"
                strokeDasharray={l.dash}
              />
            </svg>
            {l.label}
          </span>
        ))}
      </div>
    </div>
  );
}
