// The Packets tab: the time-sequence graph of one flow (chosen here) and the packet inspector.
// The packets come from the model's capture: once the run on screen has finished, its scenario is
// re-run in a worker with the capture on at the flow's sender (runs are deterministic, so these
// are the run's packets). Capture costs only then; a run without this tab open captures nothing.
// The run's trace adds the cwnd edge to the graph and the timer and state events to the list.
import { useEffect, useMemo, useState } from 'react';
import { cwndEdge, senderMss, stateChanges, timerEvents } from '../../charts/flowEvents';
import type { FlowEvent } from '../../charts/flowEvents';
import type { ColumnInfo } from '../../sim/protocol';
import { findColumn, timeColumn } from '../../sim/rows';
import type { TraceBuffer } from '../../state/traceBuffer';
import { packetCount, tsgMarks } from '../../charts/tsg';
import type { PacketTable } from '../../charts/tsg';
import { formatNumber } from '../../i18n/format';
import type { Scenario } from '../../scenario/types';
import { capturePackets } from '../../sim/capture';
import { PlotCardHead } from '../plots/PlotCard';
import { useStrings } from '../hooks/useStrings';
import { indexPaths, readPassages } from '../../charts/paths';
import type { PathTable } from '../../charts/paths';
import { DiagramAnimation } from './DiagramAnimation';
import { EventList } from './EventList';
import { PathEventList } from './PathEventList';
import type { PathEvent } from '../../charts/paths';
import { PacketInspector } from './PacketInspector';
import { TSG_COLORS, TsgPlot } from './TsgPlot';

/** Packets per capture at most (each record is 27 float64s: 65 MB at the cap). */
export const MAX_TSG_PACKETS = 300_000;
/** Passages in the path log at most (13 float64s each: 42 MB at the cap). */
export const MAX_PASSAGES = 400_000;

type Loaded =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | {
      kind: 'ready';
      table: PacketTable;
      truncatedAtS: number | null;
      paths: PathTable | null;
      pathsFullAtS: number | null;
    }
  | { kind: 'failed'; message: string };

interface Props {
  /** The scenario of the finished run on screen; null: no finished run. */
  scenario: Scenario | null;
  /** Changes with each finished run (its trace hash). */
  runKey: string | null;
  durationS: number;
  /** The finished run's trace and its columns (cwnd and state of each flow). */
  trace: TraceBuffer | null;
  columns: readonly ColumnInfo[];
}

export function PacketsPanel({ scenario, runKey, durationS, trace, columns }: Props) {
  const t = useStrings();
  const tp = t.packets;
  const tcpFlows = (scenario?.flows ?? []).filter((f) => f.protocol !== 'udp').map((f) => f.id);
  const [flow, setFlow] = useState('');
  const chosen = tcpFlows.includes(flow) ? flow : (tcpFlows[0] ?? '');
  const key = scenario && runKey && chosen ? `${runKey}:${chosen}` : null;
  // What came back for which run and flow; a result for another key is stale (busy again).
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | null>(null);
  const [picked, setPicked] = useState<{ key: string; index: number } | null>(null);
  const loaded: Loaded = !key
    ? { kind: 'idle' }
    : result?.key === key
      ? result.loaded
      : { kind: 'busy' };
  const selected = picked && picked.key === key ? picked.index : null;
  const setSelected = (index: number) => key && setPicked({ key, index });

  useEffect(() => {
    if (!key || !scenario) return;
    const job = capturePackets(JSON.stringify(scenario), {
      flow: chosen,
      at: 'sender',
      maxPackets: MAX_TSG_PACKETS,
      paths: { maxPassages: MAX_PASSAGES },
    });
    job.result.then(
      (r) =>
        setResult({
          key,
          loaded: {
            kind: 'ready',
            table: { records: r.records, fields: r.fields, channels: r.channels },
            truncatedAtS: r.truncated ? r.untilNs / 1e9 : null,
            paths: r.paths ? { records: r.paths.records, fields: r.paths.fields } : null,
            pathsFullAtS:
              r.paths?.fullAtNs != null
                ? r.paths.fullAtNs / 1e9
                : r.truncated
                  ? r.untilNs / 1e9
                  : null,
          },
        }),
      (e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        if (message !== 'cancelled') setResult({ key, loaded: { kind: 'failed', message } });
      },
    );
    return job.cancel;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the run and the flow
  }, [key]);

  const table =
    result && result.key === key && result.loaded.kind === 'ready' ? result.loaded.table : null;
  const marks = useMemo(() => (table ? tsgMarks(table) : null), [table]);
  const ready = loaded.kind === 'ready' ? loaded : null;
  const pathIndex = useMemo(
    () => (ready?.paths && table ? indexPaths(ready.paths, table.channels.length) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the paths come with the table
    [table],
  );
  const passages = useMemo(
    () => (ready?.paths ? readPassages(ready.paths) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the paths come with the table
    [table],
  );
  const [showCwnd, setShowCwnd] = useState(false);
  const tCol = timeColumn(columns);
  // The trace is the finished run's: it no longer grows, so `runKey` names its contents.
  const cwnd = useMemo(() => {
    const c = findColumn(columns, 'flow', chosen, 'cwnd');
    if (!showCwnd || !trace || !marks || !table || tCol < 0 || c < 0) return null;
    return cwndEdge(marks, trace.column(tCol), trace.column(c), senderMss(table));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the trace is the run's (`key`)
  }, [showCwnd, marks, table, key]);
  const flowEvents = useMemo((): FlowEvent[] => {
    if (!scenario || !table) return [];
    const out = timerEvents(
      table,
      scenario.flows.findIndex((f) => f.id === chosen),
    );
    if (trace && tCol >= 0) {
      const time = trace.column(tCol);
      // Every flow's state in one scratch array in turn (stateChanges keeps no reference to it).
      const scratch = new Float64Array(trace.length);
      scenario.flows.forEach((f, i) => {
        const s = findColumn(columns, 'flow', f.id, 'state');
        if (f.protocol !== 'udp' && s >= 0) {
          out.push(...stateChanges(time, trace.read(s, scratch), i));
        }
      });
    }
    return out.sort((a, b) => a.timeS - b.timeS || a.flow - b.flow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the trace is the run's (`key`)
  }, [table, key]);
  const [chosenEvent, setChosenEvent] = useState<{ key: string; e: PathEvent } | null>(null);
  const chosenLog = chosenEvent && chosenEvent.key === key ? chosenEvent.e : null;

  const controls = (
    <div className="plotcard__controls tsg__controls">
      <label className="tsg__flow">
        {tp.flow}{' '}
        <select
          value={chosen}
          data-testid="tsg-flow"
          onChange={(e) => setFlow(e.target.value)}
          disabled={tcpFlows.length < 2}
        >
          {tcpFlows.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label className="tsg__toggle">
        <input
          type="checkbox"
          data-testid="tsg-cwnd"
          checked={showCwnd}
          onChange={(e) => setShowCwnd(e.target.checked)}
        />{' '}
        {tp.cwnd}
      </label>
    </div>
  );

  return (
    <div className="packets">
      {scenario && pathIndex && table && ready && (
        <div className="packets__wide">
          <DiagramAnimation
            scenario={scenario}
            index={pathIndex}
            channels={table.channels}
            fullS={durationS}
            fullAtS={ready.pathsFullAtS}
            highlight={
              chosenLog
                ? {
                    channel: chosenLog.channel,
                    uid: chosenLog.uid,
                    atQueue: chosenLog.kind === 'enqueue' || chosenLog.kind === 'drop',
                  }
                : null
            }
          />
        </div>
      )}
      <section
        className="card plotcard tsg"
        data-testid="tsg"
        data-state={loaded.kind}
        aria-label={tp.tsgTitle}
      >
        <PlotCardHead id="tsg-title" title={tp.tsgTitle} help={tp.tsgHelp} controls={controls} />
        {loaded.kind === 'idle' && <p className="muted small">{tp.noRun}</p>}
        {loaded.kind === 'busy' && <p className="muted small">{tp.loading}</p>}
        {loaded.kind === 'failed' && <p className="notice notice--error">{loaded.message}</p>}
        {loaded.kind === 'ready' && marks && (
          <>
            <ul className="tsg__legend small">
              {(
                [
                  'data',
                  'retransmit',
                  'tlp',
                  'rto',
                  'ack',
                  'sack',
                  'rwnd',
                  'drop',
                  ...(cwnd ? (['cwnd'] as const) : []),
                ] as const
              ).map((k) => (
                <li key={k}>
                  <span className="tsg__swatch" style={{ background: TSG_COLORS[k] }} />
                  {tp.legend[k]}
                </li>
              ))}
              <li className="muted" data-testid="tsg-count">
                {tp.count(formatNumber(packetCount(loaded.table), 0))}
              </li>
            </ul>
            <TsgPlot
              marks={marks}
              fullS={durationS}
              selected={selected}
              onPick={setSelected}
              cwnd={cwnd}
            />
            {loaded.truncatedAtS !== null && (
              <p className="muted small">{tp.truncated(formatNumber(loaded.truncatedAtS, 2))}</p>
            )}
          </>
        )}
      </section>
      <div className="packets__side">
        {table && <PacketInspector table={table} selected={selected} onPick={setSelected} />}
        <EventList>
          {scenario && passages && table && (
            <PathEventList
              scenario={scenario}
              passages={passages}
              channels={table.channels}
              chosen={chosenLog}
              onChoose={(e) => key && setChosenEvent({ key, e })}
              flowEvents={flowEvents}
              onChooseFlowEvent={(e) => {
                if (e.record >= 0) setSelected(e.record);
              }}
            />
          )}
        </EventList>
      </div>
    </div>
  );
}
