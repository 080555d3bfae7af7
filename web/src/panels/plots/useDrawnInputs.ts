// A plot draws from the current inputs (data version, size, time window, …) while it is in view.
// Out of view (scrolled away, or its tab hidden) it keeps what it last drew, and the page's draw
// queue (charts/drawQueue.ts) brings it up to date later, one plot per task; scrolled back into
// view it is brought up to date at once. So a change that touches every plot (the side column
// widening, a zoom, a new run) redraws the visible plots in the task that answers it, and the
// others after it, each in a task of its own.
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import { drawQueue } from '../../charts/drawQueue';

/** Is the element in the viewport (and not clipped away by a scrolling column)? */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      const e = entries.at(-1);
      if (e) setInView(e.isIntersecting);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return inView;
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** `inputs` while in view; out of view, the inputs last drawn until the queue's turn comes. */
export function useDrawnInputs<T extends readonly unknown[]>(inputs: T, inView: boolean): T {
  const [drawn, setDrawn] = useState(inputs);
  const [key] = useState(() => ({}));
  const same = sameInputs(drawn, inputs);
  // In view: what is drawn is the current inputs (a state update in render, React's pattern for
  // state derived from props; it does not loop, the inputs are then the same).
  if (inView && !same) setDrawn(inputs);
  useEffect(() => {
    if (inView || same) return;
    drawQueue.put(key, () => flushSync(() => setDrawn(inputs)));
    return () => drawQueue.drop(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the inputs are compared one by one
  }, [inView, same, key, drawn, ...inputs]);
  return inView || same ? inputs : drawn;
}
