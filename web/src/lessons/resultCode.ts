// Result codes, the same as wasm/cli/src/assignment/code.rs: `TL1.<base64url JSON>.<FNV-1a 64
// of the payload, 16 hex>`. The check catches copying mistakes, not forgery: `tcplab grade`
// re-runs each variant and checks the answers against its own results.
import { fnv1a64 } from './variant';

export interface ResultCode {
  assignment: string;
  student: string;
  answers: Record<string, number>;
  /** Scenario name → trace_hash of the student's run. */
  hashes: Record<string, string>;
}

const PREFIX = 'TL1.';

export function base64urlEncode(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const hex16 = (x: bigint) => x.toString(16).padStart(16, '0');

export function encodeResultCode(c: ResultCode): string {
  const json = JSON.stringify({ a: c.assignment, s: c.student, ans: c.answers, h: c.hashes });
  const payload = base64urlEncode(new TextEncoder().encode(json));
  return `${PREFIX}${payload}.${hex16(fnv1a64(payload))}`;
}

/** Decode a result code; throws an Error saying what is wrong with it. */
export function decodeResultCode(text: string): ResultCode {
  const t = text.trim();
  if (!t.startsWith(PREFIX)) throw new Error('not a result code (no TL1. prefix)');
  const body = t.slice(PREFIX.length);
  const dot = body.lastIndexOf('.');
  if (dot < 0) throw new Error('result code without a checksum');
  const payload = body.slice(0, dot);
  if (hex16(fnv1a64(payload)) !== body.slice(dot + 1)) {
    throw new Error('result code checksum does not match (copied incompletely?)');
  }
  const bytes = base64urlDecode(payload);
  if (!bytes) throw new Error('result code is not base64url');
  const v: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof v !== 'object' || v === null) throw new Error('result code JSON is not an object');
  const o = v as Record<string, unknown>;
  if (typeof o.a !== 'string' || typeof o.s !== 'string')
    throw new Error('result code lacks a or s');
  const pick = <T>(x: unknown, ok: (y: unknown) => y is T): Record<string, T> =>
    Object.fromEntries(
      Object.entries(typeof x === 'object' && x !== null ? x : {}).filter(([, y]) => ok(y)),
    ) as Record<string, T>;
  return {
    assignment: o.a,
    student: o.s,
    answers: pick(o.ans, (y): y is number => typeof y === 'number'),
    hashes: pick(o.h, (y): y is string => typeof y === 'string'),
  };
}
