// The last scenarios the page replaced, kept so that no action loses work: importing a file,
// choosing a preset, opening a link, another tab's save, restoring an older entry and starting
// over after a crash each put the scenario they replace here first. At most HISTORY_SIZE entries,
// newest first, in IndexedDB (its quota is far above localStorage's, so a large compare-mode
// scenario fits); where IndexedDB is missing (some private modes, Node) they live in memory for
// the session. Never throws: a failed write is reported as false.
import type { Scenario } from '../scenario/types';

export const HISTORY_SIZE = 10;

/** Why the scenario left the editor. */
export type HistoryReason = 'replaced' | 'otherTab' | 'draft' | 'restore' | 'crash';

export interface HistoryEntry {
  /** Unique and increasing: the time it was kept, in ms, made unique. */
  id: number;
  A: Scenario;
  B: Scenario | null;
  reason: HistoryReason;
  /** Whether scenario A passed validation when it was kept. */
  valid: boolean;
}

export interface HistoryBackend {
  all(): Promise<HistoryEntry[]>;
  put(entry: HistoryEntry): Promise<void>;
  remove(id: number): Promise<void>;
}

const DB = 'tcplab';
const STORE = 'history';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/** IndexedDB, or null where the browser has none. */
export function indexedDbBackend(): HistoryBackend | null {
  const idb = globalThis.indexedDB as IDBFactory | undefined;
  if (!idb) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = idb.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id' });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB did not open'));
    });
    return opened;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await db()).transaction(STORE, mode).objectStore(STORE);
  return {
    all: async () => (await request((await store('readonly')).getAll())) as HistoryEntry[],
    put: async (e) => {
      await request((await store('readwrite')).put(e));
    },
    remove: async (id) => {
      await request((await store('readwrite')).delete(id));
    },
  };
}

/** Entries in memory (tests, and browsers without IndexedDB). */
export function memoryBackend(): HistoryBackend {
  const m = new Map<number, HistoryEntry>();
  return {
    all: () => Promise.resolve([...m.values()]),
    put: (e) => {
      m.set(e.id, structuredClone(e));
      return Promise.resolve();
    },
    remove: (id) => {
      m.delete(id);
      return Promise.resolve();
    },
  };
}

let backend: HistoryBackend = indexedDbBackend() ?? memoryBackend();
let lastId = 0;

/** Use another store (tests). */
export function useHistoryBackend(b: HistoryBackend): void {
  backend = b;
}

/** Every entry, newest first ([] when the store cannot be read). */
export async function listHistory(): Promise<HistoryEntry[]> {
  try {
    return (await backend.all()).sort((a, b) => b.id - a.id);
  } catch {
    return [];
  }
}

/** Keep a scenario; the oldest entries beyond HISTORY_SIZE go. The entry, or null on failure. */
export async function keep(
  A: Scenario,
  B: Scenario | null,
  reason: HistoryReason,
  valid: boolean,
): Promise<HistoryEntry | null> {
  lastId = Math.max(Date.now(), lastId + 1);
  const entry: HistoryEntry = { id: lastId, A, B, reason, valid };
  try {
    await backend.put(entry);
    const all = await listHistory();
    for (const old of all.slice(HISTORY_SIZE)) await backend.remove(old.id);
    return entry;
  } catch {
    return null;
  }
}

/** Forget one entry (after it was restored). */
export async function forget(id: number): Promise<void> {
  try {
    await backend.remove(id);
  } catch {
    // nothing to do: it stays in the list
  }
}
