// Queue length and queueing delay (sojourn) at every link direction where packets waited: the
// bottlenecks. Drops are marked on the queue-length curve.
import { useMemo } from 'react';
import { counterSteps } from '../../charts/markers';
import type { MarkerSpec, PlotSpec, SeriesSpec } from '../../charts/plotSpec';
import { maxOf } from '../../charts/scales';
import { DRAW_ALL_UP_TO, EXTREMES } from '../../charts/flowSelection';
import { findColumn, idsWith } from '../../sim/rows';
import { derived } from '../../state/runDerived';
import type { RunSnapshot } from '../../state/runStore';
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

/** Queues drawn at most: the busiest (longest queue, then most drops); the rest are counted. */
export const MAX_QUEUES = Math.max(DRAW_ALL_UP_TO, 2 * EXTREMES);

/**
 * The link directions where packets waited or were dropped, busiest first (longest queue, then
 * most drops; ties in column order), derived once per run.
 */
export function busyQueues(snap: RunSnapshot): string[] {
  const trace = snap.trace;
  if (!trace) return [];
  return derived(trace, 'busy-queues', () => {
    const busy: { id: string; q: number; d: number; k: number }[] = [];
    // Each link's columns read into one scratch array in turn.
    const scratch = new Float64Array(trace.length);
    idsWith(snap.columns, 'link', 'queue').forEach((id, k) => {
      const qc = findColumn(snap.columns, 'link', id, 'queue');
      const dc = findColumn(snap.columns, 'link', id, 'drops');
      const q = qc >= 0 ? maxOf(trace.read(qc, scratch), trace.length) : 0;
      const d = dc >= 0 ? maxOf(trace.read(dc, scratch), trace.length) : 0;
      if (q > 0 || d > 0) busy.push({ id, q, d, k });
    });
    busy.sort((a, b) => b.q - a.q || b.d - a.d || a.k - b.k);
    return busy.map((b) => b.id);
  });
}

export function QueuePanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const version = versionOf(runs);
  const { length, sojourn, busyCount } = useMemo(() => {
    const lenSeries: SeriesSpec[] = [];
    const sojSeries: SeriesSpec[] = [];
    const markers: MarkerSpec[] = [];
    const shown = drawable(runs);
    // Many busy queues (many access links): the busiest of the first run, in every run.
    const lead = shown[0]?.snap;
    const leadBusy = lead ? busyQueues(lead) : [];
    const many = leadBusy.length > MAX_QUEUES;
    const picked = new Set(leadBusy.slice(0, MAX_QUEUES));
    const colors = many
      ? new Map(leadBusy.slice(0, MAX_QUEUES).map((id, k) => [id, k]))
      : colorIndex(shown, 'link', 'queue');
    for (const r of shown) {
      const ids = busyQueues(r.snap).filter((id) => !many || picked.has(id));
      for (const id of idsWith(r.snap.columns, 'link', 'queue').filter((x) => ids.includes(x))) {
        const q = columnXY(r.snap, 'link', id, 'queue');
        const drops = columnXY(r.snap, 'link', id, 'drops');
        if (!q) continue;
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
    return { length, sojourn, busyCount: many ? leadBusy.length : 0 };
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
        note={
          busyCount > 0 ? (
            <p className="plot__note" data-testid="queue-count">
              {t.plot.queuesBusiest(MAX_QUEUES, busyCount)}
            </p>
          ) : undefined
        }
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
