// The plot of an imported sweep file: x is the numeric parameter with the most values, a line per combination of the
// others, the mean over seeds at each point, and only finished numeric results count.
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../web/src/sim/summary';
import { fileSweepChart } from '../../web/src/state/fileSweepChart';
import type { FileSweepPoint } from '../../web/src/state/fileSweepStore';

const done = (goodput: number): FileSweepPoint['result'] => ({
  ok: true,
  summary: {} as RunSummary,
  summaryJson: JSON.stringify({ flows: [{ goodput_bps: goodput }] }),
});

function point(index: number, cells: string[], result: FileSweepPoint['result']): FileSweepPoint {
  return { index, cells, seed: index, result };
}

const METRIC = 'flows[0].goodput_bps';

describe('fileSweepChart', () => {
  it('plots one numeric parameter, sorted along x, averaging the seeds of a point', () => {
    const chart = fileSweepChart(
      {
        names: ['mtu_bytes'],
        points: [
          point(0, ['9000'], done(30)),
          point(1, ['1500'], done(10)),
          point(2, ['1500'], done(20)),
          point(3, ['4000'], null),
        ],
      },
      METRIC,
    );
    expect(chart?.numeric).toBe(true);
    expect(chart?.xs).toEqual([1500, 4000, 9000]);
    expect(chart?.series).toEqual([
      {
        label: '',
        pts: [
          { x: 1500, y: 15 },
          { x: 9000, y: 30 },
        ],
      },
    ]);
  });

  it('puts the numeric parameter with the most values along x and draws a line per other value', () => {
    const points = ['cubic', 'reno', 'vegas'].flatMap((cc, i) =>
      ['10', '20'].map((rtt, k) => point(i * 2 + k, [cc, rtt], done(i * 10 + k))),
    );
    const chart = fileSweepChart({ names: ['cc', 'rtt_ms'], points }, METRIC, 2);
    expect(chart?.xName).toBe('rtt_ms');
    expect(chart?.numeric).toBe(true);
    expect(chart?.series.map((l) => l.label)).toEqual(['cc=cubic', 'cc=reno']);
    expect(chart?.series[1]?.pts).toEqual([
      { x: 10, y: 10 },
      { x: 20, y: 11 },
    ]);
    expect(chart?.hidden).toBe(1);
  });

  it('keeps categories in file order along x when no parameter is numeric', () => {
    const points = ['vegas', 'cubic'].flatMap((cc, i) =>
      ['on', 'off'].map((toe, k) => point(i * 2 + k, [cc, toe], done(i * 10 + k))),
    );
    const chart = fileSweepChart({ names: ['cc', 'toe'], points }, METRIC);
    expect(chart?.xName).toBe('cc');
    expect(chart?.numeric).toBe(false);
    expect(chart?.xs).toEqual(['vegas', 'cubic']);
    expect(chart?.series[0]).toEqual({
      label: 'toe=on',
      pts: [
        { x: 'vegas', y: 0 },
        { x: 'cubic', y: 10 },
      ],
    });
  });

  it('has nothing to plot for a metric no finished run has a number for', () => {
    const failed: FileSweepPoint['result'] = { ok: false, message: 'no', errors: [] };
    const s = { names: ['x'], points: [point(0, ['1'], failed), point(1, ['2'], done(5))] };
    expect(fileSweepChart(s, 'flows[0].cc_rule')).toBeNull();
    expect(fileSweepChart({ names: [], points: [] }, METRIC)).toBeNull();
  });
});
