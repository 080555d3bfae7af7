// The event list: the model events run one at a time with Step event (time, kind, and the flow,
// link direction or node they happen to), as the model's `next_event()` named them, filterable by
// kind and by what they happen to. Choosing a row moves the shared time cursor there, so the
// plots show that instant.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { runA } from '../../state/runs';
import { setCursor } from '../../state/viewStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

/** `children`: the packet events around the cursor (PathEventList), when the log is loaded. */
export function EventList({ children }: { children?: ReactNode }) {
  const t = useStrings();
  const tp = t.packets;
  const events = useStore(runA.stepped);
  const [kind, setKind] = useState('');
  const [target, setTarget] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const kinds = [...new Set(events.map((e) => e.kind))].sort();
  const targets = [...new Set(events.map((e) => e.target).filter(Boolean))].sort();
  const shown = events
    .map((e, i) => ({ ...e, i }))
    .filter((e) => (!kind || e.kind === kind) && (!target || e.target === target));
  return (
    <section className="card events" data-testid="event-list" aria-label={tp.eventsTitle}>
      <h3>{tp.eventsTitle}</h3>
      {children}
      <h4 className="events__sub">{tp.events}</h4>
      {events.length === 0 ? (
        <p className="muted small">{tp.eventsHint}</p>
      ) : (
        <>
          <div className="events__filters small">
            <label>
              {tp.eventFilter}{' '}
              <select value={kind} onChange={(e) => setKind(e.target.value)}>
                <option value="">{tp.allEvents}</option>
                {kinds.map((k) => (
                  <option key={k}>{k}</option>
                ))}
              </select>
            </label>
            <select
              value={target}
              aria-label={tp.eventCols.target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">–</option>
              {targets.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </div>
          <div className="events__scroll">
            <table className="events__table small">
              <thead>
                <tr>
                  <th>{tp.eventCols.time}</th>
                  <th>{tp.eventCols.kind}</th>
                  <th>{tp.eventCols.target}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e) => (
                  <tr
                    key={e.i}
                    data-testid="event-row"
                    className={chosen === e.i ? 'is-chosen' : undefined}
                    tabIndex={0}
                    onClick={() => {
                      setChosen(e.i);
                      setCursor(e.timeS);
                    }}
                  >
                    <td>{e.timeS.toFixed(9)}</td>
                    <td>{e.kind}</td>
                    <td>{e.target}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
