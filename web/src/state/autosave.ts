// The scenario being edited, saved in localStorage as it changes, so a reload, a crash or a
// closed tab never loses work. `previous` keeps a saved scenario that a link replaced on the page
// until the reader restores or discards it.
import { isScenarioShape } from '../scenario/shape';
import type { Scenario } from '../scenario/types';

export interface Saved {
  A: Scenario;
  B: Scenario | null;
  /** Milliseconds since the epoch. */
  savedAt: number;
}

export const AUTOSAVE_KEY = 'tcplab.autosave.v1';
export const PREVIOUS_KEY = 'tcplab.autosave.previous.v1';

/** A saved record, or null when there is none or it is not a scenario (never throws). */
export function parseSaved(text: string | null): Saved | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Saved> | null;
    if (!v || !isScenarioShape(v.A) || typeof v.savedAt !== 'number') return null;
    return { A: v.A, B: isScenarioShape(v.B) ? v.B : null, savedAt: v.savedAt };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSaved(key: string): Saved | null {
  try {
    return parseSaved(storage()?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

/** Write (or with null, remove) a record; false when storage is full, disabled or missing. */
export function writeSaved(key: string, saved: Saved | null): boolean {
  const s = storage();
  if (!s) return false;
  try {
    if (saved) s.setItem(key, JSON.stringify(saved));
    else s.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
