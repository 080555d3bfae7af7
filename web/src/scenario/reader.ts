// The page's door to the one scenario reader (the Rust reader the CLI uses, through wasm): an
// imported file, a link's scenario or saved work is read there first, and only a scenario it
// reads reaches the editor. A scenario that reads may still fail validation (its errors come
// with it, so it can be opened and fixed); one that does not read never reaches a render path.
import type { FieldError } from '../sim/protocol';
import type { Scenario } from './types';

export interface ReadVerdict {
  /** The bytes are a scenario: every field of the right type, no unknown field. */
  readable: boolean;
  /** Not readable: the one reason. Readable: what validation refuses (often nothing). */
  errors: FieldError[];
}

export interface ScenarioReader {
  /** The model's version (the crate's): links carry it. */
  modelVersion: string;
  /** The largest scenario the reader takes, in bytes. */
  maxBytes: number;
  read(bytes: Uint8Array): ReadVerdict;
  /** As `read`, without validation (`errors` only says why bytes that are not a scenario are
   * not): for an import, which the editor checks once it shows. */
  readUnchecked(bytes: Uint8Array): ReadVerdict;
  /** JSON that is not a scenario (a link's payload), checked as strictly; null when it passes. */
  checkJson(bytes: Uint8Array): FieldError | null;
}

export type ReadResult =
  { ok: true; scenario: Scenario; errors: FieldError[] } | { ok: false; problem: FieldError };

const problemOf = (errors: FieldError[]): FieldError =>
  errors[0] ?? { path: '', message: 'not a scenario' };

/** Read a scenario from its bytes (UTF-8 JSON); `validate: false` leaves `errors` empty. */
export function readScenarioBytes(
  bytes: Uint8Array,
  reader: ScenarioReader,
  { validate = true } = {},
): ReadResult {
  return parsedIfReadable(bytes, validate ? reader.read(bytes) : reader.readUnchecked(bytes));
}

function parsedIfReadable(bytes: Uint8Array, verdict: ReadVerdict): ReadResult {
  if (!verdict.readable) return { ok: false, problem: problemOf(verdict.errors) };
  // The reader accepted exactly these bytes (one document of UTF-8 JSON, no key twice, numbers in
  // range, every field typed), so the browser's parse of them is the scenario it read.
  const scenario = JSON.parse(new TextDecoder().decode(bytes)) as Scenario;
  return { ok: true, scenario, errors: verdict.errors };
}

/** Read a scenario built in the page (from a link's patch, from storage). */
export function readScenarioValue(value: unknown, reader: ScenarioReader): ReadResult {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return { ok: false, problem: { path: '', message: 'not a scenario' } };
  return readScenarioBytes(new TextEncoder().encode(text), reader);
}

/** Files above this many bytes are read off the page's thread when the caller can (a file at the
 * documented limits is about 250 KB: its read was the larger part of the import's first task). */
export const READ_OFF_THREAD_ABOVE = 64 * 1024;

/** Read a scenario file, refusing one above the reader's size before reading it into memory.
 * Not validated: the editor that opens it checks it (and shows its errors on their fields). A
 * file above READ_OFF_THREAD_ABOVE bytes goes to `offThread` when given (the same reader in a
 * worker: the same verdict). */
export async function readScenarioFile(
  file: Blob,
  reader: ScenarioReader,
  offThread?: (bytes: Uint8Array) => Promise<ReadVerdict>,
): Promise<ReadResult> {
  if (file.size > reader.maxBytes) {
    return {
      ok: false,
      // The reader's own refusal (code too_large), made here so the file is never read in.
      problem: {
        path: '',
        code: 'too_large',
        params: { bytes: file.size, max: reader.maxBytes },
        message: `the scenario is ${file.size} bytes, more than the limit of ${reader.maxBytes}`,
      },
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!offThread || bytes.length <= READ_OFF_THREAD_ABOVE) {
    return readScenarioBytes(bytes, reader, { validate: false });
  }
  return parsedIfReadable(bytes, await offThread(bytes));
}

/** An error as one line: `path: message`. */
export const errorLine = (e: FieldError): string =>
  e.path ? `${e.path}: ${e.message}` : e.message;
