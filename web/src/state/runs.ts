// The runs the page shows: A always, B in compare mode. Run, pause, step, seek and reset act on
// both together, with the same speed, so the overlaid curves stay in step.
import type { Scenario } from '../scenario/types';
import { RunStore } from './runStore';
import type { RunSnapshot } from './runStore';

export const DEFAULT_SPEED = 10;
/** Simulated time one press of Step advances. */
export const STEP_S = 0.1;

export const runA = new RunStore(DEFAULT_SPEED);
export const runB = new RunStore(DEFAULT_SPEED);

function each(b: Scenario | null, fn: (store: RunStore, s: Scenario | null) => void, a: Scenario) {
  fn(runA, a);
  if (b) fn(runB, b);
}

/** Run A (and B) from the start; `live`: a re-run after an edit, unpaced, the old run kept to draw. */
export function runAll(a: Scenario, b: Scenario | null, live = false): void {
  if (!b) runB.reset();
  each(b, (store, s) => s && store.start(s, { live }), a);
}

export function pauseAll(): void {
  runA.pause();
  runB.pause();
}

export function resumeAll(): void {
  runA.resume();
  runB.resume();
}

export function stepAll(a: Scenario, b: Scenario | null): void {
  each(b, (store, s) => s && store.step(s, STEP_S), a);
}

/** Run the next model event of each paused run. */
export function stepEventAll(): void {
  runA.stepEvent();
  runB.stepEvent();
}

export function seekAll(a: Scenario, b: Scenario | null, t: number): void {
  each(b, (store, s) => s && store.seek(s, t), a);
}

export function cancelAll(): void {
  runA.cancel();
  runB.cancel();
}

export function resetAll(): void {
  runA.reset();
  runB.reset();
}

export function setSpeedAll(speed: number): void {
  runA.setSpeed(speed);
  runB.setSpeed(speed);
}

/** Is a run going (or about to)? */
export function isActive(r: RunSnapshot): boolean {
  return (
    r.status === 'running' ||
    r.status === 'paused' ||
    r.status === 'loading' ||
    r.status === 'seeking'
  );
}
