// A live time-series plot: lines on a canvas (M4-decimated per pixel column), D3 scales, axes and
// grid in SVG; markers and labelled bound lines; a legend whose entries toggle series; the time
// window and cursor shared with every other plot (zoom, pan, hover, keyboard); PNG/SVG export.
import { axisBottom, axisLeft, select } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { drawLine, drawMarkers, drawReference, prepareCanvas } from '../../charts/canvasLine';
import { chromeColors } from '../../charts/palette';
import type { PlotSpec } from '../../charts/plotSpec';
import { viewScales } from '../../charts/scales';
import type { Margins } from '../../charts/scales';
import { nearestIndex } from '../../charts/search';
import { plotToSvg } from '../../charts/svgExport';
import { isFull, panBy, zoomAt } from '../../charts/zoom';
import type { Domain } from '../../charts/zoom';
import { saveBlob, saveText, safeName } from '../../export/download';
import { svgToPng } from '../../export/png';
import { formatNumber } from '../../i18n/format';
import { prefs } from '../../state/prefs';
import { setCursor, setDomain, timeView } from '../../state/viewStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { computeView } from './plotView';

const M: Margins = { top: 10, right: 14, bottom: 38, left: 60 };

export interface TimePlotProps {
  spec: PlotSpec;
  /** The whole run, [0, fullS] seconds. */
  fullS: number;
  /** Bumped when the data grew (the arrays are filled in place). */
  version: number;
  height?: number;
  yFormat?: (y: number) => string;
  yFixed?: [number, number];
  yFloor?: number;
  testId: string;
  emptyText?: string;
}

export function TimePlot(p: TimePlotProps) {
  const t = useStrings();
  const theme = useStore(prefs).theme;
  const view = useStore(timeView);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const gridRef = useRef<SVGGElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ px: number; domain: Domain } | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const width = useElementWidth(boxRef, 640);
  const height = p.height ?? 220;
  const full: Domain = [0, p.fullS > 0 ? p.fullS : 1];
  const domain: Domain = view.domain ?? full;
  const innerW = Math.max(1, width - M.left - M.right);

  const pv = useMemo(
    () =>
      computeView(p.spec, { domain, buckets: innerW, hidden, yFixed: p.yFixed, yFloor: p.yFloor }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the arrays grow in place; `version` says when
    [p.spec, p.version, innerW, domain[0], domain[1], hidden, p.yFixed, p.yFloor],
  );
  const scales = useMemo(() => viewScales(width, height, M, pv.domain, pv.y), [width, height, pv]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, scales.innerWidth, scales.innerHeight);
    if (!ctx) return;
    const byId = new Map(p.spec.series.map((s) => [s.id, s]));
    for (const r of pv.refs) drawReference(ctx, r.y, scales, r.color, r.label, r.dash);
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
    const marks = new Map(p.spec.markers.map((m) => [m.id, m]));
    for (const m of pv.marks) {
      const spec = marks.get(m.id);
      if (spec) drawMarkers(ctx, m.pts, scales, spec.color, spec.shape);
    }
    if (xAxisRef.current && yAxisRef.current && gridRef.current) {
      const xTicks = Math.max(2, Math.floor(scales.innerWidth / 80));
      const yTicks = Math.max(2, Math.floor(scales.innerHeight / 45));
      select(xAxisRef.current)
        .attr('transform', `translate(0,${scales.innerHeight})`)
        .call(axisBottom(scales.x).ticks(xTicks).tickSizeOuter(0));
      const left = axisLeft(scales.y).ticks(yTicks).tickSizeOuter(0);
      const yFormat = p.yFormat;
      if (yFormat) left.tickFormat((y) => yFormat(y.valueOf()));
      select(yAxisRef.current).call(left);
      select(gridRef.current)
        .call(
          axisLeft(scales.y)
            .ticks(yTicks)
            .tickSize(-scales.innerWidth)
            .tickFormat(() => ''),
        )
        .call((g) => g.select('.domain').remove());
    }
  }, [pv, scales, p.spec, p.yFormat, theme]);

  // Ctrl/⌘ + wheel zooms around the pointer; a sideways wheel pans. (A plain wheel scrolls the page.)
  useEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const d = timeView.get().domain ?? full;
      const rect = el.getBoundingClientRect();
      const at = scales.x.invert(e.clientX - rect.left);
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        setDomain(zoomAt(d, full, at, Math.exp(e.deltaY * 0.002)));
      } else if (Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        setDomain(panBy(d, full, (e.deltaX / rect.width) * (d[1] - d[0])));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scales, full[1]]); // eslint-disable-line react-hooks/exhaustive-deps

  const timeAt = (e: PointerEvent) => {
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return scales.x.invert(e.clientX - rect.left);
  };
  const onPointerDown = (e: PointerEvent) => {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, domain };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d && e.buttons & 1) {
      const dt = ((d.px - e.clientX) / innerW) * (d.domain[1] - d.domain[0]);
      if (!isFull(d.domain, full)) setDomain(panBy(d.domain, full, dt));
    }
    setCursor(Math.max(full[0], Math.min(full[1], timeAt(e))));
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
    const svg = plotToSvg(p.spec, {
      width: Math.max(480, width),
      height,
      x: pv.domain,
      y: pv.y,
      hidden,
      colors: chromeColors(),
      yFormat: p.yFormat,
    });
    const name = safeName(p.spec.title);
    if (kind === 'svg') saveText(`${name}.svg`, svg, 'image/svg+xml');
    else {
      const size = /height="(\d+)"/.exec(svg);
      saveBlob(
        `${name}.png`,
        await svgToPng(svg, Math.max(480, width), Number(size?.[1] ?? height)),
      );
    }
  };

  const cursor = view.cursor;
  const showCursor = cursor !== null && cursor >= pv.domain[0] && cursor <= pv.domain[1];
  const readout = showCursor
    ? p.spec.series
        .filter((s) => !hidden.has(s.id) && s.n > 0)
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
  const fmt = p.yFormat ?? ((y: number) => formatNumber(y));
  const zoomed = view.domain !== null;
  const toggle = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const legend = [
    ...p.spec.series.map((s) => ({
      id: s.id,
      label: s.label,
      color: s.color,
      dash: s.dash,
      kind: 'line',
    })),
    ...p.spec.markers.map((m) => ({
      id: m.id,
      label: m.label,
      color: m.color,
      dash: undefined,
      kind: m.shape,
    })),
    ...p.spec.refs.map((r) => ({
      id: r.id,
      label: r.label,
      color: r.color,
      dash: r.dash ?? [6, 4],
      kind: 'ref',
    })),
  ];

  return (
    <figure className="plot" data-testid={p.testId}>
      <div className="plot__tools">
        <button
          type="button"
          className="button button--tiny"
          aria-label={`${p.spec.title}: +`}
          onClick={() =>
            setDomain(zoomAt(domain, full, view.cursor ?? (domain[0] + domain[1]) / 2, 0.5))
          }
        >
          +
        </button>
        <button
          type="button"
          className="button button--tiny"
          aria-label={`${p.spec.title}: −`}
          onClick={() =>
            setDomain(zoomAt(domain, full, view.cursor ?? (domain[0] + domain[1]) / 2, 2))
          }
        >
          −
        </button>
        <button
          type="button"
          className="button button--tiny"
          disabled={!zoomed}
          onClick={() => setDomain(null)}
        >
          {t.plot.resetZoom}
        </button>
        <span className="plot__spacer" />
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
      <div className="plot__box" ref={boxRef} style={{ height }}>
        <svg className="plot__axes" width={width} height={height} aria-hidden="true">
          <g transform={`translate(${M.left},${M.top})`}>
            <g ref={gridRef} className="plot__grid" />
            <g ref={xAxisRef} className="plot__axis" />
            <g ref={yAxisRef} className="plot__axis" />
            <text
              className="plot__label"
              x={scales.innerWidth / 2}
              y={scales.innerHeight + 32}
              textAnchor="middle"
            >
              {p.spec.xLabel}
            </text>
            <text
              className="plot__label"
              transform={`translate(${-46},${scales.innerHeight / 2}) rotate(-90)`}
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
          onPointerLeave={() => {
            drag.current = null;
            setCursor(null);
          }}
          onDoubleClick={() => setDomain(null)}
          onKeyDown={onKeyDown}
        />
        {pv.empty && p.emptyText && <p className="plot__empty">{p.emptyText}</p>}
      </div>
      <div className="plot__legend" role="group" aria-label={t.plot.legend}>
        {legend.map((l) => (
          <button
            key={l.id}
            type="button"
            className={`legend-item${hidden.has(l.id) ? ' is-off' : ''}`}
            aria-pressed={!hidden.has(l.id)}
            onClick={() => toggle(l.id)}
          >
            <svg width="22" height="10" aria-hidden="true">
              {l.kind === 'line' || l.kind === 'ref' ? (
                <line
                  x1="1"
                  x2="21"
                  y1="5"
                  y2="5"
                  stroke={l.color}
                  strokeWidth="2.5"
                  strokeDasharray={l.dash?.join(' ')}
                />
              ) : l.kind === 'cross' ? (
                <path d="M7,1l8,8m0,-8l-8,8" stroke={l.color} strokeWidth="1.8" />
              ) : l.kind === 'diamond' ? (
                <path d="M11,0l-5,5l5,5l5,-5z" fill="none" stroke={l.color} strokeWidth="1.5" />
              ) : l.kind === 'dot' ? (
                <circle cx="11" cy="5" r="4" fill={l.color} />
              ) : (
                <path d="M6,1h10l-5,8z" fill={l.color} />
              )}
            </svg>
            {l.label}
            {pv.offScale.has(l.id) && <span className="legend-item__note"> ↑</span>}
          </button>
        ))}
      </div>
      <p className="plot__readout" aria-live="off" data-testid={`${p.testId}-readout`}>
        {showCursor
          ? [
              t.plot.at(formatNumber(cursor, 4)),
              ...readout.map((r) => `${r.label}: ${Number.isFinite(r.value) ? fmt(r.value) : '–'}`),
            ].join('  ·  ')
          : ' '}
      </p>
    </figure>
  );
}
