// A live time-series plot: lines on a canvas (M4-decimated per pixel column), D3 scales, axes and
// grid in SVG; markers and labelled bound lines; a legend whose entries toggle series (grouped by
// algorithm when there are many); the time window and cursor shared with every other plot (zoom,
// pan, hover, tap, keyboard); PNG/SVG export with a caption. Its height comes from the layout's
// CSS (`size`), so plots grow with the screen.
import { axisBottom, axisLeft, select } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { drawLine, drawMarkers, drawReference, prepareCanvas } from '../../charts/canvasLine';
import { BOUND_DASH, chromeColors } from '../../charts/palette';
import type { PlotSpec } from '../../charts/plotSpec';
import { viewScales, withLabelRoom } from '../../charts/scales';
import type { Margins } from '../../charts/scales';
import { nearestIndex } from '../../charts/search';
import { plotToSvg } from '../../charts/svgExport';
import { tickFormatter } from '../../charts/ticks';
import { ViewCache } from '../../charts/viewCache';
import { isFull, panBy, zoomAt } from '../../charts/zoom';
import type { Domain } from '../../charts/zoom';
import { saveBlob, saveText, safeName } from '../../export/download';
import { svgToPng } from '../../export/png';
import { formatNumber } from '../../i18n/format';
import { prefs } from '../../state/prefs';
import { setCursor, setDomain, setSteady, timeView } from '../../state/viewStore';
import { useElementSize } from '../hooks/useElementWidth';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { useTimeWheel } from '../hooks/useTimeWheel';
import { PlotLegend } from './PlotLegend';
import type { LegendEntry } from './PlotLegend';
import { computeView } from './plotView';
import type { PlotView } from './plotView';
import { useDrawnInputs, useInView } from './useDrawnInputs';
import { useCaption } from './caption';

/** Plot heights are set by the layout's CSS: `main` plots share the first screen. */
export type PlotSize = 'main' | 'normal' | 'small';

const BASE_MARGIN: Margins = { top: 10, right: 14, bottom: 38, left: 60 };
/** Width of a tick label's character as a fraction of the font size (system-ui, generous). */
const CHAR_EM = 0.6;

export interface TimePlotProps {
  spec: PlotSpec;
  /** The whole run, [0, fullS] seconds. */
  fullS: number;
  /** Bumped when the data grew (the arrays are filled in place). */
  version: number;
  size?: PlotSize;
  yFormat?: (y: number) => string;
  yFixed?: [number, number];
  yFloor?: number;
  /** Offer fitting the y axis to the steady state (cwnd, goodput, queue, RTT). */
  steady?: boolean;
  testId: string;
  emptyText?: string;
  /** The card's head, put at the start of the tool row (a card with this one plot). */
  head?: ReactNode;
  /** A note under the plot, above its legend (which flows a plot of many flows draws). */
  note?: ReactNode;
}

export function TimePlot(p: TimePlotProps) {
  const t = useStrings();
  const theme = useStore(prefs).theme;
  const view = useStore(timeView);
  const caption = useCaption();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const gridRef = useRef<SVGGElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ px: number; domain: Domain; moved: boolean } | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const box = useElementSize(boxRef, { width: 640, height: 220 });
  const full: Domain = [0, p.fullS > 0 ? p.fullS : 1];
  const domain: Domain = view.domain ?? full;
  const inView = useInView(boxRef);
  // What the plot draws from: the current inputs in view, else those it last drew (until the
  // draw queue's turn or it scrolls in; useDrawnInputs.ts).
  const [spec, version, width, rawHeight, tickPx, d0, d1, hiddenDrawn, steady] = useDrawnInputs(
    [
      p.spec,
      p.version,
      box.width,
      box.height,
      box.tickPx,
      domain[0],
      domain[1],
      hidden,
      (p.steady ?? false) && view.steady,
    ] as const,
    inView,
  );
  const height = Math.max(120, rawHeight || 220);
  // The last two views: the width with the full editor open and without it (or a window before
  // and after a zoom) are not decimated again. (Each view is a few KB per line: two bound the
  // memory while a run streams, a view per new set of rows.)
  const [views] = useState(() => new ViewCache<PlotView>(2));

  const pv = useMemo(
    () =>
      views.get([spec, version, width, d0, d1, hiddenDrawn, p.yFixed, p.yFloor, steady], () =>
        computeView(spec, {
          domain: [d0, d1],
          buckets: Math.max(1, width - BASE_MARGIN.left - BASE_MARGIN.right),
          hidden: hiddenDrawn,
          yFixed: p.yFixed,
          yFloor: p.yFloor,
          steady,
        }),
      ),
    [views, spec, version, width, d0, d1, hiddenDrawn, p.yFixed, p.yFloor, steady],
  );

  // Tick labels: the panel's format (states, Mb/s), else plain decimals or k/M/G by unit.
  const yTicks = Math.max(2, Math.floor((height - 48) / 45));

  // Bound labels as large as the tick labels (20 px in presentation mode), never below 12.
  const labelPx = Math.max(12, tickPx);
  const { format: yFmt, left } = useMemo(() => {
    const probe = viewScales(width, height, BASE_MARGIN, pv.domain, pv.y).y.ticks(yTicks);
    const step = probe.length > 1 ? Math.abs((probe[1] as number) - (probe[0] as number)) : 1;
    const fmt = p.yFormat ?? tickFormatter(spec.yUnit, step, pv.y[1]);
    const longest = probe.reduce((m, y) => Math.max(m, fmt(y).length), 0);
    const need = Math.ceil(longest * tickPx * CHAR_EM + 2.2 * tickPx);
    return { format: fmt, left: Math.max((BASE_MARGIN.left * tickPx) / 12, need) };
  }, [width, height, pv, yTicks, p.yFormat, spec.yUnit, tickPx]);
  const M: Margins = { ...BASE_MARGIN, left, bottom: Math.round(tickPx * 2.3 + 10) };
  const scales = useMemo(() => {
    // Room above the highest bound for its label, unless the reader fixed the axis.
    const topRef = pv.refs.reduce<number | undefined>((m, r) => Math.max(m ?? r.y, r.y), undefined);
    const innerHeight = height - M.top - M.bottom;
    const y = p.yFixed ? pv.y : withLabelRoom(pv.y, topRef, innerHeight, labelPx + 4);
    return viewScales(width, height, M, pv.domain, y);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- M is derived from `left` and `tickPx`
  }, [width, height, pv, left, tickPx, labelPx, p.yFixed]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, scales.innerWidth, scales.innerHeight);
    if (!ctx) return;
    const byId = new Map(spec.series.map((s) => [s.id, s]));
    // Labels of lines closer than a text line go to alternate ends, so they never overprint.
    const placed: { py: number; at: 'left' | 'right' }[] = [];
    let labelsTop = Infinity;
    for (const r of [...pv.refs].sort((a, b) => b.y - a.y)) {
      const py = scales.y(r.y);
      const near = placed.filter((q) => Math.abs(q.py - py) < labelPx + 3);
      const at = near.some((q) => q.at === 'right') ? 'left' : 'right';
      const label = near.length >= 2 ? undefined : r.label;
      placed.push({ py, at });
      const top = drawReference(ctx, r.y, scales, r.color, label, r.dash, at, labelPx);
      if (top !== null) labelsTop = Math.min(labelsTop, top);
    }
    // Where the highest bound label starts (px below the top of the plot area): a check that no
    // label is cut off.
    if (Number.isFinite(labelsTop)) canvas.dataset.labelsTop = String(Math.round(labelsTop));
    else delete canvas.dataset.labelsTop;
    for (const l of pv.lines) {
      const s = byId.get(l.id);
      if (s)
        drawLine(ctx, l.pts, scales, {
          color: s.color,
          width: s.width,
          dash: s.dash,
          step: s.step,
        });
    }
    const marks = new Map(spec.markers.map((m) => [m.id, m]));
    for (const m of pv.marks) {
      const spec = marks.get(m.id);
      if (spec) drawMarkers(ctx, m.pts, scales, spec.color, spec.shape);
    }
    if (xAxisRef.current && yAxisRef.current && gridRef.current) {
      const xTicks = Math.max(2, Math.floor(scales.innerWidth / (tickPx * 6.5)));
      const xStep = scales.x.ticks(xTicks);
      const xFmt = tickFormatter(
        's',
        xStep.length > 1 ? (xStep[1] as number) - (xStep[0] as number) : 1,
        pv.domain[1],
      );
      select(xAxisRef.current)
        .attr('transform', `translate(0,${scales.innerHeight})`)
        .call(
          axisBottom(scales.x)
            .ticks(xTicks)
            .tickSizeOuter(0)
            .tickFormat((x) => xFmt(x.valueOf())),
        );
      select(yAxisRef.current).call(
        axisLeft(scales.y)
          .ticks(yTicks)
          .tickSizeOuter(0)
          .tickFormat((y) => yFmt(y.valueOf())),
      );
      select(gridRef.current)
        .call(
          axisLeft(scales.y)
            .ticks(yTicks)
            .tickSize(-scales.innerWidth)
            .tickFormat(() => ''),
        )
        .call((g) => g.select('.domain').remove());
    }
  }, [pv, scales, spec, yFmt, yTicks, theme, tickPx, labelPx]);

  // Ctrl/⌘ + wheel zooms around the pointer; a sideways wheel pans. (A plain wheel scrolls the page.)
  useTimeWheel(areaRef, p.fullS);

  const timeAt = (e: PointerEvent) => {
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return Math.max(full[0], Math.min(full[1], scales.x.invert(e.clientX - rect.left)));
  };
  const onPointerDown = (e: PointerEvent) => {
    // A touch reads the value under the finger and keeps it until the next tap; the page
    // still scrolls (touch-action: pan-y), so only a mouse or pen drags the window.
    if (e.pointerType === 'touch') {
      setCursor(timeAt(e));
      return;
    }
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, domain, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    const d = drag.current;
    if (d && e.buttons & 1) {
      const dt = ((d.px - e.clientX) / scales.innerWidth) * (d.domain[1] - d.domain[0]);
      if (!isFull(d.domain, full)) setDomain(panBy(d.domain, full, dt));
    }
    setCursor(timeAt(e));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const span = domain[1] - domain[0];
    const cur = view.cursor ?? (domain[0] + domain[1]) / 2;
    const move = (dt: number) => setCursor(Math.max(full[0], Math.min(full[1], cur + dt)));
    let handled = true;
    if (e.key === 'ArrowRight' && e.shiftKey) setDomain(panBy(domain, full, span / 10));
    else if (e.key === 'ArrowLeft' && e.shiftKey) setDomain(panBy(domain, full, -span / 10));
    else if (e.key === 'ArrowRight') move(span / 100);
    else if (e.key === 'ArrowLeft') move(-span / 100);
    else if (e.key === '+' || e.key === '=') setDomain(zoomAt(domain, full, cur, 0.5));
    else if (e.key === '-' || e.key === '_') setDomain(zoomAt(domain, full, cur, 2));
    else if (e.key === '0' || e.key === 'Home') setDomain(null);
    else if (e.key === 'Escape') setCursor(null);
    else handled = false;
    if (handled) e.preventDefault();
  };

  const exportPlot = async (kind: 'svg' | 'png') => {
    const w = Math.max(480, width);
    const svg = plotToSvg(p.spec, {
      width: w,
      height,
      x: pv.domain,
      y: scales.y.domain() as [number, number],
      hidden,
      colors: chromeColors(),
      yFormat: yFmt,
      left,
      caption,
    });
    const name = safeName(p.spec.title);
    if (kind === 'svg') saveText(`${name}.svg`, svg, 'image/svg+xml');
    else {
      const size = /height="(\d+)"/.exec(svg);
      saveBlob(`${name}.png`, await svgToPng(svg, w, Number(size?.[1] ?? height)));
    }
  };

  const cursor = view.cursor;
  const showCursor = cursor !== null && cursor >= pv.domain[0] && cursor <= pv.domain[1];
  const readout = showCursor
    ? p.spec.series
        .filter((s) => !hidden.has(s.id) && s.n > 0 && !s.noLegend)
        .map((s) => {
          const i = nearestIndex(s.x, s.n, cursor);
          const v = s.y[i] as number;
          const ok = i >= 0 && (s.defined ? s.defined(v) : Number.isFinite(v));
          return {
            id: s.id,
            label: s.label,
            color: s.color,
            value: ok ? v : NaN,
            y: ok ? scales.y(v) : NaN,
          };
        })
    : [];
  const fmt = p.yFormat ?? ((y: number) => formatNumber(y, 4));
  const zoomed = view.domain !== null;

  const legend: LegendEntry[] = [
    ...p.spec.series
      .filter((s) => !s.noLegend)
      .map((s) => ({
        id: s.id,
        label: s.label,
        color: s.color,
        dash: s.dash,
        kind: 'line' as const,
        group: s.group,
      })),
    ...p.spec.markers.map((m) => ({
      id: m.id,
      label: m.label,
      color: m.color,
      dash: undefined,
      kind: m.shape,
      group: m.group,
    })),
    ...p.spec.refs.map((r) => ({
      id: r.id,
      label: r.label,
      color: r.color,
      dash: r.dash ?? BOUND_DASH,
      kind: 'ref' as const,
      group: undefined,
    })),
  ];
  const previous = p.spec.series.some((s) => s.noLegend && s.n > 0);

  return (
    <figure className="plot" data-testid={p.testId}>
      <div className={`plot__tools${p.head ? ' plot__tools--head' : ''}`}>
        {p.head}
        <span className="plot__spacer" />
        <button
          type="button"
          className="button button--tiny"
          aria-label={`${p.spec.title}: ${t.screen.zoomIn}`}
          onClick={() =>
            setDomain(zoomAt(domain, full, view.cursor ?? (domain[0] + domain[1]) / 2, 0.5))
          }
        >
          +
        </button>
        <button
          type="button"
          className="button button--tiny"
          aria-label={`${p.spec.title}: ${t.screen.zoomOut}`}
          onClick={() =>
            setDomain(zoomAt(domain, full, view.cursor ?? (domain[0] + domain[1]) / 2, 2))
          }
        >
          −
        </button>
        {zoomed && (
          <button type="button" className="button button--tiny" onClick={() => setDomain(null)}>
            {t.plot.resetZoom}
          </button>
        )}
        {p.steady && (
          <button
            type="button"
            className="button button--tiny"
            aria-pressed={view.steady}
            data-testid={`${p.testId}-steady`}
            title={t.screen.steadyHint}
            onClick={() => setSteady(!view.steady)}
          >
            {t.screen.steady}
            {pv.clipped && <span aria-hidden="true"> ↑</span>}
          </button>
        )}
        <button
          type="button"
          className="button button--tiny"
          aria-label={t.plot.exportLabel('PNG', p.spec.title)}
          data-testid={`${p.testId}-png`}
          onClick={() => void exportPlot('png')}
        >
          {t.plot.exportPng}
        </button>
        <button
          type="button"
          className="button button--tiny"
          aria-label={t.plot.exportLabel('SVG', p.spec.title)}
          data-testid={`${p.testId}-svg`}
          onClick={() => void exportPlot('svg')}
        >
          {t.plot.exportSvg}
        </button>
      </div>
      <div className={`plot__box plot__box--${p.size ?? 'normal'}`} ref={boxRef}>
        <svg className="plot__axes" width={width} height={height} aria-hidden="true">
          <g transform={`translate(${M.left},${M.top})`}>
            <g ref={gridRef} className="plot__grid" />
            <g ref={xAxisRef} className="plot__axis" />
            <g ref={yAxisRef} className="plot__axis" />
            <text
              className="plot__label"
              x={scales.innerWidth / 2}
              y={scales.innerHeight + tickPx * 2.3 + 4}
              textAnchor="middle"
            >
              {p.spec.xLabel}
            </text>
            <text
              className="plot__label"
              transform={`translate(${tickPx + 2 - M.left},${scales.innerHeight / 2}) rotate(-90)`}
              textAnchor="middle"
            >
              {p.spec.yLabel}
            </text>
          </g>
        </svg>
        <canvas
          ref={canvasRef}
          className="plot__canvas"
          data-testid={`${p.testId}-canvas`}
          data-label-px={labelPx}
          style={{ left: M.left, top: M.top, width: scales.innerWidth, height: scales.innerHeight }}
        />
        <svg
          className="plot__cursor"
          aria-hidden="true"
          style={{ left: M.left, top: M.top }}
          width={scales.innerWidth}
          height={scales.innerHeight}
        >
          {showCursor && (
            <>
              <line x1={scales.x(cursor)} x2={scales.x(cursor)} y1={0} y2={scales.innerHeight} />
              {readout.map((r) =>
                Number.isFinite(r.y) ? (
                  <circle key={r.id} cx={scales.x(cursor)} cy={r.y} r={3.5} fill={r.color} />
                ) : null,
              )}
            </>
          )}
        </svg>
        <div
          ref={areaRef}
          className={`plot__area${zoomed ? ' is-zoomed' : ''}`}
          style={{ left: M.left, top: M.top, width: scales.innerWidth, height: scales.innerHeight }}
          tabIndex={0}
          role="img"
          aria-label={`${p.spec.title}. ${t.plot.zoomHint}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerLeave={(e) => {
            drag.current = null;
            if (e.pointerType !== 'touch') setCursor(null);
          }}
          onDoubleClick={() => setDomain(null)}
          onKeyDown={onKeyDown}
        />
        {pv.empty && p.emptyText && <p className="plot__empty">{p.emptyText}</p>}
        <p
          className={`plot__readout${showCursor ? ' is-on' : ''}`}
          aria-live="off"
          data-testid={`${p.testId}-readout`}
          style={{ left: M.left }}
        >
          {showCursor
            ? [
                t.plot.at(formatNumber(cursor, 4)),
                ...readout.map(
                  (r) => `${r.label}: ${Number.isFinite(r.value) ? fmt(r.value) : '–'}`,
                ),
              ].join('  ·  ')
            : ''}
        </p>
      </div>
      {p.note}
      <PlotLegend
        entries={legend}
        hidden={hidden}
        offScale={pv.offScale}
        onHidden={setHidden}
        previous={previous}
      />
    </figure>
  );
}
