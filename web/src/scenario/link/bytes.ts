// Bytes for links: base64url text (RFC 4648 §5, no padding) and raw DEFLATE (RFC 1951) through
// the browser's own CompressionStream, so the page needs no compression library. Inflating stops
// at a size cap, so a small hostile link cannot unpack into gigabytes.

export class TooLargeError extends Error {}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on anything but base64url characters (and on an impossible length). */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new Error('not base64url text');
  }
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function readAll(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError(`more than ${maxBytes} bytes`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
  const writer = transform.writable.getWriter();
  // Errors surface on the readable side; these promises only must not go unhandled.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return transform.readable as ReadableStream<Uint8Array>;
}

export function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return readAll(through(bytes, new CompressionStream('deflate-raw')), Infinity);
}

/** Throws TooLargeError above `maxBytes`, and a TypeError on data that is not DEFLATE. */
export function inflateRaw(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  return readAll(through(bytes, new DecompressionStream('deflate-raw')), maxBytes);
}
