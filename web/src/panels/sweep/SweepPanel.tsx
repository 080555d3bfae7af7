// Sweeps: choose a parameter, a range and a number of points (or a set of algorithms), what to
// measure, and run every point in parallel workers; the result is plotted with its bounds.
import { useEffect, useState } from 'react';
import { saveText, safeName } from '../../export/download';
import { formatNumber } from '../../i18n/format';
import { CC_ALGORITHMS, ccLabel } from '../../scenario/ccAlgorithms';
import type { CcAlgorithm } from '../../scenario/ccAlgorithms';
import { checkNumber } from '../../scenario/inputCheck';
import {
  LINK_PARAMS,
  SWEEP_DEFAULTS,
  SWEEP_METRICS,
  SWEEP_PARAMS,
  slowestLink,
} from '../../scenario/sweep';
import type { SweepMetric, SweepParam, SweepSpec } from '../../scenario/sweep';
import type { Scenario } from '../../scenario/types';
import {
  cancelSweep,
  coolSweep,
  metricOf,
  startSweep,
  sweep,
  warmSweep,
} from '../../state/sweepStore';
import { useLazyOptions } from '../hooks/useLazyOptions';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { SweepFileView } from './SweepFileView';
import { SweepPlot } from './SweepPlot';
import { exportSweep } from '../../scenario/sweepExport';

interface Props {
  scenario: Scenario;
  canRun: boolean;
}

export function SweepPanel({ scenario, canRun }: Props) {
  const t = useStrings();
  const state = useStore(sweep);
  const [param, setParam] = useState<SweepParam>('mtu');
  const [texts, setTexts] = useState({ from: '500', to: '9000', points: '18' });
  const [log, setLog] = useState(false);
  const [linkIndex, setLinkIndex] = useState(() => slowestLink(scenario));
  const [flowIndex, setFlowIndex] = useState(0);
  const [algorithms, setAlgorithms] = useState<CcAlgorithm[]>(['newreno', 'cubic', 'bbr', 'vegas']);
  const [metric, setMetric] = useState<SweepMetric>('goodput');
  // The workers load while the form is filled in, and stay loaded between sweeps.
  useEffect(() => {
    warmSweep();
    return coolSweep;
  }, []);

  const link = Math.min(linkIndex, scenario.topology.links.length - 1);
  const flow = Math.min(flowIndex, Math.max(0, scenario.flows.length - 1));
  // A large scenario's 1,000 links and flows are put in the selects only once they are reached:
  // showing the Sweep tab does not build 2,000 options.
  const linkOptions = useLazyOptions(
    scenario.topology.links.map((l, i) => ({ value: String(i), label: l.id })),
    String(link),
    (value) => ({ value, label: '' }),
  );
  const flowOptions = useLazyOptions(
    scenario.flows.map((f, i) => ({ value: String(i), label: f.id })),
    String(flow),
    (value) => ({ value, label: '' }),
  );
  const numeric = param !== 'algorithm';
  const from = checkNumber(texts.from, {
    integer: false,
    nonNegative: true,
    nullable: false,
    scale: 1,
  });
  const to = checkNumber(texts.to, {
    integer: false,
    nonNegative: true,
    nullable: false,
    scale: 1,
  });
  const points = checkNumber(texts.points, {
    integer: true,
    nonNegative: true,
    nullable: false,
    scale: 1,
  });
  const pointsOk = points.ok && points.value !== null && points.value >= 1 && points.value <= 64;
  const formOk = numeric ? from.ok && to.ok && pointsOk : algorithms.length > 0;
  const running = state.status === 'running';

  const chooseParam = (p: SweepParam) => {
    setParam(p);
    const [f, tt, n, lg] = SWEEP_DEFAULTS[p];
    setTexts({ from: String(f), to: String(tt), points: String(n) });
    setLog(lg);
  };
  const spec = (): SweepSpec => ({
    param,
    from: from.ok ? (from.value ?? 0) : 0,
    to: to.ok ? (to.value ?? 0) : 0,
    points: pointsOk ? (points.value ?? 1) : 1,
    log,
    linkIndex: link,
    flowIndex: flow,
    algorithms,
    metric,
  });
  const linkId = scenario.topology.links[state.spec?.linkIndex ?? link]?.id ?? '';
  const done = state.points.filter((p) => p.result !== null).length;
  const failures = state.points.filter((p) => p.result && !p.result.ok);

  const downloadCsv = () => {
    const s = state.spec;
    if (!s) return;
    const rows = [
      ['x', s.metric, 'link_bps', 'host_bound_bps', 'mathis_bps', 'pftk_bps', 'trace_hash'].join(
        ',',
      ),
    ];
    for (const p of state.points) {
      if (!p.result?.ok) continue;
      const sum = p.result.summary;
      const b = sum.flows[s.flowIndex]?.bounds;
      const v = (x: number | null | undefined) =>
        typeof x === 'number' && Number.isFinite(x) ? String(x) : '';
      rows.push(
        [
          String(p.x),
          v(metricOf(sum, s, linkId)),
          v(b?.link_bps),
          v(b?.host_bound_bps),
          v(b?.mathis_bps),
          v(b?.pftk_bps),
          sum.trace_hash,
        ].join(','),
      );
    }
    saveText(
      `${safeName(scenario.name ?? 'sweep')}-sweep-${s.param}.csv`,
      `${rows.join('\n')}\n`,
      'text/csv',
    );
  };

  // The sweep as a sweep file: the scenarios its points ran (known once the sweep has started).
  const ranPoints = state.points.flatMap((p) =>
    p.scenario ? [{ x: p.x, scenario: p.scenario }] : [],
  );
  const downloadSweepFile = () => {
    const s = state.spec;
    if (!s || !state.base || ranPoints.length !== state.points.length) return;
    const file = exportSweep(state.base, s, ranPoints, linkId);
    saveText(
      `${safeName(state.base.name ?? 'sweep')}-sweep-${s.param}.json`,
      `${JSON.stringify(file, null, 2)}\n`,
      'application/json',
    );
  };

  return (
    <section className="card" aria-labelledby="sweep-heading" data-testid="panel-sweep">
      <h2 id="sweep-heading">{t.sweep.heading}</h2>
      <p className="muted small">{t.sweep.help}</p>
      <form className="sweepform" onSubmit={(e) => e.preventDefault()} noValidate>
        <label>
          {t.sweep.param}
          <select
            value={param}
            data-testid="sweep-param"
            onChange={(e) => chooseParam(e.target.value as SweepParam)}
          >
            {SWEEP_PARAMS.map((p) => (
              <option key={p} value={p}>
                {t.sweep.params[p]}
              </option>
            ))}
          </select>
        </label>
        {numeric && (
          <>
            {(['from', 'to', 'points'] as const).map((k) => {
              const r = k === 'from' ? from : k === 'to' ? to : points;
              const bad = !r.ok || (k === 'points' && !pointsOk);
              return (
                <label key={k} className={bad ? 'is-invalid' : undefined}>
                  {t.sweep[k]}
                  <input
                    type="text"
                    inputMode="decimal"
                    value={texts[k]}
                    data-testid={`sweep-${k}`}
                    aria-invalid={bad || undefined}
                    onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
                  />
                  {bad && (
                    <span className="field__error" role="alert">
                      {!r.ok ? t.localErrors[r.problem] : '1 – 64'}
                    </span>
                  )}
                </label>
              );
            })}
            <label className="check">
              <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} />
              {t.sweep.log}
            </label>
          </>
        )}
        {LINK_PARAMS.has(param) || metric === 'utilisation' ? (
          <label>
            {t.sweep.link}
            <select
              value={link}
              data-testid="sweep-link"
              onChange={(e) => setLinkIndex(Number(e.target.value))}
              onFocus={linkOptions.reach}
              onPointerDown={linkOptions.reach}
            >
              {linkOptions.shown.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          {t.sweep.flow}
          <select
            value={flow}
            data-testid="sweep-flow"
            onChange={(e) => setFlowIndex(Number(e.target.value))}
            onFocus={flowOptions.reach}
            onPointerDown={flowOptions.reach}
          >
            {flowOptions.shown.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.sweep.metric}
          <select
            value={metric}
            data-testid="sweep-metric"
            onChange={(e) => setMetric(e.target.value as SweepMetric)}
          >
            {SWEEP_METRICS.map((m) => (
              <option key={m} value={m}>
                {t.sweep.metrics[m]}
              </option>
            ))}
          </select>
        </label>
        {!numeric && (
          <fieldset className="algos">
            <legend>{t.sweep.algorithms}</legend>
            {CC_ALGORITHMS.map((cc) => (
              <label key={cc} className="check">
                <input
                  type="checkbox"
                  checked={algorithms.includes(cc)}
                  onChange={(e) =>
                    setAlgorithms(
                      e.target.checked ? [...algorithms, cc] : algorithms.filter((a) => a !== cc),
                    )
                  }
                />
                {ccLabel(cc)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="sweepform__buttons">
          <button
            type="button"
            className="button button--primary"
            data-testid="sweep-run"
            disabled={!formOk || !canRun || running}
            onClick={() => void startSweep(scenario, spec())}
          >
            {t.sweep.run}
          </button>
          <button
            type="button"
            className="button"
            data-testid="sweep-cancel"
            disabled={!running}
            onClick={cancelSweep}
          >
            {t.sweep.cancel}
          </button>
        </div>
      </form>
      {state.spec ? (
        <>
          <p
            className="muted small"
            data-testid="sweep-progress"
            data-status={state.status}
            aria-live="polite"
          >
            {t.sweep.progress(done, state.points.length, state.workers)}
          </p>
          {state.message === 'rtt' && (
            <p className="notice notice--error" role="alert">
              {t.sweep.needsRtt}
            </p>
          )}
          {failures.map((p) =>
            p.result && !p.result.ok ? (
              <p key={String(p.x)} className="notice notice--error" role="alert">
                {t.sweep.failedPoint(String(p.x), p.result.message)}
              </p>
            ) : null,
          )}
          <SweepPlot state={state} linkId={linkId} />
          <div className="tablewrap" tabIndex={0} role="region" aria-label={t.sweep.heading}>
            <table className="bounds" data-testid="sweep-table">
              <thead>
                <tr>
                  <th scope="col">{t.sweep.params[state.spec.param]}</th>
                  <th scope="col">{t.sweep.metrics[state.spec.metric]}</th>
                  <th scope="col">{t.run.traceHash}</th>
                </tr>
              </thead>
              <tbody>
                {state.points.map((p) => {
                  const sum = p.result?.ok ? p.result.summary : null;
                  const spec0 = state.spec as SweepSpec;
                  const v = sum ? metricOf(sum, spec0, linkId) : NaN;
                  const shown =
                    spec0.metric === 'goodput' || spec0.metric === 'totalGoodput'
                      ? `${formatNumber(v / 1e6)} Mb/s`
                      : formatNumber(v);
                  return (
                    <tr key={String(p.x)}>
                      <th scope="row">
                        {typeof p.x === 'number' ? formatNumber(p.x, 4) : ccLabel(p.x)}
                      </th>
                      <td>{sum ? shown : '…'}</td>
                      <td>
                        <code>{sum?.trace_hash ?? ''}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className="button button--small"
            data-testid="sweep-csv"
            disabled={done === 0}
            onClick={downloadCsv}
          >
            {t.sweep.csv}
          </button>{' '}
          <button
            type="button"
            className="button button--small"
            data-testid="sweep-export"
            disabled={ranPoints.length === 0 || ranPoints.length !== state.points.length}
            onClick={downloadSweepFile}
          >
            {t.sweep.export}
          </button>
        </>
      ) : (
        <p className="muted">{t.sweep.empty}</p>
      )}
      <SweepFileView canRun={canRun} />
    </section>
  );
}
