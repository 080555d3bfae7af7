// Goodput per flow over a sliding window of the delivered-bytes counter, with the simulator's
// analytic bounds of a chosen flow as labelled lines (the table of measured against bound is
// BoundsTable, shown with the run's story). A live re-run's predecessor stays faded behind it.
import { useMemo, useState } from 'react';
import { BOUND_DASH, boundColor } from '../../charts/palette';
import { windowedRate } from '../../charts/derived';
import type { RefSpec, SeriesSpec } from '../../charts/plotSpec';
import { formatNumber } from '../../i18n/format';
import { ccLabel } from '../../scenario/ccAlgorithms';
import { flowIds } from '../../sim/rows';
import { useStrings } from '../hooks/useStrings';
import {
  boundValues,
  distinctBounds,
  fairShareSteps,
  flowBounds,
  fromMeasuredLoss,
  hasHostModel,
} from './bounds';
import { PlotCard } from './PlotCard';
import {
  colorIndex,
  columnXY,
  drawable,
  isPrevious,
  lineSeries,
  previousRuns,
  spanOf,
  styleFor,
  tagSuffix,
  versionOf,
} from './series';
import type { RunView } from './series';
import { TimePlot } from './TimePlot';

const WINDOWS = [0, 0.05, 0.1, 0.5, 1, 2];

/** The automatic window: a twentieth of the run, between 50 ms and 0.5 s. */
export function autoWindow(durationS: number): number {
  return Math.min(0.5, Math.max(0.05, durationS / 20));
}
const mbps = (y: number) => formatNumber(y / 1e6);

interface Props {
  runs: RunView[];
  durationS: number;
}

export function ThroughputPanel({ runs, durationS }: Props) {
  const t = useStrings();
  const [choice, setWindowS] = useState(0);
  const windowS = choice > 0 ? choice : autoWindow(spanOf(runs, durationS));
  const [boundFlow, setBoundFlow] = useState<string>('');
  const version = versionOf(runs);
  const current = drawable(runs);
  const first = runs[0]?.snap;
  const allIds = first ? flowIds(first.columns, 'delivered') : [];
  const tcpIds = allIds.filter(
    (id) => first?.scenario?.flows.find((f) => f.id === id)?.protocol !== 'udp',
  );
  const chosen = tcpIds.includes(boundFlow) ? boundFlow : (tcpIds[0] ?? '');

  const spec = useMemo(() => {
    const series: SeriesSpec[] = [];
    const refs: RefSpec[] = [];
    const colors = colorIndex([...current, ...previousRuns(runs)], 'flow', 'delivered');
    for (const r of [...drawable(previousRuns(runs)), ...current]) {
      const ids = flowIds(r.snap.columns, 'delivered');
      for (const id of ids) {
        const d = columnXY(r.snap, 'flow', id, 'delivered');
        if (!d) continue;
        const rate = windowedRate(d.x, d.y, d.n, windowS, 8);
        const flow = r.snap.scenario?.flows.find((f) => f.id === id);
        const algo = flow?.protocol === 'udp' ? 'UDP' : ccLabel(flow?.cc ?? 'newreno');
        const sfx = `${ids.length > 1 || current.length > 1 ? ` ${id}` : ''}${tagSuffix(r.tag, t.plot.variantB)}`;
        const { color, dash, noLegend } = styleFor(r, colors.get(id) ?? 0);
        series.push(
          lineSeries(
            `${r.tag}gp.${id}`,
            t.throughput.goodput + sfx,
            { x: rate.x, y: rate.y, n: d.n },
            color,
            {
              dash,
              noLegend,
              width: isPrevious(r.tag) ? 1.3 : 1.8,
              group: `${algo}${tagSuffix(r.tag, t.plot.variantB)}`,
            },
          ),
        );
      }
    }
    for (const r of runs) {
      if (isPrevious(r.tag)) continue;
      const summary = r.snap.summary ?? r.snap.initial;
      const b = flowBounds(summary, chosen);
      if (!b) continue;
      const values = boundValues(b, { hostModel: hasHostModel(r.snap.scenario, chosen) });
      const measuredP = fromMeasuredLoss(b) ? b.measured_loss_p : null;
      const name = (k: string) =>
        (k === 'mathis_bps' || k === 'pftk_bps') && typeof measuredP === 'number'
          ? `${t.screen.boundShort[k] ?? k} (p = ${formatNumber(measuredP * 100, 2)} %)`
          : (t.screen.boundShort[k] ?? k);
      const steps = fairShareSteps(b, spanOf(runs, durationS));
      if (steps) {
        // Flows start at different times: the fair share is a staircase, not a line.
        delete values.fair_share_bps;
        series.push(
          lineSeries(
            `${r.tag}bound.fair_share_bps`,
            `${name('fair_share_bps')}${tagSuffix(r.tag, t.plot.variantB)}`,
            steps,
            boundColor('fair_share_bps'),
            { dash: r.tag === 'B' ? [...BOUND_DASH, 1, 4] : BOUND_DASH, width: 1.2 },
          ),
        );
      }
      for (const line of distinctBounds(values)) {
        const kind = line.kinds[0] ?? 'link_bps';
        // B's bound at the same value as one of A's is the same line: draw it once.
        const same = refs.some((x) => Math.abs(x.y - line.bps) <= 1e-3 * line.bps);
        if (r.tag === 'B' && same) continue;
        refs.push({
          id: `${r.tag}bound.${line.kinds.join('+')}`,
          label: `${line.kinds.map(name).join(' = ')}${tagSuffix(r.tag, t.plot.variantB)}`,
          y: line.bps,
          color: boundColor(kind),
          dash: r.tag === 'B' ? [...BOUND_DASH, 1, 4] : BOUND_DASH,
        });
      }
    }
    return {
      title: t.throughput.title,
      xLabel: t.plot.time,
      yLabel: t.throughput.yLabel,
      yUnit: 'b/s',
      series,
      markers: [],
      refs,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, windowS, chosen]);

  const controls = (
    <div className="plotcard__controls">
      <label>
        {t.throughput.smoothing}{' '}
        <select
          value={windowS}
          data-testid="goodput-window"
          onChange={(e) => setWindowS(Number(e.target.value))}
        >
          {WINDOWS.map((w) => (
            <option key={w} value={w}>
              {w} s
            </option>
          ))}
        </select>
      </label>
      {tcpIds.length > 1 && (
        <label>
          {t.ccInternals.flow}{' '}
          <select
            value={chosen}
            data-testid="bounds-flow"
            onChange={(e) => setBoundFlow(e.target.value)}
          >
            {tcpIds.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
  return (
    <PlotCard
      title={t.throughput.title}
      help={t.screen.goodputHelp}
      testId="panel-throughput"
      controls={controls}
    >
      {(head) => (
        <TimePlot
          head={head}
          spec={spec}
          version={version}
          fullS={spanOf(runs, durationS)}
          size="main"
          steady
          yFormat={mbps}
          yFloor={1e6}
          testId="goodput"
          emptyText={t.plot.empty}
        />
      )}
    </PlotCard>
  );
}
