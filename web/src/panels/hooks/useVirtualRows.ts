// Which rows of a long list are on screen: the editor's lists (flows, nodes, links) render only
// those, plus a few either side, inside a scrolling box, so a scenario of 1,000 flows puts tens of
// rows in the page instead of thousands, and each edit re-renders only them.
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Lists longer than this are windowed; shorter ones are rendered whole, as before. */
export const VIRTUAL_ABOVE = 40;
const OVERSCAN = 6;

export interface RowWindow {
  /** The first row rendered, and one past the last. */
  start: number;
  end: number;
  /** Blank space above and below the rendered rows, in pixels. */
  padTop: number;
  padBottom: number;
}

/**
 * The window of `count` rows of `rowHeight` pixels shown by the scrolling element `box` (which
 * must be the rows' scroll container). Re-computed on scroll and on resize.
 */
export function useVirtualRows(
  box: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [view, setView] = useState({ top: 0, height: 480 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = () => setView({ top: el.scrollTop, height: el.clientHeight || 480 });
    el.addEventListener('scroll', read, { passive: true });
    // The observer reports the box's first size after the browser's layout; reading it here, as
    // the list mounts, would make the browser lay out the page an extra time.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    if (ro) ro.observe(el);
    else read();
    return () => {
      el.removeEventListener('scroll', read);
      ro?.disconnect();
    };
  }, [box]);
  const first = Math.floor(view.top / rowHeight);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.min(count, first + Math.ceil(view.height / rowHeight) + OVERSCAN);
  return {
    start,
    end: Math.max(start, end),
    padTop: start * rowHeight,
    padBottom: Math.max(0, count - Math.max(start, end)) * rowHeight,
  };
}
