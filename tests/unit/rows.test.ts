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

  it('keeps a column in 4-byte floats while its values fit exactly, and widens it when not', () => {
    const buf = new TraceBuffer(3, 4);
    // Column 0: time in ms steps (0.001 is not a 32-bit float); 1: segment counts; 2: NaN gaps
    // then a byte count above 2^24 (not a 32-bit float).
    buf.append(Float64Array.from([0, 10, NaN, 0.001, 20, NaN]));
    expect(buf.column(0)).toBeInstanceOf(Float64Array);
    expect(buf.column(1)).toBeInstanceOf(Float32Array);
    expect(buf.column(2)).toBeInstanceOf(Float32Array);
    buf.append(Float64Array.from([0.002, 30, 16_777_217, 0.003, -0, Infinity]));
    expect(buf.column(1)).toBeInstanceOf(Float32Array);
    expect(buf.column(2)).toBeInstanceOf(Float64Array);
    // Every value comes back exactly as it went in (the exports read these columns).
    expect(Array.from(buf.column(0))).toEqual([0, 0.001, 0.002, 0.003]);
    expect(Array.from(buf.column(1))).toEqual([10, 20, 30, -0]);
    expect(Array.from(buf.column(2))).toEqual([NaN, NaN, 16_777_217, Infinity]);
    expect(Object.is(buf.column(1)[3], -0)).toBe(true);
    // Two columns of 8 bytes and one of 4, four rows each.
    expect(buf.bytes).toBe(4 * (8 + 8 + 4));
    // Growing keeps each column's width.
    for (let i = 0; i < 5; i++) buf.append(Float64Array.from([1 + i, 1, 1]));
    expect(buf.column(1)).toBeInstanceOf(Float32Array);
    expect(buf.column(0)[4]).toBe(1);
    expect(buf.length).toBe(9);
  });

  it('shares one array among the columns that have held one value, until each changes', () => {
    const buf = new TraceBuffer(5, 2);
    // Columns 1 and 2 hold 0, column 3 holds -0 (not the same value), column 4 holds 0.1.
    buf.append(Float64Array.from([0, 0, 0, -0, 0.1, 1, 0, 0, -0, 0.1]));
    // Two rows: time in 4 bytes; one array of 0 for columns 1 and 2, one of -0, one of 0.1.
    expect(buf.bytes).toBe(2 * 4 + 2 * 4 + 2 * 4 + 2 * 8);
    // Grown past the first capacity, columns 1 and 3 change (one to a value 4 bytes cannot hold).
    for (let i = 2; i < 6; i++) {
      buf.append(Float64Array.from([i, i === 4 ? 7 : 0, 0, i === 5 ? 0.3 : -0, 0.1]));
    }
    expect(buf.length).toBe(6);
    expect(Array.from(buf.column(1))).toEqual([0, 0, 0, 0, 7, 0]);
    expect(buf.column(1)).toBeInstanceOf(Float32Array);
    expect(Array.from(buf.column(2))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(buf.column(3)).toBeInstanceOf(Float64Array);
    expect(Array.from(buf.column(3))).toEqual([-0, -0, -0, -0, -0, 0.3]);
    expect(Object.is(buf.column(3)[0], -0)).toBe(true);
    expect(Array.from(buf.column(4))).toEqual([0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
    expect(buf.last(2)).toBe(0);
    // 8 rows of capacity: time and column 1 in 4 bytes, column 3 in 8; 0 (column 2) and 0.1
    // (column 4) once each; no array of -0 is left.
    expect(buf.bytes).toBe(8 * (4 + 4 + 8) + 8 * 4 + 8 * 8);
    // A column leaves its shared array without changing the others that share it.
    buf.append(Float64Array.from([6, 0, 5, 0, 0.1]));
    expect(Array.from(buf.column(1))).toEqual([0, 0, 0, 0, 7, 0, 0]);
    expect(Array.from(buf.column(2))).toEqual([0, 0, 0, 0, 0, 0, 5]);
  });

  it('gives back every value exactly, whatever the columns hold and however the rows arrive', () => {
    // A small deterministic generator (no Math.random: a failure must repeat).
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number;
    const values = [0, -0, NaN, 1, 0.1, 16_777_217, -3, Infinity];
    for (let trial = 0; trial < 20; trial++) {
      const width = 1 + Math.floor(rand() * 6);
      const buf = new TraceBuffer(width, 1 + Math.floor(rand() * 4));
      const expected: number[][] = Array.from({ length: width }, () => []);
      // Each column changes value with its own probability (0: never).
      const change = Array.from({ length: width }, () => [0, 0.05, 0.5][Math.floor(rand() * 3)]);
      const current = Array.from({ length: width }, () => values[Math.floor(rand() * 8)]);
      for (let chunk = 0; chunk < 8; chunk++) {
        const rows = Math.floor(rand() * 5);
        const data = new Float64Array(rows * width);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < width; c++) {
            if (rand() < (change[c] as number)) current[c] = values[Math.floor(rand() * 8)];
            data[r * width + c] = current[c] as number;
            expected[c]?.push(current[c] as number);
          }
        }
        buf.append(data);
        for (let c = 0; c < width; c++) {
          const got = Array.from(buf.column(c));
          expect(got.length).toBe(expected[c]?.length);
          got.forEach((v, i) => {
            if (!Object.is(v, expected[c]?.[i])) {
              throw new Error(
                `trial ${trial}, column ${c}, row ${i}: ${v} for ${expected[c]?.[i]}`,
              );
            }
          });
        }
      }
    }
  });
});
