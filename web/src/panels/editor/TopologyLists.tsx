// The nodes and the links of a large scenario as two scrolling lists that render only the rows on
// screen (useVirtualRows): each row is a button that selects its node or link, so every element
// the canvas diagram draws can be reached and edited from the keyboard.
import { useRef } from 'react';
import { formatRate } from '../../i18n/format';
import type { Scenario } from '../../scenario/types';
import { select } from '../../state/editorStore';
import type { Selection } from '../../state/editorStore';
import { useStrings } from '../hooks/useStrings';
import { useVirtualRows } from '../hooks/useVirtualRows';

const ROW_HEIGHT = 30;

interface ListProps {
  title: string;
  kind: 'node' | 'link';
  count: number;
  selected: number | null;
  bad: Set<number>;
  text(i: number): string;
}

function VirtualButtons({ title, kind, count, selected, bad, text }: ListProps) {
  const t = useStrings();
  const box = useRef<HTMLDivElement>(null);
  const w = useVirtualRows(box, count, ROW_HEIGHT);
  const rows = [];
  for (let i = w.start; i < w.end; i++) {
    const label = text(i);
    rows.push(
      <li key={i} style={{ height: ROW_HEIGHT }}>
        <button
          type="button"
          className={`topo-row${selected === i ? ' is-selected' : ''}${bad.has(i) ? ' is-bad' : ''}`}
          aria-pressed={selected === i}
          data-testid={`topo-${kind}-row-${i}`}
          onClick={() => select({ kind, index: i })}
        >
          {bad.has(i) ? `${label}, ${t.topology.hasErrors}` : label}
        </button>
      </li>,
    );
  }
  return (
    <div className="topo-list">
      <h4 className="topo-list__title">{title}</h4>
      <div ref={box} className="topo-list__scroll" data-testid={`topo-${kind}-list`}>
        <ul style={{ paddingTop: w.padTop, paddingBottom: w.padBottom }}>{rows}</ul>
      </div>
    </div>
  );
}

interface Props {
  scenario: Scenario;
  selection: Selection;
  badNodes: Set<number>;
  badLinks: Set<number>;
}

export function TopologyLists({ scenario, selection, badNodes, badLinks }: Props) {
  const t = useStrings();
  const { nodes, links } = scenario.topology;
  return (
    <div className="topo-lists">
      <VirtualButtons
        title={t.topology.nodeList(nodes.length)}
        kind="node"
        count={nodes.length}
        selected={selection?.kind === 'node' ? selection.index : null}
        bad={badNodes}
        text={(i) => {
          const n = nodes[i];
          if (!n) return '';
          return t.topology.nodeButton(
            n.kind === 'host' ? t.topology.host : t.topology.router,
            n.id,
          );
        }}
      />
      <VirtualButtons
        title={t.topology.linkList(links.length)}
        kind="link"
        count={links.length}
        selected={selection?.kind === 'link' ? selection.index : null}
        bad={badLinks}
        text={(i) => {
          const l = links[i];
          if (!l) return '';
          return t.topology.linkButton(
            l.id,
            l.a,
            l.b,
            `${formatRate(l.rate_bps)} · ${l.delay_ms} ms`,
          );
        }}
      />
    </div>
  );
}
