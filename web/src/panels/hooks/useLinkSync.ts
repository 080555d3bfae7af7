// The URL fragment follows the page: once the page has started from the link (or from the
// autosaved work), every change to scenario A, the plots shown, the time window or the lesson
// flags rewrites the fragment (debounced, then when the page is idle), so the address bar is
// always a link to what is shown.
// The default scenario with nothing else leaves the URL bare.
import { useEffect } from 'react';
import { DEFAULT_SCENARIO } from '../../scenario/defaultScenario';
import { sameScenario } from '../../scenario/diff';
import { encodeLinkChecked } from '../../scenario/link/linkCodec';
import { loadPageWasm } from '../../sim/validator';
import { editor } from '../../state/editorStore';
import { currentLinkState, linkStore, openPastedLink, startFromUrl } from '../../state/linkStore';
import { timeView } from '../../state/viewStore';
import type { PageWasmState } from './usePageWasm';

const WRITE_MS = 400;
/** The write waits for the page to be idle (a large editor still rendering) at most this long. */
const IDLE_MS = 1000;

/** `fn` when the page is next idle, or after `timeoutMs` at the latest. */
function whenIdle(fn: () => void, timeoutMs: number): void {
  const g = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
  };
  if (g.requestIdleCallback) g.requestIdleCallback(fn, { timeout: timeoutMs });
  else setTimeout(fn, 0);
}

/** Counts the writes begun: one that ends after a later one began leaves the fragment alone. */
let writes = 0;

async function writeHash(): Promise<void> {
  const mine = ++writes;
  const state = currentLinkState();
  const bare = !state.view && !state.lesson && sameScenario(DEFAULT_SCENARIO, state.scenario);
  // Above the link caps the address bar keeps no link (one that would not open); the work is
  // autosaved, and Copy link offers the scenario as a file instead.
  const encoded = bare
    ? null
    : await encodeLinkChecked(state, (await loadPageWasm()).reader.modelVersion);
  const hash = encoded?.ok ? encoded.hash : '';
  if (mine !== writes) return;
  const url = new URL(globalThis.location.href);
  if (url.hash === hash) return;
  url.hash = hash;
  globalThis.history.replaceState(null, '', url.toString());
}

export function useLinkSync(wasm: PageWasmState): void {
  useEffect(() => {
    if (wasm.state === 'loading') return;
    void startFromUrl(globalThis.location?.hash ?? '', wasm.state === 'ready' ? wasm.wasm : null);
  }, [wasm]);

  // A link pasted into the open tab fires hashchange (the page's own writes use replaceState,
  // which does not): open it.
  useEffect(() => {
    if (wasm.state !== 'ready') return;
    const onHash = () => void openPastedLink(globalThis.location.hash, wasm.wasm.reader);
    globalThis.addEventListener('hashchange', onHash);
    return () => globalThis.removeEventListener('hashchange', onHash);
  }, [wasm]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => ({
      a: editor.get().A,
      sel: editor.get().selection,
      view: timeView.get(),
      lesson: linkStore.get().lesson,
    });
    let last = read();
    const changed = () => {
      if (!linkStore.get().ready) return;
      const now = read();
      const same =
        now.a === last.a &&
        now.sel === last.sel &&
        now.lesson === last.lesson &&
        now.view.plots === last.view.plots &&
        now.view.domain === last.view.domain;
      last = now;
      if (same) return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        whenIdle(() => void writeHash(), IDLE_MS);
      }, WRITE_MS);
    };
    const offs = [editor, timeView, linkStore].map((s) => s.subscribe(changed));
    return () => {
      offs.forEach((off) => off());
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
}
