// The wasm check's verdict (validation's errors and the work estimate) on each scenario object
// the editor holds, kept beside it in a WeakMap: an edit makes a new object, so a verdict never
// goes stale, and one replaced by an edit is forgotten with it. The editor, autosave and the
// history all ask here, so one edit is checked once.
//
// A small scenario is checked as it renders. A large one (1,000 flows take 100–200 ms in wasm,
// more on a loaded machine) is checked just after the page has painted the edit (`checkLater`),
// in a worker when the page has one (sim/checkClient.ts): the click is answered first and the
// verdict follows a moment later, without a long task on the page's thread; until it lands the
// editor shows the last verdict and Run waits.
import type { FieldError } from '../sim/protocol';
import type { WorkEstimate } from '../sim/validator';
import type { Scenario } from '../scenario/types';
import { Store } from './store';

export interface Verdict {
  errors: FieldError[];
  /** Null when the fields have errors (nothing to estimate). */
  estimate: WorkEstimate | null;
}

/** The wasm check of scenario JSON (`PageWasm.check`). */
export type Checker = (scenarioJson: string) => Verdict;

/** A check that may answer later (`PageWasm.checkOffThread`), or at once. */
export type LaterChecker = (scenarioJson: string) => Verdict | Promise<Verdict>;

/** A scenario above any of these sizes is checked after the paint, not as it renders (the same
 * sizes above which the editor windows its lists and draws the diagram on a canvas). */
export const CHECK_LATER_FLOWS = 40;
export const CHECK_LATER_NODES = 60;

const verdicts = new WeakMap<Scenario, Verdict>();

/** Bumped each time a later check lands, so the page renders its verdict. */
export const verdictsLanded = new Store<number>(0);

export function isLarge(s: Scenario): boolean {
  return (
    s.flows.length > CHECK_LATER_FLOWS ||
    s.topology.nodes.length > CHECK_LATER_NODES ||
    s.topology.links.length > CHECK_LATER_NODES
  );
}

/** The verdict on `s` if it has been checked. */
export function verdictOf(s: Scenario): Verdict | undefined {
  return verdicts.get(s);
}

/** Keep a verdict made elsewhere (the reader's, for an imported file). */
export function keepVerdict(s: Scenario, v: Verdict): void {
  verdicts.set(s, v);
}

function thrownVerdict(e: unknown): Verdict {
  return {
    errors: [{ path: '', message: e instanceof Error ? e.message : String(e) }],
    estimate: null,
  };
}

/** The verdict on `s`, checking it now if it has not been. */
export function checkNow(s: Scenario, check: Checker): Verdict {
  const known = verdicts.get(s);
  if (known) return known;
  let v: Verdict;
  try {
    v = check(JSON.stringify(s));
  } catch (e) {
    v = thrownVerdict(e);
  }
  verdicts.set(s, v);
  return v;
}

/** Check `s` with a check that may answer later: at once when it does, else a promise. */
function checkSoon(s: Scenario, check: LaterChecker): Promise<void> | void {
  if (verdicts.has(s)) return;
  let r: Verdict | Promise<Verdict>;
  try {
    r = check(JSON.stringify(s));
  } catch (e) {
    r = thrownVerdict(e);
  }
  if (!(r instanceof Promise)) {
    verdicts.set(s, r);
    return;
  }
  inFlight.add(s);
  return r
    .then(
      (v) => {
        if (!verdicts.has(s)) verdicts.set(s, v);
      },
      (e: unknown) => {
        if (!verdicts.has(s)) verdicts.set(s, thrownVerdict(e));
      },
    )
    .finally(() => inFlight.delete(s));
}

/** Run `fn` once the page has painted and is idle (at most `IDLE_MS` after the paint). */
export type AfterPaint = (fn: () => void) => void;

const IDLE_MS = 100;

export const afterPaint: AfterPaint = (fn) => {
  const g = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
  };
  const idle = () =>
    g.requestIdleCallback ? g.requestIdleCallback(fn, { timeout: IDLE_MS }) : setTimeout(fn, 0);
  if (typeof g.requestAnimationFrame === 'function') g.requestAnimationFrame(() => void idle());
  else setTimeout(fn, 0);
};

/** What is waiting for a later check, by who asked (the editor's variant): the latest only. */
const wanted = new Map<string, Scenario>();
/** A later check is scheduled, or under way in a worker (then what is asked meanwhile waits for
 * it to end, and only the latest of that is checked next). */
let busy = false;

/** Checks under way (asked of a worker, not answered yet). */
const inFlight = new Set<Scenario>();

/** Whether a later check of `s` is waiting or under way: its verdict is coming. */
export function verdictComing(s: Scenario): boolean {
  return !verdicts.has(s) && (inFlight.has(s) || [...wanted.values()].includes(s));
}

/**
 * Check `s` after the next paint (`when`, for tests). Asking again under the same `key` before
 * then replaces the scenario, so typing quickly checks only what the user last typed.
 */
export function checkLater(
  key: string,
  s: Scenario,
  check: LaterChecker,
  when: AfterPaint = afterPaint,
): void {
  wanted.set(key, s);
  if (busy) return;
  busy = true;
  when(() => {
    const todo = [...wanted.values()];
    wanted.clear();
    const pending = todo.map((t) => checkSoon(t, check)).filter((p) => p instanceof Promise);
    const landed = () => {
      busy = false;
      // Told even when another caller (autosave) checked it meanwhile: the page still shows it
      // as waiting.
      if (todo.length > 0) verdictsLanded.update((n) => n + 1);
      const next = [...wanted];
      wanted.clear();
      for (const [k, t] of next) checkLater(k, t, check, when);
    };
    if (pending.length === 0) landed();
    else void Promise.all(pending).then(landed);
  });
}
