// The smoothed RTT of each flow against its base RTT (propagation and serialisation only, from
// the simulator's bounds): the gap between them is queueing delay.
import { useMemo } from 'react';
import type { RefSpec, SeriesSpec } from '../../charts/plotSpec';
import { flowIds } from '../../sim/rows';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { flowBounds } from './bounds';
import { FlowNote } from './FlowNote';
import { chooseShown, isTcp, meanOfFlows, pickedFlows } from './manyFlows';
import { PlotCard } from './PlotCard';
import {
  colorIndex,
  columnXY,
  dashFor,
  drawable,
  lineSeries,
  meanLine,
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
  const picked = useStore(pickedFlows);
  const { spec, choice, allIds } = useMemo(() => {
    const series: SeriesSpec[] = [];
    const refs: RefSpec[] = [];
    const shown = drawable(runs);
    // Many flows: the same few flows of every run (chosen from the first), and the mean of all.
    const lead = (shown[0] ?? runs[0])?.snap;
    const allIds = lead ? flowIds(lead.columns, 'srtt').filter((id) => isTcp(lead, id)) : [];
    const choice = chooseShown(lead, allIds, picked);
    const many = choice.kind !== 'all';
    const colors = many
      ? new Map(choice.ids.map((id, k) => [id, k]))
      : colorIndex(shown, 'flow', 'srtt');
    for (const r of shown) {
      const runIds = flowIds(r.snap.columns, 'srtt').filter((id) => isTcp(r.snap, id));
      const ids = many ? choice.ids.filter((id) => runIds.includes(id)) : runIds;
      const mean = many ? meanOfFlows(r.snap, runIds, 'srtt', measuredRtt) : null;
      if (mean)
        series.push(
          meanLine(
            'rtt',
            r.tag,
            t.plot.meanOfFlows(runIds.length),
            t.plot.variantB,
            mean,
            measuredRtt,
          ),
        );
      for (const id of ids) {
        const xy = columnXY(r.snap, 'flow', id, 'srtt');
        if (!xy) continue;
        const color = seriesColor(colors.get(id) ?? 0);
        const sfx = `${runIds.length > 1 || shown.length > 1 ? ` ${id}` : ''}${tagSuffix(r.tag, t.plot.variantB)}`;
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
    const spec = {
      title: t.rtt.title,
      xLabel: t.plot.time,
      yLabel: t.rtt.yLabel,
      series,
      markers: [],
      refs,
    };
    return { spec, choice, allIds };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, picked]);
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
        note={<FlowNote choice={choice} ids={allIds} testId="rtt-flows" />}
      />
    </PlotCard>
  );
}
