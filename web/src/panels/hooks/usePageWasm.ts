// The wasm module on the page's thread (validator, Jain's index), and with `grader` the grader's
// module too (the lessons' views): loading, ready or failed. The grader's code is imported only
// when asked for, so the lab page does not carry it.
import { useEffect, useState } from 'react';
import { loadPageWasm } from '../../sim/validator';
import type { PageWasm } from '../../sim/validator';

export type PageWasmState =
  { state: 'loading' } | { state: 'ready'; wasm: PageWasm } | { state: 'failed'; message: string };

export function usePageWasm({ grader = false } = {}): PageWasmState {
  const [v, setV] = useState<PageWasmState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([
      loadPageWasm(),
      grader ? import('../../sim/grader').then((m) => m.loadGrader()) : null,
    ]).then(
      ([wasm]) => live && setV({ state: 'ready', wasm }),
      (e: unknown) =>
        live && setV({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [grader]);
  return v;
}
