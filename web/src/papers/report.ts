// The reproduction report for the Papers view: content/papers/report.json, written by
// `tcplab papers` from the same runs as docs/papers.md, and how a row's experiment becomes the
// lab's scenario (its preset, with the row's changes and seed applied). Every paper carries its
// title, reference and notes, and every row its text, in Japanese too (from content/papers/ja,
// same numbers), shown when the lab is in Japanese.
import reportJson from '../../../content/papers/report.json';
import { namedScenario } from '../lessons/catalog';
import { setPath } from '../sim/grader';
import { scenarioShapeProblem } from '../scenario/shape';
import type { Scenario } from '../scenario/types';

export type Verdict = 'reproduced' | 'direction' | 'not_reproduced';

/** The run a row's button opens: a content/scenarios preset, changed by `set`. */
export interface Experiment {
  run: string;
  scenario: string;
  set: Record<string, unknown>;
  seed: number | null;
}

/** A row's prose: what the paper reports, where, its value, the lab's, and why the verdict. */
export interface ResultText {
  claim: string;
  where: string;
  paper: string;
  lab: string;
  why: string;
}

export interface PaperResult extends ResultText {
  id: string;
  verdict: Verdict;
  open: Experiment | null;
  /** The same text in Japanese. */
  ja: ResultText;
}

/** What is said of a paper: its title, the full reference, and what the lab had to assume. */
export interface PaperText {
  title: string;
  cite: string;
  notes: string;
}

export interface PaperReport extends PaperText {
  paper: string;
  /** The same text in Japanese (the paper's own title, the authors' names in kanji). */
  ja: PaperText;
  results: PaperResult[];
}

/** The papers of the report, in paper order. */
export const PAPERS: PaperReport[] = (reportJson as { papers: PaperReport[] }).papers;

/** A row's text in the reader's language. */
export function resultText(r: PaperResult, lang: string): ResultText {
  return lang === 'ja' ? r.ja : r;
}

/** A paper's title, reference and notes in the reader's language (its own title, for
 * Japanese). */
export function paperText(p: PaperReport, lang: string): PaperText {
  return lang === 'ja' ? p.ja : p;
}

/** The scenario a row opens, or why it cannot be built (the wasm module must be loaded: its
 * paths are the grader's). */
export function experimentScenario(e: Experiment): Scenario | string {
  const named = namedScenario(e.scenario);
  if (!named) return `scenario '${e.scenario}' is not in content/scenarios`;
  let base: Record<string, unknown> = named;
  for (const [path, value] of Object.entries(e.set)) {
    const r = setPath<Record<string, unknown>>(base, path, value);
    if (!('ok' in r) || r.ok.count === 0) return `${path} reaches nothing`;
    base = r.ok.document;
  }
  if (e.seed !== null) base.seed = e.seed;
  // Shaped like a scenario; the editor's validation (the one reader's rules) judges the rest.
  return scenarioShapeProblem(base) ?? (base as unknown as Scenario);
}
