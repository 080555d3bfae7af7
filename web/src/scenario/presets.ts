// Topology presets the editor offers: each one a small experiment with something to see. Titles
// and explanations live in i18n (`presets.<id>`); the scenarios are plain schema-v1 JSON, so
// they run unchanged in the CLI. The first is content/scenarios/default.json (golden hash).
import { DEFAULT_SCENARIO } from './defaultScenario';
import type { Flow, Link, Node, Scenario } from './types';

export const PRESET_IDS = [
  'single',
  'dumbbell',
  'rttUnfair',
  'bbrVsCubic',
  'codel',
  'redTwoFlows',
  'parkingLot',
  'udpAndTcp',
  'lossyLink',
  'lanHost',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

const host = (id: string): Node => ({ id, kind: 'host' });
const router = (id: string): Node => ({ id, kind: 'router' });

function link(id: string, a: string, b: string, mbps: number, delayMs: number, limit = 1000): Link {
  return {
    id,
    a,
    b,
    rate_bps: mbps * 1e6,
    delay_ms: delayMs,
    mtu_bytes: 1500,
    queue: { kind: 'drop_tail', limit_packets: limit },
  };
}

function tcp(id: string, src: string, dst: string, cc: Flow['cc'], startS = 0): Flow {
  return { id, src, dst, protocol: 'tcp', cc, start_s: startS };
}

function scenario(name: string, durationS: number, nodes: Node[], links: Link[], flows: Flow[]) {
  const s: Scenario = {
    version: 1,
    name,
    seed: 1,
    duration_s: durationS,
    sample_interval_ms: 10,
    topology: { nodes, links },
    flows,
  };
  return s;
}

/** Two senders, two receivers, one shared router-to-router bottleneck. */
function dumbbell(name: string, flows: Flow[], bottleneck: Partial<Link> = {}, accessMs = [1, 1]) {
  return scenario(
    name,
    30,
    [host('s1'), host('s2'), router('r1'), router('r2'), host('d1'), host('d2')],
    [
      link('a1', 's1', 'r1', 1000, accessMs[0] ?? 1),
      link('a2', 's2', 'r1', 1000, accessMs[1] ?? 1),
      { ...link('bottleneck', 'r1', 'r2', 20, 10, 80), ...bottleneck },
      link('b1', 'r2', 'd1', 1000, 1),
      link('b2', 'r2', 'd2', 1000, 1),
    ],
    flows,
  );
}

const BUILDERS: Record<PresetId, () => Scenario> = {
  single: () => structuredClone(DEFAULT_SCENARIO),
  dumbbell: () =>
    dumbbell('NewReno and CUBIC share a bottleneck', [
      tcp('f1', 's1', 'd1', 'newreno'),
      tcp('f2', 's2', 'd2', 'cubic', 5),
    ]),
  rttUnfair: () =>
    dumbbell(
      'Short and long round trips',
      [tcp('near', 's1', 'd1', 'newreno'), tcp('far', 's2', 'd2', 'newreno')],
      {},
      [1, 40],
    ),
  bbrVsCubic: () =>
    dumbbell(
      'BBR against CUBIC',
      [tcp('bbr', 's1', 'd1', 'bbr'), tcp('cubic', 's2', 'd2', 'cubic')],
      { queue: { kind: 'drop_tail', limit_packets: 200 } },
    ),
  codel: () =>
    dumbbell(
      'CoDel keeps the queue short',
      [tcp('f1', 's1', 'd1', 'cubic'), tcp('f2', 's2', 'd2', 'cubic', 3)],
      { queue: { kind: 'codel', limit_packets: 1000 } },
    ),
  redTwoFlows: () =>
    dumbbell(
      'RED drops early',
      [tcp('f1', 's1', 'd1', 'newreno'), tcp('f2', 's2', 'd2', 'newreno', 2)],
      { queue: { kind: 'red', limit_packets: 120, min_th: 20, max_th: 60, max_p: 0.1 } },
    ),
  parkingLot: () =>
    scenario(
      'Parking lot: one long flow, two cross flows',
      30,
      [
        host('long'),
        host('x1'),
        host('x2'),
        router('r1'),
        router('r2'),
        router('r3'),
        host('y1'),
        host('y2'),
        host('sink'),
      ],
      [
        link('l_src', 'long', 'r1', 1000, 1),
        link('x1_in', 'x1', 'r1', 1000, 1),
        link('x2_in', 'x2', 'r2', 1000, 1),
        link('hop1', 'r1', 'r2', 10, 5, 60),
        link('hop2', 'r2', 'r3', 10, 5, 60),
        link('y1_out', 'r2', 'y1', 1000, 1),
        link('y2_out', 'r3', 'y2', 1000, 1),
        link('l_dst', 'r3', 'sink', 1000, 1),
      ],
      [
        tcp('long', 'long', 'sink', 'cubic'),
        tcp('c1', 'x1', 'y1', 'cubic'),
        tcp('c2', 'x2', 'y2', 'cubic'),
      ],
    ),
  udpAndTcp: () => {
    const s = dumbbell('A constant-rate UDP stream beside TCP', [
      tcp('tcp', 's1', 'd1', 'cubic'),
      {
        id: 'udp',
        src: 's2',
        dst: 'd2',
        protocol: 'udp',
        start_s: 10,
        source: { kind: 'cbr', packet_bytes: 1000, interval_ms: 1 },
      },
    ]);
    return s;
  },
  lossyLink: () => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = 'Random loss: the Mathis and PFTK bounds';
    const b = s.topology.links[1];
    if (b) {
      b.loss = { kind: 'bernoulli', p: 0.001 };
      b.queue = { kind: 'drop_tail', limit_packets: 1000 };
    }
    return s;
  },
  lanHost: () =>
    scenario(
      'Gigabit LAN: the receiving host is the bottleneck (paper 000)',
      1,
      [
        host('sender'),
        router('switch'),
        { id: 'receiver', kind: 'host', host: { preset: 'p4_pci' } },
      ],
      [
        { ...link('access', 'sender', 'switch', 1000, 0.03, 1000) },
        { ...link('lan', 'switch', 'receiver', 1000, 0.03, 1000) },
      ],
      [tcp('flow1', 'sender', 'receiver', 'newreno')],
    ),
};

/** A fresh copy of a preset scenario. */
export function presetScenario(id: PresetId): Scenario {
  return BUILDERS[id]();
}

export function isPresetId(v: string): v is PresetId {
  return (PRESET_IDS as readonly string[]).includes(v);
}
