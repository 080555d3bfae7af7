// Live mode and shared links: re-run from the start after each change to the scenario (debounced,
// unpaced, the old run drawn until the new one is done) while live mode is on; and run a link
// the page opened with, once, when its scenario is short enough for live mode.
import { useEffect, useRef } from 'react';
import type { Scenario } from '../../scenario/types';
import { LIVE_DEBOUNCE_MS } from '../../state/live';
import { linkStore } from '../../state/linkStore';
import { runAll } from '../../state/runs';
import { useStore } from './useStore';

interface Options {
  live: boolean;
  runnable: boolean;
  a: Scenario;
  b: Scenario | null;
}

export function useLiveRun({ live, runnable, a, b }: Options): void {
  const link = useStore(linkStore);
  // The scenarios as they were when start-up ended: loading them is not an edit.
  const seen = useRef<{ a: Scenario; b: Scenario | null } | null>(null);
  const autorun = useRef(false);

  useEffect(() => {
    if (!link.ready) return;
    if (seen.current === null) {
      seen.current = { a, b };
      autorun.current = link.opened === 'link';
    }
    if (autorun.current && runnable) {
      autorun.current = false;
      if (live) runAll(a, b, true);
      return;
    }
    if (seen.current.a === a && seen.current.b === b) return;
    seen.current = { a, b };
    if (!live || !runnable) return;
    const timer = setTimeout(() => runAll(a, b, true), LIVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [link.ready, link.opened, live, runnable, a, b]);
}
