// The wasm module on the page's thread: scenario validation (the same `validate()` the worker and
// the CLI use) and Jain's index for the fairness plots. Loaded once; synchronous afterwards, so
// the editor can check every keystroke.
import init, { jain_rows, validate } from './pkg/tcplab_wasm.js';
import { parseErrorsJson } from './errors';
import type { FieldError } from './protocol';

export type Validator = (scenarioJson: string) => FieldError[];

/** Jain's index per row of a row-major matrix (`width` values per row; NaN = left out). */
export type JainRows = (values: Float64Array, width: number) => Float64Array;

export interface PageWasm {
  validate: Validator;
  jainRows: JainRows;
}

let loading: Promise<PageWasm> | null = null;

export function loadPageWasm(): Promise<PageWasm> {
  loading ??= init().then(() => ({
    validate: (json: string) => {
      const errors = parseErrorsJson(validate(json));
      return errors ?? [{ path: '', message: 'the validator returned malformed output' }];
    },
    jainRows: (values: Float64Array, width: number) => jain_rows(values, width),
  }));
  return loading;
}

/** The validator alone (kept for callers that need only it). */
export function loadValidator(): Promise<Validator> {
  return loadPageWasm().then((w) => w.validate);
}
