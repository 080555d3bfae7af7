// The reader's preferences: theme and language, kept in localStorage when it is available.
import { Store } from './store';

export type Theme = 'light' | 'dark';
export type Lang = 'en' | 'ja';

export interface Prefs {
  theme: Theme;
  lang: Lang;
}

const KEY = 'tcplab.prefs';

function initialPrefs(): Prefs {
  let saved: Partial<Prefs> = {};
  try {
    saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}') as Partial<Prefs>;
  } catch {
    saved = {};
  }
  const dark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const browserJa = (globalThis.navigator?.language ?? '').toLowerCase().startsWith('ja');
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const urlLang = params.get('lang');
  const urlTheme = params.get('theme');
  return {
    theme:
      urlTheme === 'dark' || urlTheme === 'light'
        ? urlTheme
        : saved.theme === 'dark' || saved.theme === 'light'
          ? saved.theme
          : dark
            ? 'dark'
            : 'light',
    lang:
      urlLang === 'ja' || urlLang === 'en'
        ? urlLang
        : saved.lang === 'ja' || saved.lang === 'en'
          ? saved.lang
          : browserJa
            ? 'ja'
            : 'en',
  };
}

export const prefs = new Store<Prefs>(initialPrefs());

prefs.subscribe(() => {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(prefs.get()));
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
});

export function setTheme(theme: Theme): void {
  prefs.update((p) => ({ ...p, theme }));
}

export function setLang(lang: Lang): void {
  prefs.update((p) => ({ ...p, lang }));
}
