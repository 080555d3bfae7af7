// The wasm module on the page's thread: the scenario reader and validation (the same reader and
// `validate()` the worker and the CLI use) and Jain's index for the fairness plots. Loaded once;
// synchronous afterwards, so the editor can check every keystroke.
import init, {
  check_json,
  estimate,
  jain_rows,
  max_scenario_bytes,
  read_scenario,
  validate,
  version,
} from './pkg/tcplab_wasm.js';
import { parseErrorsJson } from './errors';
import type { FieldError } from './protocol';
import type { ScenarioReader } from '../scenario/reader';

export type Validator = (scenarioJson: string) => FieldError[];

/** Jain's index per row of a row-major matrix (`width` values per row; NaN = left out). */
export type JainRows = (values: Float64Array, width: number) => Float64Array;

/** The work estimate of a run (wasm `estimate()`, the same numbers as `tcplab validate`). */
export interface WorkEstimate {
  events: number;
  packets: number;
  rows: number;
  columns: number;
  trace_values: number;
  /** `warn`: show `message` and allow Run; `refuse`: the validator refuses it at duration_s. */
  level: 'ok' | 'warn' | 'refuse';
  message: string;
}

export interface PageWasm {
  validate: Validator;
  /** The one scenario reader (the CLI's), for imports and links. */
  reader: ScenarioReader;
  jainRows: JainRows;
  /** The estimate, or null when the scenario has field errors (nothing to estimate). */
  estimate(scenarioJson: string): WorkEstimate | null;
  /** The simulator's version (the crate's). */
  version: string;
}

function parseEstimate(text: string): WorkEstimate | null {
  try {
    const v = (JSON.parse(text) as { estimate?: WorkEstimate | null }).estimate;
    return v && typeof v.events === 'number' && typeof v.level === 'string' ? v : null;
  } catch {
    return null;
  }
}

const malformed: FieldError = { path: '', message: 'the reader returned malformed output' };

/** The page's scenario reader over the wasm module's exports (also used by Node tests). */
export function scenarioReaderOf(wasm: {
  read_scenario(bytes: Uint8Array): string;
  check_json(bytes: Uint8Array): string;
  max_scenario_bytes(): number;
  version(): string;
}): ScenarioReader {
  return {
    modelVersion: wasm.version(),
    maxBytes: wasm.max_scenario_bytes(),
    read: (bytes) => {
      const text = wasm.read_scenario(bytes);
      const errors = parseErrorsJson(text);
      if (!errors) return { readable: false, errors: [malformed] };
      return { readable: text.startsWith('{"readable":true'), errors };
    },
    checkJson: (bytes) => {
      const errors = parseErrorsJson(wasm.check_json(bytes));
      return errors ? (errors[0] ?? null) : malformed;
    },
  };
}

let loading: Promise<PageWasm> | null = null;

export function loadPageWasm(): Promise<PageWasm> {
  loading ??= init().then(() => ({
    validate: (json: string) => {
      const errors = parseErrorsJson(validate(json));
      return errors ?? [{ path: '', message: 'the validator returned malformed output' }];
    },
    reader: scenarioReaderOf({ read_scenario, check_json, max_scenario_bytes, version }),
    jainRows: (values: Float64Array, width: number) => jain_rows(values, width),
    estimate: (json: string) => parseEstimate(estimate(json)),
    version: version(),
  }));
  return loading;
}

/** The validator alone (kept for callers that need only it). */
export function loadValidator(): Promise<Validator> {
  return loadPageWasm().then((w) => w.validate);
}
