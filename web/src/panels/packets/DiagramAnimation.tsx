// The network diagram in slow motion, drawn on a canvas from the model's path log
// (charts/paths.ts): packets as dots travelling along each link direction at propagation speed
// (coloured by flow; ACKs smaller), each queue as a bar that fills and drains at the sending end
// of its link direction, drops flashing there, and each link's colour its load over the last few
// milliseconds. It shows the shared time cursor (hover any plot or drag the slider here to scrub
// backwards and forwards); Play moves the cursor on at the run's speed slowed down by the chosen
// factor. A link direction with more packets on it than fit is drawn as a sample, said in words.
import { useEffect, useMemo, useRef, useState } from 'react';
import { prepareCanvas } from '../../charts/canvasLine';
import { chromeColors, seriesColor } from '../../charts/palette';
import { frameAt } from '../../charts/paths';
import type { Frame, PathIndex } from '../../charts/paths';
import { formatNumber } from '../../i18n/format';
import { layoutTopology } from '../../scenario/layout';
import type { Scenario } from '../../scenario/types';
import { runA } from '../../state/runs';
import { setCursor, timeView } from '../../state/viewStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import type { Highlight } from './PathEventList';

/** Marks drawn per link direction at most (beyond: every k-th packet by uid). */
export const MAX_MARKS_PER_LINK = 60;
const ROW_H = 90;
const PAD_X = 40;
const PAD_Y = 34;
/** Half the gap between a link's two directions, px. */
const LANE = 6;
const QUEUE_H = 34;
const SLOWDOWNS = [10, 100, 1000, 10000];

/** Grey when idle, through amber to red when the link is always busy. */
export function loadColor(load: number): string {
  const l = Math.max(0, Math.min(1, load));
  const hue = 210 - 210 * l;
  const sat = 10 + 70 * l;
  return `hsl(${hue.toFixed(0)} ${sat.toFixed(0)}% 50%)`;
}

/** A queue's capacity in packets, if the scenario gives one (else the bar scales to 100). */
function queueLimit(s: Scenario, link: number): number {
  const q = s.topology.links[link]?.queue as { limit_packets?: number | null } | undefined;
  return q?.limit_packets && q.limit_packets > 0 ? q.limit_packets : 100;
}

/** Where a lane's queue bar is: its x and top, QUEUE_H tall, just outside the lane. */
function queueBox(ln: { x0: number; y0: number; x1: number; y1: number; nx: number; ny: number }) {
  // A little way along the lane, clear of the node's label.
  const len = Math.hypot(ln.x1 - ln.x0, ln.y1 - ln.y0) || 1;
  const along = Math.min(14, len / 4) / len;
  const bx = ln.x0 + (ln.x1 - ln.x0) * along + ln.nx * 10;
  const by = ln.y0 + (ln.y1 - ln.y0) * along + ln.ny * 10;
  return { bx, top: ln.ny >= 0 ? by : by - QUEUE_H, outward: ln.ny >= 0 };
}

interface Props {
  scenario: Scenario;
  index: PathIndex;
  /** Link direction ids in the model's order (`bottleneck:a>b`). */
  channels: readonly string[];
  fullS: number;
  /** The log stopped here (its cap), seconds; null: it holds the whole run. */
  fullAtS: number | null;
  /** A time to ring on the diagram (the event chosen in the event list), or null. */
  highlight: Highlight | null;
}

export function DiagramAnimation({ scenario, index, channels, fullS, fullAtS, highlight }: Props) {
  const t = useStrings();
  const ta = t.packets.anim;
  const view = useStore(timeView);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const W = Math.max(240, useElementWidth(boxRef, 600));
  const layout = useMemo(() => layoutTopology(scenario), [scenario]);
  const H = Math.max(170, layout.rows * ROW_H + 2 * PAD_Y);
  const [last, setLast] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [slow, setSlow] = useState(1000);
  // Keep showing the last cursor when the pointer leaves a plot (the cursor goes null then).
  if (view.cursor !== null && view.cursor !== last) setLast(view.cursor);
  const now = view.cursor ?? last;

  // Play: move the shared cursor on, in slow motion, until the end of the log.
  useEffect(() => {
    if (!playing) return;
    const runSpeed = runA.currentSpeed;
    const rate = (Number.isFinite(runSpeed) && runSpeed > 0 ? runSpeed : 1) / slow;
    const end = fullAtS ?? fullS;
    let prev = performance.now();
    let at = timeView.get().cursor ?? last;
    let id = 0;
    const tick = (ms: number) => {
      at = Math.min(end, at + ((ms - prev) / 1000) * rate);
      prev = ms;
      setCursor(at);
      if (at >= end) setPlaying(false);
      else id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only when play or speed changes
  }, [playing, slow]);

  const pos = (id: string) => {
    const p = layout.places.get(id);
    const colW = layout.cols > 1 ? (W - 2 * PAD_X) / (layout.cols - 1) : 0;
    if (!p) return { x: W / 2, y: H / 2 };
    return {
      x: layout.cols > 1 ? PAD_X + p.col * colW : W / 2,
      y: PAD_Y + (p.row + 0.5) * ((H - 2 * PAD_Y) / layout.rows),
    };
  };

  // Where each link direction runs on the canvas: from its sender's edge to its receiver's,
  // shifted sideways so the two directions are two lanes.
  const lanes = useMemo(() => {
    const byId = new Map(channels.map((c, i) => [c, i]));
    return scenario.topology.links.flatMap((l, li) =>
      (['a>b', 'b>a'] as const).map((dir) => {
        const [from, to] = dir === 'a>b' ? [pos(l.a), pos(l.b)] : [pos(l.b), pos(l.a)];
        const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
        const ux = (to.x - from.x) / len;
        const uy = (to.y - from.y) / len;
        // Right-hand side of the direction of travel.
        const nx = -uy * LANE;
        const ny = ux * LANE;
        const r = 18;
        return {
          channel: byId.get(`${l.id}:${dir}`) ?? -1,
          link: li,
          x0: from.x + ux * r + nx,
          y0: from.y + uy * r + ny,
          x1: to.x - ux * r + nx,
          y1: to.y - uy * r + ny,
          nx: nx / LANE,
          ny: ny / LANE,
        };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pos follows W, H and layout
  }, [scenario, channels, W, H, layout]);

  const frame: Frame = useMemo(() => {
    // At most one mark per 7 px of lane, and never more than MAX_MARKS_PER_LINK.
    const caps = channels.map(() => MAX_MARKS_PER_LINK);
    for (const ln of lanes)
      if (ln.channel >= 0)
        caps[ln.channel] = Math.min(
          MAX_MARKS_PER_LINK,
          Math.max(4, Math.floor(Math.hypot(ln.x1 - ln.x0, ln.y1 - ln.y0) / 7)),
        );
    return frameAt(index, now, { maxPerChannel: caps, loadWindow: 0.005, flashS: 0.004 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lanes follow the channels
  }, [index, now, lanes]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, W, H);
    if (!ctx) return;
    const colors = chromeColors();
    const flowIndex = (f: number) => f;
    for (const ln of lanes) {
      if (ln.channel < 0) continue;
      ctx.strokeStyle = loadColor(frame.loads[ln.channel] ?? 0);
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(ln.x0, ln.y0);
      ctx.lineTo(ln.x1, ln.y1);
      ctx.stroke();
    }
    // Queues: a bar at the sending end of each direction, outside its lane; full = the limit.
    for (const ln of lanes) {
      if (ln.channel < 0) continue;
      const q = frame.queues[ln.channel] ?? 0;
      const limit = queueLimit(scenario, ln.link);
      const { bx, top, outward } = queueBox(ln);
      ctx.strokeStyle = colors.muted;
      ctx.lineWidth = 1;
      ctx.strokeRect(bx - 5, top, 10, QUEUE_H);
      const h = Math.min(1, q / limit) * QUEUE_H;
      ctx.fillStyle = q >= limit ? '#d1332e' : '#d98b1e';
      // Fills from the lane outwards.
      ctx.fillRect(bx - 5, outward ? top : top + QUEUE_H - h, 10, h);
      if (q > 0) {
        ctx.fillStyle = colors.text;
        ctx.font = '12px system-ui, sans-serif';
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(q), bx + 7, top + QUEUE_H / 2);
      }
    }
    // Drops: a flash at the queue that dropped them, fading out.
    for (const d of frame.flashes) {
      const ln = lanes.find((l) => l.channel === d.channel);
      if (!ln) continue;
      const alpha = Math.max(0.15, 1 - d.age / 0.004);
      ctx.strokeStyle = `rgba(209, 51, 46, ${alpha.toFixed(2)})`;
      ctx.lineWidth = 2;
      const { bx: cx, top } = queueBox(ln);
      const cy = top + QUEUE_H / 2;
      ctx.beginPath();
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        ctx.moveTo(cx + Math.cos(a) * 5, cy + Math.sin(a) * 5);
        ctx.lineTo(cx + Math.cos(a) * 12, cy + Math.sin(a) * 12);
      }
      ctx.stroke();
    }
    // Packets on the wire.
    for (const m of frame.marks) {
      const ln = lanes.find((l) => l.channel === m.channel);
      if (!ln) continue;
      const x = ln.x0 + (ln.x1 - ln.x0) * m.at;
      const y = ln.y0 + (ln.y1 - ln.y0) * m.at;
      ctx.fillStyle = seriesColor(flowIndex(m.flow));
      ctx.beginPath();
      ctx.arc(x, y, m.ack ? 2.2 : 3.8, 0, 2 * Math.PI);
      ctx.fill();
      if (m.retransmit) {
        ctx.strokeStyle = '#d1332e';
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
      if (highlight && highlight.uid === m.uid && highlight.channel === m.channel) {
        ctx.strokeStyle = colors.text;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(x, y, 8, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    // The chosen event's packet: ringed where it is, or its queue ringed while it waits there.
    if (highlight) {
      const ln = lanes.find((l) => l.channel === highlight.channel);
      const onWire = frame.marks.some(
        (m) => m.uid === highlight.uid && m.channel === highlight.channel,
      );
      if (ln && (highlight.atQueue || !onWire)) {
        const { bx, top } = queueBox(ln);
        ctx.strokeStyle = colors.text;
        ctx.lineWidth = 2;
        ctx.strokeRect(bx - 9, top - 4, 18, QUEUE_H + 8);
      }
    }
    // Nodes on top.
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const n of scenario.topology.nodes) {
      const p = pos(n.id);
      ctx.fillStyle = colors.bg;
      ctx.strokeStyle = colors.text;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      if (n.kind === 'host') ctx.arc(p.x, p.y, 14, 0, 2 * Math.PI);
      else ctx.rect(p.x - 14, p.y - 14, 28, 28);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = colors.text;
      const half = (n.id.length * 6.5) / 2;
      ctx.fillText(n.id, Math.min(W - half - 2, Math.max(half + 2, p.x)), p.y + 17);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pos follows W, H and layout
  }, [frame, lanes, W, H, scenario, highlight]);

  const sampled = Math.max(1, ...frame.sampleEvery);
  const markSum = frame.marks.reduce((s, m) => s + m.at, 0);
  const end = fullAtS ?? fullS;

  return (
    <section
      className="card anim"
      data-testid="diagram-animation"
      aria-label={ta.title}
      data-mark-count={frame.marks.length}
      data-mark-sum={markSum.toFixed(4)}
      data-highlight={highlight ? `${highlight.channel}:${highlight.uid}` : undefined}
    >
      <h3>{ta.title}</h3>
      <div className="anim__controls small">
        <button
          type="button"
          className="button button--small"
          data-testid="anim-play"
          aria-pressed={playing}
          onClick={() => setPlaying(!playing)}
        >
          {playing ? ta.pause : ta.play}
        </button>
        <label>
          {ta.slow}{' '}
          <select value={slow} onChange={(e) => setSlow(Number(e.target.value))}>
            {SLOWDOWNS.map((s) => (
              <option key={s} value={s}>
                {ta.slowBy(formatNumber(s, 0))}
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          className="anim__time"
          data-testid="anim-time"
          aria-label={ta.time}
          min={0}
          max={end}
          step={0.0001}
          value={Math.min(end, now)}
          onChange={(e) => setCursor(Number(e.target.value))}
        />
        <span className="anim__clock" data-testid="anim-clock">
          {ta.at(formatNumber(now, 4))}
        </span>
      </div>
      <div className="anim__box" ref={boxRef}>
        <canvas
          ref={canvasRef}
          className="anim__canvas"
          data-testid="anim-canvas"
          style={{ width: W, height: H }}
        />
      </div>
      <p className="muted small" data-testid="anim-status">
        {ta.status(formatNumber(frame.onWire, 0))}
        {sampled > 1 && <> {ta.sampled(formatNumber(sampled, 0))}</>}
        {fullAtS !== null && <> {ta.cut(formatNumber(fullAtS, 2))}</>}
      </p>
      <p className="muted small">{ta.legend}</p>
    </section>
  );
}
