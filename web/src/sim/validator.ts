// The wasm module on the page's thread: the scenario reader and validation (the same reader and
// `validate()` the worker and the CLI use) and Jain's index for the fairness plots. Loaded once;
// synchronous afterwards, so the editor can check every keystroke.
import init, {
  check_json,
  estimate,
  jain_rows,
  max_scenario_bytes,
  read_scenario,
  read_scenario_unchecked,
  validate,
  version,
} from './pkg/tcplab_wasm.js';
import type { ValidationError, WorkEstimate } from './boundary';
import { checkOffThread, readOffThread } from './checkClient';
import type { FieldError } from './protocol';
import type { ReadVerdict, ScenarioReader } from '../scenario/reader';

export type { WorkEstimate } from './boundary';

export type Validator = (scenarioJson: string) => FieldError[];

/** Jain's index per row of a row-major matrix (`width` values per row; NaN = left out). */
export type JainRows = (values: Float64Array, width: number) => Float64Array;

export interface PageWasm {
  validate: Validator;
  /** The one scenario reader (the CLI's), for imports and links. */
  reader: ScenarioReader;
  jainRows: JainRows;
  /** The estimate (wasm `estimate()`, the numbers of `tcplab validate`), or null when the
   * scenario has field errors (nothing to estimate). */
  estimate(scenarioJson: string): WorkEstimate | null;
  /** Validation's errors and the estimate (null when fields have errors), in one pass. */
  check(scenarioJson: string): { errors: FieldError[]; estimate: WorkEstimate | null };
  /** The same check in a worker (checkClient.ts), for a large scenario. */
  checkOffThread(
    scenarioJson: string,
  ): Promise<{ errors: FieldError[]; estimate: WorkEstimate | null }>;
  /** The reader's verdict on an imported file's bytes, unvalidated, in the same worker. */
  readOffThread(bytes: Uint8Array): Promise<ReadVerdict>;
  /** The simulator's version (the crate's). */
  version: string;
}

/** The page's scenario reader over the wasm module's exports (also used by Node tests). */
export function scenarioReaderOf(wasm: {
  read_scenario(bytes: Uint8Array): { readable: boolean; errors: ValidationError[] };
  read_scenario_unchecked(bytes: Uint8Array): { readable: boolean; errors: ValidationError[] };
  check_json(bytes: Uint8Array): ValidationError[];
  max_scenario_bytes(): number;
  version(): string;
}): ScenarioReader {
  return {
    modelVersion: wasm.version(),
    maxBytes: wasm.max_scenario_bytes(),
    read: (bytes) => wasm.read_scenario(bytes),
    readUnchecked: (bytes) => wasm.read_scenario_unchecked(bytes),
    checkJson: (bytes) => wasm.check_json(bytes)[0] ?? null,
  };
}

let loading: Promise<PageWasm> | null = null;

export function loadPageWasm(): Promise<PageWasm> {
  const check = (json: string) => {
    const r = estimate(json);
    return { errors: r.errors, estimate: r.estimate ?? null };
  };
  loading ??= init().then(() => ({
    validate: (json: string) => validate(json),
    reader: scenarioReaderOf({
      read_scenario,
      read_scenario_unchecked,
      check_json,
      max_scenario_bytes,
      version,
    }),
    jainRows: (values: Float64Array, width: number) => jain_rows(values, width),
    estimate: (json: string) => estimate(json).estimate ?? null,
    check,
    checkOffThread: (json: string) => checkOffThread(json, check),
    readOffThread: (bytes: Uint8Array) =>
      readOffThread(bytes, (b) => read_scenario_unchecked(b) as ReadVerdict),
    version: version(),
  }));
  return loading;
}

/** The validator alone (kept for callers that need only it). */
export function loadValidator(): Promise<Validator> {
  return loadPageWasm().then((w) => w.validate);
}
