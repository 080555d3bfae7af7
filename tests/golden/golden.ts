// The golden trace hashes (tests/golden/expected.json), typed for the tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface GoldenEntry {
  scenario: string;
  trace_hash: string;
}

export function loadGolden(): Record<string, GoldenEntry> {
  return JSON.parse(readFileSync(join(ROOT, 'tests', 'golden', 'expected.json'), 'utf8')) as Record<
    string,
    GoldenEntry
  >;
}

export function goldenHash(name: string): string {
  const entry = loadGolden()[name];
  if (!entry) throw new Error(`no golden entry '${name}' in tests/golden/expected.json`);
  return entry.trace_hash;
}
