// Old link formats, read and brought up to the current payload one version at a time, so a link
// shared years ago still opens. Each version has a reader (hash parameters → its payload) and,
// below the current version, a migration to the next version's payload.
//   v0  `#s=<base64url(UTF-8 JSON of the whole scenario)>`    (until this file)
//   v1  `#v=1&z=<base64url(deflate-raw(UTF-8 JSON payload))>`
//       payload {p?: patch of the scenario without its seed against baseV1.json, seed?, view?, lesson?}
//   v2  `#v=2&m=<model version>&c=<CRC-32 of "m\nz", 8 hex digits>&z=<as v1>`: the v1 payload,
//       with the version of the model that made it and a checksum, so a changed or cut-short link
//       is refused instead of opened as something else
import baseV1 from './baseV1.json';
import { TooLargeError, crc32Hex, fromBase64Url, inflateRaw } from './bytes';
import type { LinkProblem } from './linkState';
import { makePatch } from './patch';
import type { ScenarioReader } from '../reader';

export const CURRENT_VERSION = 2;

/** The most bytes a link's JSON may unpack to (the largest preset is about 3 KB). */
export const MAX_JSON_BYTES = 2_000_000;

/** The fixed base of v1 patches: the default scenario as it was when v1 was made. */
export const BASE_V1: Record<string, unknown> = baseV1;

export interface PayloadV1 {
  p?: unknown;
  seed?: unknown;
  view?: unknown;
  lesson?: unknown;
  /** The trace hash of the run the link was copied after (same scenario and model version). */
  th?: unknown;
}

/** A link error with its reason, thrown inside the decoder and reported by decodeLink. */
export class LinkError extends Error {
  constructor(
    readonly reason: LinkProblem,
    detail: string,
  ) {
    super(detail);
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('encoding', 'the text is not UTF-8');
  }
}

function base64(text: string | null, name: string): Uint8Array {
  if (!text) throw new LinkError('format', `the parameter ${name} is missing or empty`);
  try {
    return fromBase64Url(text);
  } catch {
    throw new LinkError('encoding', `${name} is not base64url text`);
  }
}

/**
 * The JSON in `bytes`, checked first by the one reader's rules (UTF-8, one document, numbers in
 * range, no key twice), so the browser's parse cannot differ from the CLI's.
 */
export function parseJson(bytes: Uint8Array, reader: ScenarioReader): unknown {
  const text = utf8(bytes);
  const problem = reader.checkJson(bytes);
  if (problem?.message.includes('recursion limit exceeded')) {
    throw new LinkError('tooDeep', 'nested more than the reader allows');
  }
  if (problem) {
    throw new LinkError(
      'json',
      problem.path ? `${problem.path}: ${problem.message}` : problem.message,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new LinkError('json', e instanceof Error ? e.message : String(e));
  }
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await inflateRaw(bytes, MAX_JSON_BYTES);
  } catch (e) {
    if (e instanceof TooLargeError) {
      throw new LinkError('tooLarge', `it unpacks to more than ${MAX_JSON_BYTES} bytes`);
    }
    throw new LinkError('encoding', 'the compressed data is damaged or cut short');
  }
}

/** Per version: the hash parameters → that version's payload (parsed JSON, not yet checked). */
export const READERS: Record<
  number,
  (params: URLSearchParams, reader: ScenarioReader) => Promise<unknown>
> = {
  0: (params, reader) => {
    const bytes = base64(params.get('s'), 's');
    if (bytes.length > MAX_JSON_BYTES) throw new LinkError('tooLarge', 'the scenario is too big');
    return Promise.resolve(parseJson(bytes, reader));
  },
  1: async (params, reader) => parseJson(await inflate(base64(params.get('z'), 'z')), reader),
  2: async (params, reader) => {
    const z = params.get('z') ?? '';
    const m = params.get('m') ?? '';
    const c = params.get('c');
    if (!c || !/^[0-9a-f]{8}$/.test(c)) {
      throw new LinkError('checksum', 'the link has no checksum (c=): it was cut short or edited');
    }
    if (linkChecksum(m, z) !== c) {
      throw new LinkError(
        'checksum',
        'the checksum does not match: the link was changed or cut short',
      );
    }
    return parseJson(await inflate(base64(z, 'z')), reader);
  },
};

/** The checksum a v2 link carries: over its model version and its payload text. */
export function linkChecksum(model: string, z: string): string {
  return crc32Hex(`${model}\n${z}`);
}

/** Per version below the current one: its payload → the next version's payload. */
export const MIGRATIONS: Record<number, (payload: unknown) => unknown> = {
  // v0 held the whole scenario: keep its seed apart and patch the rest against the v1 base.
  0: (scenario): PayloadV1 => {
    if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) {
      throw new LinkError('content', '(top): the scenario is not an object');
    }
    const { seed, ...rest } = scenario as Record<string, unknown>;
    const { seed: _baseSeed, ...base } = BASE_V1;
    void _baseSeed;
    return { p: makePatch(base, rest), ...(seed === undefined ? {} : { seed }) };
  },
  // v2 carries the v1 payload unchanged (the checksum is checked by its reader).
  1: (payload) => payload,
};
