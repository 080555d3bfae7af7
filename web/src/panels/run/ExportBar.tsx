// Downloads: the trace as CSV and JSON, the scenario as JSON, and a pcap of a flow. Per-plot PNG
// and SVG live on each plot.
import { saveText, safeName } from '../../export/download';
import { traceToCsv, traceToJson } from '../../export/traceCsv';
import { madeByNow, scenarioFileText } from '../../scenario/scenarioFile';
import { loadPageWasm } from '../../sim/validator';
import type { Scenario } from '../../scenario/types';
import type { RunSnapshot } from '../../state/runStore';
import { useStrings } from '../hooks/useStrings';
import { PcapExport } from './PcapExport';
import { ShareLink } from './ShareLink';

interface Props {
  runs: { snap: RunSnapshot; tag: '' | 'A' | 'B' }[];
  scenario: Scenario;
}

export function ExportBar({ runs, scenario }: Props) {
  const t = useStrings();
  const base = safeName(scenario.name ?? 'scenario');
  return (
    <div className="exports" role="group" aria-label={t.exports.heading}>
      <span className="exports__label">{t.exports.heading}:</span>
      {runs.map(({ snap, tag }) => {
        const ready = snap.trace !== null && snap.trace.length > 0;
        const sfx = tag === 'B' ? t.exports.ofVariant('B') : '';
        const file = `${base}${tag === 'B' ? '-b' : ''}`;
        return (
          <span key={tag || 'A'} className="exports__group">
            <button
              type="button"
              className="button button--small"
              data-testid={`export-csv${tag === 'B' ? '-B' : ''}`}
              disabled={!ready}
              title={ready ? undefined : t.exports.noRun}
              onClick={() =>
                snap.trace &&
                saveText(`${file}-trace.csv`, traceToCsv(snap.columns, snap.trace), 'text/csv')
              }
            >
              {t.exports.csv}
              {sfx}
            </button>
            <button
              type="button"
              className="button button--small"
              data-testid={`export-json${tag === 'B' ? '-B' : ''}`}
              disabled={!ready}
              title={ready ? undefined : t.exports.noRun}
              onClick={() =>
                snap.trace &&
                saveText(
                  `${file}-trace.json`,
                  traceToJson(snap.columns, snap.trace, snap.scenario, snap.traceHash),
                  'application/json',
                )
              }
            >
              {t.exports.json}
              {sfx}
            </button>
          </span>
        );
      })}
      <button
        type="button"
        className="button button--small"
        data-testid="export-scenario"
        onClick={() =>
          // The file says which model version wrote it, and the hash of a finished run of it.
          void loadPageWasm().then((w) => {
            const made = runs.map((r) => madeByNow(scenario, w.version, r.snap));
            const madeBy = made.find((m) => m.trace_hash) ?? { model: w.version };
            saveText(`${base}.json`, scenarioFileText(scenario, madeBy), 'application/json');
          })
        }
      >
        {t.exports.scenario}
      </button>
      <PcapExport scenario={runs[0]?.snap.scenario ?? scenario} fileBase={base} />
      <ShareLink />
    </div>
  );
}
