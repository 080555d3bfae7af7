// The network diagram of a large scenario (above CANVAS_ABOVE nodes or links): drawn on one
// canvas instead of an SVG element per node and link, without labels, at a fixed height; a click
// selects the nearest node (or else the nearest link). The lists beside it (TopologyLists) name
// every node and link and select them from the keyboard.
import { useEffect, useMemo, useRef } from 'react';
import { layoutTopology } from '../../scenario/layout';
import type { Scenario } from '../../scenario/types';
import { select } from '../../state/editorStore';
import type { Selection } from '../../state/editorStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStrings } from '../hooks/useStrings';

/** Diagrams with more nodes or links than this are drawn on a canvas. */
export const CANVAS_ABOVE = 60;
const HEIGHT = 360;
const PAD = 14;

interface Props {
  scenario: Scenario;
  selection: Selection;
  badNodes: Set<number>;
  badLinks: Set<number>;
}

/** Distance from point p to the segment a–b. */
function toSegment(
  p: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy || 1;
  const u = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy));
}

export function TopologyCanvas({ scenario, selection, badNodes, badLinks }: Props) {
  const t = useStrings();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const W = Math.max(240, useElementWidth(boxRef, 480));
  const { nodes, links } = scenario.topology;
  // Positions depend only on the topology, not on rates or flows edited elsewhere.
  const topo = scenario.topology;
  const firstSrc = scenario.flows[0]?.src;
  const layout = useMemo(
    () => layoutTopology({ ...scenario, topology: topo }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the topology and first sender
    [topo, firstSrc],
  );
  // The places at this width (the first render guesses it; the box's own follows at once).
  const points = useMemo(() => {
    const at = new Map<string, { x: number; y: number }>();
    for (const n of topo.nodes) {
      const p = layout.places.get(n.id);
      const x = p && layout.cols > 1 ? PAD + (p.col * (W - 2 * PAD)) / (layout.cols - 1) : W / 2;
      const y = p ? PAD + ((p.row + 0.5) * (HEIGHT - 2 * PAD)) / layout.rows : HEIGHT / 2;
      at.set(n.id, { x, y });
    }
    return at;
  }, [layout, topo, W]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(W * dpr);
    canvas.height = Math.round(HEIGHT * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const css = getComputedStyle(canvas);
    const ink = css.getPropertyValue('--text').trim() || '#445';
    const bad = css.getPropertyValue('--bad').trim() || '#c0392b';
    const accent = css.getPropertyValue('--accent').trim() || '#1f6feb';
    ctx.clearRect(0, 0, W, HEIGHT);
    ctx.lineWidth = 1;
    ctx.strokeStyle = ink;
    ctx.globalAlpha = 0.45;
    ctx.beginPath();
    for (const l of links) {
      const a = points.get(l.a);
      const b = points.get(l.b);
      if (!a || !b) continue;
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
    const r = nodes.length > 300 ? 2 : 3.5;
    nodes.forEach((n, i) => {
      const p = points.get(n.id);
      if (!p) return;
      ctx.fillStyle = badNodes.has(i) ? bad : ink;
      if (n.kind === 'router') ctx.fillRect(p.x - r - 1, p.y - r - 1, 2 * r + 2, 2 * r + 2);
      else {
        ctx.beginPath();
        ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
        ctx.fill();
      }
    });
    const mark = (i: number, kind: 'node' | 'link', color: string, width: number) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      if (kind === 'link') {
        const l = links[i];
        const a = l && points.get(l.a);
        const b = l && points.get(l.b);
        if (!a || !b) return;
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
      } else {
        const p = points.get(nodes[i]?.id ?? '');
        if (!p) return;
        ctx.arc(p.x, p.y, r + 4, 0, 2 * Math.PI);
      }
      ctx.stroke();
    };
    for (const i of badLinks) mark(i, 'link', bad, 2);
    if (selection) mark(selection.index, selection.kind, accent, 3);
  }, [points, nodes, links, selection, badNodes, badLinks, W]);

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const p = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    let best: Selection = null;
    let bestD = 8;
    nodes.forEach((n, i) => {
      const q = points.get(n.id);
      const d = q ? Math.hypot(q.x - p.x, q.y - p.y) : Infinity;
      if (d < bestD) [best, bestD] = [{ kind: 'node', index: i }, d];
    });
    if (!best) {
      bestD = 5;
      links.forEach((l, i) => {
        const a = points.get(l.a);
        const b = points.get(l.b);
        const d = a && b ? toSegment(p, a, b) : Infinity;
        if (d < bestD) [best, bestD] = [{ kind: 'link', index: i }, d];
      });
    }
    if (best) select(best);
  };

  return (
    <div className="topology__canvasbox" ref={boxRef}>
      <canvas
        ref={canvasRef}
        className="topology__canvas"
        style={{ width: '100%', height: HEIGHT }}
        data-testid="topology-canvas"
        role="img"
        aria-label={t.topology.largeDiagram(nodes.length, links.length)}
        onClick={onClick}
      />
    </div>
  );
}
