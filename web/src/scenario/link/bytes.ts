// Bytes for links: base64url text (RFC 4648 §5, no padding) and raw DEFLATE (RFC 1951) through
// the browser's own CompressionStream, so the page needs no compression library. Inflating stops
// at a size cap, so a small hostile link cannot unpack into gigabytes.

export class TooLargeError extends Error {}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * CRC-32 (ISO 3309, the checksum of gzip and PNG) of UTF-8 text, as 8 hex digits. It catches
 * every change of one character and every cut, and all but one in 4 billion other edits; it is
 * no defence against someone who recomputes it (a link is not signed).
 */
export function crc32Hex(text: string): string {
  let c = 0xffffffff;
  for (const b of new TextEncoder().encode(text)) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

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
