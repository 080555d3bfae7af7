// Running tools from scripts: visible commands, cargo's bin directory on PATH (Node built-ins only).
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT } from './paths.mjs';

const cargoBin = join(process.env.CARGO_HOME || join(homedir(), '.cargo'), 'bin');

/** The environment every child gets: cargo's bin directory first on PATH. */
export const env = {
  ...process.env,
  PATH: [cargoBin, process.env.PATH ?? ''].join(delimiter),
};
// Scripts launched from here see the same PATH (e.g. wasm-bindgen just installed).
process.env.PATH = env.PATH;

/** When true, our messages and the tools' stdout go to stderr (stdout is kept for results). */
export const output = { toStderr: false };

export function log(msg) {
  const stream = output.toStderr ? process.stderr : process.stdout;
  stream.write(`\x1b[36m[tcplab]\x1b[0m ${msg}\n`);
}

/** Run a command with inherited stdio; returns its exit status (or 127 if it cannot start). */
export function run(cmd, args, opts = {}) {
  log(`$ ${[cmd, ...args].join(' ')}`);
  const stdio = output.toStderr ? ['inherit', 2, 'inherit'] : 'inherit';
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio, ...opts });
  if (r.error) {
    process.stderr.write(`cannot run ${cmd}: ${r.error.message}\n`);
    return 127;
  }
  return r.status ?? 1;
}

/** Run a command and fail the script when it fails. */
export function must(cmd, args, opts = {}) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with status ${status}`);
  }
}

/** Run quietly and return trimmed stdout, or null when the command is missing or fails. */
export function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, encoding: 'utf8', ...opts });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}
