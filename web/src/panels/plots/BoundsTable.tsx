// Measured goodput of each flow against each of its bounds, and the ratio to the tightest one.
// Measured: the summary's goodput once the run is done, else the mean of the sampled goodput
// since the flow started (so the table fills in live).
import { formatPercent, formatRate } from '../../i18n/format';
import { findColumn, timeColumn } from '../../sim/rows';
import type { RunSnapshot } from '../../state/runStore';
import { useStrings } from '../hooks/useStrings';
import { BOUND_KINDS, boundValues, tightest } from './bounds';
import type { RunView } from './series';

function measured(snap: RunSnapshot, id: string): number {
  const fromSummary = snap.summary?.flows.find((f) => f.id === id)?.goodput_bps;
  if (fromSummary !== undefined) return fromSummary;
  const trace = snap.trace;
  if (!trace) return NaN;
  const start = snap.scenario?.flows.find((f) => f.id === id)?.start_s ?? 0;
  const c = findColumn(snap.columns, 'flow', id, 'goodput');
  const tc = timeColumn(snap.columns);
  if (c < 0 || tc < 0) return NaN;
  const mean = trace.meanSince(c, tc, start);
  return mean;
}

export function BoundsTable({ runs }: { runs: RunView[] }) {
  const t = useStrings();
  const rows = runs.flatMap((r) => {
    const summary = r.snap.summary ?? r.snap.initial;
    if (!summary) return [];
    return summary.flows.map((f) => {
      const values = f.bounds ? boundValues(f.bounds) : {};
      const m = measured(r.snap, f.id);
      const best = tightest(values);
      return {
        key: `${r.tag}${f.id}`,
        label: `${f.id}${r.tag === 'B' ? ' (B)' : ''}`,
        m,
        values,
        best,
      };
    });
  });
  if (rows.length === 0) return null;
  return (
    <div className="tablewrap" tabIndex={0} role="region" aria-label={t.throughput.readoutHeading}>
      <table className="bounds" data-testid="bounds-table">
        <caption>{t.throughput.readoutHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{t.flows.id}</th>
            <th scope="col">{t.throughput.measured}</th>
            {BOUND_KINDS.map((k) => (
              <th scope="col" key={k}>
                {t.throughput.bounds[k]}
              </th>
            ))}
            <th scope="col">{t.throughput.ratio}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td data-testid={`measured-${r.key}`}>{formatRate(r.m)}</td>
              {BOUND_KINDS.map((k) => {
                const v = r.values[k];
                return (
                  <td key={k} className={r.best?.kind === k ? 'is-tightest' : undefined}>
                    {v === undefined ? (
                      <span className="muted">{t.throughput.noLimit}</span>
                    ) : (
                      formatRate(v)
                    )}
                  </td>
                );
              })}
              <td data-testid={`ratio-${r.key}`}>
                {r.best && Number.isFinite(r.m)
                  ? `${formatPercent(r.m / r.best.bps)} (${t.throughput.bounds[r.best.kind]})`
                  : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t.throughput.fairShareNote}</p>
    </div>
  );
}
