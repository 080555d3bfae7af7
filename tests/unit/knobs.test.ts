import { describe, expect, it } from 'vitest';
import {
  bdpPackets,
  bottleneckLink,
  flowPath,
  pathDelays,
  pathMtu,
  propagationRttMs,
  withPathMtu,
  withPropagationRtt,
} from '../../web/src/scenario/knobs';
import { presetScenario } from '../../web/src/scenario/presets';

describe('the knobs read and set the first flow’s path', () => {
  const single = presetScenario('single');

  it('finds the path, its bottleneck and its propagation RTT', () => {
    expect(flowPath(single)?.length).toBe(2);
    expect(single.topology.links[bottleneckLink(single)]?.id).toBe('bottleneck');
    // 2 × (1 + 19) ms.
    expect(propagationRttMs(single)).toBe(40);
    expect(pathDelays(single).map((d) => d.there)).toEqual([1, 19]);
    // 20 Mb/s × 40 ms / 12000 bit.
    expect(bdpPackets(single)).toBeCloseTo(66.67, 2);
  });

  it('sets the RTT on the bottleneck link, keeping the other delays', () => {
    const s = withPropagationRtt(single, 100);
    expect(propagationRttMs(s)).toBe(100);
    expect(pathDelays(s).map((d) => d.there)).toEqual([1, 49]);
    expect(single.topology.links[1]?.delay_ms).toBe(19);
  });

  it('scales every delay when the others alone are longer than the RTT asked for', () => {
    const s = withPropagationRtt(single, 1);
    expect(propagationRttMs(s)).toBeCloseTo(1, 9);
    expect(pathDelays(s).map((d) => d.there)).toEqual([0.025, 0.475]);
  });

  it('follows a reverse direction with its own delay', () => {
    const s = structuredClone(single);
    s.topology.links[1]!.reverse = { delay_ms: 9 };
    expect(propagationRttMs(s)).toBe(2 + 19 + 9);
    const t = withPropagationRtt(s, 50);
    expect(propagationRttMs(t)).toBe(50);
    expect(t.topology.links[1]!.delay_ms - t.topology.links[1]!.reverse!.delay_ms!).toBe(10);
  });

  it('sets the MTU of every link on the path', () => {
    const s = withPathMtu(presetScenario('parkingLot'), 9000);
    expect(pathMtu(s)).toBe(9000);
    expect(pathMtu(single)).toBe(1500);
  });
});
