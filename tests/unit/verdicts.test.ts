// The editor's verdicts (state/verdicts.ts): each scenario object is checked once, a large one
// after the paint (only the latest of quick edits), and the verdict that lands later is the one
// the page, autosave and the history read.
import { describe, expect, it, vi } from 'vitest';
import { scenarioValid } from '../../web/src/state/recovery';
import {
  checkLater,
  checkNow,
  isLarge,
  verdictComing,
  verdictOf,
  verdictsLanded,
} from '../../web/src/state/verdicts';
import type { Checker } from '../../web/src/state/verdicts';
import { presetScenario } from '../../web/src/scenario/presets';
import type { Scenario } from '../../web/src/scenario/types';
import { estimate } from './helpers/wasm';

/** The page's checker (`PageWasm.check`) over the wasm build, counting its calls. */
function counting() {
  const seen: Scenario[] = [];
  const check: Checker = (json) => {
    seen.push(JSON.parse(json) as Scenario);
    const r = estimate(json);
    return { errors: r.errors, estimate: r.estimate ?? null };
  };
  return { check, seen };
}

/** A scheduler that runs only when told (the paint, in a test). */
function manualPaint() {
  const queue: (() => void)[] = [];
  return {
    when: (fn: () => void) => void queue.push(fn),
    paint: () => queue.splice(0).forEach((fn) => fn()),
  };
}

function withFlows(n: number): Scenario {
  const s = presetScenario('dumbbell');
  const f = s.flows[0]!;
  return { ...s, flows: Array.from({ length: n }, (_, i) => ({ ...f, id: `f${i}` })) };
}

describe('verdicts', () => {
  it('checks each scenario object once', () => {
    const { check, seen } = counting();
    const s = presetScenario('single');
    const v = checkNow(s, check);
    expect(v.errors).toEqual([]);
    expect(v.estimate?.events).toBeGreaterThan(0);
    expect(checkNow(s, check)).toBe(v);
    expect(seen).toHaveLength(1);
    // An edit is a new object, checked anew.
    checkNow({ ...s, duration_s: 2 }, check);
    expect(seen).toHaveLength(2);
  });

  it('a check that throws is a verdict with the message, never a crash', () => {
    const v = checkNow(presetScenario('single'), () => {
      throw new Error('wasm trapped');
    });
    expect(v).toEqual({ errors: [{ path: '', message: 'wasm trapped' }], estimate: null });
  });

  it('a large scenario is one above 40 flows or 60 nodes or links', () => {
    expect(isLarge(withFlows(40))).toBe(false);
    expect(isLarge(withFlows(41))).toBe(true);
  });

  it('a later check runs after the paint, for the latest scenario only, and its errors land', () => {
    const { check, seen } = counting();
    const { when, paint } = manualPaint();
    const typed = [0.5, 0.7, -1].map((d) => ({ ...withFlows(50), duration_s: d }));
    const before = verdictsLanded.get();
    const told = vi.fn();
    const off = verdictsLanded.subscribe(told);
    for (const s of typed) checkLater('A', s, check, when);
    expect(seen).toHaveLength(0);
    expect(verdictOf(typed[2]!)).toBeUndefined();
    paint();
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.duration_s).toBe(-1);
    expect(verdictOf(typed[0]!)).toBeUndefined();
    // The error reaches the page, naming the field, and the page is told to render it.
    expect(verdictOf(typed[2]!)?.errors[0]?.path).toBe('duration_s');
    expect(verdictsLanded.get()).toBe(before + 1);
    expect(told).toHaveBeenCalledTimes(1);
    // Autosave and the history read the same verdict (no second check).
    expect(scenarioValid(typed[2]!)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('A and B wait side by side; a scenario checked meanwhile is not checked again', () => {
    const { check, seen } = counting();
    const { when, paint } = manualPaint();
    const a = withFlows(45);
    const b = { ...withFlows(45), seed: 2 };
    checkLater('A', a, check, when);
    checkLater('B', b, check, when);
    checkNow(b, check);
    const before = verdictsLanded.get();
    paint();
    expect(seen).toHaveLength(2);
    // The page is told even of B, which autosave (say) checked meanwhile: it shows B as waiting.
    expect(verdictsLanded.get()).toBe(before + 1);
    expect(verdictOf(a)?.errors).toEqual([]);
    expect(scenarioValid(a)).toBe(true);
  });

  it('a check answered later (a worker) lands when it answers; what is asked meanwhile waits', async () => {
    const { check, seen } = counting();
    const answers: (() => void)[] = [];
    const later = (json: string) =>
      new Promise<ReturnType<Checker>>((resolve) => answers.push(() => resolve(check(json))));
    const { when, paint } = manualPaint();
    const first = { ...withFlows(50), duration_s: 3 };
    const typed = [4, -1].map((d) => ({ ...withFlows(50), duration_s: d }));
    const before = verdictsLanded.get();
    checkLater('A', first, later, when);
    expect(verdictComing(first)).toBe(true);
    paint();
    // Asked of the worker, not answered: autosave waits for it.
    expect(answers).toHaveLength(1);
    expect(verdictComing(first)).toBe(true);
    expect(verdictOf(first)).toBeUndefined();
    // Two edits while it works: only the latest is checked, once the first has landed.
    for (const s of typed) checkLater('A', s, later, when);
    paint();
    expect(answers).toHaveLength(1);
    answers.shift()!();
    await vi.waitFor(() => expect(verdictsLanded.get()).toBe(before + 1));
    expect(verdictOf(first)?.errors).toEqual([]);
    expect(verdictComing(first)).toBe(false);
    expect(verdictComing(typed[1]!)).toBe(true);
    paint();
    expect(answers).toHaveLength(1);
    answers.shift()!();
    await vi.waitFor(() => expect(verdictsLanded.get()).toBe(before + 2));
    expect(verdictOf(typed[0]!)).toBeUndefined();
    expect(verdictOf(typed[1]!)?.errors[0]?.path).toBe('duration_s');
    expect(seen.map((x) => x.duration_s)).toEqual([3, -1]);
  });

  it('a check that fails in the worker is a verdict with its message', async () => {
    const { when, paint } = manualPaint();
    const s = { ...withFlows(50), seed: 7 };
    checkLater('A', s, () => Promise.reject(new Error('worker trapped')), when);
    paint();
    await vi.waitFor(() => expect(verdictOf(s)).toBeDefined());
    expect(verdictOf(s)).toEqual({
      errors: [{ path: '', message: 'worker trapped' }],
      estimate: null,
    });
  });
});
