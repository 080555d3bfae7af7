// Goodput against time (over 100 ms windows of the delivered-bytes counter), with the
// bottleneck rate as a reference line.
import { useMemo } from 'react';
import { windowedRate } from '../charts/derived';
import { findColumn, flowIds } from '../sim/rows';
import type { RunSnapshot } from '../state/runStore';
import { formatNumber } from '../i18n/format';
import { strings } from '../i18n';
import { TimePlot } from './TimePlot';
import type { PlotSeries, Reference } from './TimePlot';

const WINDOW_S = 0.1;
const COLORS = ['#1f6fb2', '#2e9e6a', '#8b5cc7', '#c4405b'];
const mbps = (y: number) => formatNumber(y / 1e6);

interface Props {
  run: RunSnapshot;
  durationS: number;
  bottleneckBps: number;
}

export function GoodputPlot({ run, durationS, bottleneckBps }: Props) {
  const { trace, columns, version } = run;
  const series = useMemo((): PlotSeries[] => {
    void version;
    const tCol = findColumn(columns, 'time', '', 't');
    if (!trace || tCol < 0) return [];
    const t = trace.column(tCol);
    const ids = flowIds(columns, 'delivered');
    return ids.map((id, i) => {
      const { x, y } = windowedRate(
        t,
        trace.column(findColumn(columns, 'flow', id, 'delivered')),
        t.length,
        WINDOW_S,
        8,
      );
      const color = COLORS[i % COLORS.length] ?? '#1f6fb2';
      return {
        label: strings.legendGoodput + (ids.length > 1 ? ` ${id}` : ''),
        x,
        y,
        style: { color, width: 1.5 },
      };
    });
  }, [trace, columns, version]);
  const reference = useMemo(
    (): Reference => ({ y: bottleneckBps, label: strings.legendBottleneck, color: '#c8641c' }),
    [bottleneckBps],
  );
  return (
    <TimePlot
      series={series}
      xMax={run.endS > 0 ? run.endS : durationS}
      height={190}
      xLabel={strings.plotAxisX}
      yLabel={strings.goodputAxisY}
      yFloor={1}
      yTickFormat={mbps}
      reference={reference}
      testId="goodput-canvas"
      ariaLabel={strings.throughputHeading}
    />
  );
}
