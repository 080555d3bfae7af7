// The rows buffers that go between a run's worker and the page: the worker reuses the few the page
// sends back and waits when the page holds them all; the page hands each chunk to the run's
// listener and sends its buffer back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimRun } from '../../web/src/sim/bridge';
import type { RunListener } from '../../web/src/sim/bridge';
import { ChunkBuffers, freeNow } from '../../web/src/sim/chunkBuffers';
import type { FromWorker, ToWorker } from '../../web/src/sim/protocol';

describe('ChunkBuffers', () => {
  it('reuses the buffers that come back and is exhausted while the page holds them all', () => {
    const pool = new ChunkBuffers(2);
    const a = pool.take(64);
    expect(pool.exhausted).toBe(false);
    const b = pool.take(64);
    expect(pool.exhausted).toBe(true);
    expect(pool.inFlight).toBe(2);
    pool.give(a);
    expect(pool.exhausted).toBe(false);
    // The one that came back is filled again, not a new one.
    expect(pool.take(32)).toBe(a);
    pool.give(b);
    pool.give(a);
    expect(pool.inFlight).toBe(0);
  });

  it('makes a bigger buffer when the kept ones are too small, and keeps at most `max`', () => {
    const pool = new ChunkBuffers(1);
    const small = pool.take(8);
    pool.give(small);
    const big = pool.take(800);
    expect(big).not.toBe(small);
    expect(big.byteLength).toBeGreaterThanOrEqual(800);
    pool.give(big);
    pool.give(new ArrayBuffer(8)); // late, from an earlier run
    expect(pool.take(8)).toBe(big);
  });

  it('still gives a buffer when all are out (a single event is never held back)', () => {
    const pool = new ChunkBuffers(1);
    pool.take(8);
    expect(pool.exhausted).toBe(true);
    expect(pool.take(8).byteLength).toBe(8);
    expect(pool.inFlight).toBe(2);
    pool.reset();
    expect(pool.exhausted).toBe(false);
  });

  it('frees a buffer of this thread at once where ArrayBuffer.transfer exists (ES2024)', () => {
    const b = new ArrayBuffer(16);
    freeNow(b);
    const hasTransfer = typeof (b as { transfer?: unknown }).transfer === 'function';
    // Detached where it can be (Chromium, Node 21+); left to the collector where it cannot.
    expect(b.byteLength).toBe(hasTransfer ? 0 : 16);
  });
});

class FakeWorker {
  static last: FakeWorker | null = null;
  readonly sent: { msg: ToWorker; transfer: Transferable[] }[] = [];
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(msg: ToWorker, transfer: Transferable[] = []): void {
    this.sent.push({ msg, transfer });
  }
  terminate(): void {}
}

describe('SimRun rows', () => {
  beforeEach(() => vi.stubGlobal('Worker', FakeWorker));
  afterEach(() => vi.unstubAllGlobals());

  function listener(onRows: RunListener['rows']): RunListener {
    return {
      started: () => {},
      rows: onRows,
      paused: () => {},
      done: () => {},
      failed: () => {},
    };
  }

  it('gives the listener the chunk’s values and sends its buffer back, transferred', () => {
    const seen: number[][] = [];
    new SimRun(
      '{}',
      { speed: Infinity, mode: 'trace' },
      listener((c) => seen.push([...c])),
    );
    const w = FakeWorker.last as FakeWorker;
    const start = w.sent[0]?.msg;
    if (start?.type !== 'start') throw new Error('no start');
    // A buffer bigger than the chunk: only `length` values are rows.
    const buffer = new Float64Array([1, 2, 3, 99]).buffer;
    w.onmessage?.({
      data: { type: 'rows', runId: start.runId, buffer, length: 3, nowNs: 1, events: 1 },
    });
    expect(seen).toEqual([[1, 2, 3]]);
    const back = w.sent[1];
    expect(back?.msg).toEqual({ type: 'chunk', buffer });
    expect(back?.transfer).toEqual([buffer]);
  });

  it('sends the buffer back even when the listener throws', () => {
    new SimRun(
      '{}',
      { speed: Infinity, mode: 'trace' },
      listener(() => {
        throw new Error('bad chunk');
      }),
    );
    const w = FakeWorker.last as FakeWorker;
    const start = w.sent[0]?.msg;
    if (start?.type !== 'start') throw new Error('no start');
    const buffer = new ArrayBuffer(8);
    expect(() =>
      w.onmessage?.({
        data: { type: 'rows', runId: start.runId, buffer, length: 1, nowNs: 1, events: 1 },
      }),
    ).toThrow('bad chunk');
    expect(w.sent[1]?.msg.type).toBe('chunk');
  });
});
