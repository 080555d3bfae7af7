// Jain's fairness index over time, over the flows and over algorithm groups, and a bar per flow
// of its mean goodput beside the equal share.
import { scaleBand, scaleLinear } from 'd3';
import { useMemo, useRef, useState } from 'react';
import { seriesColor } from '../../charts/palette';
import type { SeriesSpec } from '../../charts/plotSpec';
import { formatNumber, formatRate } from '../../i18n/format';
import type { JainRows } from '../../sim/validator';
import type { RunSnapshot } from '../../state/runStore';
import { useElementWidth } from '../hooks/useElementWidth';
import { derived } from '../../state/runDerived';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { YGrid } from './SvgAxes';
import { flowBounds } from './bounds';
import { fairnessInput } from './fairnessSeries';
import { meanGoodputSinceOpen } from './flowMean';
import { chooseShown, pickedFlows } from './manyFlows';
import { PlotCard } from './PlotCard';
import { dashFor, drawable, spanOf, tagSuffix, versionOf } from './series';
import type { RunView } from './series';
import { TimePlot } from './TimePlot';

const WINDOW_S = 1;

/** Mean goodput of each flow: the summary's when done, else the same since it opened, live. */
function meanGoodputs(snap: RunSnapshot): { id: string; bps: number }[] {
  if (snap.summary) return snap.summary.flows.map((f) => ({ id: f.id, bps: f.goodput_bps }));
  return (snap.scenario?.flows ?? []).map((f) => ({
    id: f.id,
    bps: meanGoodputSinceOpen(snap, f.id),
  }));
}

interface Props {
  runs: RunView[];
  durationS: number;
  jainRows: JainRows | null;
  /** Write each flow's goodput on its bar (a lesson hides the numbers until answered). */
  readouts?: boolean;
}

export function FairnessPanel({ runs, durationS, jainRows, readouts = true }: Props) {
  const t = useStrings();
  const version = versionOf(runs);
  const spec = useMemo(() => {
    const series: SeriesSpec[] = [];
    if (jainRows) {
      for (const r of drawable(runs)) {
        const trace = r.snap.trace;
        if (!trace) continue;
        // Over every flow (an index of all of them), derived once per run.
        const { input, jf, jg } = derived(trace, `jain:${WINDOW_S}`, () => {
          const input = fairnessInput(r.snap, WINDOW_S);
          if (!input || input.flowCount < 2) return { input: null, jf: null, jg: null };
          const jf = jainRows(input.flows, input.flowCount);
          const jg =
            input.groupNames.length > 1 ? jainRows(input.groups, input.groupNames.length) : null;
          // The matrices are not needed once the indices are computed.
          return {
            input: { ...input, flows: new Float64Array(0), groups: new Float64Array(0) },
            jf,
            jg,
          };
        });
        if (!input || !jf) continue;
        const sfx = tagSuffix(r.tag, t.plot.variantB);
        series.push({
          id: `${r.tag}jf`,
          label: `${t.fairness.overFlows}${sfx}`,
          x: input.t,
          y: jf,
          n: input.n,
          color: seriesColor(0),
          width: 2,
          dash: dashFor(r.tag),
        });
        if (jg) {
          series.push({
            id: `${r.tag}jg`,
            label: `${t.fairness.overGroups} (${input.groupNames.join(', ')})${sfx}`,
            x: input.t,
            y: jg,
            n: input.n,
            color: seriesColor(1),
            width: 2,
            dash: dashFor(r.tag, r.tag === 'B' ? undefined : [8, 3]),
          });
        }
      }
    }
    return {
      title: t.fairness.title,
      xLabel: t.plot.time,
      yLabel: t.fairness.jainLabel,
      series,
      markers: [],
      refs: [],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, jainRows]);
  const flowCount = runs[0]?.snap.scenario?.flows.length ?? 0;
  return (
    <PlotCard title={t.fairness.title} help={t.fairness.help} testId="panel-fairness">
      {flowCount < 2 ? (
        <p className="muted">{t.fairness.needTwo}</p>
      ) : (
        <>
          <TimePlot
            spec={spec}
            version={version}
            fullS={spanOf(runs, durationS)}
            size="small"
            yFixed={[0, 1.05]}
            yFormat={(y) => formatNumber(y, 2)}
            testId="jain"
            emptyText={t.plot.empty}
          />
          <p className="muted small">{t.fairness.window(String(WINDOW_S))}</p>
        </>
      )}
      <FlowBars runs={runs} readouts={readouts} />
    </PlotCard>
  );
}

function FlowBars({ runs, readouts }: { runs: RunView[]; readouts: boolean }) {
  const t = useStrings();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, 500);
  const [hover, setHover] = useState<string | null>(null);
  const picked = useStore(pickedFlows);
  // Many flows: the bars of the flows the plots draw; the equal share is over every flow.
  const lead = runs[0]?.snap;
  const choice = chooseShown(
    lead,
    (lead?.scenario?.flows ?? []).map((f) => f.id),
    picked,
  );
  const only = choice.kind === 'all' ? null : new Set(choice.ids);
  const every = runs.flatMap((r) => meanGoodputs(r.snap).map((g) => ({ ...g, tag: r.tag })));
  const data = runs.flatMap((r) =>
    meanGoodputs(r.snap)
      .filter((g) => !only || only.has(g.id))
      .map((g) => ({
        ...g,
        tag: r.tag,
        key: `${g.id}${r.tag === 'B' ? ' (B)' : ''}`,
        // The model's max-min share for this flow (TCP flows; null when unlimited).
        fair: flowBounds(r.snap.summary ?? r.snap.initial, g.id)?.fair_share_bps ?? null,
      })),
  );
  const finite = data.filter((d) => Number.isFinite(d.bps));
  const H = 150;
  const m = { top: 8, right: 10, bottom: 30, left: 60 };
  const x = scaleBand()
    .domain(data.map((d) => d.key))
    .range([m.left, width - m.right])
    .padding(0.25);
  const fairs = finite.map((d) => d.fair).filter((v): v is number => Number.isFinite(v));
  const max = Math.max(1, ...finite.map((d) => d.bps), ...fairs);
  const y = scaleLinear()
    .domain([0, max * 1.15])
    .nice()
    .range([H - m.bottom, m.top]);
  const everyA = every.filter((d) => d.tag !== 'B' && Number.isFinite(d.bps));
  const share =
    everyA.length > 0 ? everyA.reduce((s, d) => s + d.bps, 0) / Math.max(1, everyA.length) : NaN;
  const colorOf = new Map([...new Set(data.map((d) => d.id))].map((id, k) => [id, k]));
  return (
    <div ref={ref} className="bars">
      <h3 className="plot__title">{t.fairness.barsTitle}</h3>
      {data.length === 0 ? (
        <p className="muted small">{t.plot.empty}</p>
      ) : (
        <svg
          width={width}
          height={H}
          role="img"
          aria-label={
            readouts
              ? `${t.fairness.barsTitle}: ${finite.map((d) => `${d.key} ${formatRate(d.bps)}`).join(', ')}`
              : t.fairness.barsTitle
          }
          data-testid="flow-bars"
        >
          <YGrid
            ticks={y.ticks(4)}
            y={y}
            m={m}
            width={width}
            format={(v) => formatNumber(v / 1e6)}
          />
          <text
            className="bars__tick"
            transform={`translate(14,${(H - m.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {t.fairness.barsLabel}
          </text>
          {finite.map((d) => (
            <g
              key={d.key}
              onPointerEnter={() => setHover(d.key)}
              onPointerLeave={() => setHover(null)}
            >
              <rect
                x={x(d.key)}
                y={y(d.bps)}
                width={x.bandwidth()}
                height={Math.max(0, y(0) - y(d.bps))}
                fill={seriesColor(colorOf.get(d.id) ?? 0)}
                opacity={d.tag === 'B' ? 0.55 : 1}
                rx={3}
              />
              {d.fair !== null && Number.isFinite(d.fair) && (
                <line
                  className="bars__fair"
                  data-testid="fair-share-tick"
                  x1={(x(d.key) ?? 0) - 3}
                  x2={(x(d.key) ?? 0) + x.bandwidth() + 3}
                  y1={y(d.fair)}
                  y2={y(d.fair)}
                >
                  <title>{`${t.throughput.bounds.fair_share_bps}: ${formatRate(d.fair)}`}</title>
                </line>
              )}
              {readouts && (hover === d.key || data.length <= 8) && (
                <text
                  className="bars__value"
                  x={(x(d.key) ?? 0) + x.bandwidth() / 2}
                  y={
                    Math.min(
                      y(d.bps),
                      d.fair !== null && Number.isFinite(d.fair) ? y(d.fair) : Infinity,
                    ) - 5
                  }
                  textAnchor="middle"
                >
                  {formatRate(d.bps)}
                </text>
              )}
            </g>
          ))}
          {data.map((d) => (
            <text
              key={d.key}
              className="bars__tick"
              x={(x(d.key) ?? 0) + x.bandwidth() / 2}
              y={H - m.bottom + 16}
              textAnchor="middle"
            >
              {d.key}
            </text>
          ))}
          {Number.isFinite(share) && everyA.length > 1 && (
            <g>
              <line
                className="bars__share"
                x1={m.left}
                x2={width - m.right}
                y1={y(share)}
                y2={y(share)}
              />
              <text
                className="bars__sharelabel"
                x={width - m.right}
                y={y(share) - 4}
                textAnchor="end"
              >
                {t.fairness.equalShare}
              </text>
            </g>
          )}
        </svg>
      )}
      {choice.kind !== 'all' && (
        <p className="muted small" data-testid="bars-flows">
          {t.plot.barsFlows(choice.ids.length, choice.total)}
        </p>
      )}
      {fairs.length > 0 && <p className="muted small">{t.fairness.fairTick}</p>}
    </div>
  );
}
