// The options a long select puts in the page: only its current one until the user reaches for it
// (focus or a press), then all of them. A thousand <option>s (the hosts of a large scenario in
// every flow row, the flows in the pcap export) are a thousand elements the browser styles again
// whenever the page's layout changes, though nobody looks at them.
import { useState } from 'react';

/** Selects with more options than this render them only once the user reaches for the select. */
export const LAZY_ABOVE = 50;

export interface LazyOptions<T> {
  /** The options to render now. */
  shown: T[];
  /** Put on the select as `onFocus` and `onPointerDown` (undefined once every option is shown). */
  reach: (() => void) | undefined;
}

/**
 * `options` as the select renders them: all of them when there are few or the user has reached
 * for it; else only the one whose value is `value` (or `missing(value)` when none has it, so the
 * select still shows what is chosen).
 */
export function useLazyOptions<T extends { value: string }>(
  options: T[],
  value: string,
  missing: (value: string) => T,
): LazyOptions<T> {
  const [reached, setReached] = useState(false);
  if (options.length <= LAZY_ABOVE || reached) return { shown: options, reach: undefined };
  const current = options.filter((o) => o.value === value);
  return {
    shown: current.length > 0 ? current : [missing(value)],
    reach: () => setReached(true),
  };
}
