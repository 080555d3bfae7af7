// The size of an element, kept current with a ResizeObserver.
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

export function useElementSize(
  ref: RefObject<HTMLElement | null>,
  fallback: { width: number; height: number },
): { width: number; height: number } {
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (!r || r.width <= 0) return;
      const next = { width: Math.floor(r.width), height: Math.floor(r.height) };
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 640): number {
  return useElementSize(ref, { width: fallback, height: 0 }).width;
}
