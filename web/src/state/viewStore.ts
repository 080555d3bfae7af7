// What every time plot shares: the visible time window (zoom and pan) and the time cursor, so
// hovering one plot shows the same instant in all of them; and which plots are shown.
import { Store } from './store';

/** The plots of the page, in order (their ids travel in links: `view.plots`). */
export const PLOT_IDS = ['cwnd', 'goodput', 'queue', 'rtt', 'fairness', 'cc', 'qdisc', 'host'];

export interface TimeView {
  /** Visible [t0, t1] in simulated seconds; null: the whole run. */
  domain: [number, number] | null;
  /** The time under the pointer (or moved there with the keyboard); null: none. */
  cursor: number | null;
  /** The plots shown, by id; null: all of them. */
  plots: string[] | null;
  /** Fit y axes to the steady state (the start-up peak goes off the top). */
  steady: boolean;
}

export const timeView = new Store<TimeView>({
  domain: null,
  cursor: null,
  plots: null,
  steady: true,
});

export function setSteady(steady: boolean): void {
  timeView.update((v) => ({ ...v, steady }));
}

export function setCursor(t: number | null): void {
  timeView.update((v) => (v.cursor === t ? v : { ...v, cursor: t }));
}

export function setDomain(domain: [number, number] | null): void {
  timeView.update((v) => ({ ...v, domain }));
}

/** Show only `plots` (ids not in PLOT_IDS are ignored); null or every id: show all. */
export function setPlots(plots: string[] | null): void {
  const known = plots ? PLOT_IDS.filter((id) => plots.includes(id)) : null;
  timeView.update((v) => ({ ...v, plots: known && known.length < PLOT_IDS.length ? known : null }));
}

export function plotShown(v: TimeView, id: string): boolean {
  return v.plots === null || v.plots.includes(id);
}
