// Decoding drained rows (the trace buffer has its own tests: traceBuffer.test.ts).
import { describe, expect, it } from 'vitest';
import { columnOf, findColumn, flowIds, parseColumns, rowCount } from '../../web/src/sim/rows';

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

  it.each(['{}', '[{"key":"t"}]', 'nope'])('rejects %s', (text) => {
    expect(() => parseColumns(text)).toThrow();
  });

  it('keeps columns of entities it does not know yet (host, and whatever comes next)', () => {
    const cols = parseColumns(
      '[{"key":"host.h.passage","entity":"host","id":"h","metric":"passage","unit":"µs"},' +
        '{"key":"x.y.z","entity":"node","id":"y","metric":"z","unit":""}]',
    );
    expect(cols.map((c) => c.entity)).toEqual(['host', 'node']);
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
