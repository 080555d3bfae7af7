// What a link carries: the scenario, what the plots show, and a lesson's flags. The lesson record
// belongs to the lessons code: the link codec checks the types of the fields it knows and passes
// the whole record through unchanged.
import type { Scenario } from '../types';
import type { FieldError } from '../../sim/protocol';

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
  /** The trace hash its maker saw for this scenario (16 hex digits), when a run had finished. */
  traceHash?: string;
}

/** Why a link could not be opened (an i18n key: `link.problems.<reason>`). */
export type LinkProblem =
  | 'format'
  | 'version'
  | 'tooLong'
  | 'checksum'
  | 'encoding'
  | 'tooLarge'
  | 'json'
  | 'tooDeep'
  | 'content';

export type LinkResult =
  /**
   * `errors`: what validation refuses in the link's scenario (it reads, but may not run).
   * `model`: the version of the model that made the link (v2 links; null before).
   */
  | { ok: true; state: LinkState; version: number; model: string | null; errors: FieldError[] }
  | { ok: false; reason: LinkProblem; detail: string };
