// cwnd and ssthresh per flow, with markers where segments were retransmitted (losses) and where
// the retransmission timer fired. While a live re-run streams, the run it replaces stays drawn,
// faded and dashed, behind it.
import { useMemo } from 'react';
import { counterSteps } from '../../charts/markers';
import { CC_ALGORITHMS, ccLabel } from '../../scenario/ccAlgorithms';
import type { MarkerSpec, SeriesSpec } from '../../charts/plotSpec';
import { flowIds } from '../../sim/rows';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { FlowNote } from './FlowNote';
import { chooseShown, flowsById, isTcp, meanOfFlows, pickedFlows } from './manyFlows';
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

/** ssthresh 0 means "not set yet" (infinite): draw nothing there. */
const ssthreshSet = (y: number) => y > 0;
/** cwnd is 0 only before the flow opens: draw nothing there. */
const open = (y: number) => y > 0;

export function CwndPanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const version = versionOf(runs);
  const picked = useStore(pickedFlows);
  const { spec, choice, allIds } = useMemo(() => {
    const series: SeriesSpec[] = [];
    const markers: MarkerSpec[] = [];
    const current = drawable(runs);
    // Many flows: the same few flows of every run (chosen from the first), and the mean of all.
    const lead = (current[0] ?? runs[0])?.snap;
    const allIds = lead ? flowIds(lead.columns).filter((id) => isTcp(lead, id)) : [];
    const choice = chooseShown(lead, allIds, picked);
    const many = choice.kind !== 'all';
    const colors = many
      ? new Map(choice.ids.map((id, k) => [id, k]))
      : colorIndex([...current, ...previousRuns(runs)], 'flow', 'cwnd');
    const shown = [...drawable(previousRuns(runs)), ...current];
    for (const r of shown) {
      const prev = isPrevious(r.tag);
      const runIds = flowIds(r.snap.columns).filter((id) => isTcp(r.snap, id));
      const tcpIds = many ? choice.ids.filter((id) => runIds.includes(id)) : runIds;
      const mean = many && !prev ? meanOfFlows(r.snap, runIds, 'cwnd', open) : null;
      if (mean)
        series.push(
          meanLine('cwnd', r.tag, t.plot.meanOfFlows(runIds.length), t.plot.variantB, mean, open),
        );
      const flows = flowsById(r.snap.scenario);
      for (const id of tcpIds) {
        const k = colors.get(id) ?? 0;
        const { color, dash, noLegend } = styleFor(r, k);
        const ssStyle = styleFor(r, k, [2, 3]);
        const flow = flows.get(id);
        const algo = ccLabel(flow?.cc ?? 'newreno');
        const sfx = `${runIds.length > 1 || current.length > 1 ? ` ${id}` : ''}${tagSuffix(r.tag, t.plot.variantB)}`;
        const cwnd = columnXY(r.snap, 'flow', id, 'cwnd');
        const ss = columnXY(r.snap, 'flow', id, 'ssthresh');
        if (cwnd)
          series.push(
            lineSeries(`${r.tag}cwnd.${id}`, t.cwnd.cwnd + sfx, cwnd, color, {
              width: prev ? 1.4 : 2,
              dash,
              defined: open,
              group: `${algo}${tagSuffix(r.tag, t.plot.variantB)}`,
              noLegend,
            }),
          );
        if (ss)
          series.push(
            lineSeries(`${r.tag}ss.${id}`, t.cwnd.ssthresh + sfx, ss, ssStyle.color, {
              width: 1.2,
              dash: ssStyle.dash,
              defined: ssthreshSet,
              group: `${algo} ${t.cwnd.ssthresh}${tagSuffix(r.tag, t.plot.variantB)}`,
              noLegend,
            }),
          );
        // The previous run is only a faded line: its markers would be read as the new run's.
        if (!cwnd || prev) continue;
        const group = `${algo}${tagSuffix(r.tag, t.plot.variantB)}`;
        const retx = columnXY(r.snap, 'flow', id, 'retransmits');
        const tos = columnXY(r.snap, 'flow', id, 'timeouts');
        const tlp = columnXY(r.snap, 'flow', id, 'tlp_probes');
        if (retx) {
          const m = counterSteps(cwnd.x, retx.y, cwnd.y, cwnd.n);
          markers.push({
            id: `${r.tag}loss.${id}`,
            label: t.cwnd.loss + sfx,
            group,
            color,
            shape: 'triangle',
            x: m.x,
            y: m.y,
            n: m.length,
          });
        }
        if (tlp) {
          // A tail loss probe (RFC 8985): a segment sent ahead of the RTO.
          const m = counterSteps(cwnd.x, tlp.y, cwnd.y, cwnd.n);
          if (m.length > 0)
            markers.push({
              id: `${r.tag}tlp.${id}`,
              label: t.cwnd.probe + sfx,
              group,
              color,
              shape: 'diamond',
              x: m.x,
              y: m.y,
              n: m.length,
            });
        }
        const switches = columnXY(r.snap, 'flow', id, 'switches');
        const algorithm = columnXY(r.snap, 'flow', id, 'algorithm');
        if (switches && algorithm) {
          // One marker per switch (each rule fires at most once), named after the successor.
          const m = counterSteps(cwnd.x, switches.y, cwnd.y, cwnd.n);
          const steps = counterSteps(cwnd.x, switches.y, algorithm.y, cwnd.n);
          for (let k = 0; k < m.length; k++) {
            const cc = CC_ALGORITHMS[steps.y[k] as number] ?? '?';
            markers.push({
              id: `${r.tag}switch.${id}.${k}`,
              label: t.cwnd.switchTo(ccLabel(cc)) + sfx,
              group,
              color,
              shape: 'dot',
              x: m.x.subarray(k, k + 1),
              y: m.y.subarray(k, k + 1),
              n: 1,
            });
          }
        }
        if (tos) {
          const m = counterSteps(cwnd.x, tos.y, cwnd.y, cwnd.n);
          markers.push({
            id: `${r.tag}rto.${id}`,
            label: t.cwnd.timeout + sfx,
            group,
            color,
            shape: 'cross',
            x: m.x,
            y: m.y,
            n: m.length,
          });
        }
      }
    }
    const spec = {
      title: t.cwnd.title,
      xLabel: t.plot.time,
      yLabel: t.cwnd.yLabel,
      yUnit: 'seg',
      series,
      markers,
      refs: [],
    };
    return { spec, choice, allIds };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the runs changed
  }, [version, t, picked]);
  return (
    <PlotCard title={t.cwnd.title} help={t.cwnd.help} testId="panel-cwnd">
      {(head) => (
        <TimePlot
          head={head}
          spec={spec}
          version={version}
          fullS={spanOf(runs, durationS)}
          size="main"
          steady
          yFloor={10}
          testId="cwnd"
          emptyText={t.plot.empty}
          note={<FlowNote choice={choice} ids={allIds} testId="cwnd-flows" />}
        />
      )}
    </PlotCard>
  );
}
