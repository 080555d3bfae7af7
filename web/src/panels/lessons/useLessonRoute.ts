// The lesson route of the page (and whether the fragment opens the Papers view), re-read when
// the URL fragment changes.
import { useSyncExternalStore } from 'react';
import { parseLessonRoute } from '../../lessons/lessonRoute';
import type { LessonRoute } from '../../lessons/lessonRoute';

function subscribe(fn: () => void): () => void {
  globalThis.addEventListener('hashchange', fn);
  return () => globalThis.removeEventListener('hashchange', fn);
}

const getHash = () => globalThis.location?.hash ?? '';

export function useLessonRoute(): LessonRoute | null {
  const hash = useSyncExternalStore(subscribe, getHash);
  return parseLessonRoute(hash);
}

/** Whether the fragment is `#papers` (the reproduction report). */
export function usePapersRoute(): boolean {
  return useSyncExternalStore(subscribe, getHash) === '#papers';
}
