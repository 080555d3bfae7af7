// Chart helpers: M4 decimation, windowed rates, y ceilings.
import { describe, expect, it } from 'vitest';
import { decimateM4 } from '../../web/src/charts/decimate';
import { windowedRate } from '../../web/src/charts/derived';
import { maxOf, niceCeiling, plotScales, withLabelRoom } from '../../web/src/charts/scales';

const range = (n: number, f: (i: number) => number) =>
  Float64Array.from({ length: n }, (_, i) => f(i));

describe('decimateM4', () => {
  it('keeps every point when there are fewer points than pixels', () => {
    const xs = range(10, (i) => i);
    const ys = range(10, (i) => i * i);
    const p = decimateM4(xs, ys, 10, 0, 9, 100);
    expect(p.length).toBe(10);
    expect(Array.from(p.y.subarray(0, p.length))).toEqual(Array.from(ys));
  });

  it('keeps at most four points per pixel column, including the extremes and both ends', () => {
    const n = 100_000;
    const xs = range(n, (i) => i / 1000);
    const ys = range(n, (i) => Math.sin(i / 50) * 100 + (i === 54_321 ? 1000 : 0));
    const p = decimateM4(xs, ys, n, 0, xs[n - 1] as number, 200);
    expect(p.length).toBeLessThanOrEqual(800);
    const kept = Array.from(p.y.subarray(0, p.length));
    expect(Math.max(...kept)).toBe(maxOf(ys));
    expect(Math.min(...kept)).toBe(Math.min(...ys));
    expect(p.x[0]).toBe(0);
    expect(p.x[p.length - 1]).toBe(xs[n - 1]);
    for (let i = 1; i < p.length; i++) expect(p.x[i]).toBeGreaterThanOrEqual(p.x[i - 1] as number);
  });

  it('drops points outside the x range', () => {
    const xs = range(10, (i) => i);
    const p = decimateM4(xs, xs, 10, 2, 5, 100);
    expect(Array.from(p.x.subarray(0, p.length))).toEqual([2, 3, 4, 5]);
  });

  it('turns undefined values into gaps (NaN)', () => {
    const xs = range(6, (i) => i);
    const ys = Float64Array.from([0, 0, 5, 6, 0, 7]);
    const p = decimateM4(xs, ys, 6, 0, 5, 100, (y) => y > 0);
    const y = Array.from(p.y.subarray(0, p.length), (v) => (Number.isNaN(v) ? 'gap' : v));
    expect(y).toEqual(['gap', 5, 6, 'gap', 7]);
  });

  it('handles empty input and an empty range', () => {
    expect(decimateM4([], [], 0, 0, 1, 10).length).toBe(0);
    expect(decimateM4([1], [1], 1, 1, 1, 10).length).toBe(0);
  });
});

describe('windowedRate', () => {
  it('gives the rate of a cumulative counter over the window', () => {
    const t = range(11, (i) => i * 0.1);
    const bytes = range(11, (i) => i * 1000); // 1000 bytes per 0.1 s = 80 kb/s
    const { x, y } = windowedRate(t, bytes, 11, 0.2, 8);
    expect(Array.from(x)).toEqual(Array.from(t));
    expect(y[0]).toBeNaN();
    expect(y[1]).toBeNaN();
    expect(y[2]).toBeCloseTo(80_000, 6);
    expect(y[10]).toBeCloseTo(80_000, 6);
  });
});

describe('scales', () => {
  it.each([
    [0, 10],
    [5, 10],
    [95, 150],
    [116, 150],
    [180, 200],
    [230, 300],
    [880, 1000],
    [2_100_000, 2_500_000],
  ])('niceCeiling(%s) = %s', (max, ceiling) => {
    expect(niceCeiling(max)).toBe(ceiling);
  });

  it('maps the domain onto the inner area', () => {
    const s = plotScales(400, 300, { top: 10, right: 10, bottom: 40, left: 50 }, 20, 100);
    expect(s.innerWidth).toBe(340);
    expect(s.innerHeight).toBe(250);
    expect(s.x(20)).toBe(340);
    expect(s.y(0)).toBe(250);
    expect(s.y(100)).toBe(0);
  });
});

describe('decimateM4 with block summaries', () => {
  it('gives exactly what a plain scan gives, with gaps, at any zoom', () => {
    const n = 200_003;
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const xs = range(n, (i) => i * 0.001);
    const ys = range(n, (i) => (i % 9973 < 40 ? 0 : Math.sin(i / 300) * 50 + rnd() * 10));
    const defined = (y: number) => y !== 0;
    for (const [x0, x1, px] of [
      [0, 200, 700],
      [0, 200, 1],
      [13.37, 14.2, 300],
      [100, 100.05, 800],
      [150, 250, 640],
    ] as const) {
      const fast = decimateM4(xs, ys, n, x0, x1, px, defined);
      const slow = decimateM4(Array.from(xs), Array.from(ys), n, x0, x1, px, defined);
      expect(Array.from(fast.x.subarray(0, fast.length))).toEqual(
        Array.from(slow.x.subarray(0, slow.length)),
      );
      expect(Array.from(fast.y.subarray(0, fast.length))).toEqual(
        Array.from(slow.y.subarray(0, slow.length)),
      );
    }
  });
});

describe('room for a bound label at the top of a plot', () => {
  it('raises the top just enough for the label above the highest bound', () => {
    // A 130 px plot of 0–25 Mb/s with a bound at 22.6: 12.5 px above it, 24 wanted.
    const y = withLabelRoom([0, 25], 22.6, 130, 24);
    expect(y[0]).toBe(0);
    const py = (130 * (y[1] - 22.6)) / (y[1] - 0);
    expect(py).toBeCloseTo(24, 6);
    expect(y[1]).toBeGreaterThan(25);
  });
  it('leaves the domain alone when there is room, no bound, or a bound off the plot', () => {
    expect(withLabelRoom([0, 25], 22.6, 400, 24)).toEqual([0, 25]);
    expect(withLabelRoom([0, 25], undefined, 130, 24)).toEqual([0, 25]);
    expect(withLabelRoom([0, 25], 30, 130, 24)).toEqual([0, 25]);
    // Too short a plot to make room in: as it is.
    expect(withLabelRoom([0, 25], 24.9, 60, 24)).toEqual([0, 25]);
  });
  it('works above a negative bottom', () => {
    const y = withLabelRoom([-10, 10], 9, 100, 20);
    expect((100 * (y[1] - 9)) / (y[1] + 10)).toBeCloseTo(20, 6);
  });
});
