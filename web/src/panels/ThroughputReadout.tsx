// Goodput over the last simulated second beside the bottleneck rate, with a bar for the ratio.
import { findColumn, flowIds } from '../sim/rows';
import type { RunSnapshot } from '../state/runStore';
import { formatRate } from '../i18n/format';
import { strings } from '../i18n';

interface Props {
  run: RunSnapshot;
  /** The bottleneck rate set in the controls (b/s), shown while no run is going. */
  bottleneckBps: number;
}

/** Summed over flows, the mean of the sampled goodput over the last simulated second. */
function recentGoodput(run: RunSnapshot): number {
  const trace = run.trace;
  if (!trace || trace.length === 0) return NaN;
  const tCol = findColumn(run.columns, 'time', '', 't');
  const since = trace.last(tCol) - 1;
  let sum = 0;
  for (const id of flowIds(run.columns, 'goodput')) {
    const v = trace.meanSince(findColumn(run.columns, 'flow', id, 'goodput'), tCol, since);
    if (Number.isFinite(v)) sum += v;
  }
  return sum;
}

export function ThroughputReadout({ run, bottleneckBps }: Props) {
  const capacity = run.status === 'idle' ? bottleneckBps : run.bottleneckBps;
  const goodput = recentGoodput(run);
  const ratio = Number.isFinite(goodput) && capacity > 0 ? Math.min(1, goodput / capacity) : 0;
  return (
    <div className="readout">
      <div className="readout__numbers">
        <div className="readout__item">
          <span className="readout__label">{strings.goodputLabel}</span>
          <span className="readout__value" data-testid="goodput">
            {Number.isFinite(goodput) ? formatRate(goodput) : '–'}
          </span>
        </div>
        <div className="readout__item readout__item--muted">
          <span className="readout__label">{strings.bottleneckLabel}</span>
          <span className="readout__value" data-testid="bottleneck-rate">
            {formatRate(capacity)}
          </span>
        </div>
      </div>
      <div className="meter" aria-hidden="true">
        <div className="meter__fill" style={{ width: `${(ratio * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}
