// The congestion controller's own state for a chosen flow (the `cc.*` trace columns): CUBIC's
// W_max and K, Compound's delay window, BBR's bandwidth, min RTT and state, Vegas' Diff, ...
// In compare mode B is drawn dotted over A, or on its own plots when B runs another algorithm.
import { useState } from 'react';
import stateNames from './ccStateNames.json';
import { ccLabel } from '../../scenario/ccAlgorithms';
import { columnsWithPrefix, flowIds } from '../../sim/rows';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { flowAlgorithm } from './flowAlgorithm';
import { chooseShown, pickedFlows } from './manyFlows';
import { PlotCard } from './PlotCard';
import { spanOf } from './series';
import type { RunView } from './series';
import { SmallMultiples } from './SmallMultiples';

/**
 * What the values of state-like internals mean: each algorithm's `metric_states()` in
 * wasm/sim/src/cc/, generated into ccStateNames.json (a Rust test fails when it is stale).
 */
const STATE_NAMES: Record<string, Record<string, string[]> | undefined> = stateNames;

export function CcInternalsPanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const [chosen, setChosen] = useState('');
  const first = runs.find((r) => r.snap.columns.length > 0)?.snap;
  const ids = first
    ? flowIds(first.columns).filter(
        (id) => columnsWithPrefix(first.columns, 'flow', id, 'cc.').length > 0,
      )
    : [];
  const picked = useStore(pickedFlows);
  // Many flows: the list offers the flows the plots draw (picked under them), not a thousand.
  const choice = chooseShown(first, ids, picked);
  const id = ids.includes(chosen) ? chosen : (choice.ids[0] ?? ids[0] ?? '');
  const offered = choice.kind === 'all' ? ids : [...new Set([id, ...choice.ids])];
  const cc = flowAlgorithm(first, id);
  const b = runs.find((r) => r.tag === 'B' && r.snap.columns.length > 0);
  const ccB = b ? flowAlgorithm(b.snap, id) : null;
  // B with another algorithm has other internals: its own plots, not an overlay on A's.
  const apart = b !== undefined && ccB !== cc;
  const together = apart ? runs.filter((r) => r.tag !== 'B') : runs;
  const controls =
    ids.length > 1 ? (
      <div className="plotcard__controls">
        <label>
          {t.ccInternals.flow}{' '}
          <select value={id} data-testid="cc-flow" onChange={(e) => setChosen(e.target.value)}>
            {offered.map((x) => (
              <option key={x} value={x}>
                {x}
                {flowAlgorithm(first, x) ? ` (${ccLabel(flowAlgorithm(first, x) ?? '')})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
    ) : undefined;
  return (
    <PlotCard
      title={`${t.ccInternals.title}${id && cc ? ` · ${ccLabel(cc)}` : ''}`}
      help={t.ccInternals.help}
      testId="panel-cc"
      controls={controls}
    >
      {id ? (
        <>
          <SmallMultiples
            runs={together}
            entity="flow"
            id={id}
            prefix="cc."
            names={{ ...t.ccInternals.metrics, ...t.screen.ccNames }}
            span={spanOf(runs, durationS)}
            testId="cc-internals"
            stateNames={cc ? STATE_NAMES[cc] : undefined}
            colorIndex={Math.max(0, flowIds(first?.columns ?? []).indexOf(id))}
          />
          {apart && b && (
            <>
              <h3 className="card__subheading">
                {t.run.variantLabel('B')}
                {ccB ? ` · ${ccLabel(ccB)}` : ''}
              </h3>
              <SmallMultiples
                runs={[b]}
                entity="flow"
                id={id}
                prefix="cc."
                names={{ ...t.ccInternals.metrics, ...t.screen.ccNames }}
                span={spanOf(runs, durationS)}
                testId="cc-internals-B"
                stateNames={ccB ? STATE_NAMES[ccB] : undefined}
                colorIndex={Math.max(0, flowIds(first?.columns ?? []).indexOf(id))}
              />
            </>
          )}
        </>
      ) : (
        <p className="muted">{first ? t.ccInternals.none : t.plot.empty}</p>
      )}
    </PlotCard>
  );
}
