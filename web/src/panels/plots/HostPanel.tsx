// The end-host pipeline of modelled hosts (paper 000): utilisation of the I/O bus, memory bus,
// CPU and offload engine; the passage time d; the NIC buffer and its overruns; the receiver's
// bandwidth estimate; and whether offload is on.
import { useMemo, useState } from 'react';
import type { PlotSpec, SeriesSpec } from '../../charts/plotSpec';
import { idsWith } from '../../sim/rows';
import type { Scenario } from '../../scenario/types';
import { useStrings } from '../hooks/useStrings';
import { PlotCard } from './PlotCard';
import {
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

const GROUPS: { key: string; metrics: string[]; yFixed?: [number, number] }[] = [
  {
    key: 'utilisation',
    metrics: ['pci_util', 'membus_util', 'cpu_util', 'toe_util'],
    yFixed: [0, 1.05],
  },
  { key: 'passage', metrics: ['passage', 'latency'] },
  { key: 'nicBuffer', metrics: ['nic_buffer'] },
  { key: 'overruns', metrics: ['nic_overruns'] },
  { key: 'bwEstimate', metrics: ['bw_estimate'] },
];

function offloadState(
  s: Scenario | null,
  host: string,
  on: string,
  off: string,
  preset: string,
): string {
  const spec = s?.topology.nodes.find((n) => n.id === host)?.host;
  if (spec?.offload === true) return on;
  if (spec?.offload === false) return off;
  return `${preset} (${spec?.preset ?? 'ideal'})`;
}

export function HostPanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const [chosen, setChosen] = useState('');
  const version = versionOf(runs);
  const first = runs.find((r) => r.snap.columns.length > 0)?.snap;
  const ids = first ? idsWith(first.columns, 'host', 'passage') : [];
  const id = ids.includes(chosen) ? chosen : (ids[0] ?? '');
  const specs = useMemo(() => {
    if (!id) return [];
    return GROUPS.map((g): { spec: PlotSpec; yFixed?: [number, number] } => {
      const label = (t.hostPanel as Record<string, unknown>)[g.key];
      const title = typeof label === 'string' ? label : g.key;
      const series: SeriesSpec[] = drawable(runs).flatMap((r) =>
        g.metrics.flatMap((metric, k) => {
          const xy = columnXY(r.snap, 'host', id, metric);
          return xy
            ? [
                lineSeries(
                  `${r.tag}${metric}`,
                  `${metric}${tagSuffix(r.tag, t.plot.variantB)}`,
                  xy,
                  seriesColor(k),
                  { dash: dashFor(r.tag), width: 1.6 },
                ),
              ]
            : [];
        }),
      );
      const unit = first?.columns.find(
        (c) => c.entity === 'host' && c.id === id && c.metric === g.metrics[0],
      )?.unit;
      return {
        spec: {
          title: `${id}: ${title}`,
          xLabel: t.plot.time,
          yLabel: title,
          yUnit: g.yFixed ? 'ratio' : unit,
          series,
          markers: [],
          refs: [],
        },
        yFixed: g.yFixed,
      };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, id]);
  const controls =
    ids.length > 1 ? (
      <div className="plotcard__controls">
        <select
          value={id}
          aria-label={t.hostPanel.title}
          onChange={(e) => setChosen(e.target.value)}
        >
          {ids.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      </div>
    ) : undefined;
  return (
    <PlotCard
      title={t.hostPanel.title}
      help={t.hostPanel.help}
      testId="panel-host"
      controls={controls}
    >
      {id ? (
        <>
          <p className="hostline" data-testid="host-offload">
            {runs.map((r) => (
              <span key={r.tag} className="chip">
                {t.hostPanel.offload(
                  `${id}${tagSuffix(r.tag, t.plot.variantB)}`,
                  offloadState(r.snap.scenario, id, t.node.on, t.node.off, t.node.offloadPreset),
                )}
              </span>
            ))}
          </p>
          <div className="multiples">
            {specs.map(({ spec, yFixed }) => (
              <div key={spec.title} className="multiples__item">
                <h3 className="plot__title">{spec.yLabel}</h3>
                <TimePlot
                  spec={spec}
                  version={version}
                  fullS={spanOf(runs, durationS)}
                  size="small"
                  yFixed={yFixed}
                  yFloor={1e-12}
                  testId={`host-${spec.yLabel}`}
                />
              </div>
            ))}
          </div>
        </>
      ) : (
        <p className="muted">{t.hostPanel.none}</p>
      )}
    </PlotCard>
  );
}
