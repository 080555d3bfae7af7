// Live mode: whether a change to the scenario re-runs it at once. "auto" (the default) turns it on
// for scenarios the work estimate puts under LIVE_MAX_S of compute, so a knob answers like a
// slider; longer ones wait for Run, and their old results are marked out of date.
import { Store } from './store';

export type LiveChoice = 'auto' | 'on' | 'off';

export const live = new Store<{ choice: LiveChoice }>({ choice: 'auto' });

/** Above this estimated compute time, "auto" leaves live mode off. */
export const LIVE_MAX_S = 2;

/**
 * Simulated events per second of compute assumed for the estimate: about half of what
 * docs/performance.md measured for the model in headless Chromium on the build machine
 * (2.4 M packets/s, a few events per packet), so a slower laptop still re-runs within LIVE_MAX_S.
 */
export const LIVE_EVENTS_PER_S = 4e6;

/** The wait after the last change before a live re-run starts (typing does not start ten runs). */
export const LIVE_DEBOUNCE_MS = 250;

/** Estimated seconds of compute for `events` simulated events. */
export function computeSeconds(events: number): number {
  return events / LIVE_EVENTS_PER_S;
}

/**
 * Above this many trace values "auto" leaves live mode off too: the page, not the model, is then
 * the cost (each value is copied into the plots' buffers and drawn; 5 million is 40 MB), so a
 * run of 1,000 flows waits for Run instead of starting on every edit.
 */
export const LIVE_MAX_TRACE_VALUES = 5e6;

/**
 * Is live mode on for a scenario estimated at `events` events and `traceValues` trace values
 * (events null: no estimate yet)?
 */
export function liveOn(choice: LiveChoice, events: number | null, traceValues = 0): boolean {
  if (choice !== 'auto') return choice === 'on';
  return (
    events !== null && computeSeconds(events) < LIVE_MAX_S && traceValues <= LIVE_MAX_TRACE_VALUES
  );
}

export function setLive(choice: LiveChoice): void {
  live.set({ choice });
}
