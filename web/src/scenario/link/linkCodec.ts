// Links that open the same experiment: the scenario (as a patch against a fixed base, so only
// what differs travels), its seed, the view and a lesson's flags, in the URL fragment as
// `#v=2&m=<model version>&c=<checksum>&z=<base64url(deflate-raw(JSON))>`. A link that was
// changed or cut short fails its checksum and is refused. Older formats are read and migrated
// (migrations.ts). The page never writes a link it would refuse: above the caps,
// `encodeLinkChecked` says so instead.
// Decoding never throws: a truncated, damaged, oversized or hostile link gives a reason. The
// payload's JSON is checked by the one reader's JSON rules, and the scenario it builds is read by
// the one reader itself (reader.ts): a link opens only a scenario the CLI would read.
import { deflateRaw, toBase64Url } from './bytes';
import type { LessonFlags, LinkResult, LinkState, LinkView } from './linkState';
import {
  BASE_V1,
  CURRENT_VERSION,
  LinkError,
  MAX_JSON_BYTES,
  MIGRATIONS,
  READERS,
  linkChecksum,
  type PayloadV1,
} from './migrations';
import { applyPatch, makePatch, PatchError } from './patch';
import { errorLine, readScenarioValue } from '../reader';
import type { ScenarioReader } from '../reader';
import type { FieldError } from '../../sim/protocol';

/** The longest fragment we read (browsers allow megabytes; a real link is a few hundred bytes). */
export const MAX_HASH_CHARS = 100_000;
/** How deep a link's JSON may nest (a scenario needs about 6 levels, a patch twice that). */
export const MAX_DEPTH = 32;
const MAX_PLOTS = 64;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const { seed: _baseSeed, ...BASE_WITHOUT_SEED } = BASE_V1;
void _baseSeed;

/** Is there a link in this fragment at all (as opposed to an empty or foreign fragment)? */
export function hasLink(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('v') || params.has('s');
}

export type EncodedLink =
  | { ok: true; hash: string }
  /** Too big for a link: `size` of `limit` (fragment characters, or bytes of JSON). */
  | { ok: false; reason: 'tooLong' | 'tooLarge'; size: number; limit: number };

/** Let the page handle what waits (a click, a frame) between two steps of a large encoding. */
const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * The fragment (with its `#`) that opens `state`, made by model version `model`; or, when the
 * link would be longer than a page opens (or unpack to more), why not. A large scenario (1,000
 * flows: tens of milliseconds a step) is encoded in steps, each its own task.
 */
export async function encodeLinkChecked(state: LinkState, model: string): Promise<EncodedLink> {
  const { seed, ...rest } = state.scenario;
  const payload: PayloadV1 = {};
  const large = state.scenario.flows.length > 40;
  const p = makePatch(BASE_WITHOUT_SEED, rest);
  if (large) await breathe();
  if (p !== undefined) payload.p = p;
  if (seed !== undefined) payload.seed = seed;
  const view = cleanView(state.view);
  if (view) payload.view = view;
  if (state.lesson) payload.lesson = state.lesson;
  if (state.traceHash) payload.th = state.traceHash;
  const json = new TextEncoder().encode(JSON.stringify(payload));
  if (json.length > MAX_JSON_BYTES) {
    return { ok: false, reason: 'tooLarge', size: json.length, limit: MAX_JSON_BYTES };
  }
  const z = toBase64Url(await deflateRaw(json));
  if (large) await breathe();
  const m = encodeURIComponent(model);
  const hash = `#v=${CURRENT_VERSION}&m=${m}&c=${linkChecksum(model, z)}&z=${z}`;
  if (hash.length > MAX_HASH_CHARS) {
    return { ok: false, reason: 'tooLong', size: hash.length, limit: MAX_HASH_CHARS };
  }
  return { ok: true, hash };
}

/** As `encodeLinkChecked`, for state known to fit (tests, small scenarios): the fragment. */
export async function encodeLink(state: LinkState, model: string): Promise<string> {
  const r = await encodeLinkChecked(state, model);
  if (!r.ok) throw new Error(`the link would be too long (${r.size} of ${r.limit})`);
  return r.hash;
}

function cleanView(view: LinkView | undefined): LinkView | null {
  if (!view) return null;
  const out: LinkView = {};
  if (view.plots) out.plots = [...view.plots];
  if (view.domain) out.domain = [view.domain[0], view.domain[1]];
  if (view.selection) out.selection = view.selection;
  return Object.keys(out).length > 0 ? out : null;
}

/** Throws LinkError when `v` nests deeper than MAX_DEPTH or has a `__proto__` key. */
function checkDepth(v: unknown): void {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, depth] = stack.pop() as [unknown, number];
    if (typeof x !== 'object' || x === null) continue;
    if (depth >= MAX_DEPTH) throw new LinkError('tooDeep', `nested more than ${MAX_DEPTH} deep`);
    if (!Array.isArray(x) && Object.prototype.hasOwnProperty.call(x, '__proto__')) {
      throw new LinkError('content', 'a key named __proto__');
    }
    for (const child of Object.values(x)) stack.push([child, depth + 1]);
  }
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

function readView(v: unknown): LinkView | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new LinkError('content', 'view: not an object');
  const view: LinkView = {};
  if (v.plots !== undefined) {
    if (!isStringList(v.plots) || v.plots.length > MAX_PLOTS) {
      throw new LinkError('content', 'view.plots: not a list of plot names');
    }
    view.plots = v.plots;
  }
  if (v.domain !== undefined) {
    const d = v.domain;
    if (
      !Array.isArray(d) ||
      d.length !== 2 ||
      !d.every((x) => typeof x === 'number' && Number.isFinite(x)) ||
      !((d[0] as number) < (d[1] as number))
    ) {
      throw new LinkError('content', 'view.domain: not two increasing times');
    }
    view.domain = [d[0] as number, d[1] as number];
  }
  if (v.selection !== undefined) {
    if (typeof v.selection !== 'string' || !/^(link|node):\d{1,4}$/.test(v.selection)) {
      throw new LinkError('content', 'view.selection: not link:N or node:N');
    }
    view.selection = v.selection;
  }
  return view;
}

function readLesson(v: unknown): LessonFlags | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new LinkError('content', 'lesson: not an object');
  for (const k of ['id', 'student'] as const) {
    if (v[k] !== undefined && typeof v[k] !== 'string') {
      throw new LinkError('content', `lesson.${k}: not a string`);
    }
  }
  for (const k of ['locked', 'hidden'] as const) {
    if (v[k] !== undefined && !isStringList(v[k])) {
      throw new LinkError('content', `lesson.${k}: not a list of strings`);
    }
  }
  return v as LessonFlags;
}

function readPayload(
  payload: unknown,
  reader: ScenarioReader,
): { state: LinkState; errors: FieldError[] } {
  if (!isObject(payload)) throw new LinkError('content', '(top): not an object');
  let scenario: unknown;
  try {
    scenario = applyPatch(BASE_WITHOUT_SEED, payload.p);
  } catch (e) {
    if (e instanceof PatchError) throw new LinkError('content', e.message);
    throw e;
  }
  if (payload.seed !== undefined && isObject(scenario)) scenario.seed = payload.seed;
  const read = readScenarioValue(scenario, reader);
  if (!read.ok) throw new LinkError('content', errorLine(read.problem));
  const state: LinkState = { scenario: read.scenario };
  const view = readView(payload.view);
  if (view) state.view = view;
  const lesson = readLesson(payload.lesson);
  if (lesson) state.lesson = lesson;
  if (payload.th !== undefined) {
    if (typeof payload.th !== 'string' || !/^[0-9a-f]{16}$/.test(payload.th)) {
      throw new LinkError('content', 'th: not a trace hash');
    }
    state.traceHash = payload.th;
  }
  return { state, errors: read.errors };
}

async function decode(hash: string, reader: ScenarioReader): Promise<LinkResult> {
  if (hash.length > MAX_HASH_CHARS) {
    throw new LinkError('tooLong', `${hash.length} characters, more than ${MAX_HASH_CHARS}`);
  }
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const v = params.get('v');
  let version: number;
  if (v === null && params.has('s')) version = 0;
  else if (v !== null && /^[0-9]{1,4}$/.test(v)) version = Number(v);
  else throw new LinkError('format', v === null ? 'no version (v=) in the link' : `version ${v}`);
  const readVersion = READERS[version];
  if (!readVersion) {
    throw new LinkError(
      'version',
      `version ${version}; this page reads versions 0 to ${CURRENT_VERSION}`,
    );
  }
  let payload = await readVersion(params, reader);
  checkDepth(payload);
  for (let at = version; at < CURRENT_VERSION; at++) {
    const migrate = MIGRATIONS[at];
    if (!migrate) throw new LinkError('version', `no migration from version ${at}`);
    payload = migrate(payload);
  }
  const model = version >= 2 ? (params.get('m') ?? '') : null;
  return { ok: true, ...readPayload(payload, reader), version, model };
}

/**
 * The state in a link's fragment, or why it cannot be opened, read with `reader` (the page's
 * wasm reader). Never throws. A scenario that reads but does not validate comes with its errors.
 */
export async function decodeLink(hash: string, reader: ScenarioReader): Promise<LinkResult> {
  try {
    return await decode(hash, reader);
  } catch (e) {
    if (e instanceof LinkError) return { ok: false, reason: e.reason, detail: e.message };
    return { ok: false, reason: 'content', detail: e instanceof Error ? e.message : String(e) };
  }
}
