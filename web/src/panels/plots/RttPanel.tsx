// The smoothed RTT of each flow against its base RTT (propagation and serialisation only, from
// the simulator's bounds): the gap between them is queueing delay.
import { useMemo } from 'react';
import type { RefSpec, SeriesSpec } from '../../charts/plotSpec';
import { flowIds } from '../../sim/rows';
import { useStrings } from '../hooks/useStrings';
import { flowBounds } from './bounds';
import { PlotCard } from './PlotCard';
import {
  colorIndex,
  columnXY,
  dashFor,
  drawable,
  lineSeries,
  seriesColor,
  spanOf,
  tagSuffix,
  versionOf,
} from './series';
import type { RunView } from './series';
import { TimePlot } from './TimePlot';

/** srtt is 0 until the first RTT sample: draw nothing there. */
const measuredRtt = (y: number) => y > 0;

export function RttPanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const version = versionOf(runs);
  const spec = useMemo(() => {
    const series: SeriesSpec[] = [];
    const refs: RefSpec[] = [];
    const shown = drawable(runs);
    const colors = colorIndex(shown, 'flow', 'srtt');
    for (const r of shown) {
      const ids = flowIds(r.snap.columns, 'srtt').filter(
        (id) => r.snap.scenario?.flows.find((f) => f.id === id)?.protocol !== 'udp',
      );
      for (const id of ids) {
        const xy = columnXY(r.snap, 'flow', id, 'srtt');
        if (!xy) continue;
        const color = seriesColor(colors.get(id) ?? 0);
        const sfx = `${ids.length > 1 || shown.length > 1 ? ` ${id}` : ''}${tagSuffix(r.tag, t.plot.variantB)}`;
        series.push(
          lineSeries(`${r.tag}rtt.${id}`, t.rtt.srtt + sfx, xy, color, {
            dash: dashFor(r.tag),
            defined: measuredRtt,
          }),
        );
        const b = flowBounds(r.snap.initial, id);
        if (b && Number.isFinite(b.base_rtt_s)) {
          refs.push({
            id: `${r.tag}base.${id}`,
            label: t.rtt.base + sfx,
            y: b.base_rtt_s * 1000,
            color,
            dash: [1, 3],
          });
        }
      }
    }
    return {
      title: t.rtt.title,
      xLabel: t.plot.time,
      yLabel: t.rtt.yLabel,
      series,
      markers: [],
      refs,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t]);
  return (
    <PlotCard title={t.rtt.title} help={t.rtt.help} testId="panel-rtt">
      <TimePlot
        spec={spec}
        version={version}
        fullS={spanOf(runs, durationS)}
        size="normal"
        steady
        yFloor={1}
        testId="rtt"
        emptyText={t.plot.empty}
      />
    </PlotCard>
  );
}
