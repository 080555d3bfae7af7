// The UI strings in the reader's language (re-rendering when it changes).
import { stringsFor } from '../../i18n';
import type { Strings } from '../../i18n';
import { prefs } from '../../state/prefs';
import { useStore } from './useStore';

export function useStrings(): Strings {
  return stringsFor(useStore(prefs).lang);
}
