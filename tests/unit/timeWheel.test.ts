// The one wheel handler every time plot uses (the time plots and the time-sequence graph):
// Ctrl + wheel zooms around the time under the pointer, a sideways wheel pans, a plain wheel
// leaves the window alone (the page scrolls).
import { describe, expect, it } from 'vitest';
import { wheelDomain } from '../../web/src/panels/hooks/useTimeWheel';

const e = (o: Partial<{ clientX: number; deltaX: number; deltaY: number; ctrlKey: boolean }>) => ({
  clientX: 0,
  deltaX: 0,
  deltaY: 0,
  ctrlKey: false,
  metaKey: false,
  ...o,
});

describe('wheel on the shared time axis', () => {
  const full: [number, number] = [0, 20];

  it('zooms in around the time under the pointer, which stays under it', () => {
    // Pointer at 3/4 of a 400 px plot whose left edge is at 100 px: t = 15 s.
    const d = wheelDomain(
      [0, 20],
      full,
      e({ clientX: 400, deltaY: -100, ctrlKey: true }),
      100,
      400,
    )!;
    expect(d[1] - d[0]).toBeCloseTo(20 * Math.exp(-0.2), 9);
    expect(d[0] + 0.75 * (d[1] - d[0])).toBeCloseTo(15, 9);
  });

  it('pans sideways by the wheel distance in pixels, inside the run', () => {
    expect(wheelDomain([5, 10], full, e({ deltaX: 40 }), 0, 400)).toEqual([5.5, 10.5]);
    expect(wheelDomain([15, 20], full, e({ deltaX: 400 }), 0, 400)).toEqual([15, 20]);
  });

  it('lets a plain vertical wheel scroll the page', () => {
    expect(wheelDomain([5, 10], full, e({ deltaY: 100 }), 0, 400)).toBeNull();
  });
});
