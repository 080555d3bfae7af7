// The link decoder under fuzzing: seeded, deterministic mutations of valid v1 and v2 links (cuts,
// character edits, flipped and cut DEFLATE bytes under a recomputed checksum, bad base64,
// decompression bombs, hostile JSON) fed to `decodeLink`, which must
//   - never throw or reject: every answer is a result, a refusal carries a known reason and text;
//   - never open a tampered v2 link as anything but the scenario it was made from (one edit or
//     cut of the link text, checksum not recomputed: refused, or the same state);
//   - open only scenarios the one reader reads;
//   - answer each input within `maxMsPerInput` and keep the process under `maxRssMb`.
// Run by scripts/fuzz-link.mjs (the fuzz gate, a fixed number of inputs; the long run, a time).
import { isDeepStrictEqual } from 'node:util';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { decodeLink, encodeLink, MAX_HASH_CHARS } from '../../web/src/scenario/link/linkCodec';
import type { LinkProblem, LinkResult, LinkState } from '../../web/src/scenario/link/linkState';
import { linkChecksum, MAX_JSON_BYTES } from '../../web/src/scenario/link/migrations';
import { PRESET_IDS, presetScenario } from '../../web/src/scenario/presets';
import type { ScenarioReader } from '../../web/src/scenario/reader';

const REASONS: readonly LinkProblem[] = [
  'format',
  'version',
  'tooLong',
  'checksum',
  'encoding',
  'tooLarge',
  'json',
  'tooDeep',
  'content',
];

/** xorshift32: the same inputs for the same seed on every machine. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  below(n: number): number {
    return n <= 0 ? 0 : this.next() % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.below(xs.length)] as T;
  }
}

interface Original {
  hash: string;
  version: 1 | 2;
  state: LinkState;
}

export interface FuzzInput {
  hash: string;
  /** What was done to which original. */
  what: string;
  /** The original's state when this input is one edit or cut of a v2 link (checksum kept). */
  tamperedFrom?: LinkState;
}

export interface FuzzFailure {
  index: number;
  input: FuzzInput;
  problem: string;
}

export interface FuzzStats {
  inputs: number;
  opened: number;
  refused: Partial<Record<LinkProblem, number>>;
  slowestMs: number;
  peakRssMb: number;
  failures: FuzzFailure[];
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Characters an edit may put in: base64url, the fragment's syntax, and some that do not belong. */
const EDIT_CHARS = `${B64URL}&=#%+/. !é\u0000`;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** A v2 link around payload text `z` with a correct checksum (a forger's link). */
function v2(z: string, model: string): string {
  return `#v=2&m=${encodeURIComponent(model)}&c=${linkChecksum(model, z)}&z=${z}`;
}
const v1 = (z: string) => `#v=1&z=${z}`;
const deflated = (json: string) => b64(deflateRawSync(Buffer.from(json)));

/** The valid links the mutations start from: every preset as v2 (with a view, a lesson and a
 * trace hash on some) and as v1. */
async function originals(model: string): Promise<Original[]> {
  const out: Original[] = [];
  for (const [i, id] of PRESET_IDS.entries()) {
    const state: LinkState = { scenario: presetScenario(id) };
    if (i % 3 === 1)
      state.view = { plots: ['cwnd', 'queue'], domain: [0.5, 2], selection: 'link:1' };
    if (i % 3 === 2) state.lesson = { id: 'fuzz', locked: ['duration_s'], hidden: [] };
    if (i % 4 === 0) state.traceHash = '0123456789abcdef';
    out.push({ hash: await encodeLink(state, model), version: 2, state });
  }
  // v1: the same payloads without model version and checksum.
  for (const o of [...out]) {
    const z = new URLSearchParams(o.hash.slice(1)).get('z') ?? '';
    out.push({ hash: v1(z), version: 1, state: o.state });
  }
  return out;
}

/** Hostile JSON spliced into a payload in place of a value. */
const HOSTILE_VALUES = [
  '1e309',
  '-1e309',
  '-0',
  'null',
  '""',
  '"\\ud800"',
  '{"__proto__":{"polluted":1}}',
  `${'['.repeat(40)}${']'.repeat(40)}`,
  `"${'x'.repeat(5000)}"`,
  '123456789012345678901234567890',
  '{"a":1,"a":2}',
  'true',
];

/** Bombs and oversized inputs, made once: they are big to build. */
function bombs(model: string): FuzzInput[] {
  const zeros = deflated(`{"p":{"name":"${'0'.repeat(MAX_JSON_BYTES + 10)}"}}`);
  const huge = b64(deflateRawSync(Buffer.alloc(60_000_000, 32), { level: 9 }));
  const longHash = `#v=2&z=${'A'.repeat(MAX_HASH_CHARS + 10)}`;
  // A stored DEFLATE block that claims 65,535 bytes and brings 3.
  const shortStored = b64(new Uint8Array([1, 0xff, 0xff, 0x00, 0x00, 1, 2, 3]));
  return [
    { hash: v2(zeros, model), what: 'unpacks just over the JSON cap' },
    { hash: v1(zeros), what: 'v1: unpacks just over the JSON cap' },
    { hash: v2(huge, model), what: 'unpacks to 60 MB' },
    { hash: longHash, what: 'a fragment over the length cap' },
    { hash: v2(shortStored, model), what: 'a stored block that claims more than it has' },
  ];
}

/** One mutated input from a valid link. */
function mutate(rng: Rng, o: Original, model: string): FuzzInput {
  const h = o.hash;
  const params = new URLSearchParams(h.slice(1));
  const z = params.get('z') ?? '';
  const wrap = (zz: string) => (o.version === 2 ? v2(zz, model) : v1(zz));
  const tampered = (hash: string, what: string): FuzzInput =>
    o.version === 2 && hash !== h ? { hash, what, tamperedFrom: o.state } : { hash, what };
  switch (rng.below(10)) {
    case 0: {
      const at = rng.below(h.length);
      return tampered(h.slice(0, at), `cut at ${at}`);
    }
    case 1: {
      const at = rng.below(h.length);
      const c = rng.pick([...EDIT_CHARS]);
      return tampered(`${h.slice(0, at)}${c}${h.slice(at + 1)}`, `character ${at} → ${c}`);
    }
    case 2: {
      const at = rng.below(h.length + 1);
      const c = rng.pick([...EDIT_CHARS]);
      return rng.below(2) === 0
        ? tampered(`${h.slice(0, at)}${c}${h.slice(at)}`, `${c} inserted at ${at}`)
        : tampered(`${h.slice(0, at)}${h.slice(at + 1)}`, `character ${at} removed`);
    }
    case 3: {
      // DEFLATE bytes flipped, checksum recomputed: the decoder's inner layers.
      const bytes = unb64(z);
      const n = 1 + rng.below(4);
      for (let k = 0; k < n && bytes.length > 0; k++) {
        const at = rng.below(bytes.length);
        bytes[at] = (bytes[at] as number) ^ (1 << rng.below(8));
      }
      return { hash: wrap(b64(bytes)), what: `${n} bits of DEFLATE flipped, checksum recomputed` };
    }
    case 4: {
      const bytes = unb64(z);
      const at = rng.below(bytes.length);
      return {
        hash: wrap(b64(bytes.slice(0, at))),
        what: `DEFLATE cut at ${at}, checksum recomputed`,
      };
    }
    case 5: {
      const bytes = new Uint8Array(1 + rng.below(200)).map(() => rng.below(256));
      return { hash: wrap(b64(bytes)), what: `${bytes.length} random bytes as DEFLATE` };
    }
    case 6: {
      const at = rng.below(z.length + 1);
      const c = rng.pick(['!', '+', '/', '=', ' ', 'é', '%', '.', '\u0000']);
      return {
        hash: wrap(`${z.slice(0, at)}${c}${z.slice(at)}`),
        what: `bad base64 ${c} at ${at}`,
      };
    }
    case 7: {
      // The payload's JSON edited, re-packed under a correct checksum: the JSON and reader checks.
      const json = payloadJson(o);
      const values = [...json.matchAll(/:(-?[0-9.e+]+|"[^"]*"|true|false|null)/g)];
      const m = values.length > 0 ? rng.pick(values) : undefined;
      if (!m || m.index === undefined) return { hash: wrap(deflated('{}')), what: 'empty payload' };
      const put = rng.pick(HOSTILE_VALUES);
      const edited = `${json.slice(0, m.index + 1)}${put}${json.slice(m.index + m[0].length)}`;
      return { hash: wrap(deflated(edited)), what: `a value → ${put.slice(0, 30)}` };
    }
    case 8: {
      const json = payloadJson(o);
      const bytes = Buffer.from(json);
      const n = 1 + rng.below(3);
      for (let k = 0; k < n; k++) bytes[rng.below(bytes.length)] = rng.below(256);
      return { hash: wrap(b64(deflateRawSync(bytes))), what: `${n} bytes of JSON replaced` };
    }
    default: {
      // The version or the model changed.
      const v = rng.pick(['0', '1', '2', '3', '02', '9999', '', '-1']);
      const edited = h.replace(/^#v=\d+/, `#v=${v}`);
      return tampered(edited, `version → '${v}'`);
    }
  }
}

/** The JSON payload of a link (`{}` when it does not inflate: a link mutated before). */
function payloadJson(o: Original): string {
  const z = new URLSearchParams(o.hash.slice(1)).get('z') ?? '';
  try {
    return inflateRawSync(unb64(z), { maxOutputLength: MAX_JSON_BYTES }).toString('utf8');
  } catch {
    return '{}';
  }
}

/** What is wrong with `r` as the answer to `input`, or null. */
function check(r: unknown, input: FuzzInput, reader: ScenarioReader): string | null {
  if (typeof r !== 'object' || r === null) return `not a result: ${String(r)}`;
  const res = r as LinkResult;
  if (!res.ok) {
    if (!REASONS.includes(res.reason)) return `unknown reason ${String(res.reason)}`;
    if (typeof res.detail !== 'string' || res.detail.length === 0) return 'a refusal without text';
    return null;
  }
  if (input.tamperedFrom && !isDeepStrictEqual(res.state, input.tamperedFrom)) {
    return 'a tampered link opened as another state';
  }
  const verdict = reader.read(new TextEncoder().encode(JSON.stringify(res.state.scenario)));
  if (!verdict.readable) return 'opened a scenario the reader refuses';
  return null;
}

export interface FuzzOptions {
  seed: number;
  /** Stop after this many inputs… */
  inputs?: number;
  /** …or after this many seconds, whichever comes first. */
  seconds?: number;
  maxMsPerInput?: number;
  maxRssMb?: number;
}

/** Run the fuzz loop; never throws for what the decoder does (that is a failure in the stats). */
export async function fuzzLinkDecode(
  reader: ScenarioReader,
  opts: FuzzOptions,
): Promise<FuzzStats> {
  const { seed, inputs = Infinity, seconds = Infinity } = opts;
  const maxMs = opts.maxMsPerInput ?? 5_000;
  const maxRss = opts.maxRssMb ?? 1_024;
  const model = reader.modelVersion;
  const rng = new Rng(seed);
  const start = await originals(model);
  const fixed = bombs(model);
  const stats: FuzzStats = {
    inputs: 0,
    opened: 0,
    refused: {},
    slowestMs: 0,
    peakRssMb: 0,
    failures: [],
  };
  const until = Date.now() + seconds * 1000;
  for (let i = 0; i < inputs && Date.now() < until && stats.failures.length < 10; i++) {
    let input: FuzzInput;
    if (i < fixed.length) input = fixed[i] as FuzzInput;
    else {
      input = mutate(rng, rng.pick(start), model);
      // Now and then a second mutation on top (no longer one edit: no tamper claim).
      if (rng.below(4) === 0) {
        const again = mutate(rng, { ...rng.pick(start), hash: input.hash, version: 1 }, model);
        input = { hash: again.hash, what: `${input.what}; ${again.what}` };
      }
    }
    const t0 = performance.now();
    let problem: string | null;
    try {
      const r = await decodeLink(input.hash, reader);
      problem = check(r, input, reader);
      if (!problem && r.ok) stats.opened++;
      if (!problem && !r.ok) stats.refused[r.reason] = (stats.refused[r.reason] ?? 0) + 1;
    } catch (e) {
      problem = `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    }
    const ms = performance.now() - t0;
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    if (!problem && ms > maxMs) problem = `took ${ms.toFixed(0)} ms (limit ${maxMs})`;
    if (i % 64 === 0 || i < fixed.length) {
      const rss = process.memoryUsage().rss / 1e6;
      stats.peakRssMb = Math.max(stats.peakRssMb, rss);
      if (!problem && rss > maxRss) problem = `the process grew to ${rss.toFixed(0)} MB`;
    }
    stats.inputs++;
    if (problem) stats.failures.push({ index: i, input, problem });
  }
  return stats;
}
