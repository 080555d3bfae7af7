// Keyboard shortcuts of presentation and embed modes: Space runs, pauses and resumes; r resets;
// → steps forward and ← back by one step of simulated time; f toggles full screen. Keys typed
// into a field or pressed on a button are left alone.
import { useEffect } from 'react';
import type { Scenario } from '../../scenario/types';
import {
  STEP_S,
  isActive,
  pauseAll,
  resetAll,
  resumeAll,
  runA,
  runAll,
  seekAll,
  stepAll,
} from '../../state/runs';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return /^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(el.tagName) || el.isContentEditable;
}

export function usePresentKeys(on: boolean, a: Scenario, b: Scenario | null): void {
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const snap = runA.getSnapshot();
      let handled = true;
      if (e.key === ' ') {
        if (snap.status === 'running') pauseAll();
        else if (snap.status === 'paused') resumeAll();
        else if (!isActive(snap)) runAll(a, b);
      } else if (e.key === 'r' || e.key === 'R') resetAll();
      else if (e.key === 'ArrowRight') stepAll(a, b);
      else if (e.key === 'ArrowLeft') {
        if (snap.status !== 'idle') seekAll(a, b, Math.max(0, snap.nowS - STEP_S));
      } else if (e.key === 'f' || e.key === 'F') {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      } else handled = false;
      if (handled) e.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [on, a, b]);
}
