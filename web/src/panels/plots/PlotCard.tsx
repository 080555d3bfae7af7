// A card around one or more plots. Its head is one line: the heading, "what to look for" (help
// that opens over the plot) and the card's controls. A card with a single plot (`headInPlot`)
// leaves the head to the plot, which puts it on its own tool row and so saves a line.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useStrings } from '../hooks/useStrings';

interface HeadProps {
  id: string;
  title: string;
  help: string;
  /** Controls shown beside the heading (flow choice, smoothing). */
  controls?: ReactNode;
}

export function PlotCardHead({ id, title, help, controls }: HeadProps) {
  const t = useStrings();
  return (
    <div className="plotcard__head">
      <h2 id={id}>{title}</h2>
      <details className="plotcard__help">
        <summary>{t.plot.help}</summary>
        <p>{help}</p>
      </details>
      {controls}
    </div>
  );
}

interface Props {
  title: string;
  help: string;
  testId: string;
  children: ReactNode | ((head: ReactNode) => ReactNode);
  controls?: ReactNode;
}

/** `children` may be a function of the head, to place it inside a single plot's tool row. */
export function PlotCard({ title, help, testId, children, controls }: Props) {
  const id = useId();
  const head = <PlotCardHead id={id} title={title} help={help} controls={controls} />;
  return (
    <section className="card plotcard" aria-labelledby={id} data-testid={testId}>
      {typeof children === 'function' ? (
        children(head)
      ) : (
        <>
          {head}
          {children}
        </>
      )}
    </section>
  );
}
