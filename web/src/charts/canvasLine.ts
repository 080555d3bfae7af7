// Canvas drawing of dense series: the points come pre-decimated, NaN breaks the line. Also the
// markers (retransmissions, tail loss probes, timeouts) and the labelled horizontal reference lines
// (bounds).
import type { Points } from './decimate';
import { BOUND_DASH } from './palette';
import type { PlotScales } from './scales';

export interface LineStyle {
  color: string;
  width: number;
  dash?: number[];
  /** Draw as a step function (for states and counters). */
  step?: boolean;
}

export type MarkerShape = 'triangle' | 'diamond' | 'cross' | 'dot';

/** Points per stroked piece of a line. */
const CHUNK = 128;

/** Size the canvas backing store for the device pixel ratio; returns a context in CSS pixels. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const dpr = globalThis.devicePixelRatio || 1;
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

function clipToPlot(ctx: CanvasRenderingContext2D, s: PlotScales): void {
  ctx.beginPath();
  ctx.rect(0, 0, s.innerWidth, s.innerHeight);
  ctx.clip();
}

export function drawLine(
  ctx: CanvasRenderingContext2D,
  pts: Points,
  s: PlotScales,
  style: LineStyle,
): void {
  ctx.save();
  clipToPlot(ctx, s);
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'bevel';
  // Dots (B in compare mode) need round caps to show as dots.
  ctx.lineCap = style.dash && (style.dash[0] ?? 0) <= 2 ? 'round' : 'butt';
  ctx.setLineDash(style.dash ?? []);
  ctx.beginPath();
  let pen = false;
  let lastY = 0;
  let run = 0;
  for (let i = 0; i < pts.length; i++) {
    const y = pts.y[i] as number;
    if (Number.isNaN(y)) {
      pen = false;
      continue;
    }
    const px = s.x(pts.x[i] as number);
    const py = s.y(y);
    if (pen) {
      if (style.step) ctx.lineTo(px, lastY);
      ctx.lineTo(px, py);
      // Stroke in short pieces: a software rasteriser spends far longer on one long, dense,
      // self-overlapping path than on many short ones (about 2× for a million-point view).
      if (++run >= CHUNK) {
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(px, py);
        run = 0;
      }
    } else {
      ctx.moveTo(px, py);
    }
    lastY = py;
    pen = true;
  }
  ctx.stroke();
  ctx.restore();
}

/** Small glyphs at (x, y) points; at most one per pixel column is drawn. */
export function drawMarkers(
  ctx: CanvasRenderingContext2D,
  pts: Points,
  s: PlotScales,
  color: string,
  shape: MarkerShape,
): void {
  ctx.save();
  clipToPlot(ctx, s);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 1.5;
  let lastPx = -Infinity;
  const r = 4;
  for (let i = 0; i < pts.length; i++) {
    const px = s.x(pts.x[i] as number);
    if (px - lastPx < 2 || px < -r || px > s.innerWidth + r) continue;
    lastPx = px;
    const py = Math.max(r, Math.min(s.innerHeight - r, s.y(pts.y[i] as number)));
    ctx.beginPath();
    if (shape === 'triangle') {
      ctx.moveTo(px, py - r - 2);
      ctx.lineTo(px - r, py - 2 * r - 4);
      ctx.lineTo(px + r, py - 2 * r - 4);
      ctx.closePath();
      ctx.fill();
    } else if (shape === 'diamond') {
      // Above the curve like a retransmission's triangle.
      ctx.moveTo(px, py - r - 2);
      ctx.lineTo(px - r, py - 2 * r - 3);
      ctx.lineTo(px, py - 3 * r - 4);
      ctx.lineTo(px + r, py - 2 * r - 3);
      ctx.closePath();
      ctx.stroke();
    } else if (shape === 'cross') {
      ctx.moveTo(px - r, py - r);
      ctx.lineTo(px + r, py + r);
      ctx.moveTo(px + r, py - r);
      ctx.lineTo(px - r, py + r);
      ctx.stroke();
    } else {
      ctx.arc(px, py, 2.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.restore();
}

/**
 * A dashed horizontal line across the plot at data value `y`, labelled at its right end (or, with
 * `labelAt: 'left'`, its left end, when another label already sits there) in `labelPx` type.
 * Returns the top of the label in px from the top of the plot (null when none was drawn).
 */
export function drawReference(
  ctx: CanvasRenderingContext2D,
  y: number,
  s: PlotScales,
  color: string,
  label?: string,
  dash: number[] = BOUND_DASH,
  labelAt: 'left' | 'right' = 'right',
  labelPx = 12,
): number | null {
  const py = Math.round(s.y(y)) + 0.5;
  if (py < -1 || py > s.innerHeight + 1) return null;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.4;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(0, py);
  ctx.lineTo(s.innerWidth, py);
  ctx.stroke();
  let top: number | null = null;
  if (label) {
    ctx.setLineDash([]);
    ctx.font = `${labelPx}px system-ui, sans-serif`;
    ctx.textAlign = labelAt;
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = color;
    ctx.fillText(label, labelAt === 'right' ? s.innerWidth - 4 : 4, py - 2);
    top = py - 2 - labelPx;
  }
  ctx.restore();
  return top;
}
