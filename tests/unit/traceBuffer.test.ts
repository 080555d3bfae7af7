// The page's copy of the trace (state/traceBuffer.ts): columns kept as their steps until they
// change too often, then dense in 4- or 8-byte floats; every value read back exactly, by
// `column`, `read` and the CSV and JSON exports.
import { describe, expect, it } from 'vitest';
import { traceToCsv, traceToJson } from '../../web/src/export/traceCsv';
import type { ColumnInfo } from '../../web/src/sim/protocol';
import { TraceBuffer } from '../../web/src/state/traceBuffer';

/** A small deterministic generator (no Math.random: a failure must repeat). */
function generator(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Throws at the first value of column `c` that is not exactly `expected` (-0 and NaN too). */
function expectExactly(got: ArrayLike<number>, expected: readonly number[], what: string): void {
  expect(got.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(got[i], expected[i])) {
      throw new Error(`${what}, row ${i}: ${got[i]} for ${expected[i]}`);
    }
  }
}

describe('TraceBuffer', () => {
  it('appends chunks and grows past its initial capacity', () => {
    const buf = new TraceBuffer(2, 2);
    for (let i = 0; i < 10; i++) buf.append(Float64Array.from([i, i * i, i + 0.5, 0]));
    expect(buf.length).toBe(20);
    expect(Array.from(buf.column(0).subarray(0, 4))).toEqual([0, 0.5, 1, 1.5]);
    expect(buf.column(1)[18]).toBe(81);
    expect(buf.last(0)).toBe(9.5);
    expect(() => buf.column(2)).toThrow(RangeError);
    expect(() => buf.read(-1)).toThrow(RangeError);
  });

  it('is empty until rows arrive', () => {
    const buf = new TraceBuffer(3);
    buf.append(new Float64Array(0));
    expect(buf.length).toBe(0);
    expect(buf.last(0)).toBeNaN();
    expect(buf.column(1).length).toBe(0);
    expect(buf.read(2).length).toBe(0);
  });

  it('keeps a column that seldom changes as its steps, and a busy one dense', () => {
    // 64 rows of capacity: a column may take 16 steps before it goes dense.
    const buf = new TraceBuffer(3, 64);
    const rows: number[] = [];
    for (let r = 0; r < 64; r++) rows.push(r * 0.001, Math.floor(r / 8), 7);
    buf.append(Float64Array.from(rows));
    expect(buf.isDense(0)).toBe(true); // time: a new value every row
    expect(buf.isDense(1)).toBe(false); // 8 steps
    expect(buf.isDense(2)).toBe(false); // 1 step
    // The time column in 8 bytes, 64 rows; the arena's smallest size (1,024 steps of 16 bytes);
    // the index of three columns (value 8, head 4, tail 4, count 4).
    expect(buf.bytes).toBe(64 * 8 + 1024 * 16 + 3 * 20);
    expect(Array.from(buf.column(1))).toEqual(rows.filter((_, i) => i % 3 === 1));
    expect(buf.column(1)).toBe(buf.column(1)); // the copy is kept until the next append
    expect(Array.from(buf.read(2, undefined, 60, 100))).toEqual([7, 7, 7, 7]);
    expect(Array.from(buf.read(1, new Float64Array(8), 6, 10))).toEqual([0, 0, 1, 1]);
    const exact = new Float64Array(4);
    expect(buf.read(1, exact, 6, 10)).toBe(exact);
  });

  it('keeps a dense column in 4-byte floats while its values fit exactly, and widens it', () => {
    // 16 rows of capacity: a column goes dense at its 5th step.
    const buf = new TraceBuffer(2, 16);
    // Column 0: segment counts (4 bytes); column 1: the same, then a byte count above 2^24.
    const counts = [10, 11, 12, 13, 14, 15];
    buf.append(Float64Array.from(counts.flatMap((v) => [v, v])));
    expect(buf.column(0)).toBeInstanceOf(Float32Array);
    expect(buf.column(1)).toBeInstanceOf(Float32Array);
    buf.append(Float64Array.from([-0, 16_777_217, NaN, Infinity]));
    expect(buf.column(0)).toBeInstanceOf(Float32Array);
    expect(buf.column(1)).toBeInstanceOf(Float64Array);
    expectExactly(buf.column(0), [...counts, -0, NaN], 'column 0');
    expectExactly(buf.column(1), [...counts, 16_777_217, Infinity], 'column 1');
    // Growing past the capacity keeps each column's width.
    for (let i = 0; i < 20; i++) buf.append(Float64Array.from([i, i]));
    expect(buf.column(0)).toBeInstanceOf(Float32Array);
    expect(buf.column(1)).toBeInstanceOf(Float64Array);
    expect(buf.length).toBe(28);
    expect(buf.last(1)).toBe(19);
  });

  it('goes dense in 8-byte floats at once when its steps so far do not fit 4 bytes', () => {
    const buf = new TraceBuffer(1, 16);
    buf.append(Float64Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]));
    expect(buf.column(0)).toBeInstanceOf(Float64Array);
    expect(buf.isDense(0)).toBe(true);
    expectExactly(buf.column(0), [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 'column 0');
  });

  it('gives back every value exactly, however the rows arrive and whatever the columns hold', () => {
    const rand = generator(12345);
    const values = [0, -0, NaN, 1, 0.1, 16_777_217, -3, Infinity];
    for (let trial = 0; trial < 30; trial++) {
      const width = 1 + Math.floor(rand() * 6);
      const buf = new TraceBuffer(width, 1 + Math.floor(rand() * 40));
      const expected: number[][] = Array.from({ length: width }, () => []);
      // Each column changes value with its own probability (0: never).
      const change = Array.from({ length: width }, () => [0, 0.02, 0.2, 1][Math.floor(rand() * 4)]);
      const current = Array.from({ length: width }, () => values[Math.floor(rand() * 8)]);
      for (let chunk = 0; chunk < 12; chunk++) {
        const rows = Math.floor(rand() * 12);
        const data = new Float64Array(rows * width);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < width; c++) {
            if (rand() < (change[c] as number)) current[c] = values[Math.floor(rand() * 8)];
            data[r * width + c] = current[c] as number;
            expected[c]?.push(current[c] as number);
          }
        }
        buf.append(data);
        const scratch = new Float64Array(buf.length + 3);
        for (let c = 0; c < width; c++) {
          const all = expected[c] as number[];
          expectExactly(buf.column(c), all, `trial ${trial}, column ${c}`);
          const from = Math.floor(rand() * (all.length + 1));
          const to = from + Math.floor(rand() * (all.length + 2 - from));
          expectExactly(
            buf.read(c, scratch, from, to),
            all.slice(from, to),
            `trial ${trial}, column ${c}, rows ${from}–${to}`,
          );
          expect(buf.last(c)).toBe(all.length > 0 ? all.at(-1) : NaN);
        }
      }
    }
  });

  it('compacts the arena when busy columns leave their steps behind', () => {
    // 2,000 columns, 16 rows of capacity: a column goes dense at its 5th step and leaves 4 dead
    // steps in the arena. All but the last 10 change every row: 7,960 dead steps unless the arena
    // is rebuilt without them.
    const width = 2000;
    const still = 10;
    const buf = new TraceBuffer(width, 16);
    const rand = generator(7);
    const expected: number[][] = Array.from({ length: width }, () => []);
    for (let chunk = 0; chunk < 4; chunk++) {
      const data = new Float64Array(3 * width);
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < width; c++) {
          const prev = expected[c]?.at(-1) ?? 0;
          const v = c < width - still ? (prev + 1 + Math.floor(rand() * 5)) % 1000 : 42;
          data[r * width + c] = v;
          expected[c]?.push(v);
        }
      }
      buf.append(data);
    }
    for (let c = 0; c < width; c++) {
      expectExactly(buf.column(c), expected[c] as number[], `column ${c}`);
      expect(buf.isDense(c)).toBe(c < width - still);
    }
    // What is not the dense columns (16 rows in 4 bytes) or the index (20 bytes a column) is the
    // arena: less than the dead steps alone would take.
    const arena = buf.bytes - (width - still) * 16 * 4 - width * 20;
    expect(arena).toBeLessThan((width - still) * 4 * 16);
  });

  it('exports the same CSV and JSON as the values it was given', () => {
    const columns: ColumnInfo[] = [
      { key: 't', entity: 'time', id: '', metric: 't', unit: 's' },
      { key: 'flow.f1.cwnd', entity: 'flow', id: 'f1', metric: 'cwnd', unit: 'segments' },
      { key: 'flow.f1.srtt', entity: 'flow', id: 'f1', metric: 'srtt', unit: 's' },
    ];
    const buf = new TraceBuffer(3, 4);
    const rows = [
      [0, 10, NaN],
      [0.01, 10, 0.02],
      [0.02, 12.5, 0.02],
      [0.03, 12.5, -0],
      [0.04, 13, 0.025],
    ];
    buf.append(Float64Array.from(rows.slice(0, 2).flat()));
    buf.append(Float64Array.from(rows.slice(2).flat()));
    const cell = (v: number) => (Number.isFinite(v) ? String(v) : '');
    expect(traceToCsv(columns, buf)).toBe(
      ['t,flow.f1.cwnd,flow.f1.srtt', ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n',
    );
    const doc = JSON.parse(traceToJson(columns, buf, null, 'h')) as { values: unknown[][] };
    expect(doc.values).toEqual([
      rows.map((r) => r[0]),
      rows.map((r) => r[1]),
      [null, 0.02, 0.02, 0, 0.025],
    ]);
  });
});
