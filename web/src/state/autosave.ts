// The scenario being edited, saved in localStorage as it changes, so a reload, a crash or a
// closed tab never loses work. `previous` keeps a saved scenario that a link replaced on the page
// until the reader restores or discards it. `draft` keeps an edit that fails validation while the
// saved record passes: an invalid scenario is never saved over a valid one. Each record names the
// tab that wrote it, so a tab can tell when another one saved since it last did.
import { isScenarioShape } from '../scenario/shape';
import type { Scenario } from '../scenario/types';
import { Store } from './store';

export interface Saved {
  A: Scenario;
  B: Scenario | null;
  /** Milliseconds since the epoch. */
  savedAt: number;
  /** Whether A and B passed validation when saved (absent in older records: taken as valid). */
  valid?: boolean;
  /** The tab that wrote it (random per page load). */
  tab?: string;
}

export const AUTOSAVE_KEY = 'tcplab.autosave.v1';
export const PREVIOUS_KEY = 'tcplab.autosave.previous.v1';
export const DRAFT_KEY = 'tcplab.autosave.draft.v1';

/** A saved record, or null when there is none or it is not a scenario (never throws). */
export function parseSaved(text: string | null): Saved | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Saved> | null;
    if (!v || !isScenarioShape(v.A) || typeof v.savedAt !== 'number') return null;
    return {
      A: v.A,
      B: isScenarioShape(v.B) ? v.B : null,
      savedAt: v.savedAt,
      ...(typeof v.valid === 'boolean' ? { valid: v.valid } : {}),
      ...(typeof v.tab === 'string' ? { tab: v.tab } : {}),
    };
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

/** Where an edit goes: the main record, or the draft when it would put an invalid scenario over a
 * valid one. */
export function saveTarget(valid: boolean, stored: Saved | null): 'main' | 'draft' {
  return !valid && stored !== null && stored.valid !== false ? 'draft' : 'main';
}

/** Whether `stored` was written by another tab after this one last wrote (at `lastWrite`). */
export function savedByOtherTab(stored: Saved | null, tab: string, lastWrite: number): boolean {
  return (
    stored !== null && stored.tab !== undefined && stored.tab !== tab && stored.savedAt > lastWrite
  );
}

export interface SaveStatus {
  /** The last save failed (storage full, disabled or missing): the page shows the export button. */
  failed: boolean;
  /** Another tab saved the lab since this one did; its work went to the history first. */
  otherTab: boolean;
}

export const saveStatus = new Store<SaveStatus>({ failed: false, otherTab: false });
