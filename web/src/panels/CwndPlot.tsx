// The live congestion-window plot: cwnd per flow, and ssthresh once it is set.
import { useMemo } from 'react';
import { findColumn, flowIds } from '../sim/rows';
import type { RunSnapshot } from '../state/runStore';
import { strings } from '../i18n';
import { TimePlot } from './TimePlot';
import type { PlotSeries } from './TimePlot';

const FLOW_COLORS = ['#1f6fb2', '#2e9e6a', '#8b5cc7', '#c4405b'];
const SSTHRESH_COLOR = '#d9822b';
/** ssthresh 0 means "not set yet" (infinite): draw nothing there. */
const ssthreshSet = (y: number) => y > 0;

interface Props {
  run: RunSnapshot;
  /** x-axis end while no run is going: the duration set in the controls. */
  durationS: number;
}

export function CwndPlot({ run, durationS }: Props) {
  const { trace, columns, version } = run;
  const series = useMemo((): PlotSeries[] => {
    void version; // the trace grows in place; a new version means new rows
    const tCol = findColumn(columns, 'time', '', 't');
    if (!trace || tCol < 0) return [];
    const t = trace.column(tCol);
    const ids = flowIds(columns);
    return ids.flatMap((id, i): PlotSeries[] => {
      const suffix = ids.length > 1 ? ` ${id}` : '';
      const cwnd = findColumn(columns, 'flow', id, 'cwnd');
      const ss = findColumn(columns, 'flow', id, 'ssthresh');
      const out: PlotSeries[] = [];
      if (cwnd >= 0) {
        const color = FLOW_COLORS[i % FLOW_COLORS.length] ?? '#1f6fb2';
        out.push({
          label: strings.legendCwnd + suffix,
          x: t,
          y: trace.column(cwnd),
          style: { color, width: 2 },
        });
      }
      if (ss >= 0) {
        out.push({
          label: strings.legendSsthresh + suffix,
          x: t,
          y: trace.column(ss),
          style: { color: SSTHRESH_COLOR, width: 1.5, dash: [6, 4] },
          defined: ssthreshSet,
        });
      }
      return out;
    });
  }, [trace, columns, version]);

  return (
    <TimePlot
      series={series}
      xMax={run.endS > 0 ? run.endS : durationS}
      height={320}
      xLabel={strings.plotAxisX}
      yLabel={strings.plotAxisY}
      emptyText={strings.plotEmpty}
      testId="cwnd-canvas"
      ariaLabel={strings.plotHeading}
    />
  );
}
