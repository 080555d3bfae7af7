// The note under a per-flow plot of many flows: which flows it draws and why, and a field to pick
// others (shared by every plot; applied on Enter or when the field is left). Nothing with up to
// DRAW_ALL_UP_TO flows, where every flow is drawn.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { MAX_PICKED, parseFlowPick } from '../../charts/flowSelection';
import type { FlowChoice } from '../../charts/flowSelection';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { pickedFlows } from './manyFlows';

interface Props {
  choice: FlowChoice;
  /** Every flow the plot could draw. */
  ids: readonly string[];
  testId: string;
}

export function FlowNote({ choice, ids, testId }: Props) {
  const t = useStrings();
  const picked = useStore(pickedFlows);
  const [text, setText] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string[]>([]);
  if (choice.kind === 'all') return null;
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    if (text === null) return;
    const r = parseFlowPick(text, ids);
    setUnknown(r.unknown);
    pickedFlows.set(r.ids);
    setText(null);
  };
  return (
    <form className="plot__note" data-testid={testId} onSubmit={apply}>
      <span>
        {choice.kind === 'extremes'
          ? t.plot.flowsExtremes(choice.ids.length, choice.total, choice.top, choice.bottom)
          : t.plot.flowsPicked(choice.ids.length, choice.total)}
      </span>{' '}
      <label>
        {t.plot.flowsPick}{' '}
        <input
          type="text"
          size={14}
          value={text ?? picked.join(', ')}
          placeholder={`${ids[0] ?? ''}, ${ids[1] ?? ''}`}
          title={t.plot.flowsPickHint(MAX_PICKED)}
          aria-describedby={`${testId}-hint`}
          data-testid={`${testId}-pick`}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => apply()}
        />
      </label>
      <span id={`${testId}-hint`} className="visually-hidden">
        {t.plot.flowsPickHint(MAX_PICKED)}
      </span>
      {unknown.length > 0 && (
        <span className="plot__note-error" role="alert">
          {' '}
          {t.plot.flowsUnknown(unknown.join(', '))}
        </span>
      )}
    </form>
  );
}
