// The Packets tab: the time-sequence graph of one flow (chosen here) and the packet inspector.
// The packets come from the model's capture: once the run on screen has finished, its scenario is
// re-run in a worker with the capture on at the flow's sender (runs are deterministic, so these
// are the run's packets). Capture costs only then; a run without this tab open captures nothing.
import { useEffect, useMemo, useState } from 'react';
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
}

export function PacketsPanel({ scenario, runKey, durationS }: Props) {
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
  const [chosenEvent, setChosenEvent] = useState<{ key: string; e: PathEvent } | null>(null);
  const chosenLog = chosenEvent && chosenEvent.key === key ? chosenEvent.e : null;

  const controls = (
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
              {(['data', 'retransmit', 'tlp', 'rto', 'ack', 'sack', 'rwnd', 'drop'] as const).map(
                (k) => (
                  <li key={k}>
                    <span className="tsg__swatch" style={{ background: TSG_COLORS[k] }} />
                    {tp.legend[k]}
                  </li>
                ),
              )}
              <li className="muted" data-testid="tsg-count">
                {tp.count(formatNumber(packetCount(loaded.table), 0))}
              </li>
            </ul>
            <TsgPlot marks={marks} fullS={durationS} selected={selected} onPick={setSelected} />
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
            />
          )}
        </EventList>
      </div>
    </div>
  );
}
