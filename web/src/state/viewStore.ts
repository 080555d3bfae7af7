// What every time plot shares: the visible time window (zoom and pan) and the time cursor, so
// hovering one plot shows the same instant in all of them.
import { Store } from './store';

export interface TimeView {
  /** Visible [t0, t1] in simulated seconds; null: the whole run. */
  domain: [number, number] | null;
  /** The time under the pointer (or moved there with the keyboard); null: none. */
  cursor: number | null;
}

export const timeView = new Store<TimeView>({ domain: null, cursor: null });

export function setCursor(t: number | null): void {
  timeView.update((v) => (v.cursor === t ? v : { ...v, cursor: t }));
}

export function setDomain(domain: [number, number] | null): void {
  timeView.update((v) => ({ ...v, domain }));
}
