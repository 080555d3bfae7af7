// The scenario in the URL (DESIGN.md §7: a shared link shows every student the same run):
// `#s=` + base64url of the UTF-8 JSON. Decoding never throws; a bad fragment gives null.

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The URL fragment that carries `scenario`. */
export function encodeScenarioHash(scenario: unknown): string {
  return `#s=${toBase64Url(new TextEncoder().encode(JSON.stringify(scenario)))}`;
}

/** The scenario JSON object in a fragment made by `encodeScenarioHash`, or null. */
export function decodeScenarioHash(hash: string): unknown {
  const m = /^#?s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m?.[1]) return null;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(m[1])));
  } catch {
    return null;
  }
}
