// Decoding drained rows and the growing columnar trace buffer.
import { describe, expect, it } from 'vitest';
import { columnOf, findColumn, flowIds, parseColumns, rowCount } from '../../web/src/sim/rows';
import { TraceBuffer } from '../../web/src/state/traceBuffer';

const COLUMNS = JSON.stringify([
  { key: 't', entity: 'time', id: '', metric: 't', unit: 's' },
  { key: 'flow.f1.cwnd', entity: 'flow', id: 'f1', metric: 'cwnd', unit: 'segments' },
  { key: 'flow.f2.cwnd', entity: 'flow', id: 'f2', metric: 'cwnd', unit: 'segments' },
  { key: 'link.b:a>b.queue', entity: 'link', id: 'b:a>b', metric: 'queue', unit: 'packets' },
]);

describe('columns', () => {
  it('parses and finds columns', () => {
    const cols = parseColumns(COLUMNS);
    expect(cols).toHaveLength(4);
    expect(findColumn(cols, 'time', '', 't')).toBe(0);
    expect(findColumn(cols, 'flow', 'f2', 'cwnd')).toBe(2);
    expect(findColumn(cols, 'link', 'b:a>b', 'queue')).toBe(3);
    expect(findColumn(cols, 'flow', 'f3', 'cwnd')).toBe(-1);
    expect(flowIds(cols)).toEqual(['f1', 'f2']);
  });

  it('accepts the columns of a modelled end host', () => {
    // Regression: a scenario with a `host` model failed to start ("malformed column descriptors").
    const host =
      '{"key":"host.rx.nic_buffer","entity":"host","id":"rx","metric":"nic_buffer","unit":"bytes"}';
    const cols = parseColumns(`${COLUMNS.slice(0, -1)},${host}]`);
    expect(findColumn(cols, 'host', 'rx', 'nic_buffer')).toBe(4);
  });

  it.each([
    '{}',
    '[{"key":"t"}]',
    '[{"key":"t","entity":"node","id":"","metric":"t","unit":"s"}]',
    'nope',
  ])('rejects %s', (text) => {
    expect(() => parseColumns(text)).toThrow();
  });
});

describe('row-major chunks', () => {
  const chunk = Float64Array.from([0, 10, 11, 0, 0.01, 12, 13, 1, 0.02, 14, 15, 2]);

  it('counts rows and extracts columns', () => {
    expect(rowCount(chunk, 4)).toBe(3);
    expect(rowCount(new Float64Array(0), 4)).toBe(0);
    expect(Array.from(columnOf(chunk, 4, 0))).toEqual([0, 0.01, 0.02]);
    expect(Array.from(columnOf(chunk, 4, 2))).toEqual([11, 13, 15]);
  });

  it('rejects a chunk that is not whole rows', () => {
    expect(() => rowCount(chunk.subarray(0, 5), 4)).toThrow(/multiple/);
  });
});

describe('TraceBuffer', () => {
  it('appends chunks and grows past its initial capacity', () => {
    const buf = new TraceBuffer(2, 2);
    for (let i = 0; i < 10; i++) buf.append(Float64Array.from([i, i * i, i + 0.5, 0]));
    expect(buf.length).toBe(20);
    expect(Array.from(buf.column(0).subarray(0, 4))).toEqual([0, 0.5, 1, 1.5]);
    expect(buf.column(1)[18]).toBe(81);
    expect(buf.last(0)).toBe(9.5);
    expect(() => buf.column(2)).toThrow(RangeError);
  });

  it('is empty until rows arrive', () => {
    const buf = new TraceBuffer(3);
    buf.append(new Float64Array(0));
    expect(buf.length).toBe(0);
    expect(buf.last(0)).toBeNaN();
    expect(buf.meanSince(1, 0, -1)).toBeNaN();
  });

  it('averages a column over a recent time window', () => {
    const buf = new TraceBuffer(2);
    buf.append(Float64Array.from([0, 100, 1, 200, 2, 300, 3, 400]));
    expect(buf.meanSince(1, 0, 1)).toBe(350); // rows with t > 1
    expect(buf.meanSince(1, 0, -1)).toBe(250);
    expect(buf.meanSince(1, 0, 3)).toBeNaN();
  });
});
