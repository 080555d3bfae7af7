// Whether a heavy part of a panel may render yet: at once when `now`, else from the render after
// the panel first shows, as a transition (React renders it in slices after the first frame and
// drops it for anything the user does meanwhile). The full editor of a large scenario uses it so
// that the click that opens it is answered with the editor's head in the next frame, its diagram
// and flows table following a frame or two later.
import { startTransition, useEffect, useState } from 'react';

export function useDeferredMount(now: boolean): boolean {
  const [ready, setReady] = useState(now);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready || now;
}
