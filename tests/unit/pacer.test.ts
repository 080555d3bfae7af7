// Wall-clock → simulated-time pacing.
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../web/src/sim/pacer';

describe('Pacer', () => {
  it('allows speed × elapsed wall time of simulated time', () => {
    const p = new Pacer(10, 1000);
    expect(p.target(1000)).toBe(0);
    expect(p.target(1100)).toBe(1e9); // 100 ms of wall time at 10× = 1 s simulated
  });

  it('is unlimited at infinite, zero or NaN speed', () => {
    for (const s of [Infinity, 0, NaN]) {
      const p = new Pacer(s, 0);
      expect(p.unlimited).toBe(true);
      expect(p.target(0)).toBe(Infinity);
    }
  });

  it('rebases after a pause and on a speed change', () => {
    const p = new Pacer(1, 0);
    p.rebase(5000, 2e9); // paused for a while at 2 s
    expect(p.target(5500)).toBe(2.5e9);
    p.setSpeed(4, 6000, 3e9);
    expect(p.target(6250)).toBe(4e9);
  });
});
