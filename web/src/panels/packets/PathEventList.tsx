// The events around the shared time cursor, read from the model's path log (charts/paths.ts):
// a packet entering a queue, starting on the wire, arriving, an ACK reaching its sender, a drop;
// filterable by flow and kind. Choosing a row moves the shared cursor to its time (so every plot
// and the diagram show that instant) and rings that packet on the diagram.
import { useDeferredValue, useMemo, useState } from 'react';
import { eventsIn, PATH_EVENT_KINDS } from '../../charts/paths';
import type { Passage, PathEvent, PathEventKind } from '../../charts/paths';
import type { Scenario } from '../../scenario/types';
import { setCursor, timeView } from '../../state/viewStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

/** The window listed: from 1 ms before the cursor to 4 ms after, at most LIMIT rows. */
const BEFORE_S = 0.001;
const AFTER_S = 0.004;
const LIMIT = 150;

export interface Highlight {
  channel: number;
  uid: number;
  /** Not on the wire at that instant (queued or dropped): ring the queue instead. */
  atQueue: boolean;
}

interface Props {
  scenario: Scenario;
  passages: readonly Passage[];
  channels: readonly string[];
  chosen: PathEvent | null;
  onChoose: (e: PathEvent) => void;
}

function sameEvent(a: PathEvent | null, b: PathEvent): boolean {
  return !!a && a.uid === b.uid && a.channel === b.channel && a.kind === b.kind;
}

export function PathEventList({ scenario, passages, channels, chosen, onChoose }: Props) {
  const t = useStrings();
  const tl = t.packets.log;
  const cursor = useStore(timeView).cursor;
  const [kind, setKind] = useState<PathEventKind | ''>('');
  const [flow, setFlow] = useState(-1);
  const [last, setLast] = useState(0);
  if (cursor !== null && cursor !== last) setLast(cursor);
  // While the diagram plays, the cursor moves every frame: the list follows when React has time.
  const at = useDeferredValue(cursor ?? last);

  const { channelTo, ackEnds } = useMemo(() => {
    const node = new Map(scenario.topology.nodes.map((n, i) => [n.id, i]));
    const links = new Map(scenario.topology.links.map((l) => [l.id, l]));
    return {
      channelTo: channels.map((c) => {
        const [id, dir] = c.split(':');
        const l = links.get(id ?? '');
        return l ? (node.get(dir === 'a>b' ? l.b : l.a) ?? -1) : -1;
      }),
      ackEnds: scenario.flows.map((f) => node.get(f.src) ?? -1),
    };
  }, [scenario, channels]);

  const { events, more } = useMemo(
    () =>
      eventsIn(passages, at - BEFORE_S, at + AFTER_S, {
        limit: LIMIT,
        channelTo,
        ackEnds,
        keep: (k, p) => (!kind || k === kind) && (flow < 0 || p.flow === flow),
      }),
    [passages, at, kind, flow, channelTo, ackEnds],
  );

  const what = (e: PathEvent): string => {
    const p = e.passage;
    const pkt = t.packets.kinds[p.kind] ?? '';
    const body = p.kind === 0 ? `${pkt} ${p.seq}` : p.kind === 1 ? `${pkt} ${p.ack}` : pkt;
    const why = e.kind === 'drop' ? ` (${t.packets.reasons[p.dropReason] ?? ''})` : '';
    const flowId = scenario.flows.length > 1 ? `${scenario.flows[e.flow]?.id ?? ''}: ` : '';
    return `${flowId}${body}${p.retransmit ? ` ${tl.retransmit}` : ''}${why}`;
  };

  return (
    <div className="events__log" data-testid="log-events">
      <div className="events__filters small">
        <label>
          {tl.kind}{' '}
          <select
            value={kind}
            data-testid="log-kind"
            onChange={(e) => setKind(e.target.value as PathEventKind | '')}
          >
            <option value="">{t.packets.allEvents}</option>
            {PATH_EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {tl.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {tl.flow}{' '}
          <select
            value={flow}
            data-testid="log-flow"
            onChange={(e) => setFlow(Number(e.target.value))}
          >
            <option value={-1}>{tl.allFlows}</option>
            {scenario.flows.map((f, i) => (
              <option key={f.id} value={i}>
                {f.id}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted small">{tl.window((at * 1000).toFixed(3))}</p>
      <div className="events__scroll">
        <table className="events__table small">
          <thead>
            <tr>
              <th>{t.packets.eventCols.time}</th>
              <th>{t.packets.eventCols.kind}</th>
              <th>{t.packets.eventCols.target}</th>
              <th>{tl.packet}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr
                key={`${e.uid}-${e.channel}-${e.kind}-${e.timeS}`}
                data-testid="log-event-row"
                data-kind={e.kind}
                data-flow={scenario.flows[e.flow]?.id}
                className={sameEvent(chosen, e) ? 'is-chosen' : undefined}
                aria-selected={sameEvent(chosen, e)}
                tabIndex={0}
                onClick={() => {
                  onChoose(e);
                  setCursor(e.timeS);
                }}
                onKeyDown={(k) => {
                  if (k.key === 'Enter' || k.key === ' ') {
                    k.preventDefault();
                    onChoose(e);
                    setCursor(e.timeS);
                  }
                }}
              >
                <td>{e.timeS.toFixed(6)}</td>
                <td>{tl.kinds[e.kind]}</td>
                <td>{channels[e.channel]}</td>
                <td>{what(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {events.length === 0 && <p className="muted small">{tl.none}</p>}
        {more && <p className="muted small">{tl.more(String(LIMIT))}</p>}
      </div>
    </div>
  );
}
