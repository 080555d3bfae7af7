// React's view of the run store.
import { useSyncExternalStore } from 'react';
import type { RunSnapshot, RunStore } from '../state/runStore';

export function useRunSnapshot(store: RunStore): RunSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
