// The state of the queue disciplines (`link.<id>.q.*` trace columns, when the model reports
// them): RED's average and drop probability, CoDel's state and next drop, the heavy flow, WFQ's
// virtual time, the token level. Lights up by itself once such columns exist.
import { useState } from 'react';
import { columnsWithPrefix, idsWith } from '../../sim/rows';
import { useStrings } from '../hooks/useStrings';
import { PlotCard } from './PlotCard';
import { linkLabel } from './QueuePanel';
import { spanOf } from './series';
import type { RunView } from './series';
import { SmallMultiples } from './SmallMultiples';

export function QdiscInternalsPanel({ runs, durationS }: { runs: RunView[]; durationS: number }) {
  const t = useStrings();
  const [chosen, setChosen] = useState('');
  // Links with internals in A or in B (compare mode: B's discipline may be the only one with any).
  const ids = [
    ...new Set(
      runs.flatMap((r) =>
        idsWith(r.snap.columns, 'link', 'queue').filter(
          (id) => columnsWithPrefix(r.snap.columns, 'link', id, 'q.').length > 0,
        ),
      ),
    ),
  ];
  const id = ids.includes(chosen) ? chosen : (ids[0] ?? '');
  const controls =
    ids.length > 1 ? (
      <div className="plotcard__controls">
        <label>
          {t.sweep.link}{' '}
          <select value={id} onChange={(e) => setChosen(e.target.value)}>
            {ids.map((x) => (
              <option key={x} value={x}>
                {linkLabel(x)}
              </option>
            ))}
          </select>
        </label>
      </div>
    ) : undefined;
  return (
    <PlotCard title={t.qdisc.title} help={t.qdisc.help} testId="panel-qdisc" controls={controls}>
      {id ? (
        <SmallMultiples
          runs={runs}
          entity="link"
          id={id}
          prefix="q."
          span={spanOf(runs, durationS)}
          testId="qdisc-internals"
          colorIndex={2}
        />
      ) : (
        <p className="muted">{t.qdisc.none}</p>
      )}
    </PlotCard>
  );
}
