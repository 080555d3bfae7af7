// One small plot per metric of an entity (the internals of an algorithm, a queue discipline or a
// host): every column whose metric starts with a prefix, A solid and B dashed.
import { useMemo } from 'react';
import type { PlotSpec } from '../../charts/plotSpec';
import type { ColumnEntity } from '../../sim/protocol';
import { columnsWithPrefix } from '../../sim/rows';
import { useStrings } from '../hooks/useStrings';
import {
  columnXY,
  dashFor,
  drawable,
  lineSeries,
  seriesColor,
  tagSuffix,
  versionOf,
} from './series';
import type { RunView } from './series';
import { TimePlot } from './TimePlot';

/** State-like metrics are drawn as steps. */
const STEPPED =
  /(^|\.)(mode|state|region|branch|cycle_idx|full_bw_reached|scalable_mode|rate_limited)$/;

interface Props {
  runs: RunView[];
  entity: ColumnEntity;
  id: string;
  prefix: string;
  /** Readable names for some metrics (with units); others show as `name (unit)`. */
  names?: Record<string, string>;
  span: number;
  testId: string;
  colorIndex?: number;
  /** Names of the values of state-like metrics (e.g. BBR's modes), shown on the y axis. */
  stateNames?: Record<string, string[]>;
}

export function SmallMultiples({
  runs,
  entity,
  id,
  prefix,
  names = {},
  span,
  testId,
  colorIndex = 0,
  stateNames = {},
}: Props) {
  const t = useStrings();
  const version = versionOf(runs);
  const specs = useMemo(() => {
    // Every run's columns (B's queue discipline may report what A's does not).
    const cols: ReturnType<typeof columnsWithPrefix> = [];
    for (const r of runs) {
      for (const c of columnsWithPrefix(r.snap.columns, entity, id, prefix)) {
        if (!cols.some((x) => x.column.metric === c.column.metric)) cols.push(c);
      }
    }
    return cols.map(({ column }): PlotSpec & { metric: string } => {
      const name =
        names[column.metric] ??
        `${column.metric.slice(prefix.length)}${column.unit ? ` (${column.unit})` : ''}`;
      const series = drawable(runs).flatMap((r) => {
        const xy = columnXY(r.snap, entity, id, column.metric);
        return xy
          ? [
              lineSeries(
                `${r.tag}${column.metric}`,
                `${name}${tagSuffix(r.tag, t.plot.variantB)}`,
                xy,
                seriesColor(colorIndex),
                {
                  dash: dashFor(r.tag),
                  step: STEPPED.test(column.metric),
                  width: 1.6,
                },
              ),
            ]
          : [];
      });
      return {
        metric: column.metric,
        yUnit: column.unit ?? '',
        title: `${id}: ${name}`,
        xLabel: t.plot.time,
        yLabel: name,
        series,
        markers: [],
        refs: [],
      };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, entity, id, prefix, colorIndex]);
  if (specs.length === 0) return null;
  return (
    <div className="multiples" data-testid={testId}>
      {specs.map((spec) => {
        const states = stateNames[spec.metric];
        return (
          <div key={spec.title} className="multiples__item">
            <h3 className="plot__title">{spec.yLabel}</h3>
            <TimePlot
              spec={spec}
              version={version}
              fullS={span}
              size="small"
              yFloor={1e-12}
              yFixed={states ? [-0.5, states.length - 0.5] : undefined}
              yFormat={states ? (y) => (Number.isInteger(y) ? (states[y] ?? '') : '') : undefined}
              testId={`${testId}-${spec.metric}`}
            />
          </div>
        );
      })}
    </div>
  );
}
