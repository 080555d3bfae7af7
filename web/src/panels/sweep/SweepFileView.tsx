// Sweep files in the sweep panel: import one (the format `tcplab sweep` and `tcplab.sweep`
// read; the lab's own are in content/sweeps), run its points in the page's workers, show one
// row per point and save them as the CLI's CSV. A file that cannot be read says which field.
import { saveText, safeName } from '../../export/download';
import { metricValue, readSweepFile, SweepFileError } from '../../scenario/sweepFile';
import { problemText } from '../../scenario/sweepFileProblems';
import {
  cancelFileSweep,
  fileSweep,
  fileSweepCsv,
  PAGE_MAX_POINTS,
  showFileError,
  startFileSweep,
} from '../../state/fileSweepStore';
import { formatNumber } from '../../i18n/format';
import { loadPageWasm } from '../../sim/validator';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { SweepFilePlot } from './SweepFilePlot';

async function importFile(file: File | undefined, canRun: boolean): Promise<void> {
  if (!file) return;
  try {
    // The bundled scenarios a sweep file may name load with the first file, not with the lab.
    const [wasm, { namedScenario }] = await Promise.all([
      loadPageWasm(),
      import('../../scenario/named'),
    ]);
    const plan = readSweepFile(await file.text(), namedScenario, wasm.validate);
    if (plan.count > PAGE_MAX_POINTS) {
      showFileError({ path: 'parameters', message: '', points: plan.count });
      return;
    }
    if (!canRun) return;
    const name = typeof plan.file.name === 'string' ? plan.file.name : file.name;
    await startFileSweep(plan, name);
  } catch (e) {
    if (e instanceof SweepFileError)
      showFileError({ path: e.path, message: e.detail, problem: e.problem });
    else showFileError({ path: '', message: e instanceof Error ? e.message : String(e) });
  }
}

/** A metric's value as shown in the table. */
function shown(v: unknown): string {
  if (typeof v === 'number') return formatNumber(v, 6);
  return v === null || v === undefined ? '' : String(v);
}

export function SweepFileView({ canRun }: { canRun: boolean }) {
  const t = useStrings();
  const s = useStore(fileSweep);
  const done = s.points.filter((p) => p.result !== null).length;
  return (
    <div className="sweepfile" data-testid="sweep-file">
      <h3>{t.sweep.file.heading}</h3>
      <p className="muted small">{t.sweep.file.help}</p>
      <div className="sweepform__buttons">
        <label className="button button--small filebutton">
          {t.sweep.file.import}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            data-testid="sweep-import"
            onChange={(e) => {
              void importFile(e.target.files?.[0], canRun);
              e.target.value = '';
            }}
          />
        </label>
        {s.status === 'running' && (
          <button type="button" className="button button--small" onClick={cancelFileSweep}>
            {t.sweep.cancel}
          </button>
        )}
      </div>
      {s.error && (
        <p className="notice notice--error" role="alert" data-testid="sweep-import-error">
          {s.error.points !== undefined
            ? t.sweep.file.tooMany(s.error.points, PAGE_MAX_POINTS)
            : t.sweep.file.error(
                s.error.path,
                s.error.problem
                  ? problemText(t.sweep.file.problems, s.error.problem)
                  : s.error.message,
              )}
        </p>
      )}
      {s.points.length > 0 && (
        <>
          <p
            className="muted small"
            data-testid="sweep-file-progress"
            data-status={s.status}
            aria-live="polite"
          >
            {s.name}: {t.sweep.file.progress(done, s.points.length)}
          </p>
          {s.points.map((p) =>
            p.result && !p.result.ok ? (
              <p key={p.index} className="notice notice--error" role="alert">
                {t.sweep.failedPoint(`#${p.index}`, p.result.message)}
              </p>
            ) : null,
          )}
          <div className="tablewrap" tabIndex={0} role="region" aria-label={t.sweep.file.heading}>
            <table className="bounds" data-testid="sweep-file-table">
              <thead>
                <tr>
                  {['point', ...s.names, 'seed', ...s.metrics, 'trace_hash'].map((c) => (
                    <th key={c} scope="col">
                      <code>{c}</code>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {s.points.map((p) => {
                  const summary: unknown = p.result?.ok ? JSON.parse(p.result.summaryJson) : null;
                  return (
                    <tr key={p.index}>
                      <th scope="row">{p.index}</th>
                      {p.cells.map((c, i) => (
                        <td key={i} data-label={s.names[i]}>
                          {c}
                        </td>
                      ))}
                      <td data-label="seed">{p.seed}</td>
                      {s.metrics.map((m) => (
                        <td key={m} data-label={m}>
                          {summary ? shown(metricValue(summary, m)) : '…'}
                        </td>
                      ))}
                      <td data-label="trace_hash">
                        <code>{p.result?.ok ? p.result.summary.trace_hash : ''}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {done > 0 && <SweepFilePlot state={s} />}
          <button
            type="button"
            className="button button--small"
            data-testid="sweep-file-csv"
            disabled={done === 0}
            onClick={() => saveText(`${safeName(s.name)}.csv`, fileSweepCsv(s), 'text/csv')}
          >
            {t.sweep.csv}
          </button>
        </>
      )}
    </div>
  );
}
