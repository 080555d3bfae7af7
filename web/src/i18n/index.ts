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

/** Turn a validator message into a sentence: capitalised, with a full stop (a Japanese one
 * for Japanese text). */
export function asSentence(message: string): string {
  const m = message.trim();
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  if (/[.!?。]$/.test(s)) return s;
  return /[\u3040-\u30ff\u4e00-\u9fff]/.test(s) ? `${s}。` : `${s}.`;
}
