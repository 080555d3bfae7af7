// The wheel on a plot of the shared time axis, the same for every plot (the time plots and the
// time-sequence graph): Ctrl/⌘ + wheel zooms around the time under the pointer, a sideways wheel
// pans; a plain wheel scrolls the page. The time under the pointer is read from the window as it
// is now, not from the last render's scale: wheel events come faster than frames.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { panBy, zoomAt } from '../../charts/zoom';
import type { Domain } from '../../charts/zoom';
import { setDomain, timeView } from '../../state/viewStore';

/** Zoom factor per wheel delta unit (a notch of 100 zooms by e^0.2). */
const ZOOM_PER_DELTA = 0.002;

/** What one wheel event does to the window `d` inside `full`, over an element `width` px wide
 * whose left edge is `left` px: the new window, or null when the page should scroll instead. */
export function wheelDomain(
  d: Domain,
  full: Domain,
  e: Pick<WheelEvent, 'clientX' | 'deltaX' | 'deltaY' | 'ctrlKey' | 'metaKey'>,
  left: number,
  width: number,
): Domain | null {
  const w = Math.max(1, width);
  if (e.ctrlKey || e.metaKey) {
    const at = d[0] + ((e.clientX - left) / w) * (d[1] - d[0]);
    return zoomAt(d, full, at, Math.exp(e.deltaY * ZOOM_PER_DELTA));
  }
  if (Math.abs(e.deltaX) > Math.abs(e.deltaY))
    return panBy(d, full, (e.deltaX / w) * (d[1] - d[0]));
  return null;
}

/** Zoom and pan the shared window with the wheel over `ref`'s element (the run is [0, fullS]). */
export function useTimeWheel(ref: RefObject<HTMLElement | null>, fullS: number): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const full: Domain = [0, fullS > 0 ? fullS : 1];
    const onWheel = (e: WheelEvent) => {
      const rect = el.getBoundingClientRect();
      const next = wheelDomain(timeView.get().domain ?? full, full, e, rect.left, rect.width);
      if (next) {
        e.preventDefault();
        setDomain(next);
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref, fullS]);
}
