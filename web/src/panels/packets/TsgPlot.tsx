// The time-sequence graph of one flow (Stevens/tcptrace style): sequence number against time,
// drawn on a canvas from the model's capture (charts/tsg.ts). It shares the time window and the
// cursor with the other plots (Ctrl/⌘ + wheel zooms, a sideways wheel pans, hovering moves the
// cursor); the y axis fits what is in the window. A click picks the nearest mark's packet.
// The cwnd edge, when given, is a dashed step line (built in charts/flowEvents.ts).
// At most MAX_MARKS marks of each kind are drawn per window: beyond that, one mark per pixel
// column (the others fall on the same pixels).
import { axisBottom, axisLeft, scaleLinear, select } from 'd3';
import { useEffect, useMemo, useRef } from 'react';
import type { PointerEvent } from 'react';
import { prepareCanvas } from '../../charts/canvasLine';
import { chromeColors, seriesColor } from '../../charts/palette';
import { firstDropAt, nearestMark, SENT } from '../../charts/tsg';
import type { TsgMarks } from '../../charts/tsg';
import type { Domain } from '../../charts/zoom';
import { prefs } from '../../state/prefs';
import { setCursor, timeView } from '../../state/viewStore';
import { useElementSize } from '../hooks/useElementWidth';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { useTimeWheel } from '../hooks/useTimeWheel';

const M = { top: 10, right: 14, bottom: 34, left: 56 };
export const TSG_COLORS = {
  data: seriesColor(0),
  retransmit: '#d1332e',
  tlp: '#c77800',
  rto: '#1d2733',
  ack: '#1f8a4c',
  sack: '#8a94a0',
  rwnd: '#8a6d1f',
  drop: '#6a2c91',
  cwnd: '#0f7c8c',
} as const;

/** Indices [i0, i1) of sorted `t` inside [a, b]. */
function span(t: Float64Array, a: number, b: number): [number, number] {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t[mid] as number) < a) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < t.length && (t[end] as number) <= b) end++;
  return [lo, end];
}

interface Props {
  marks: TsgMarks;
  fullS: number;
  selected: number | null;
  onPick: (index: number) => void;
  /** The cwnd edge (snd_una + cwnd) at each trace sample, drawn when given. */
  cwnd?: { t: Float64Array; edge: Float64Array } | null;
}

export function TsgPlot({ marks, fullS, selected, onPick, cwnd = null }: Props) {
  const t = useStrings();
  const theme = useStore(prefs).theme;
  const view = useStore(timeView);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const box = useElementSize(boxRef, { width: 640, height: 260 });
  const full: Domain = [0, fullS > 0 ? fullS : 1];
  const domain: Domain = view.domain ?? full;
  const innerW = Math.max(1, box.width - M.left - M.right);
  const innerH = Math.max(1, Math.max(160, box.height || 260) - M.top - M.bottom);

  // y: the sequence range of what is in the window (data sent and ACKs), in bytes.
  const scales = useMemo(() => {
    const [d0, d1] = span(marks.data.t, domain[0], domain[1]);
    const [a0, a1] = span(marks.acks.t, domain[0], domain[1]);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = d0; i < d1; i++) {
      lo = Math.min(lo, marks.data.y0[i] as number);
      hi = Math.max(hi, marks.data.y1[i] as number);
    }
    for (let i = a0; i < a1; i++) {
      lo = Math.min(lo, marks.acks.ack[i] as number);
      hi = Math.max(hi, marks.acks.ack[i] as number);
    }
    if (cwnd) {
      const [c0, c1] = span(cwnd.t, domain[0], domain[1]);
      for (let i = Math.max(0, c0 - 1); i < c1; i++) hi = Math.max(hi, cwnd.edge[i] as number);
    }
    if (!(hi > lo)) {
      lo = 0;
      hi = Math.max(1, marks.maxSeq);
    }
    const pad = (hi - lo) * 0.03;
    return {
      x: scaleLinear().domain(domain).range([0, innerW]),
      y: scaleLinear()
        .domain([Math.max(0, lo - pad), hi + pad])
        .range([innerH, 0]),
    };
  }, [marks, cwnd, domain[0], domain[1], innerW, innerH]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, innerW, innerH);
    if (!ctx) return;
    const { x, y } = scales;
    // Receive window edge and the cumulative ACK, as step lines.
    const step = (ts: Float64Array, ys: Float64Array, color: string, dash: number[]) => {
      const [a0, a1] = span(ts, domain[0], domain[1]);
      const from = Math.max(0, a0 - 1);
      ctx.beginPath();
      ctx.setLineDash(dash);
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      let started = false;
      let lastY = 0;
      for (let i = from; i < a1; i++) {
        const px = x(ts[i] as number);
        const py = y(ys[i] as number);
        if (!started) ctx.moveTo(px, py);
        else ctx.lineTo(px, lastY);
        ctx.lineTo(px, py);
        started = true;
        lastY = py;
      }
      if (started) ctx.lineTo(innerW, lastY);
      ctx.stroke();
      ctx.setLineDash([]);
    };
    step(marks.acks.t, marks.acks.edge, TSG_COLORS.rwnd, [2, 3]);
    if (cwnd) step(cwnd.t, cwnd.edge, TSG_COLORS.cwnd, [6, 3]);
    step(marks.acks.t, marks.acks.ack, TSG_COLORS.ack, []);
    // SACK blocks: thin bars at the time the ACK carrying them arrived.
    const [s0, s1] = span(marks.sacks.t, domain[0], domain[1]);
    ctx.fillStyle = TSG_COLORS.sack;
    for (let i = s0; i < s1; i++) {
      const px = x(marks.sacks.t[i] as number);
      const top = y(marks.sacks.y1[i] as number);
      ctx.fillRect(px - 0.5, top, 1.5, Math.max(1, y(marks.sacks.y0[i] as number) - top));
    }
    // Data segments: a bar from the first to the last byte; one per pixel column at most per kind.
    const [d0, d1] = span(marks.data.t, domain[0], domain[1]);
    const lastCol = [-1, -1, -1, -1];
    const lastTop = [NaN, NaN, NaN, NaN];
    const color = [TSG_COLORS.data, TSG_COLORS.retransmit, TSG_COLORS.tlp, TSG_COLORS.rto];
    for (let i = d0; i < d1; i++) {
      const re = marks.data.re[i] as number;
      const px = Math.round(x(marks.data.t[i] as number));
      const top = y(marks.data.y1[i] as number);
      if (px === lastCol[re] && Math.abs(top - (lastTop[re] as number)) < 1) continue;
      lastCol[re] = px;
      lastTop[re] = top;
      ctx.fillStyle = color[re] ?? TSG_COLORS.data;
      const h = Math.max(2, y(marks.data.y0[i] as number) - top);
      ctx.fillRect(px - (re ? 1.5 : 0.75), top, re ? 3 : 1.5, h);
      // A probe's or a timeout's segment also gets a mark above its bar: ▲ (TLP), ■ (RTO).
      if (re >= SENT.tlp) {
        ctx.beginPath();
        if (re === SENT.tlp) {
          ctx.moveTo(px, top - 9);
          ctx.lineTo(px - 4.5, top - 2);
          ctx.lineTo(px + 4.5, top - 2);
          ctx.closePath();
        } else ctx.rect(px - 3.5, top - 9, 7, 7);
        ctx.fill();
      }
    }
    // Drops: × where the segment was dropped.
    const [x0, x1] = span(marks.drops.t, domain[0], domain[1]);
    ctx.strokeStyle = TSG_COLORS.drop;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let i = x0; i < x1; i++) {
      const px = x(marks.drops.t[i] as number);
      const py = y(marks.drops.y[i] as number);
      ctx.moveTo(px - 4, py - 4);
      ctx.lineTo(px + 4, py + 4);
      ctx.moveTo(px + 4, py - 4);
      ctx.lineTo(px - 4, py + 4);
    }
    ctx.stroke();
    // The selected packet ringed. (The cursor is drawn over the canvas: moving it redraws nothing
    // here, so the animated diagram can move it every frame.)
    const colors = chromeColors();
    if (selected !== null) {
      const at = (ts: Float64Array, ys: Float64Array, idx: Int32Array) => {
        for (let i = 0; i < idx.length; i++)
          if (idx[i] === selected) return [x(ts[i] as number), y(ys[i] as number)] as const;
        return null;
      };
      const p =
        at(marks.data.t, marks.data.y1, marks.data.index) ??
        at(marks.acks.t, marks.acks.ack, marks.acks.index) ??
        at(marks.drops.t, marks.drops.y, marks.drops.index);
      if (p) {
        ctx.strokeStyle = colors.text;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(p[0], p[1], 7, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    if (xAxisRef.current && yAxisRef.current) {
      select(xAxisRef.current)
        .attr('transform', `translate(0,${innerH})`)
        .call(
          axisBottom(x)
            .ticks(Math.max(2, Math.floor(innerW / 80)))
            .tickSizeOuter(0),
        );
      select(yAxisRef.current).call(
        axisLeft(y)
          .ticks(Math.max(2, Math.floor(innerH / 45)))
          .tickSizeOuter(0)
          .tickFormat((v) => (v.valueOf() / 1e6).toFixed(2)),
      );
    }
  }, [marks, cwnd, scales, domain[0], domain[1], innerW, innerH, selected, theme]); // eslint-disable-line react-hooks/exhaustive-deps

  // Ctrl/⌘ + wheel zooms around the pointer; a sideways wheel pans (as the other plots).
  useTimeWheel(canvasRef, fullS);

  const d = firstDropAt(marks, scales.x, scales.y);
  const firstDropInView = d && d[0] >= 0 && d[0] <= innerW ? d : null;

  const local = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top] as const;
  };
  const onClick = (e: PointerEvent<HTMLCanvasElement>) => {
    const [px, py] = local(e);
    const i = nearestMark(marks, scales.x, scales.y, px, py, 14);
    if (i !== null) onPick(i);
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const [px] = local(e);
    setCursor(Math.max(full[0], Math.min(full[1], scales.x.invert(px))));
  };

  return (
    <div className="tsg__box" ref={boxRef}>
      <svg className="tsg__axes" width={box.width} height={innerH + M.top + M.bottom} aria-hidden>
        <g transform={`translate(${M.left},${M.top})`}>
          <g ref={xAxisRef} />
          <g ref={yAxisRef} />
          <text x={-M.left + 4} y={-2} className="tsg__ylabel">
            {t.packets.yLabel}
          </text>
        </g>
      </svg>
      <canvas
        ref={canvasRef}
        className="tsg__canvas"
        data-testid="tsg-canvas"
        data-first-drop={firstDropInView?.map((v) => v.toFixed(1)).join(',')}
        style={{ left: M.left, top: M.top, width: innerW, height: innerH }}
        onPointerUp={onClick}
        onPointerMove={onMove}
        onPointerLeave={() => setCursor(null)}
      />
      {view.cursor !== null && view.cursor >= domain[0] && view.cursor <= domain[1] && (
        <svg
          className="tsg__cursor"
          aria-hidden="true"
          style={{ left: M.left, top: M.top }}
          width={innerW}
          height={innerH}
        >
          <line
            x1={scales.x(view.cursor)}
            x2={scales.x(view.cursor)}
            y1={0}
            y2={innerH}
            data-testid="tsg-cursor"
          />
        </svg>
      )}
    </div>
  );
}
