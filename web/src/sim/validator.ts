// The wasm module on the page's thread: scenario validation (the same `validate()` the worker and
// the CLI use) and Jain's index for the fairness plots. Loaded once; synchronous afterwards, so
// the editor can check every keystroke.
import init, { estimate, jain_rows, validate, version } from './pkg/tcplab_wasm.js';
import type { WorkEstimate } from './boundary';
import type { FieldError } from './protocol';

export type { WorkEstimate } from './boundary';

export type Validator = (scenarioJson: string) => FieldError[];

/** Jain's index per row of a row-major matrix (`width` values per row; NaN = left out). */
export type JainRows = (values: Float64Array, width: number) => Float64Array;

export interface PageWasm {
  validate: Validator;
  jainRows: JainRows;
  /** The estimate (wasm `estimate()`, the numbers of `tcplab validate`), or null when the
   * scenario has field errors (nothing to estimate). */
  estimate(scenarioJson: string): WorkEstimate | null;
  /** The simulator's version (the crate's). */
  version: string;
}

let loading: Promise<PageWasm> | null = null;

export function loadPageWasm(): Promise<PageWasm> {
  loading ??= init().then(() => ({
    validate: (json: string) => validate(json),
    jainRows: (values: Float64Array, width: number) => jain_rows(values, width),
    estimate: (json: string) => estimate(json).estimate ?? null,
    version: version(),
  }));
  return loading;
}

/** The validator alone (kept for callers that need only it). */
export function loadValidator(): Promise<Validator> {
  return loadPageWasm().then((w) => w.validate);
}
