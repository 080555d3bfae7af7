// Measured goodput of each flow against each of its bounds, named in plain words, and the ratio
// to the bound that holds it (the lowest of its bounds and its fair share). A bound without a
// value says why: Mathis and PFTK need a loss rate, the host bound a host model. The host column
// appears only when some receiving host has a model. On a narrow screen each flow is a card.
// Measured: the summary's goodput once the run is done, else the same figure at the latest row,
// counted from when the flow opened (flowMean.ts), so the table fills in live.
import { formatNumber, formatPercent, formatRate } from '../../i18n/format';
import { flowIds } from '../../sim/rows';
import type { RunSnapshot } from '../../state/runStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import {
  BOUND_KINDS,
  binding,
  boundGap,
  boundValues,
  fromMeasuredLoss,
  hasHostModel,
} from './bounds';
import type { BoundKind } from './bounds';
import { meanGoodputSinceOpen } from './flowMean';
import { chooseShown, pickedFlows } from './manyFlows';
import type { RunView } from './series';

function measured(snap: RunSnapshot, id: string, fromSummary: number | undefined): number {
  return fromSummary ?? meanGoodputSinceOpen(snap, id);
}

export function BoundsTable({ runs }: { runs: RunView[] }) {
  const t = useStrings();
  const picked = useStore(pickedFlows);
  // Many flows: the rows of the flows the plots draw.
  const lead = runs[0]?.snap;
  const allIds = lead ? flowIds(lead.columns, 'delivered') : [];
  const choice = chooseShown(lead, allIds, picked);
  const only = choice.kind === 'all' ? null : new Set(choice.ids);
  const rows = runs.flatMap((r) => {
    const summary = r.snap.summary ?? r.snap.initial;
    if (!summary) return [];
    return summary.flows.flatMap((f) => {
      if (!f.bounds || (only && !only.has(f.id))) return [];
      const b = f.bounds;
      const ctx = { hostModel: hasHostModel(r.snap.scenario, f.id) };
      const values = boundValues(b, ctx);
      return [
        {
          key: `${r.tag}${f.id}`,
          label: `${f.id}${r.tag === 'B' ? ' (B)' : ''}`,
          m: measured(r.snap, f.id, r.snap.summary ? f.goodput_bps : undefined),
          values,
          gap: (k: BoundKind) => boundGap(b, k, ctx),
          best: binding(values),
          hostModel: ctx.hostModel,
          measuredP: fromMeasuredLoss(b) ? (b.measured_loss_p ?? null) : null,
          mss: b.mtu_bytes - 40,
          mtu: b.mtu_bytes,
        },
      ];
    });
  });
  if (rows.length === 0) return null;
  const kinds = BOUND_KINDS.filter((k) => k !== 'host_bound_bps' || rows.some((r) => r.hostModel));
  const head = (k: BoundKind) => t.screen.boundLong[k] ?? k;
  return (
    <div className="tablewrap" role="region" aria-label={t.throughput.readoutHeading} tabIndex={0}>
      <table className="bounds" data-testid="bounds-table">
        <caption>{t.throughput.readoutHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{t.flows.id}</th>
            <th scope="col">{t.throughput.measured}</th>
            {kinds.map((k) => (
              <th scope="col" key={k}>
                {head(k)}
              </th>
            ))}
            <th scope="col">{t.throughput.ratio}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td data-label={t.throughput.measured} data-testid={`measured-${r.key}`}>
                {formatRate(r.m)}
              </td>
              {kinds.map((k) => {
                const v = r.values[k];
                const gap = r.gap(k);
                const note =
                  k === 'link_bps'
                    ? t.screen.linkBound(r.mss, r.mtu)
                    : (k === 'mathis_bps' || k === 'pftk_bps') &&
                        v !== undefined &&
                        r.measuredP !== null
                      ? t.screen.measuredP(`${formatNumber(r.measuredP * 100, 2)} %`)
                      : null;
                return (
                  <td
                    key={k}
                    data-label={head(k)}
                    data-testid={`bound-${r.key}-${k}`}
                    className={r.best?.kind === k ? 'is-tightest' : undefined}
                  >
                    {v === undefined ? (
                      <span className="muted">{t.screen.boundGaps[gap ?? 'noLimit']}</span>
                    ) : (
                      <>
                        {formatRate(v)}
                        {note && <span className="bounds__note"> {note}</span>}
                      </>
                    )}
                  </td>
                );
              })}
              <td data-label={t.throughput.ratio} data-testid={`ratio-${r.key}`}>
                {r.best && Number.isFinite(r.m)
                  ? `${formatPercent(r.m / r.best.bps)} (${t.screen.bindingNames[r.best.kind] ?? r.best.kind})`
                  : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {choice.kind !== 'all' && (
        <p className="muted small" data-testid="bounds-flows">
          {t.plot.tableFlows(choice.ids.length, choice.total)}
        </p>
      )}
      <p className="muted small">{t.throughput.fairShareNote}</p>
    </div>
  );
}
