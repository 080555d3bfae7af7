// Links for the browser tests, made in Node the way an old or another tool's link would be: a v1
// link whose patch replaces the whole scenario (so it does not depend on the page's encoder), and
// the old v0 `#s=` form.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export function linkV1(payload: unknown): string {
  return `#v=1&z=${deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
}

/** A v1 link that carries `scenario` whole (its seed inside the scenario). */
export function linkToScenario(scenario: unknown, extra: Record<string, unknown> = {}): string {
  return linkV1({ p: ['=', scenario], ...extra });
}

export function linkV0(scenario: unknown): string {
  return `#s=${Buffer.from(JSON.stringify(scenario)).toString('base64url')}`;
}

/** The payload of a v1 link fragment (`#v=1&z=…`), read in Node. */
export function readLinkV1(hash: string): Record<string, unknown> {
  const z = new URLSearchParams(hash.replace(/^#/, '')).get('z') ?? '';
  return JSON.parse(inflateRawSync(Buffer.from(z, 'base64url')).toString('utf8'));
}
