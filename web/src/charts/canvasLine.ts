// Canvas drawing of dense series: the points come pre-decimated, NaN breaks the line.
import type { Points } from './decimate';
import type { PlotScales } from './scales';

export interface LineStyle {
  color: string;
  width: number;
  dash?: number[];
}

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

export function drawLine(
  ctx: CanvasRenderingContext2D,
  pts: Points,
  s: PlotScales,
  style: LineStyle,
): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, s.innerWidth, s.innerHeight);
  ctx.clip();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'round';
  ctx.setLineDash(style.dash ?? []);
  ctx.beginPath();
  let pen = false;
  for (let i = 0; i < pts.length; i++) {
    const y = pts.y[i] as number;
    if (Number.isNaN(y)) {
      pen = false;
      continue;
    }
    const px = s.x(pts.x[i] as number);
    const py = s.y(y);
    if (pen) ctx.lineTo(px, py);
    else ctx.moveTo(px, py);
    pen = true;
  }
  ctx.stroke();
  ctx.restore();
}

/** A dashed horizontal line across the plot at data value `y` (e.g. the bottleneck rate). */
export function drawReference(
  ctx: CanvasRenderingContext2D,
  y: number,
  s: PlotScales,
  color: string,
): void {
  const py = Math.round(s.y(y)) + 0.5;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([2, 3]);
  ctx.beginPath();
  ctx.moveTo(0, py);
  ctx.lineTo(s.innerWidth, py);
  ctx.stroke();
  ctx.restore();
}
