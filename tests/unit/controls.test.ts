// The control ↔ scenario mapping of the single-bottleneck page.
import { describe, expect, it } from 'vitest';
import { controlsFromScenario, scenarioFromControls } from '../../web/src/scenario/controls';
import type { ControlValues } from '../../web/src/scenario/controls';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';
import { bottleneckLink } from '../../web/src/scenario/path';
import type { Scenario } from '../../web/src/scenario/types';

const defaults = controlsFromScenario(DEFAULT_SCENARIO);
const withValues = (patch: Partial<ControlValues>): Scenario =>
  scenarioFromControls(DEFAULT_SCENARIO, { ...defaults, ...patch });
const link = (s: Scenario, id: string) => s.topology.links.find((l) => l.id === id);
const oneWayMs = (s: Scenario) => s.topology.links.reduce((sum, l) => sum + l.delay_ms, 0);

describe('controlsFromScenario', () => {
  it('reads the default scenario', () => {
    expect(defaults).toEqual({
      rateMbps: 20,
      rttMs: 40,
      mtuBytes: 1500,
      bufferPackets: 50,
      durationS: 20,
    });
  });

  it('derives a packet buffer from a byte limit', () => {
    const s = structuredClone(DEFAULT_SCENARIO);
    bottleneckLink(s).queue = { kind: 'drop_tail', limit_bytes: 30_000 };
    expect(controlsFromScenario(s).bufferPackets).toBe(20);
  });

  it('needs a link named bottleneck', () => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.topology.links.forEach((l) => (l.id = `x${l.id}`));
    expect(() => controlsFromScenario(s)).toThrow(/bottleneck/);
  });
});

describe('scenarioFromControls', () => {
  it('gives back the default scenario for the default values (so its trace hash is unchanged)', () => {
    expect(scenarioFromControls(DEFAULT_SCENARIO, defaults)).toEqual(DEFAULT_SCENARIO);
  });

  it('does not modify the base scenario', () => {
    const before = structuredClone(DEFAULT_SCENARIO);
    withValues({ rateMbps: 3, rttMs: 300, mtuBytes: 9000, bufferPackets: 7, durationS: 2 });
    expect(DEFAULT_SCENARIO).toEqual(before);
  });

  it('sets the bottleneck rate in b/s, rounded to whole b/s', () => {
    expect(link(withValues({ rateMbps: 12.3 }), 'bottleneck')?.rate_bps).toBe(12_300_000);
    expect(link(withValues({ rateMbps: 0.0015 }), 'bottleneck')?.rate_bps).toBe(1500);
    expect(link(withValues({ rateMbps: 12.3 }), 'access')?.rate_bps).toBe(1e9);
  });

  it.each([40, 100, 2, 1.5, 0.3, 0, 250.7])('RTT %s ms: 2 × sum of one-way delays = RTT', (rtt) => {
    const s = withValues({ rttMs: rtt });
    expect(2 * oneWayMs(s)).toBeCloseTo(rtt, 9);
    expect(controlsFromScenario(s).rttMs).toBe(rtt);
    for (const l of s.topology.links) expect(l.delay_ms).toBeGreaterThanOrEqual(0);
  });

  it('keeps the access delay and gives the rest to the bottleneck', () => {
    const s = withValues({ rttMs: 100 });
    expect(link(s, 'access')?.delay_ms).toBe(1);
    expect(link(s, 'bottleneck')?.delay_ms).toBe(49);
  });

  it('shrinks the access delay when the RTT is shorter than the access links alone', () => {
    const s = withValues({ rttMs: 1 });
    expect(link(s, 'access')?.delay_ms).toBe(0.5);
    expect(link(s, 'bottleneck')?.delay_ms).toBe(0);
  });

  it('sets the MTU of every link', () => {
    const s = withValues({ mtuBytes: 9000 });
    expect(s.topology.links.map((l) => l.mtu_bytes)).toEqual([9000, 9000]);
  });

  it('sets the bottleneck buffer in packets, replacing a byte limit', () => {
    const base = structuredClone(DEFAULT_SCENARIO);
    bottleneckLink(base).queue = { kind: 'drop_tail', limit_bytes: 30_000 };
    const s = scenarioFromControls(base, { ...defaults, bufferPackets: 8 });
    expect(link(s, 'bottleneck')?.queue).toEqual({ kind: 'drop_tail', limit_packets: 8 });
    expect(link(s, 'access')?.queue).toEqual({ kind: 'drop_tail', limit_packets: 1000 });
  });

  it('sets the duration', () => {
    expect(withValues({ durationS: 7.5 }).duration_s).toBe(7.5);
  });
});
