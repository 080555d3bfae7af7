// Undo and restore for every action that replaces the scenario in the editor (a preset, an
// imported file, a link, restoring saved work): the scenario it replaces goes to the history
// (history.ts) first, and the page offers "Undo" until the next replacement. The history list
// restores any of the last entries the same way (the scenario it replaces is kept in turn).
import { DEFAULT_SCENARIO } from '../scenario/defaultScenario';
import { sameScenario } from '../scenario/diff';
import type { Scenario } from '../scenario/types';
import { editor, onReplace, replaceScenario } from './editorStore';
import { forget, keep, listHistory } from './history';
import type { HistoryEntry, HistoryReason } from './history';
import { Store } from './store';
import { verdictOf } from './verdicts';

export interface RecoveryState {
  /** The entry "Undo" brings back, or null when there is nothing to undo. */
  undo: HistoryEntry | null;
  /** The history, newest first (refreshed after each change). */
  entries: HistoryEntry[];
}

export const recovery = new Store<RecoveryState>({ undo: null, entries: [] });

let validate: (s: Scenario) => boolean = () => true;

/** The page's validator, once the wasm has loaded: entries record whether A was valid, and
 * autosave never puts an invalid scenario over a valid one. */
export function setValidity(fn: (s: Scenario) => boolean): void {
  validate = fn;
}

/** Whether `s` passes validation: the editor's verdict on it when it has one (each edit is
 * checked once), else the validator's. */
function isValid(s: Scenario): boolean {
  const v = verdictOf(s);
  return v ? v.errors.length === 0 : validate(s);
}

export function scenarioValid(s: Scenario): boolean {
  return isValid(s);
}

/** Keep saved work (another tab's, or an invalid draft) in the history. */
export async function keepSaved(
  saved: { A: Scenario; B: Scenario | null; valid?: boolean },
  reason: HistoryReason,
): Promise<void> {
  await keep(saved.A, saved.B, reason, saved.valid ?? isValid(saved.A));
  await refresh(undefined);
}

async function refresh(undo: HistoryEntry | null | undefined): Promise<void> {
  const entries = await listHistory();
  recovery.update((s) => ({ undo: undo === undefined ? s.undo : undo, entries }));
}

/** Keep the editor's scenarios before they are replaced; the entry "Undo" restores. */
export async function keepCurrent(reason: HistoryReason): Promise<HistoryEntry | null> {
  const { A, B } = editor.get();
  const entry = await keep(A, B, reason, isValid(A));
  await refresh(entry);
  return entry;
}

let restoring = false;

// Every wholesale replacement of the editor's scenario keeps the one it replaces.
onReplace((previous, next) => {
  if (restoring || sameScenario(previous.A, next)) return;
  void keep(previous.A, previous.B, 'replaced', isValid(previous.A)).then((e) => refresh(e));
});

/** Put an entry back in the editor; the scenario it replaces is kept in turn. */
export async function restore(entry: HistoryEntry): Promise<void> {
  await keepCurrent('restore');
  restoring = true;
  try {
    replaceScenario(entry.A);
    editor.update((s) => ({ ...s, B: entry.B, revision: s.revision + 1 }));
  } finally {
    restoring = false;
  }
  await forget(entry.id);
  await refresh(null);
}

/** Undo the last replacement. */
export async function undo(): Promise<void> {
  const entry = recovery.get().undo;
  if (entry) await restore(entry);
  recovery.update((s) => ({ ...s, undo: null }));
}

export function dismissUndo(): void {
  recovery.update((s) => ({ ...s, undo: null }));
}

/** After a crash: keep what broke the page, then start from the default scenario. */
export async function startOver(): Promise<void> {
  await keepCurrent('crash');
  restoring = true;
  try {
    replaceScenario(structuredClone(DEFAULT_SCENARIO), 'single');
    editor.update((s) => ({ ...s, B: null, active: 'A', revision: s.revision + 1 }));
  } finally {
    restoring = false;
  }
  // A link in the address bar may be what broke the page: drop it.
  const href = globalThis.location?.href;
  if (href && new URL(href).hash) {
    const url = new URL(href);
    url.hash = '';
    globalThis.history.replaceState(null, '', url.toString());
  }
}

/** Load the history list (at start). */
export function loadHistory(): Promise<void> {
  return refresh(undefined);
}
