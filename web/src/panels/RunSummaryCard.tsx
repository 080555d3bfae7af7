// The finished run's numbers (from the simulator's summary) and its trace hash.
import { BOTTLENECK_ID } from '../scenario/path';
import type { RunSnapshot } from '../state/runStore';
import { formatNumber, formatPercent, formatRate } from '../i18n/format';
import { strings } from '../i18n';

export function RunSummaryCard({ run }: { run: RunSnapshot }) {
  const s = run.summary;
  const sum = (f: (x: NonNullable<typeof s>['flows'][number]) => number) =>
    s ? s.flows.reduce((acc, x) => acc + f(x), 0) : NaN;
  const forward = s?.links.find((l) => l.id === BOTTLENECK_ID && l.direction === 'a>b');
  const dash = '–';
  const rows: [string, string][] = [
    [strings.summary.meanGoodput, s ? formatRate(sum((f) => f.goodput_bps)) : dash],
    [strings.summary.utilisation, forward ? formatPercent(forward.utilisation) : dash],
    [
      strings.summary.meanCwnd,
      s && s.flows.length > 0
        ? formatNumber(sum((f) => f.mean_cwnd_segments) / s.flows.length)
        : dash,
    ],
    [strings.summary.retransmits, s ? String(sum((f) => f.retransmitted_segments)) : dash],
    [strings.summary.timeouts, s ? String(sum((f) => f.timeouts)) : dash],
    [strings.summary.drops, forward ? String(forward.drops) : dash],
    [strings.summary.events, s ? s.events.toLocaleString('en-US') : dash],
  ];
  return (
    <dl className="summary" data-testid="summary">
      {rows.map(([k, v]) => (
        <div className="summary__row" key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <div className="summary__row">
        <dt>{strings.summary.traceHash}</dt>
        <dd>
          <code data-testid="trace-hash">{run.traceHash ?? dash}</code>
        </dd>
      </div>
    </dl>
  );
}
