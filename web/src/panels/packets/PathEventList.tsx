// The events around the shared time cursor, read from the model's path log (charts/paths.ts):
// a packet entering a queue, starting on the wire, arriving, an ACK reaching its sender, a drop;
// filterable by flow and kind. Choosing a row moves the shared cursor to its time (so every plot
// and the diagram show that instant) and rings that packet on the diagram.
// The flow's own events (charts/flowEvents.ts: a timeout, a tail-loss probe, a state change) are
// listed among them; filtered to one of those kinds, the list shows the whole run's (they are few).
import { useDeferredValue, useMemo, useState } from 'react';
import { FLOW_EVENT_KINDS } from '../../charts/flowEvents';
import type { FlowEvent, FlowEventKind } from '../../charts/flowEvents';
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
  /** Timer and state events of the run, in time order. */
  flowEvents: readonly FlowEvent[];
  /** A timer or state event chosen (the cursor moves there as well). */
  onChooseFlowEvent: (e: FlowEvent) => void;
}

type Kind = PathEventKind | FlowEventKind;
const isFlowKind = (k: string): k is FlowEventKind =>
  (FLOW_EVENT_KINDS as readonly string[]).includes(k);

/** A row of the list: a packet event or a flow event. */
type Row = { path: PathEvent; flowEvent?: undefined } | { flowEvent: FlowEvent; path?: undefined };

function sameEvent(a: PathEvent | null, b: PathEvent): boolean {
  return !!a && a.uid === b.uid && a.channel === b.channel && a.kind === b.kind;
}

export function PathEventList({
  scenario,
  passages,
  channels,
  chosen,
  onChoose,
  flowEvents,
  onChooseFlowEvent,
}: Props) {
  const t = useStrings();
  const tl = t.packets.log;
  const cursor = useStore(timeView).cursor;
  const [kind, setKind] = useState<Kind | ''>('');
  const [chosenFlow, setChosenFlow] = useState<FlowEvent | null>(null);
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

  const whole = isFlowKind(kind);
  const { rows, more } = useMemo(() => {
    const t0 = at - BEFORE_S;
    const t1 = at + AFTER_S;
    const own = flowEvents.filter(
      (e) =>
        (!kind || e.kind === kind) &&
        (flow < 0 || e.flow === flow) &&
        (whole || (e.timeS >= t0 && e.timeS <= t1)),
    );
    const packets =
      kind && whole
        ? { events: [], more: false }
        : eventsIn(passages, t0, t1, {
            limit: LIMIT,
            channelTo,
            ackEnds,
            keep: (k, p) => (!kind || k === kind) && (flow < 0 || p.flow === flow),
          });
    const all: Row[] = [
      ...packets.events.map((path) => ({ path })),
      ...own.map((flowEvent) => ({ flowEvent })),
    ];
    // Time order; at one instant a flow event (a timer firing) before the packets it sends.
    const time = (r: Row) => (r.path ? r.path.timeS : r.flowEvent.timeS);
    all.sort((a, b) => time(a) - time(b) || (a.path ? 1 : 0) - (b.path ? 1 : 0));
    return { rows: all.slice(0, LIMIT), more: packets.more || all.length > LIMIT };
  }, [passages, flowEvents, at, kind, whole, flow, channelTo, ackEnds]);

  const what = (e: PathEvent): string => {
    const p = e.passage;
    const pkt = t.packets.kinds[p.kind] ?? '';
    const body = p.kind === 0 ? `${pkt} ${p.seq}` : p.kind === 1 ? `${pkt} ${p.ack}` : pkt;
    const why = e.kind === 'drop' ? ` (${t.packets.reasons[p.dropReason] ?? ''})` : '';
    const flowId = scenario.flows.length > 1 ? `${scenario.flows[e.flow]?.id ?? ''}: ` : '';
    return `${flowId}${body}${p.retransmit ? ` ${tl.retransmit}` : ''}${why}`;
  };
  const flowWhat = (e: FlowEvent): string => {
    const flowId = scenario.flows.length > 1 ? `${scenario.flows[e.flow]?.id ?? ''}: ` : '';
    if (e.kind === 'state')
      return `${flowId}${tl.states[e.from] ?? e.from} → ${tl.states[e.to] ?? e.to}`;
    const n = e.segments > 1 ? ` (${tl.segments(String(e.segments))})` : '';
    return `${flowId}${t.packets.kinds[0] ?? ''} ${e.seq}${n}`;
  };
  const chooseFlow = (e: FlowEvent) => {
    setChosenFlow(e);
    onChooseFlowEvent(e);
    setCursor(e.timeS);
  };

  return (
    <div className="events__log" data-testid="log-events">
      <div className="events__filters small">
        <label>
          {tl.kind}{' '}
          <select
            value={kind}
            data-testid="log-kind"
            onChange={(e) => setKind(e.target.value as Kind | '')}
          >
            <option value="">{t.packets.allEvents}</option>
            {[...PATH_EVENT_KINDS, ...FLOW_EVENT_KINDS].map((k) => (
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
      <p className="muted small">{whole ? tl.whole : tl.window((at * 1000).toFixed(3))}</p>
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
            {rows.map(({ path: e, flowEvent: f }) =>
              f ? (
                <tr
                  key={`${f.kind}-${f.flow}-${f.timeS}`}
                  data-testid="log-event-row"
                  data-kind={f.kind}
                  data-flow={scenario.flows[f.flow]?.id}
                  className={chosenFlow === f ? 'is-chosen' : undefined}
                  aria-selected={chosenFlow === f}
                  tabIndex={0}
                  onClick={() => chooseFlow(f)}
                  onKeyDown={(k) => {
                    if (k.key === 'Enter' || k.key === ' ') {
                      k.preventDefault();
                      chooseFlow(f);
                    }
                  }}
                >
                  <td>{f.timeS.toFixed(6)}</td>
                  <td>{tl.kinds[f.kind]}</td>
                  {f.kind === 'state' ? (
                    <td className="events__words" colSpan={2}>
                      {flowWhat(f)}
                    </td>
                  ) : (
                    <>
                      <td>{scenario.flows[f.flow]?.src}</td>
                      <td>{flowWhat(f)}</td>
                    </>
                  )}
                </tr>
              ) : (
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
              ),
            )}
          </tbody>
        </table>
        {rows.length === 0 && <p className="muted small">{tl.none}</p>}
        {more && <p className="muted small">{tl.more(String(LIMIT))}</p>}
      </div>
    </div>
  );
}
