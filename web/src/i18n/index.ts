// The active UI strings. Only English exists so far; a language switch will choose here.
import { en } from './en';
import type { Strings } from './en';

export const strings: Strings = en;
export type { Strings };
