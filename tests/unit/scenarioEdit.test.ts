// Editing scenarios: field paths, graph edits, the layout, the schema-driven field lists, the A/B
// diff and the URL codec, checked against the wasm validator where it matters.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { diffScenarios, sameScenario } from '../../web/src/scenario/diff';
import { placeOf, fieldDomId } from '../../web/src/scenario/errorPlace';
import { getAt, parsePath, formatPath, pathWithin, setAt } from '../../web/src/scenario/fieldPath';
import {
  addFlow,
  addLink,
  addNode,
  freshId,
  removeFlow,
  removeNode,
} from '../../web/src/scenario/graph';
import { layoutTopology } from '../../web/src/scenario/layout';
import { presetScenario } from '../../web/src/scenario/presets';
import {
  enumOptions,
  objectFields,
  sourceKindsFor,
  variants,
} from '../../web/src/scenario/schemaInfo';
import { startVariant, switchQueue } from '../../web/src/scenario/starters';
import { CC_ALGORITHMS, QUEUE_KINDS } from '../../web/src/scenario/ccAlgorithms';
import type { Scenario } from '../../web/src/scenario/types';
import { validate } from './helpers/wasm';

const errorsOf = (s: Scenario) => validate(JSON.stringify(s)) ?? [];

describe('field paths', () => {
  it('parses and formats the validator notation', () => {
    expect(parsePath('topology.links[1].queue.min_th')).toEqual([
      'topology',
      'links',
      1,
      'queue',
      'min_th',
    ]);
    expect(formatPath(['flows', 0, 'cc'])).toBe('flows[0].cc');
  });

  it('reads and writes without mutating, removing keys set to undefined', () => {
    const s = DEFAULT_SCENARIO;
    const t = setAt(s, 'topology.links[1].rate_bps', 10e6);
    expect(getAt(t, 'topology.links[1].rate_bps')).toBe(10e6);
    expect(getAt(s, 'topology.links[1].rate_bps')).toBe(20e6);
    expect(t.topology.links[0]).toBe(s.topology.links[0]); // shared
    const u = setAt(t, 'topology.links[1].mtu_bytes', undefined);
    expect('mtu_bytes' in (u.topology.links[1] ?? {})).toBe(false);
    expect(getAt(setAt({}, 'a.b[1].c', 3), 'a.b[1].c')).toBe(3);
  });

  it('matches errors to the field they belong to', () => {
    expect(pathWithin('topology.links[1].queue.min_th', 'topology.links[1].queue')).toBe(true);
    expect(pathWithin('topology.links[10].rate_bps', 'topology.links[1]')).toBe(false);
    expect(placeOf('flows[2].cc_params.cubic.c')).toEqual({ kind: 'flow', index: 2 });
    expect(placeOf('duration_s')).toEqual({ kind: 'run' });
    expect(fieldDomId('B', 'flows[0].src')).toBe('field-B-flows_0__src');
  });
});

describe('graph edits', () => {
  it('adds nodes, links and flows with fresh ids, and the result validates', () => {
    expect(freshId('h', ['h1', 'h2', 'h4'])).toBe('h3');
    let s = addNode(DEFAULT_SCENARIO, 'host');
    s = addLink(s, 'router', 'h1');
    s = addFlow(s);
    s = setAt(s, 'flows[1].dst', 'h1');
    expect(s.topology.nodes.map((n) => n.id)).toContain('h1');
    expect(s.flows[1]?.id).toBe('f1');
    expect(errorsOf(s)).toEqual([]);
  });

  it('removing a node removes its links, its flows and their queue entries', () => {
    let s = presetScenario('dumbbell');
    s = setAt(s, 'topology.links[2].queue', {
      kind: 'wfq',
      weights: [
        { flow: 'f1', weight: 1 },
        { flow: 'f2', weight: 3 },
      ],
    });
    expect(errorsOf(s)).toEqual([]);
    const t = removeNode(
      s,
      s.topology.nodes.findIndex((n) => n.id === 's2'),
    );
    expect(t.topology.links.map((l) => l.id)).not.toContain('a2');
    expect(t.flows.map((f) => f.id)).toEqual(['f1']);
    expect(getAt(t, 'topology.links[1].queue.weights')).toEqual([{ flow: 'f1', weight: 1 }]);
    expect(errorsOf(t)).toEqual([]);
    expect(removeFlow(s, 0).flows.map((f) => f.id)).toEqual(['f2']);
  });
});

describe('layout', () => {
  it('puts senders left of routers and receivers right', () => {
    const l = layoutTopology(presetScenario('dumbbell'));
    const col = (id: string) => l.places.get(id)?.col ?? NaN;
    expect(col('s1')).toBeLessThan(col('r1'));
    expect(col('r1')).toBeLessThan(col('r2'));
    expect(col('r2')).toBeLessThan(col('d1'));
    expect(col('s1')).toBe(col('s2'));
    expect(l.places.get('s1')?.row).not.toBe(l.places.get('s2')?.row);
  });

  it('places every node, connected or not', () => {
    const s = addNode(addNode(DEFAULT_SCENARIO, 'host'), 'router');
    const l = layoutTopology(s);
    expect(l.places.size).toBe(s.topology.nodes.length);
  });
});

describe('schema info', () => {
  it('lists every algorithm, queue discipline and host preset the schema has', () => {
    expect(CC_ALGORITHMS).toContain('newreno');
    expect(CC_ALGORITHMS).toContain('bbr');
    expect(CC_ALGORITHMS.length).toBeGreaterThanOrEqual(13);
    expect(QUEUE_KINDS).toEqual(
      expect.arrayContaining([
        'drop_tail',
        'red',
        'codel',
        'fq_codel',
        'pie',
        'wfq',
        'token_bucket',
      ]),
    );
    expect(enumOptions('HostPreset').map((o) => o.value)).toContain('p4_pci');
  });

  it('describes fields with their defaults and kinds', () => {
    const red = variants('QueueSpec').find((v) => v.kind === 'red');
    const minTh = red?.fields.find((f) => f.name === 'min_th');
    expect(minTh).toMatchObject({ kind: 'number', default: 5 });
    const mode = red?.fields.find((f) => f.name === 'mode');
    expect(mode?.kind).toBe('enum');
    expect(objectFields('HostSpec').find((f) => f.name === 'offload')).toMatchObject({
      kind: 'boolean',
      nullable: true,
    });
  });

  it('gives a new value of every queue discipline, loss model and source that validates', () => {
    for (const kind of QUEUE_KINDS) {
      const s = setAt(DEFAULT_SCENARIO, 'topology.links[1].queue', startVariant('QueueSpec', kind));
      expect(errorsOf(s), kind).toEqual([]);
    }
    for (const v of variants('LossSpec')) {
      const s = setAt(DEFAULT_SCENARIO, 'topology.links[1].loss', startVariant('LossSpec', v.kind));
      expect(errorsOf(s), v.kind).toEqual([]);
    }
    for (const v of variants('SourceSpec')) {
      expect(v.protocols?.length, v.kind).toBeGreaterThan(0);
      for (const protocol of (v.protocols ?? []) as ('tcp' | 'udp')[]) {
        const flow: Record<string, unknown> = {
          ...DEFAULT_SCENARIO.flows[0],
          protocol,
          source: startVariant('SourceSpec', v.kind, protocol),
        };
        if (protocol === 'udp') delete flow.cc;
        const s = setAt(DEFAULT_SCENARIO, 'flows[0]', flow);
        expect(errorsOf(s), `${v.kind} over ${protocol}`).toEqual([]);
      }
    }
  });

  it("starts a kind at its registry line's example (the schema's x-example)", () => {
    expect(startVariant('LossSpec', 'bernoulli')).toEqual({
      kind: 'bernoulli',
      p: 0.01,
      data_only: true,
    });
    expect(startVariant('QueueSpec', 'drop_tail')).toEqual({
      kind: 'drop_tail',
      limit_packets: 100,
    });
    // On/off takes a rate over UDP and none over TCP.
    expect(startVariant('SourceSpec', 'on_off', 'udp')).toMatchObject({ rate_bps: 1e6 });
    expect(startVariant('SourceSpec', 'on_off', 'tcp')).not.toHaveProperty('rate_bps');
  });

  it("offers each transport the sources its registry line names (the schema's x-protocols)", () => {
    expect(sourceKindsFor('tcp')).toEqual(['bulk', 'sized', 'on_off']);
    expect(sourceKindsFor('udp')).toEqual(['cbr', 'poisson', 'on_off']);
    for (const v of variants('SourceSpec')) expect(v.protocols?.length, v.kind).toBeGreaterThan(0);
  });

  it('keeps the packet limit when switching disciplines', () => {
    expect(switchQueue({ kind: 'drop_tail', limit_packets: 50 }, 'codel')).toMatchObject({
      kind: 'codel',
      limit_packets: 50,
    });
    expect(switchQueue({ kind: 'fq_codel' }, 'drop_tail')).toEqual({
      kind: 'drop_tail',
      limit_packets: 100,
    });
  });
});

describe('A/B diff and the URL', () => {
  it('lists the changed leaves', () => {
    const b = setAt(DEFAULT_SCENARIO, 'topology.links[1].queue.kind', 'codel');
    expect(diffScenarios(DEFAULT_SCENARIO, b)).toEqual([
      { path: 'topology.links[1].queue.kind', a: 'drop_tail', b: 'codel' },
    ]);
    expect(diffScenarios(DEFAULT_SCENARIO, structuredClone(DEFAULT_SCENARIO))).toEqual([]);
  });

  it('says two scenarios are the same exactly when the diff is empty', () => {
    const base = presetScenario('dumbbell');
    const pairs: [unknown, unknown][] = [
      [base, structuredClone(base)],
      [base, setAt(base, 'flows[0].start_s', 2)],
      [base, { ...base, flows: [...base.flows, base.flows[0]] }],
      [base, { ...base, seed: null }],
      [
        { ...base, seed: undefined },
        { ...base, seed: null },
      ],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: 1 }, { a: 1, b: 0 }],
      [{ a: 1, b: 0 }, { a: 1 }],
      [[1, 2], [1]],
      [DEFAULT_SCENARIO, base],
      [null, undefined],
      [0, null],
    ];
    for (const [a, b] of pairs) {
      expect(sameScenario(a, b)).toBe(diffScenarios(a, b).length === 0);
    }
    expect(sameScenario(base, structuredClone(base))).toBe(true);
    expect(sameScenario(base, setAt(base, 'flows[0].start_s', 2))).toBe(false);
  });
});

describe('scenario shape', () => {
  it('accepts scenarios and refuses what would break the editor', async () => {
    const { isScenarioShape } = await import('../../web/src/scenario/shape');
    expect(isScenarioShape(DEFAULT_SCENARIO)).toBe(true);
    expect(isScenarioShape(presetScenario('parkingLot'))).toBe(true);
    for (const bad of [
      null,
      [],
      { topology: {}, flows: [] },
      { topology: { nodes: [], links: {} }, flows: [] },
      { topology: { nodes: [{ id: 1 }], links: [] }, flows: [] },
      { topology: { nodes: [], links: [{ id: 'l' }] }, flows: [] },
      { topology: { nodes: [], links: [] }, flows: [{ id: 'f', src: 'a' }] },
    ]) {
      expect(isScenarioShape(bad)).toBe(false);
    }
  });
});
