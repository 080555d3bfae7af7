// Paths and processes of the repository for the Node-side tests.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../golden/golden';

export { ROOT };
/** The CLI in cargo test's profile (its output directory is debug/): `npm test` has built it
 * with `cargo test` before Vitest runs, so the tests do not compile the model again in release. */
export const CLI = join(ROOT, 'wasm', 'target', 'debug', 'tcplab');

export function readRepoFile(rel: string): string {
  return readFileSync(join(ROOT, rel), 'utf8');
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runProcess(cmd: string, args: string[]): Ran {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Build the native CLI in the test profile (a no-op when it is up to date). */
export function buildCli(): void {
  const r = runProcess('cargo', [
    'build',
    '--profile',
    'test',
    '--manifest-path',
    'wasm/Cargo.toml',
    '--bin',
    'tcplab',
  ]);
  if (r.status !== 0) throw new Error(`cargo build failed:\n${r.stderr}`);
}
