// The size of an element, kept current with a ResizeObserver (and, for plots, the tick label
// size its CSS sets: `--tick-px`, larger in presentation mode, read when the size changes).
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
  /** The element's `--tick-px` (12 when unset). */
  tickPx: number;
}

function tickPxOf(el: Element): number {
  const v = parseFloat(getComputedStyle(el).getPropertyValue('--tick-px'));
  return Number.isFinite(v) && v > 0 ? v : 12;
}

export function useElementSize(
  ref: RefObject<HTMLElement | null>,
  fallback: { width: number; height: number },
): ElementSize {
  const [size, setSize] = useState<ElementSize>({ ...fallback, tickPx: 12 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (!r || r.width <= 0) return;
      const next = {
        width: Math.floor(r.width),
        height: Math.floor(r.height),
        tickPx: tickPxOf(el),
      };
      setSize((s) =>
        s.width === next.width && s.height === next.height && s.tickPx === next.tickPx ? s : next,
      );
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 640): number {
  return useElementSize(ref, { width: fallback, height: 0 }).width;
}
