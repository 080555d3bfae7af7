// Subscribe a component to an external store (state/*), React's useSyncExternalStore.
import { useSyncExternalStore } from 'react';

interface Subscribable<T> {
  subscribe(fn: () => void): () => void;
  getSnapshot(): T;
}

export function useStore<T>(store: Subscribable<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
