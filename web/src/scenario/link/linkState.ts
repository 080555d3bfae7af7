// What a link carries: the scenario, what the plots show, and a lesson's flags. The lesson record
// belongs to the lessons code: the link codec checks the types of the fields it knows and passes
// the whole record through unchanged.
import type { Scenario } from '../types';

/**
 * Which plots are shown (all when absent), the time window in simulated seconds, and the link or
 * node selected in the editor (`link:1`, `node:0`: its index).
 */
export interface LinkView {
  plots?: string[];
  domain?: [number, number];
  selection?: string;
}

/** Lesson mode flags, opaque to the link codec beyond these field types. */
export interface LessonFlags {
  id?: string;
  student?: string;
  locked?: string[];
  hidden?: string[];
  [key: string]: unknown;
}

export interface LinkState {
  scenario: Scenario;
  view?: LinkView;
  lesson?: LessonFlags;
}

/** Why a link could not be opened (an i18n key: `link.problems.<reason>`). */
export type LinkProblem =
  'format' | 'version' | 'tooLong' | 'encoding' | 'tooLarge' | 'json' | 'tooDeep' | 'content';

export type LinkResult =
  | { ok: true; state: LinkState; version: number }
  | { ok: false; reason: LinkProblem; detail: string };
