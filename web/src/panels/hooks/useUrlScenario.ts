// The scenario in the URL: read once at start (`#s=…`), and kept up to date while editing, so a
// shared link opens the same experiment. The default scenario leaves the URL bare.
import { useEffect } from 'react';
import { DEFAULT_SCENARIO } from '../../scenario/defaultScenario';
import { diffScenarios } from '../../scenario/diff';
import { isScenarioShape } from '../../scenario/shape';
import { decodeScenarioHash, encodeScenarioHash } from '../../scenario/urlCodec';
import type { Scenario } from '../../scenario/types';
import { editor, replaceScenario } from '../../state/editorStore';

let readOnce = false;

export function useUrlScenario(a: Scenario): void {
  useEffect(() => {
    if (readOnce) return;
    readOnce = true;
    const v = decodeScenarioHash(globalThis.location?.hash ?? '');
    if (isScenarioShape(v)) replaceScenario(v);
  }, []);
  useEffect(() => {
    const id = setTimeout(() => {
      if (editor.get().A !== a) return;
      const same = diffScenarios(DEFAULT_SCENARIO, a).length === 0;
      const url = new URL(globalThis.location.href);
      url.hash = same ? '' : encodeScenarioHash(a);
      globalThis.history.replaceState(null, '', url.toString());
    }, 400);
    return () => clearTimeout(id);
  }, [a]);
}
