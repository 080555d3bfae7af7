// How the page starts: a link in the URL wins over the autosaved scenario, but the autosaved work
// is never dropped silently (the page offers to restore it); a broken or invalid link leaves the
// default scenario with a message naming the problem. `chooseStart` is the pure decision.
import { diffScenarios } from '../scenario/diff';
import type { LinkProblem, LinkResult, LinkState } from '../scenario/link/linkState';
import type { FieldError } from '../sim/protocol';
import type { Saved } from './autosave';

export type LinkNotice =
  | { kind: 'failed'; reason: LinkProblem; detail: string }
  /** The link decoded but its scenario does not validate: shown on request, with its errors. */
  | { kind: 'invalid'; errors: FieldError[]; state: LinkState }
  /** No link: the autosaved scenario was put back. */
  | { kind: 'restored'; savedAt: number };

export interface StartPlan {
  /** What to load: a link's state, the autosaved scenarios, or nothing (the default). */
  load: { from: 'link'; state: LinkState } | { from: 'autosave'; saved: Saved } | null;
  notice: LinkNotice | null;
  /**
   * Saved work the page did not load: offer to restore it (and keep it until decided). When null,
   * any earlier offer equals what the page loaded, and can be forgotten.
   */
  offer: Saved | null;
}

export interface StartInput {
  /** The decoded link; null when the URL has none. */
  link: LinkResult | null;
  /** The validator's errors for the link's scenario (null: not checked, e.g. wasm failed). */
  linkErrors: FieldError[] | null;
  saved: Saved | null;
  previous: Saved | null;
}

const sameWork = (saved: Saved, a: unknown, b: unknown = null) =>
  diffScenarios(saved.A, a).length === 0 &&
  (saved.B === null ? b === null : b !== null && diffScenarios(saved.B, b).length === 0);

export function chooseStart({ link, linkErrors, saved, previous }: StartInput): StartPlan {
  if (!link) {
    if (saved) {
      return {
        load: { from: 'autosave', saved },
        notice: { kind: 'restored', savedAt: saved.savedAt },
        offer: previous && !sameWork(previous, saved.A, saved.B) ? previous : null,
      };
    }
    return { load: null, notice: null, offer: previous };
  }
  const candidate = previous ?? saved;
  if (!link.ok) {
    return {
      load: null,
      notice: { kind: 'failed', reason: link.reason, detail: link.detail },
      offer: candidate,
    };
  }
  if (linkErrors && linkErrors.length > 0) {
    return {
      load: null,
      notice: { kind: 'invalid', errors: linkErrors, state: link.state },
      offer: candidate,
    };
  }
  const offer = candidate && !sameWork(candidate, link.state.scenario) ? candidate : null;
  return { load: { from: 'link', state: link.state }, notice: null, offer };
}
