// Trace CSV/JSON, the SVG export of a plot, zoom arithmetic, searching and event markers.
import { describe, expect, it } from 'vitest';
import { counterSteps } from '../../web/src/charts/markers';
import { indexAtOrBefore, nearestIndex } from '../../web/src/charts/search';
import { plotToSvg } from '../../web/src/charts/svgExport';
import { clampDomain, isFull, panBy, zoomAt } from '../../web/src/charts/zoom';
import { decimateView } from '../../web/src/charts/decimate';
import { traceToCsv, traceToJson } from '../../web/src/export/traceCsv';
import { formatSI } from '../../web/src/i18n/format';
import type { ColumnInfo } from '../../web/src/sim/protocol';

const columns: ColumnInfo[] = [
  { key: 't', entity: 'time', id: '', metric: 't', unit: 's' },
  { key: 'flow.f,1.cwnd', entity: 'flow', id: 'f,1', metric: 'cwnd', unit: 'segments' },
];
const trace = {
  length: 3,
  read: (c: number, out: Float64Array, from: number, to: number) => {
    out.set((c === 0 ? [0, 0.01, 0.02] : [10, NaN, 12.5]).slice(from, to));
    return out.subarray(0, to - from);
  },
};

describe('trace export', () => {
  it('writes CSV with quoted keys and empty cells for non-finite values', () => {
    expect(traceToCsv(columns, trace)).toBe('t,"flow.f,1.cwnd"\n0,10\n0.01,\n0.02,12.5\n');
  });

  it('writes JSON column by column with units and the scenario', () => {
    const doc = JSON.parse(traceToJson(columns, trace, { name: 'x' }, 'abcd'));
    expect(doc.format).toBe('tcplab-trace');
    expect(doc.columns[1].unit).toBe('segments');
    expect(doc.values).toEqual([
      [0, 0.01, 0.02],
      [10, null, 12.5],
    ]);
    expect(doc.trace_hash).toBe('abcd');
  });
});

describe('plot SVG', () => {
  it('draws the visible series, references and legend as SVG', () => {
    const x = Float64Array.from({ length: 100 }, (_, i) => i / 10);
    const y = x.map((v) => v * v);
    const svg = plotToSvg(
      {
        title: 'cwnd & <ss>',
        xLabel: 'time (s)',
        yLabel: 'segments',
        series: [{ id: 'a', label: 'cwnd', x, y, n: 100, color: '#123456', width: 2 }],
        markers: [],
        refs: [{ id: 'r', label: 'link', y: 50, color: '#abcdef' }],
      },
      {
        width: 600,
        height: 300,
        x: [0, 10],
        y: [0, 100],
        hidden: new Set(),
        colors: { text: '#000', muted: '#555', grid: '#eee', bg: '#fff' },
      },
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('cwnd &#38; &#60;ss&#62;');
    expect(svg).toContain('stroke="#123456"');
    expect(svg).toContain('stroke="#abcdef"');
    expect((svg.match(/<path d="M/g) ?? []).length).toBe(1);
  });
});

describe('zoom and pan', () => {
  const full: [number, number] = [0, 20];
  it('zooms around a time and stays inside the run', () => {
    expect(zoomAt([0, 20], full, 10, 0.5)).toEqual([5, 15]);
    expect(zoomAt([0, 20], full, 0, 0.5)).toEqual([0, 10]);
    expect(zoomAt([5, 15], full, 10, 4)).toEqual([0, 20]);
    expect(isFull(zoomAt([5, 15], full, 10, 4), full)).toBe(true);
  });
  it('pans and clamps', () => {
    expect(panBy([5, 15], full, 3)).toEqual([8, 18]);
    expect(panBy([5, 15], full, 30)).toEqual([10, 20]);
    expect(clampDomain([-5, 1], full)).toEqual([0, 6]);
    expect(clampDomain([3, 3], full)[1]).toBeCloseTo(3.02, 6);
  });
});

describe('search and markers', () => {
  const t = [0, 1, 2, 3, 4];
  it('finds samples by time', () => {
    expect(indexAtOrBefore(t, 5, 2.5)).toBe(2);
    expect(indexAtOrBefore(t, 5, -1)).toBe(-1);
    expect(nearestIndex(t, 5, 2.6)).toBe(3);
    expect(nearestIndex(t, 5, 99)).toBe(4);
    expect(nearestIndex(t, 0, 1)).toBe(-1);
  });
  it('marks where a counter went up, on another series', () => {
    const m = counterSteps(t, [0, 0, 2, 2, 3], [10, 20, 30, 40, 50], 5);
    expect(Array.from(m.x)).toEqual([2, 4]);
    expect(Array.from(m.y)).toEqual([30, 50]);
  });
  it('decimates a zoomed view with one point beyond each edge', () => {
    const xs = Float64Array.from({ length: 11 }, (_, i) => i);
    const p = decimateView(xs, xs, 11, 2.5, 6.5, 100);
    expect(Array.from(p.x.subarray(0, p.length))).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('formatSI', () => {
  it.each([
    [1.2e9, '1.2G'],
    [950, '950'],
    [0.004, '4m'],
    [0, '0'],
    [2.5e-6, '2.5µ'],
  ])('%s → %s', (x, s) => expect(formatSI(x)).toBe(s));
});
