// Links: every preset and every scenario file survives encodeLink → decodeLink
// unchanged; old `#s=` links migrate; the view and the lesson flags travel with the scenario;
// truncated, damaged, oversized, deeply nested and hostile links give a reason, never a throw.
import { deflateRawSync } from 'node:zlib';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeLink,
  encodeLink,
  encodeLinkChecked,
  hasLink,
  MAX_HASH_CHARS,
} from '../../web/src/scenario/link/linkCodec';
import type { LinkResult, LinkState } from '../../web/src/scenario/link/linkState';
import { BASE_V1 } from '../../web/src/scenario/link/migrations';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { PRESET_IDS, presetScenario } from '../../web/src/scenario/presets';
import type { Scenario } from '../../web/src/scenario/types';
import { readRepoFile } from './helpers/repo';
import { otherModelOf } from '../../web/src/state/linkStore';
import { reader } from './helpers/reader';

const v1 = (payload: unknown) =>
  `#v=1&z=${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
const v0 = (value: unknown) => `#s=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

function failed(r: LinkResult): { reason: string; detail: string } {
  expect(r.ok).toBe(false);
  return r.ok ? { reason: '', detail: '' } : { reason: r.reason, detail: r.detail };
}

const files = [
  ...readdirSync('content/scenarios')
    .filter((f) => f.endsWith('.json'))
    .map((f) => `content/scenarios/${f}`),
  ...readdirSync('tests/golden')
    .filter((f) => f.endsWith('.json') && f !== 'expected.json')
    .map((f) => `tests/golden/${f}`),
];

describe('link round trip', () => {
  it.each(PRESET_IDS)('preset %s comes back unchanged', async (id) => {
    const scenario = presetScenario(id);
    const hash = await encodeLink({ scenario }, reader.modelVersion);
    expect(hash).toMatch(/^#v=2&m=[0-9.]+&c=[0-9a-f]{8}&z=[A-Za-z0-9_-]+$/);
    expect(await decodeLink(hash, reader)).toEqual({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state: { scenario },
      errors: [],
    });
  });

  it.each(files)('%s comes back unchanged', async (file) => {
    const scenario = JSON.parse(readRepoFile(file)) as Scenario;
    const r = await decodeLink(await encodeLink({ scenario }, reader.modelVersion), reader);
    expect(r).toEqual({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state: { scenario },
      errors: [],
    });
  });

  it('carries only what differs from the base: one changed rate makes a short link', async () => {
    const plain = await encodeLink({ scenario: DEFAULT_SCENARIO }, reader.modelVersion);
    const s = structuredClone(DEFAULT_SCENARIO);
    s.topology.links[1]!.rate_bps = 12.5e6;
    const edited = await encodeLink({ scenario: s }, reader.modelVersion);
    expect(plain.length).toBeLessThan(60);
    expect(edited.length).toBeLessThan(140);
    expect(edited.length).toBeLessThan(v0(s).length / 5);
    expect(edited.length).toBeLessThan(
      (await encodeLink({ scenario: presetScenario('dumbbell') }, reader.modelVersion)).length,
    );
  });

  it('keeps the seed, removed fields, shorter and longer lists and nulls', async () => {
    const s = structuredClone(DEFAULT_SCENARIO) as Scenario & Record<string, unknown>;
    s.seed = 987654321;
    delete s.description;
    s.topology.links.pop();
    s.flows.push({ ...s.flows[0]!, id: 'flow2', start_s: 3 });
    s.flows[0]!.src_port = null;
    const r = await decodeLink(await encodeLink({ scenario: s }, reader.modelVersion), reader);
    // It reads (the link it lost leaves no path, which validation reports).
    expect(r).toMatchObject({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state: { scenario: s },
    });
  });

  it('carries the view and passes the lesson flags through untouched', async () => {
    const state: LinkState = {
      scenario: presetScenario('codel'),
      view: { plots: ['cwnd', 'queue'], domain: [2.5, 7] },
      lesson: {
        id: 'aqm-1',
        student: 'Aiko',
        locked: ['topology.links[2].queue'],
        hidden: ['flows'],
        extra: { nested: [1, 'two'] },
      },
    };
    expect(await decodeLink(await encodeLink(state, reader.modelVersion), reader)).toEqual({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state,
      errors: [],
    });
  });

  it('carries the trace hash its maker saw, under the checksum; another model version says so', async () => {
    const state: LinkState = { scenario: presetScenario('codel'), traceHash: '0123456789abcdef' };
    const hash = await encodeLink(state, '0.0.1-old');
    const r = await decodeLink(hash, reader);
    expect(r).toMatchObject({ ok: true, model: '0.0.1-old', state });
    if (!r.ok) return;
    expect(otherModelOf(r, reader.modelVersion)).toEqual({
      theirs: '0.0.1-old',
      ours: reader.modelVersion,
      traceHash: '0123456789abcdef',
    });
    expect(otherModelOf({ ...r, model: reader.modelVersion }, reader.modelVersion)).toBeNull();
    // A trace hash that is not one is refused like any field that does not fit.
    const bad = await encodeLink({ ...state, traceHash: '<b>x</b>' }, reader.modelVersion);
    expect(failed(await decodeLink(bad, reader)).detail).toContain('th: not a trace hash');
  });

  it('tells a link from an empty or foreign fragment', () => {
    expect(hasLink('')).toBe(false);
    expect(hasLink('#plots')).toBe(false);
    expect(hasLink('#v=1&z=abc')).toBe(true);
    expect(hasLink('#s=abc')).toBe(true);
  });
});

describe('migrations', () => {
  it('opens an old #s= link (v0) as the same scenario', async () => {
    const s = presetScenario('parkingLot');
    s.name = 'ünïcödé 日本語';
    expect(await decodeLink(v0(s), reader)).toEqual({
      ok: true,
      version: 0,
      model: null,
      state: { scenario: s },
      errors: [],
    });
  });

  it('re-encodes a migrated v0 link as v2 with the same scenario', async () => {
    const s = presetScenario('lanHost');
    const r = await decodeLink(v0(s), reader);
    if (!r.ok) throw new Error(r.detail);
    const again = await decodeLink(await encodeLink(r.state, reader.modelVersion), reader);
    expect(again).toEqual({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state: { scenario: s },
      errors: [],
    });
  });

  it('patches against a frozen base, so a new default cannot change old links', () => {
    expect(BASE_V1).toEqual(JSON.parse(readRepoFile('content/scenarios/default.json')));
  });

  it('refuses a version from the future and one without a number', async () => {
    expect(failed(await decodeLink('#v=3&z=AA', reader)).reason).toBe('version');
    expect(failed(await decodeLink('#v=x&z=AA', reader)).reason).toBe('format');
    expect(failed(await decodeLink('#z=AA', reader)).reason).toBe('format');
  });
});

describe('integrity', () => {
  it('no single-character edit and no cut of a link opens anything else', async () => {
    const state = { scenario: presetScenario('dumbbell') };
    const hash = await encodeLink(state, reader.modelVersion);
    const original = await decodeLink(hash, reader);
    expect(original.ok).toBe(true);
    const alphabet = 'AQgw_-19aZ=&.';
    let tried = 0;
    for (let i = 1; i < hash.length; i++) {
      for (const ch of alphabet) {
        if (hash[i] === ch) continue;
        const edited = hash.slice(0, i) + ch + hash.slice(i + 1);
        const r = await decodeLink(edited, reader);
        tried++;
        // Only the version can change and still open (v=1 reads the same payload unchecked).
        if (r.ok && original.ok)
          expect([r.state, r.errors]).toEqual([original.state, original.errors]);
      }
    }
    for (let cut = 1; cut < hash.length; cut++) {
      const r = await decodeLink(hash.slice(0, cut), reader);
      expect(r.ok).toBe(false);
    }
    expect(tried).toBeGreaterThan(1000);
  }, 120_000);

  it('a changed payload or model version fails the checksum, with a clear reason', async () => {
    const hash = await encodeLink({ scenario: DEFAULT_SCENARIO }, reader.modelVersion);
    const z = /z=([^&]+)/.exec(hash)![1]!;
    const other = await encodeLink(
      { scenario: { ...DEFAULT_SCENARIO, seed: 99 } },
      reader.modelVersion,
    );
    const otherZ = /z=([^&]+)/.exec(other)![1]!;
    expect(failed(await decodeLink(hash.replace(z, otherZ), reader)).reason).toBe('checksum');
    expect(failed(await decodeLink(hash.replace(/m=[^&]+/, 'm=9.9.9'), reader)).reason).toBe(
      'checksum',
    );
    expect(failed(await decodeLink(hash.replace(/&c=[^&]+/, ''), reader)).reason).toBe('checksum');
  });

  it('the page never makes a link it would refuse: above the caps it says why', async () => {
    const s = structuredClone(presetScenario('dumbbell'));
    // Incompressible text: a description of random characters makes the link too long.
    let noise = '';
    for (let i = 0; i < 150_000; i++) noise += String.fromCharCode(0x4e00 + ((i * 7919) % 20000));
    s.description = noise;
    const r = await encodeLinkChecked({ scenario: s }, reader.modelVersion);
    expect(r).toMatchObject({ ok: false, limit: MAX_HASH_CHARS });
    const fits = await encodeLinkChecked({ scenario: presetScenario('dumbbell') }, '0.1.0');
    expect(fits.ok).toBe(true);
  });
});

describe('bad links', () => {
  it('a link cut short', async () => {
    const hash = await encodeLink({ scenario: presetScenario('dumbbell') }, reader.modelVersion);
    for (const cut of [hash.length - 1, Math.floor(hash.length / 2), 12]) {
      const r = failed(await decodeLink(hash.slice(0, cut), reader));
      expect(['checksum', 'encoding', 'json']).toContain(r.reason);
    }
    expect(failed(await decodeLink('#v=1&z=', reader)).reason).toBe('format');
  });

  it('garbage: not base64url, not deflate, not UTF-8, not JSON, not a scenario', async () => {
    expect(failed(await decodeLink('#v=1&z=!!!!', reader)).reason).toBe('encoding');
    expect(failed(await decodeLink('#v=1&z=' + 'A'.repeat(41), reader)).reason).toBe('encoding');
    expect(failed(await decodeLink('#v=1&z=bm90IGRlZmxhdGU', reader)).reason).toBe('encoding');
    const notUtf8 = deflateRawSync(Buffer.from([0xff, 0xfe, 0x80])).toString('base64url');
    expect(failed(await decodeLink(`#v=1&z=${notUtf8}`, reader)).reason).toBe('encoding');
    const notJson = deflateRawSync(Buffer.from('{ nope')).toString('base64url');
    expect(failed(await decodeLink(`#v=1&z=${notJson}`, reader)).reason).toBe('json');
    expect(failed(await decodeLink('#s=bm90IGpzb24', reader)).reason).toBe('json');
    const r = failed(await decodeLink(v0({ topology: { nodes: 5 }, flows: 'x' }), reader));
    expect(r).toEqual({
      reason: 'content',
      detail: 'topology.nodes: invalid type: integer `5`, expected a sequence',
    });
  });

  it('names the field of a payload that does not fit', async () => {
    const cases: [unknown, string][] = [
      [[1, 2], '(top): not an object'],
      [{ p: ['=', 5] }, 'invalid type: integer `5`, expected struct Scenario'],
      [{ p: { topology: ['=', null] } }, 'topology: invalid type: null, expected struct Topology'],
      [
        { p: { flows: ['[', 1, { 0: { id: ['=', 7] } }] } },
        'flows[0].id: invalid type: integer `7`, expected a string',
      ],
      [{ p: { flows: ['[', 3, {}] } }, 'flows[1]: missing'],
      [{ p: { flows: ['[', 1e9, {}] } }, 'flows: the list is too long'],
      [{ p: { flows: ['[', 1, { 5: ['=', 1] }] } }, 'flows: no element 5 to edit'],
      [{ p: { seed: ['?'] } }, 'seed: not a patch'],
      [{ view: { domain: [5, 1] } }, 'view.domain: not two increasing times'],
      [{ view: { plots: 'cwnd' } }, 'view.plots: not a list of plot names'],
      [{ lesson: { locked: [1] } }, 'lesson.locked: not a list of strings'],
      [{ lesson: 'x' }, 'lesson: not an object'],
    ];
    for (const [payload, detail] of cases) {
      expect(failed(await decodeLink(v1(payload), reader))).toEqual({ reason: 'content', detail });
    }
  });

  it('a fragment longer than the cap is refused before decoding', async () => {
    const r = failed(await decodeLink(`#v=1&z=${'A'.repeat(MAX_HASH_CHARS)}`, reader));
    expect(r.reason).toBe('tooLong');
  });

  it('a small link that unpacks to megabytes (a zip bomb) is stopped at the cap', async () => {
    const bomb = deflateRawSync(Buffer.from(`{"p":"${'a'.repeat(20_000_000)}"}`));
    const hash = `#v=1&z=${bomb.toString('base64url')}`;
    expect(hash.length).toBeLessThan(MAX_HASH_CHARS);
    expect(failed(await decodeLink(hash, reader)).reason).toBe('tooLarge');
  });

  it('deep nesting is refused, in the payload and in an old link', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const text = `{"p":{"name":["=",${deep}]}}`;
    const hash = `#v=1&z=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
    expect(failed(await decodeLink(hash, reader)).reason).toBe('tooDeep');
    const old = `#s=${Buffer.from(`{"deep":${deep}}`).toString('base64url')}`;
    expect(failed(await decodeLink(old, reader)).reason).toBe('tooDeep');
  });

  it('a __proto__ key cannot reach an object prototype', async () => {
    const text = '{"p":{"__proto__":["=",{"polluted":true}]}}';
    const hash = `#v=1&z=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
    expect(failed(await decodeLink(hash, reader)).detail).toMatch(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('markup in names and ids is data: it decodes as the text it is', async () => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = '<img src=x onerror="window.__pwned=1">';
    s.flows[0]!.id = '<script>window.__pwned=1</script>';
    const r = await decodeLink(await encodeLink({ scenario: s }, reader.modelVersion), reader);
    expect(r).toMatchObject({
      ok: true,
      version: 2,
      model: reader.modelVersion,
      state: { scenario: s },
    });
    // It reads, and validation refuses the id (ids are letters, digits and - _ .).
    expect(r.ok && r.errors.map((e) => e.path)).toContain('flows[0].id');
  });

  it('the scenario a link builds is read by the one reader: types, unknown fields, numbers', async () => {
    const cases: [unknown, string][] = [
      [{ p: { name: ['=', 1] } }, 'name: invalid type: integer `1`, expected a string'],
      [{ p: { flows: ['[', 1, { 0: { bogus: ['=', 1] } }] } }, 'flows[0].bogus: unknown field'],
    ];
    for (const [payload, detail] of cases) {
      const r = failed(await decodeLink(v1(payload), reader));
      expect(r.reason).toBe('content');
      expect(r.detail.startsWith(detail)).toBe(true);
    }
    // The issue's link: a number where the name belongs, then "Open it anyway" (it cannot now).
    const r = failed(await decodeLink('#v=1&z=q1YqULKqVspLzE1VsopWslXSMYytrQUA', reader));
    expect(r).toEqual({
      reason: 'content',
      detail: 'name: invalid type: integer `1`, expected a string',
    });
    // Text the browser would read leniently: the one reader's JSON rules apply first.
    const dup = deflateRawSync(Buffer.from('{"seed":1,"seed":2}')).toString('base64url');
    expect(failed(await decodeLink(`#v=1&z=${dup}`, reader))).toEqual({
      reason: 'json',
      detail: 'seed: duplicate field `seed`',
    });
    const big = deflateRawSync(Buffer.from('{"seed":1e309}')).toString('base64url');
    expect(failed(await decodeLink(`#v=1&z=${big}`, reader)).detail).toMatch(/out of range/);
  });
});
