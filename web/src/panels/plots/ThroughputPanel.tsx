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
import { derived } from '../../state/runDerived';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { FlowNote } from './FlowNote';
import { chooseShown, flowsById, isTcp, meanOfFlows, pickedFlows } from './manyFlows';
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
  meanLine,
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
  const [windowChoice, setWindowS] = useState(0);
  const windowS = windowChoice > 0 ? windowChoice : autoWindow(spanOf(runs, durationS));
  const [boundFlow, setBoundFlow] = useState<string>('');
  const version = versionOf(runs);
  const current = drawable(runs);
  const first = runs[0]?.snap;
  const allIds = first ? flowIds(first.columns, 'delivered') : [];
  const tcpIds = first ? allIds.filter((id) => isTcp(first, id)) : [];
  const picked = useStore(pickedFlows);
  // Many flows: the same few flows of every run (chosen from the first), and the mean of all.
  const lead = (current[0] ?? runs[0])?.snap;
  const choice = useMemo(
    () => chooseShown(lead, allIds, picked),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
    [version, picked],
  );
  const many = choice.kind !== 'all';
  // The bounds' flow: chosen in the list, else the first flow drawn.
  const chosen = tcpIds.includes(boundFlow)
    ? boundFlow
    : ((many ? choice.ids.find((id) => tcpIds.includes(id)) : undefined) ?? tcpIds[0] ?? '');

  const spec = useMemo(() => {
    const series: SeriesSpec[] = [];
    const refs: RefSpec[] = [];
    const colors = many
      ? new Map(choice.ids.map((id, k) => [id, k]))
      : colorIndex([...current, ...previousRuns(runs)], 'flow', 'delivered');
    for (const r of [...drawable(previousRuns(runs)), ...current]) {
      const trace = r.snap.trace;
      if (!trace) continue;
      const runIds = flowIds(r.snap.columns, 'delivered');
      const ids = many ? choice.ids.filter((id) => runIds.includes(id)) : runIds;
      const flows = flowsById(r.snap.scenario);
      const mean = many && !isPrevious(r.tag) ? meanOfFlows(r.snap, runIds, 'delivered') : null;
      if (mean) {
        // The rate over a window is linear in the counter: the mean of the flows' goodputs is
        // the goodput of their mean delivered count.
        const rate = derived(trace, `gp-mean:${windowS}:${runIds.length}`, () =>
          windowedRate(mean.x, mean.y, mean.n, windowS, 8),
        );
        series.push(
          meanLine('gp', r.tag, t.plot.meanOfFlows(runIds.length), t.plot.variantB, {
            x: rate.x,
            y: rate.y,
            n: mean.n,
          }),
        );
      }
      for (const id of ids) {
        const d = columnXY(r.snap, 'flow', id, 'delivered');
        if (!d) continue;
        const rate = derived(trace, `gp:${id}:${windowS}`, () =>
          windowedRate(d.x, d.y, d.n, windowS, 8),
        );
        const flow = flows.get(id);
        const algo = flow?.protocol === 'udp' ? 'UDP' : ccLabel(flow?.cc ?? 'newreno');
        const sfx = `${runIds.length > 1 || current.length > 1 ? ` ${id}` : ''}${tagSuffix(r.tag, t.plot.variantB)}`;
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
  }, [version, t, windowS, chosen, choice]);

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
            {(many
              ? [...new Set([chosen, ...choice.ids])].filter((id) => tcpIds.includes(id))
              : tcpIds
            ).map((id) => (
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
          note={<FlowNote choice={choice} ids={allIds} testId="goodput-flows" />}
        />
      )}
    </PlotCard>
  );
}
