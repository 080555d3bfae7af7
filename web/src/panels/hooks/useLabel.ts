// The editor's names for schema fields and values in the reader's language
// (web/src/i18n/fieldLabels.ts), re-rendering when the language changes.
import { useCallback } from 'react';
import { schemaLabel } from '../../i18n/fieldLabels';
import { prefs } from '../../state/prefs';
import { useStore } from './useStore';

/** `label(key, fallback)`: the label of a schema key, or `fallback` when it has none. */
export function useLabel(): (key: string, fallback: string) => string {
  const lang = useStore(prefs).lang;
  return useCallback((key: string, fallback: string) => schemaLabel(key, lang, fallback), [lang]);
}
