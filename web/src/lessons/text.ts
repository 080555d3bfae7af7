// Text a lesson carries per language (titles, prompts, hints, units: one string, or
// `{"en": …, "ja": …}`): the reader's language, or English with a mark when it has none.
import type { Text } from '../sim/boundary';

export interface LocalText {
  text: string;
  /** English shown because the text has none in the reader's language. */
  fallback: boolean;
}

export function localText(t: Text | null | undefined, lang: string): LocalText {
  if (t === undefined || t === null) return { text: '', fallback: false };
  if (typeof t === 'string') return { text: t, fallback: lang !== 'en' && t !== '' };
  const mine = t[lang];
  if (mine !== undefined && mine !== '') return { text: mine, fallback: false };
  return { text: t.en ?? '', fallback: lang !== 'en' };
}

/** The text alone (where a mark cannot be shown: a file name, a title attribute). */
export function plainText(t: Text | null | undefined, lang: string): string {
  return localText(t, lang).text;
}
