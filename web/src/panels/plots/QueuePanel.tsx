// Queue length and queueing delay (sojourn) at every link direction where packets waited: the
// bottlenecks. Drops are marked on the queue-length curve.
import { useMemo } from 'react';
import { counterSteps } from '../../charts/markers';
import type { MarkerSpec, PlotSpec, SeriesSpec } from '../../charts/plotSpec';
import { maxOf } from '../../charts/scales';
import { idsWith } from '../../sim/rows';
import { useStrings } from '../hooks/useStrings';
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

/** `bottleneck:a>b` → `bottleneck a→b`. */
export function linkLabel(id: string): string {
  return id.replace(':a>b', ' a→b').replace(':b>a', ' b→a');
}

export function QueuePanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const version = versionOf(runs);
  const { length, sojourn } = useMemo(() => {
    const lenSeries: SeriesSpec[] = [];
    const sojSeries: SeriesSpec[] = [];
    const markers: MarkerSpec[] = [];
    const shown = drawable(runs);
    const colors = colorIndex(shown, 'link', 'queue');
    for (const r of shown) {
      for (const id of idsWith(r.snap.columns, 'link', 'queue')) {
        const q = columnXY(r.snap, 'link', id, 'queue');
        const drops = columnXY(r.snap, 'link', id, 'drops');
        if (!q) continue;
        const busy = maxOf(q.y, q.n) > 0 || (drops !== null && maxOf(drops.y, drops.n) > 0);
        if (!busy) continue;
        const color = seriesColor(colors.get(id) ?? 0);
        const label = linkLabel(id) + tagSuffix(r.tag, t.plot.variantB);
        lenSeries.push(lineSeries(`${r.tag}q.${id}`, label, q, color, { dash: dashFor(r.tag) }));
        const s = columnXY(r.snap, 'link', id, 'sojourn');
        if (s)
          sojSeries.push(lineSeries(`${r.tag}s.${id}`, label, s, color, { dash: dashFor(r.tag) }));
        if (drops) {
          const m = counterSteps(q.x, drops.y, q.y, q.n);
          markers.push({
            id: `${r.tag}d.${id}`,
            label: `drops ${label}`,
            color,
            shape: 'cross',
            x: m.x,
            y: m.y,
            n: m.length,
          });
        }
      }
    }
    const length: PlotSpec = {
      title: t.queue.lengthTitle,
      xLabel: t.plot.time,
      yLabel: t.queue.lengthLabel,
      series: lenSeries,
      markers,
      refs: [],
    };
    const sojourn: PlotSpec = {
      title: t.queue.sojournTitle,
      xLabel: t.plot.time,
      yLabel: t.queue.sojournLabel,
      series: sojSeries,
      markers: [],
      refs: [],
    };
    return { length, sojourn };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t]);
  const span = spanOf(runs, durationS);
  return (
    <PlotCard title={t.queue.title} help={t.queue.help} testId="panel-queue">
      <h3 className="plot__title">{t.queue.lengthTitle}</h3>
      <TimePlot
        spec={length}
        version={version}
        fullS={span}
        size="normal"
        steady
        yFloor={10}
        testId="queue"
        emptyText={t.queue.none}
      />
      <h3 className="plot__title">{t.queue.sojournTitle}</h3>
      <TimePlot
        spec={sojourn}
        version={version}
        fullS={span}
        size="small"
        steady
        yFloor={1}
        testId="sojourn"
        emptyText={t.queue.none}
      />
    </PlotCard>
  );
}
