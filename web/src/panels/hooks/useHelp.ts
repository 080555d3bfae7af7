// The editor's help texts (the scenario schema's descriptions) in the reader's language: loads
// the language's table when needed and re-renders when it arrives.
import { useCallback, useEffect } from 'react';
import { helpTables, loadHelp, localHelp } from '../../i18n/schemaHelp';
import type { HelpText } from '../../i18n/schemaHelp';
import { prefs } from '../../state/prefs';
import { useStore } from './useStore';

export function useHelp(): (english: string) => HelpText {
  const lang = useStore(prefs).lang;
  const tables = useStore(helpTables);
  useEffect(() => loadHelp(lang), [lang]);
  return useCallback((english: string) => localHelp(english, lang, tables), [lang, tables]);
}
