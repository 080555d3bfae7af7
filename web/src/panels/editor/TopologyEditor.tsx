// The network as a diagram you can edit: select a node or link (click, or Tab and Enter), add
// hosts, routers and links, remove what is selected. Nodes and links with problems are marked.
// The drawing is as wide in its own units as on the screen, so its 12 px labels stay 12 px on a
// phone; link labels are laid out so none overlaps another or leaves the drawing. Above
// CANVAS_ABOVE nodes or links the diagram is drawn on a canvas, with lists to select from.
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { formatRate } from '../../i18n/format';
import { placeOf } from '../../scenario/errorPlace';
import { addLink, addNode, removeLink, removeNode } from '../../scenario/graph';
import { layoutTopology } from '../../scenario/layout';
import type { Scenario } from '../../scenario/types';
import type { FieldError } from '../../sim/protocol';
import { editScenario, select } from '../../state/editorStore';
import type { Selection } from '../../state/editorStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { useStrings } from '../hooks/useStrings';
import { placeLabels } from './labelPlacement';
import { CANVAS_ABOVE, TopologyCanvas } from './TopologyCanvas';
import { TopologyLists } from './TopologyLists';

interface Props {
  scenario: Scenario;
  selection: Selection;
  errors: FieldError[];
}

const ROW_H = 62;
const PAD_X = 34;
const PAD_Y = 30;

function activate(e: KeyboardEvent, fn: () => void) {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    fn();
  }
}

export function TopologyEditor({ scenario, selection, errors }: Props) {
  const t = useStrings();
  const [linking, setLinking] = useState<{ a: string; b: string } | null>(null);
  const large =
    scenario.topology.nodes.length > CANVAS_ABOVE || scenario.topology.links.length > CANVAS_ABOVE;
  const layout = useMemo(
    () => (large ? { places: new Map(), cols: 1, rows: 1 } : layoutTopology(scenario)),
    [scenario, large],
  );
  const boxRef = useRef<HTMLDivElement>(null);
  const W = Math.max(240, useElementWidth(boxRef, 480));
  const height = Math.max(150, layout.rows * ROW_H + 2 * PAD_Y - 10);
  const colW = layout.cols > 1 ? (W - 2 * PAD_X) / (layout.cols - 1) : 0;
  const pos = (id: string) => {
    const p = layout.places.get(id);
    if (!p) return { x: W / 2, y: height / 2 };
    const x = layout.cols > 1 ? PAD_X + p.col * colW : W / 2;
    const y = PAD_Y + (p.row + 0.5) * ((height - 2 * PAD_Y) / layout.rows);
    return { x, y };
  };
  const bad = useMemo(() => {
    const links = new Set<number>();
    const nodes = new Set<number>();
    for (const e of errors) {
      const p = placeOf(e.path);
      if (p.kind === 'link') links.add(p.index);
      if (p.kind === 'node') nodes.add(p.index);
    }
    return { links, nodes };
  }, [errors]);
  const nodes = scenario.topology.nodes;
  const ids = nodes.map((n) => n.id);
  const labels = placeLabels(
    (large ? [] : scenario.topology.links).map((l) => {
      const a = pos(l.a);
      const b = pos(l.b);
      // Beside the link's middle, on the side away from the diagram's centre line.
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      let nx = -(b.y - a.y) / len;
      let ny = (b.x - a.x) / len;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if ((mid.y - height / 2) * ny < 0 || (Math.abs(mid.y - height / 2) < 1 && ny > 0)) {
        nx = -nx;
        ny = -ny;
      }
      const rate = formatRate(l.rate_bps);
      return { ...mid, nx, ny, full: `${rate} · ${l.delay_ms} ms`, short: rate };
    }),
    W,
    height,
    (large ? [] : nodes).map((n) => {
      const p = pos(n.id);
      return { x0: p.x - 17, x1: p.x + 17, y0: p.y - 17, y1: p.y + 17 };
    }),
  );

  const removeSelected = () => {
    if (!selection) return;
    if (selection.kind === 'link') editScenario((s) => removeLink(s, selection.index), null);
    else editScenario((s) => removeNode(s, selection.index), null);
  };
  const selectedId =
    selection?.kind === 'link'
      ? scenario.topology.links[selection.index]?.id
      : selection?.kind === 'node'
        ? nodes[selection.index]?.id
        : undefined;

  const diagram = large ? (
    <>
      <TopologyCanvas
        scenario={scenario}
        selection={selection}
        badNodes={bad.nodes}
        badLinks={bad.links}
      />
      <TopologyLists
        scenario={scenario}
        selection={selection}
        badNodes={bad.nodes}
        badLinks={bad.links}
      />
    </>
  ) : (
    <svg
      className="topology__svg"
      viewBox={`0 0 ${W} ${height}`}
      role="group"
      aria-label={t.topology.diagramLabel}
      data-testid="topology"
    >
      {scenario.topology.links.map((l, i) => {
        const a = pos(l.a);
        const b = pos(l.b);
        const sel = selection?.kind === 'link' && selection.index === i;
        const rate = formatRate(l.rate_bps);
        // The accessible name contains the visible text (WCAG 2.5.3).
        const label = t.topology.linkButton(l.id, l.a, l.b, `${rate} · ${l.delay_ms} ms`);
        const place = labels[i];
        return (
          <g
            key={`${l.id}-${i}`}
            className={`topo-link${sel ? ' is-selected' : ''}${bad.links.has(i) ? ' is-bad' : ''}`}
            role="button"
            tabIndex={0}
            aria-pressed={sel}
            aria-label={bad.links.has(i) ? `${label}, ${t.topology.hasErrors}` : label}
            data-testid={`topo-link-${l.id}`}
            onClick={() => select({ kind: 'link', index: i })}
            onKeyDown={(e) => activate(e, () => select({ kind: 'link', index: i }))}
          >
            <line className="topo-link__hit" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
            <line className="topo-link__line" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
            {place && (
              <text
                className="topo-link__label"
                x={place.x}
                y={place.y}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {place.shortened && <title>{`${rate} · ${l.delay_ms} ms`}</title>}
                {rate}
                {!place.shortened && (
                  <tspan className="topo-link__sub">{` · ${l.delay_ms} ms`}</tspan>
                )}
              </text>
            )}
          </g>
        );
      })}
      {nodes.map((n, i) => {
        const p = pos(n.id);
        const sel = selection?.kind === 'node' && selection.index === i;
        const kind = n.kind === 'host' ? t.topology.host : t.topology.router;
        const label = t.topology.nodeButton(kind, n.id);
        const modelled = n.kind === 'host' && n.host?.preset && n.host.preset !== 'ideal';
        return (
          <g
            key={`${n.id}-${i}`}
            className={`topo-node topo-node--${n.kind}${sel ? ' is-selected' : ''}${bad.nodes.has(i) ? ' is-bad' : ''}`}
            role="button"
            tabIndex={0}
            aria-pressed={sel}
            aria-label={bad.nodes.has(i) ? `${label}, ${t.topology.hasErrors}` : label}
            data-testid={`topo-node-${n.id}`}
            transform={`translate(${p.x},${p.y})`}
            onClick={() => select({ kind: 'node', index: i })}
            onKeyDown={(e) => activate(e, () => select({ kind: 'node', index: i }))}
          >
            {n.kind === 'host' ? (
              <circle r={15} />
            ) : (
              <rect x={-15} y={-15} width={30} height={30} rx={7} />
            )}
            {modelled && <circle className="topo-node__badge" r={4} cx={11} cy={-11} />}
            <text
              y={30}
              textAnchor="middle"
              x={Math.min(W - 4 - n.id.length * 3.6, Math.max(4 + n.id.length * 3.6, p.x)) - p.x}
            >
              {n.id}
            </text>
          </g>
        );
      })}
    </svg>
  );

  return (
    <div className="topology" ref={boxRef}>
      {diagram}
      <div className="toolbar" role="toolbar" aria-label={t.topology.heading}>
        <button
          type="button"
          className="button button--small"
          data-testid="add-host"
          onClick={() =>
            editScenario((s) => addNode(s, 'host'), { kind: 'node', index: nodes.length })
          }
        >
          {t.topology.addHost}
        </button>
        <button
          type="button"
          className="button button--small"
          data-testid="add-router"
          onClick={() =>
            editScenario((s) => addNode(s, 'router'), { kind: 'node', index: nodes.length })
          }
        >
          {t.topology.addRouter}
        </button>
        <button
          type="button"
          className="button button--small"
          data-testid="add-link"
          disabled={nodes.length < 2}
          aria-expanded={linking !== null}
          onClick={() => setLinking({ a: ids[0] ?? '', b: ids[1] ?? '' })}
        >
          {t.topology.addLink}
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          data-testid="remove-selected"
          disabled={!selectedId}
          onClick={removeSelected}
        >
          {selection?.kind === 'node' && selectedId
            ? t.topology.removeNode(selectedId)
            : selectedId
              ? t.topology.removeLink(selectedId)
              : t.topology.remove}
        </button>
      </div>
      {linking && (
        <div className="linkform">
          <label>
            {t.topology.linkFrom}
            <select
              value={linking.a}
              data-testid="new-link-a"
              onChange={(e) => setLinking({ ...linking, a: e.target.value })}
            >
              {ids.map((id) => (
                <option key={id}>{id}</option>
              ))}
            </select>
          </label>
          <label>
            {t.topology.linkTo}
            <select
              value={linking.b}
              data-testid="new-link-b"
              onChange={(e) => setLinking({ ...linking, b: e.target.value })}
            >
              {ids.map((id) => (
                <option key={id}>{id}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button button--small button--primary"
            data-testid="new-link-add"
            onClick={() => {
              editScenario((s) => addLink(s, linking.a, linking.b), {
                kind: 'link',
                index: scenario.topology.links.length,
              });
              setLinking(null);
            }}
          >
            {t.topology.addLinkConfirm}
          </button>
          <button type="button" className="button button--small" onClick={() => setLinking(null)}>
            {t.topology.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
