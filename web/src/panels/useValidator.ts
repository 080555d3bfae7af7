// Load the wasm validator once; until then (or if loading fails) the form cannot be checked.
import { useEffect, useState } from 'react';
import { loadValidator } from '../sim/validator';
import type { Validator } from '../sim/validator';

export type ValidatorState =
  | { state: 'loading' }
  | { state: 'ready'; validate: Validator }
  | { state: 'failed'; message: string };

export function useValidator(): ValidatorState {
  const [v, setV] = useState<ValidatorState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadValidator().then(
      (validate) => live && setV({ state: 'ready', validate }),
      (e: unknown) =>
        live && setV({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return v;
}
