// A card around one or more plots: a heading, and "what to look for" help that opens in place.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useStrings } from '../hooks/useStrings';

interface Props {
  title: string;
  help: string;
  testId: string;
  children: ReactNode;
  /** Controls shown beside the heading (flow choice, smoothing). */
  controls?: ReactNode;
}

export function PlotCard({ title, help, testId, children, controls }: Props) {
  const t = useStrings();
  const id = useId();
  return (
    <section className="card plotcard" aria-labelledby={id} data-testid={testId}>
      <div className="plotcard__head">
        <h2 id={id}>{title}</h2>
        {controls}
      </div>
      <details className="plotcard__help">
        <summary>{t.plot.help}</summary>
        <p>{help}</p>
      </details>
      {children}
    </section>
  );
}
