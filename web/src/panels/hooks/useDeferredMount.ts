// Whether a heavy part of a panel may render yet: at once when `now`, else from the render after
// the panel first shows, and again after each change of `key`, as a transition (React renders it
// in slices after the first frame and drops it for anything the user does meanwhile). The full
// editor of a large scenario uses it so that the click that opens it, or the file that replaces
// its scenario, is answered with the editor's head in the next frame, its diagram and flows table
// following a frame or two later.
import { startTransition, useEffect, useState } from 'react';

export function useDeferredMount(now: boolean, key: unknown = null): boolean {
  const [readyFor, setReadyFor] = useState<{ key: unknown } | null>(now ? { key } : null);
  const ready = readyFor !== null && Object.is(readyFor.key, key);
  useEffect(() => {
    if (!ready && !now) startTransition(() => setReadyFor({ key }));
  }, [ready, now, key]);
  return ready || now;
}
