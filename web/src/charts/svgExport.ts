// A plot as a standalone SVG document (for download, and rasterised for PNG): the same
// decimated series, markers and reference lines as the canvas, with axes, grid, title and legend.
import { scaleLinear } from 'd3';
import { decimateView } from './decimate';
import type { PlotSpec } from './plotSpec';

export interface SvgView {
  width: number;
  height: number;
  x: [number, number];
  y: [number, number];
  hidden: ReadonlySet<string>;
  colors: { text: string; muted: string; grid: string; bg: string };
  yFormat?: (y: number) => string;
}

const M = { top: 34, right: 16, bottom: 44, left: 60 };

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();

export function plotToSvg(spec: PlotSpec, v: SvgView): string {
  const legendRows = Math.ceil((spec.series.length + spec.markers.length + spec.refs.length) / 3);
  const legendH = legendRows * 16 + 6;
  const height = v.height + legendH;
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
  const yFmt = v.yFormat ?? ((t: number) => String(t));
  for (const t of y.ticks(Math.max(2, Math.floor(ih / 50)))) {
    const py = num(y(t));
    out.push(
      `<line x1="0" x2="${iw}" y1="${py}" y2="${py}" stroke="${v.colors.grid}"/>`,
      `<text x="-6" y="${py}" text-anchor="end" dominant-baseline="middle" fill="${v.colors.muted}">${esc(yFmt(t))}</text>`,
    );
  }
  for (const t of x.ticks(Math.max(2, Math.floor(iw / 80)))) {
    const px = num(x(t));
    out.push(
      `<line x1="${px}" x2="${px}" y1="${ih}" y2="${ih + 5}" stroke="${v.colors.muted}"/>`,
      `<text x="${px}" y="${ih + 18}" text-anchor="middle" fill="${v.colors.muted}">${esc(String(t))}</text>`,
    );
  }
  out.push(
    `<line x1="0" x2="${iw}" y1="${ih}" y2="${ih}" stroke="${v.colors.muted}"/>`,
    `<line x1="0" x2="0" y1="0" y2="${ih}" stroke="${v.colors.muted}"/>`,
    `<text x="${iw / 2}" y="${ih + 36}" text-anchor="middle" fill="${v.colors.text}">${esc(spec.xLabel)}</text>`,
    `<text transform="translate(-46,${ih / 2}) rotate(-90)" text-anchor="middle" fill="${v.colors.text}">${esc(spec.yLabel)}</text>`,
    `<clipPath id="plot-area"><rect width="${iw}" height="${ih}"/></clipPath>`,
    `<g clip-path="url(#plot-area)">`,
  );
  for (const r of spec.refs) {
    if (v.hidden.has(r.id)) continue;
    const py = num(y(r.y));
    out.push(
      `<line x1="0" x2="${iw}" y1="${py}" y2="${py}" stroke="${r.color}" stroke-width="1.5" stroke-dasharray="${(r.dash ?? [6, 4]).join(' ')}"/>`,
    );
  }
  for (const s of spec.series) {
    if (v.hidden.has(s.id)) continue;
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
      out.push(
        m.shape === 'cross'
          ? `<path d="M${px},${py}m-4,-4l8,8m0,-8l-8,8" stroke="${m.color}" stroke-width="1.5"/>`
          : m.shape === 'diamond'
            ? `<path d="M${px},${py}m0,-6l-4,5l4,5l4,-5z" fill="none" stroke="${m.color}" stroke-width="1.5"/>`
            : `<circle cx="${px}" cy="${py}" r="2.5" fill="${m.color}"/>`,
      );
    }
  }
  out.push('</g></g>');
  // Legend under the plot, three entries per row.
  const items = [
    ...spec.series.map((s) => ({ id: s.id, label: s.label, color: s.color, dash: s.dash })),
    ...spec.markers.map((m) => ({ id: m.id, label: m.label, color: m.color, dash: undefined })),
    ...spec.refs.map((r) => ({ id: r.id, label: r.label, color: r.color, dash: r.dash ?? [6, 4] })),
  ].filter((it) => !v.hidden.has(it.id));
  const colW = (v.width - M.left) / 3;
  items.forEach((it, i) => {
    const lx = M.left + (i % 3) * colW;
    const ly = v.height + Math.floor(i / 3) * 16;
    const dash = it.dash ? ` stroke-dasharray="${it.dash.join(' ')}"` : '';
    out.push(
      `<line x1="${lx}" x2="${lx + 18}" y1="${ly}" y2="${ly}" stroke="${it.color}" stroke-width="2"${dash}/>`,
      `<text x="${lx + 24}" y="${ly}" dominant-baseline="middle" fill="${v.colors.text}">${esc(it.label)}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('\n');
}
