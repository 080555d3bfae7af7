// The UI strings of each language; the reader's choice lives in state/prefs.
import { en } from './en';
import type { Strings } from './en';
import { ja } from './ja';

export type { Strings };
export const LANGS = { en, ja } as const satisfies Record<string, Strings>;
export type LangId = keyof typeof LANGS;

export function stringsFor(lang: string): Strings {
  return lang === 'ja' ? ja : en;
}

/** Turn a validator message into a sentence: capitalised, with a full stop. */
export function asSentence(message: string): string {
  const m = message.trim();
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?。]$/.test(s) ? s : `${s}.`;
}
