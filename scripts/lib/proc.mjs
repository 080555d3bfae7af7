// Running tools from scripts: visible commands, cargo's bin directory on PATH (Node built-ins only).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT } from './paths.mjs';

const cargoBin = join(process.env.CARGO_HOME || join(homedir(), '.cargo'), 'bin');

/** The environment every child gets: cargo's bin directory first on PATH. */
export const env = {
  ...process.env,
  PATH: [cargoBin, process.env.PATH ?? ''].join(delimiter),
  // CI (CI set, as .ci/run does) builds every crate once from a fresh clone, where cargo's
  // incremental cache is only cost: a from-scratch `cargo test --workspace --no-run` took 260 s
  // without it and 492 s with it, one after the other on a shared 2-core machine. Developers,
  // who rebuild after small edits, keep it; an explicit CARGO_INCREMENTAL wins.
  ...(process.env.CI && process.env.CARGO_INCREMENTAL === undefined
    ? { CARGO_INCREMENTAL: '0' }
    : {}),
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

/**
 * Run several commands at once (each single-threaded, so two cores finish them in about half
 * the time), each one's output held back and printed whole when it ends. Resolves to one
 * `{ name, status, seconds }` per command, in the order given.
 */
export function runTogether(commands) {
  return Promise.all(
    commands.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const start = Date.now();
          const chunks = [];
          const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (c) => chunks.push(c));
          child.stderr.on('data', (c) => chunks.push(c));
          let ended = false;
          const done = (status, why = '') => {
            if (ended) return;
            ended = true;
            log(`── ${name}`);
            log(`$ ${[cmd, ...args].join(' ')}`);
            process.stdout.write(Buffer.concat(chunks));
            if (why) process.stderr.write(why);
            resolve({ name, status, seconds: (Date.now() - start) / 1000 });
          };
          child.on('error', (e) => done(127, `cannot run ${cmd}: ${e.message}\n`));
          child.on('close', (code) => done(code ?? 1));
        }),
    ),
  );
}

/**
 * CPU seconds (user + system) used so far by this process's finished children and their
 * descendants, from /proc/self/stat (Linux; null elsewhere). On a shared machine a step's CPU
 * time says more than its wall time. Assumes the usual 100 clock ticks a second.
 */
export function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return null;
  }
}
