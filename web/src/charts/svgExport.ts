// A plot as a standalone SVG document (for download, and rasterised for PNG): the same
// decimated series, markers and reference lines as the canvas, with axes, grid, title, a legend
// that draws markers as markers, and a caption naming the run (scenario, algorithm, seed, hash).
import { scaleLinear } from 'd3';
import type { MarkerShape } from './canvasLine';
import { decimateView } from './decimate';
import { BOUND_DASH } from './palette';
import type { PlotSpec } from './plotSpec';
import { tickFormatter } from './ticks';

export interface SvgView {
  width: number;
  height: number;
  x: [number, number];
  y: [number, number];
  hidden: ReadonlySet<string>;
  colors: { text: string; muted: string; grid: string; bg: string };
  yFormat?: (y: number) => string;
  /** Left margin (wide enough for the y tick labels); default 60. */
  left?: number;
  /** A line under the legend naming the run. */
  caption?: string;
}

const BASE = { top: 34, right: 16, bottom: 44, left: 60 };

/** A marker glyph centred at (x, y), as the canvas draws it. */
function markerSvg(
  shape: MarkerShape,
  x: string | number,
  y: string | number,
  color: string,
): string {
  if (shape === 'cross')
    return `<path d="M${x},${y}m-4,-4l8,8m0,-8l-8,8" stroke="${color}" stroke-width="1.5"/>`;
  if (shape === 'triangle') return `<path d="M${x},${y}m0,-6l-4,-8h8z" fill="${color}"/>`;
  // Above the curve like the triangle, as drawMarkers draws it.
  if (shape === 'diamond')
    return `<path d="M${x},${y}m0,-6l-4,-5l4,-5l4,5z" fill="none" stroke="${color}" stroke-width="1.5"/>`;
  return `<circle cx="${x}" cy="${y}" r="2.5" fill="${color}"/>`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();

export function plotToSvg(spec: PlotSpec, v: SvgView): string {
  const M = { ...BASE, left: v.left ?? BASE.left };
  const shownSeries = spec.series.filter((s) => !s.noLegend);
  const legendRows = Math.ceil((shownSeries.length + spec.markers.length + spec.refs.length) / 3);
  const legendH = legendRows * 16 + 6;
  const captionH = v.caption ? 20 : 0;
  const height = v.height + legendH + captionH;
  const iw = Math.max(1, v.width - M.left - M.right);
  const ih = Math.max(1, v.height - M.top - M.bottom);
  const x = scaleLinear().domain(v.x).range([0, iw]);
  const y = scaleLinear().domain(v.y).range([ih, 0]);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${v.width}" height="${height}" viewBox="0 0 ${v.width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="${v.colors.bg}"/>`,
    `<text x="${M.left}" y="20" font-size="14" font-weight="600" fill="${v.colors.text}">${esc(spec.title)}</text>`,
    `<g transform="translate(${M.left},${M.top})">`,
  );
  const yTicks = y.ticks(Math.max(2, Math.floor(ih / 50)));
  const yStep = yTicks.length > 1 ? (yTicks[1] as number) - (yTicks[0] as number) : 1;
  const yFmt = v.yFormat ?? tickFormatter(spec.yUnit, yStep, v.y[1]);
  const xTicks = x.ticks(Math.max(2, Math.floor(iw / 80)));
  const xFmt = tickFormatter(
    's',
    xTicks.length > 1 ? (xTicks[1] as number) - (xTicks[0] as number) : 1,
    v.x[1],
  );
  for (const t of yTicks) {
    const py = num(y(t));
    out.push(
      `<line x1="0" x2="${iw}" y1="${py}" y2="${py}" stroke="${v.colors.grid}"/>`,
      `<text x="-6" y="${py}" text-anchor="end" dominant-baseline="middle" fill="${v.colors.muted}">${esc(yFmt(t))}</text>`,
    );
  }
  for (const t of xTicks) {
    const px = num(x(t));
    out.push(
      `<line x1="${px}" x2="${px}" y1="${ih}" y2="${ih + 5}" stroke="${v.colors.muted}"/>`,
      `<text x="${px}" y="${ih + 18}" text-anchor="middle" fill="${v.colors.muted}">${esc(xFmt(t))}</text>`,
    );
  }
  out.push(
    `<line x1="0" x2="${iw}" y1="${ih}" y2="${ih}" stroke="${v.colors.muted}"/>`,
    `<line x1="0" x2="0" y1="0" y2="${ih}" stroke="${v.colors.muted}"/>`,
    `<text x="${iw / 2}" y="${ih + 36}" text-anchor="middle" fill="${v.colors.text}">${esc(spec.xLabel)}</text>`,
    `<text transform="translate(${14 - M.left},${ih / 2}) rotate(-90)" text-anchor="middle" fill="${v.colors.text}">${esc(spec.yLabel)}</text>`,
    `<clipPath id="plot-area"><rect width="${iw}" height="${ih}"/></clipPath>`,
    `<g clip-path="url(#plot-area)">`,
  );
  for (const r of spec.refs) {
    if (v.hidden.has(r.id)) continue;
    const py = num(y(r.y));
    out.push(
      `<line x1="0" x2="${iw}" y1="${py}" y2="${py}" stroke="${r.color}" stroke-width="1.4" stroke-dasharray="${(r.dash ?? BOUND_DASH).join(' ')}"/>`,
    );
  }
  for (const s of spec.series) {
    if (v.hidden.has(s.id) || s.noLegend) continue;
    const pts = decimateView(s.x, s.y, s.n, v.x[0], v.x[1], iw, s.defined);
    let d = '';
    let pen = false;
    let lastY = '';
    for (let i = 0; i < pts.length; i++) {
      const yv = pts.y[i] as number;
      if (Number.isNaN(yv)) {
        pen = false;
        continue;
      }
      const px = num(x(pts.x[i] as number));
      const py = num(y(yv));
      if (pen && s.step) d += `L${px},${lastY}`;
      d += `${pen ? 'L' : 'M'}${px},${py}`;
      lastY = py;
      pen = true;
    }
    if (d) {
      const dash = s.dash ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
      out.push(
        `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${s.width}" stroke-linejoin="round"${dash}/>`,
      );
    }
  }
  for (const m of spec.markers) {
    if (v.hidden.has(m.id)) continue;
    for (let i = 0; i < m.n; i++) {
      const mx = m.x[i] as number;
      if (mx < v.x[0] || mx > v.x[1]) continue;
      const px = num(x(mx));
      const py = num(Math.max(4, Math.min(ih - 4, y(m.y[i] as number))));
      out.push(markerSvg(m.shape, px, py, m.color));
    }
  }
  out.push('</g></g>');
  // Legend under the plot, three entries per row.
  const items: {
    id: string;
    label: string;
    color: string;
    dash?: number[];
    shape?: MarkerShape;
  }[] = [
    ...shownSeries.map((s) => ({ id: s.id, label: s.label, color: s.color, dash: s.dash })),
    ...spec.markers.map((m) => ({ id: m.id, label: m.label, color: m.color, shape: m.shape })),
    ...spec.refs.map((r) => ({
      id: r.id,
      label: r.label,
      color: r.color,
      dash: r.dash ?? BOUND_DASH,
    })),
  ].filter((it) => !v.hidden.has(it.id));
  const colW = (v.width - M.left) / 3;
  items.forEach((it, i) => {
    const lx = M.left + (i % 3) * colW;
    const ly = v.height + Math.floor(i / 3) * 16;
    if (it.shape) {
      // The glyph as drawn on the plot (a triangle sits above its point: centre it here).
      out.push(
        markerSvg(
          it.shape,
          lx + 9,
          it.shape === 'triangle' ? ly + 10 : it.shape === 'diamond' ? ly + 11 : ly,
          it.color,
        ),
      );
    } else {
      const dash = it.dash ? ` stroke-dasharray="${it.dash.join(' ')}"` : '';
      const cap = it.dash && (it.dash[0] ?? 0) <= 2 ? ' stroke-linecap="round"' : '';
      out.push(
        `<line x1="${lx}" x2="${lx + 18}" y1="${ly}" y2="${ly}" stroke="${it.color}" stroke-width="2"${dash}${cap}/>`,
      );
    }
    out.push(
      `<text x="${lx + 24}" y="${ly}" dominant-baseline="middle" fill="${v.colors.text}">${esc(it.label)}</text>`,
    );
  });
  if (v.caption) {
    out.push(
      `<text x="${M.left}" y="${v.height + legendH + 12}" font-size="10" fill="${v.colors.muted}">${esc(v.caption)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
