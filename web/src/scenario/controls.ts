// The five controls of the single-bottleneck page and how they map onto the scenario JSON.
//
//   rateMbps      → bottleneck.rate_bps = rateMbps × 10⁶ (rounded to whole b/s)
//   rttMs         → link delays, so that 2 × (sum of one-way delays) = rttMs; the access links
//                   keep their delay and the bottleneck takes the rest (if rttMs/2 is less than
//                   the access delays, those shrink in proportion and the bottleneck gets 0)
//   mtuBytes      → mtu_bytes of every link
//   bufferPackets → bottleneck.queue = drop_tail with limit_packets (both directions)
//   durationS     → duration_s
import { bottleneckIndex, bottleneckLink } from './path';
import type { Scenario } from './types';

export const CONTROL_KEYS = [
  'rateMbps',
  'rttMs',
  'mtuBytes',
  'bufferPackets',
  'durationS',
] as const;
export type ControlKey = (typeof CONTROL_KEYS)[number];
export type ControlValues = Record<ControlKey, number>;

export interface ControlSpec {
  /** Values must be whole numbers. */
  integer: boolean;
  /** 'positive': > 0; 'nonNegative': ≥ 0. Ranges beyond that are the wasm validator's job. */
  sign: 'positive' | 'nonNegative';
  /** Step of the number input's arrows. */
  step: number;
}

export const CONTROL_SPECS: Record<ControlKey, ControlSpec> = {
  rateMbps: { integer: false, sign: 'positive', step: 1 },
  rttMs: { integer: false, sign: 'nonNegative', step: 1 },
  mtuBytes: { integer: true, sign: 'positive', step: 100 },
  bufferPackets: { integer: true, sign: 'positive', step: 1 },
  durationS: { integer: false, sign: 'positive', step: 1 },
};

const DEFAULT_LIMIT_PACKETS = 1000;

/** Round away binary floating-point noise (e.g. 0.1 + 0.2) at a micro-unit. */
function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** The control values a scenario implies. */
export function controlsFromScenario(s: Scenario): ControlValues {
  const b = bottleneckLink(s);
  const oneWayMs = s.topology.links.reduce((sum, l) => sum + l.delay_ms, 0);
  const mtu = b.mtu_bytes ?? 1500;
  const q = b.queue;
  // Every discipline has a packet limit; only some can be sized in bytes instead.
  const limitBytes = q && 'limit_bytes' in q ? q.limit_bytes : undefined;
  const buffer =
    q?.limit_packets ?? (limitBytes != null ? Math.floor(limitBytes / mtu) : DEFAULT_LIMIT_PACKETS);
  return {
    rateMbps: clean(b.rate_bps / 1e6),
    rttMs: clean(2 * oneWayMs),
    mtuBytes: mtu,
    bufferPackets: buffer,
    durationS: s.duration_s,
  };
}

/** A copy of `base` with the control values applied. `base` is not modified. */
export function scenarioFromControls(base: Scenario, v: ControlValues): Scenario {
  const s: Scenario = structuredClone(base);
  const bi = bottleneckIndex(s);
  if (bi < 0) throw new Error("the scenario has no link with id 'bottleneck'");
  const links = s.topology.links;

  const halfMs = v.rttMs / 2;
  const accessMs = links.reduce((sum, l, i) => (i === bi ? sum : sum + l.delay_ms), 0);
  const shrink = accessMs > halfMs && accessMs > 0 ? halfMs / accessMs : 1;
  links.forEach((l, i) => {
    if (i === bi) {
      l.delay_ms = clean(Math.max(0, halfMs - accessMs * shrink));
      l.rate_bps = Math.round(v.rateMbps * 1e6);
      l.queue = { kind: 'drop_tail', limit_packets: v.bufferPackets };
    } else if (shrink !== 1) {
      l.delay_ms = clean(l.delay_ms * shrink);
    }
    l.mtu_bytes = v.mtuBytes;
  });
  s.duration_s = v.durationS;
  return s;
}
