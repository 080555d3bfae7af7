// Japanese UI strings (placeholder until translated).
import { en } from './en';
import type { Strings } from './en';

export const ja: Strings = en;
