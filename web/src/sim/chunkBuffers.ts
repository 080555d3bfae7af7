// The worker's few buffers for drained trace rows. Each chunk is copied into one, transferred to
// the page, and sent back by the page once it is in the trace, to be filled again. A buffer that
// reaches the page through postMessage is freed only when the page's collector runs (detaching it
// there does not free it), so a fresh buffer per chunk held hundreds of MB near the trace cap;
// with these the rows in flight are at most `max` buffers, and the worker waits while the page
// still holds them all (it never runs further ahead of the page than that).

export class ChunkBuffers {
  private free: ArrayBuffer[] = [];
  /** Buffers with the page. */
  private out = 0;

  constructor(readonly max: number) {}

  /** Every buffer is with the page: drain no more rows until one comes back. */
  get exhausted(): boolean {
    return this.out >= this.max;
  }

  /** Buffers with the page now. */
  get inFlight(): number {
    return this.out;
  }

  /**
   * A buffer of at least `bytes` to send to the page (counted as out until it comes back). One
   * kept but too small is dropped for a new one; when all are out a new one is made anyway, so a
   * single event's rows are never held back (the caller checks `exhausted` before advancing).
   */
  take(bytes: number): ArrayBuffer {
    this.out++;
    const fits = this.free.findIndex((b) => b.byteLength >= bytes);
    if (fits >= 0) return this.free.splice(fits, 1)[0] as ArrayBuffer;
    this.free.pop();
    return new ArrayBuffer(bytes);
  }

  /** A buffer back from the page. */
  give(buffer: ArrayBuffer): void {
    this.out = Math.max(0, this.out - 1);
    if (this.free.length < this.max) this.free.push(buffer);
  }

  /** A new run: buffers still with the page for the previous one are not waited for. */
  reset(): void {
    this.out = 0;
  }
}

/**
 * Free a buffer made in this thread now instead of at the next collection
 * (`ArrayBuffer.prototype.transfer(0)`, ES2024; where missing, the collector frees it later).
 */
export function freeNow(buffer: ArrayBufferLike): void {
  const b = buffer as ArrayBufferLike & { transfer?: (length: number) => ArrayBuffer };
  if (b instanceof ArrayBuffer && typeof b.transfer === 'function') b.transfer(0);
}
