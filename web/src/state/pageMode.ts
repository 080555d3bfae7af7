// The page's mode from its query string: the lab, presentation (`?present`: one or two plots
// filling the screen, large type, high contrast, the presenter's chosen knobs, keyboard
// shortcuts) or embed (`?embed`: no header, for a frame in slides or a course page). Both take
// `plots=cwnd,goodput` and `controls=rtt,buffer` (knob ids). Read at start-up; the Present
// button switches modes in place and keeps the query string in step.
import { Store } from './store';

export type PageMode = 'lab' | 'present' | 'embed';

export interface PageModeState {
  mode: PageMode;
  /** Plot ids to show (presentation and embed); null: the mode's default. */
  plots: string[] | null;
  /** Knob ids to show; null: the mode's default. */
  controls: string[] | null;
}

function list(v: string | null): string[] | null {
  if (v === null) return null;
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter((x) => /^[a-z]+$/.test(x));
  return items;
}

export function readPageMode(search: string): PageModeState {
  const q = new URLSearchParams(search);
  const mode: PageMode = q.has('present') ? 'present' : q.has('embed') ? 'embed' : 'lab';
  return { mode, plots: list(q.get('plots')), controls: list(q.get('controls')) };
}

/** The mode of this page (the lab when there is no window, as in unit tests). */
export const pageMode = new Store<PageModeState>(readPageMode(globalThis.location?.search ?? ''));

/** `href` with its query string saying `mode` (`?present`, `?embed`, or neither). */
export function urlInMode(href: string, mode: PageMode): string {
  const url = new URL(href);
  const q = new URLSearchParams(url.search);
  q.delete('present');
  q.delete('embed');
  const rest = q.toString();
  const flag = mode === 'lab' ? '' : mode;
  const search = [flag, rest].filter((x) => x !== '').join('&');
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** Switch the page to `mode` in place (the address follows, so a reload keeps it). */
export function setPageMode(mode: PageMode): void {
  pageMode.update((s) => ({ ...s, mode }));
  if (globalThis.location && globalThis.history) {
    globalThis.history.replaceState(null, '', urlInMode(globalThis.location.href, mode));
  }
}
