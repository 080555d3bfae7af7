#!/usr/bin/env node
// `npm run fuzz`: run the cargo-fuzz targets in wasm/fuzz (scenario_decode, scenario_simulate)
// for a bounded time each, starting from the committed seed corpus (wasm/fuzz/seeds) and the
// local working corpus (wasm/fuzz/corpus, not committed). Needs a nightly toolchain and
// cargo-fuzz: the gate installs them when they are missing (rustup and cargo install) and fails
// when it cannot; a plain run says what is missing and exits 1.
//
//   node scripts/fuzz.mjs                      each target for 60 s, random libFuzzer seed
//   node scripts/fuzz.mjs --seed 1             the same with a fixed seed
//   node scripts/fuzz.mjs --gate               what npm test runs: installs the tools if needed,
//                                              then per target the fixed corpus (every seed, each
//                                              once) and 60 s of new inputs in a fresh corpus
//   node scripts/fuzz.mjs --seconds 3600       the long run (docs/reliability.md)
//   node scripts/fuzz.mjs --seconds 3600 --jobs 4 scenario_simulate
//
// Exit status: 0 when no target failed, 1 when one did (or the tools are missing); the failing
// input is kept in wasm/fuzz/artifacts/<target>/ and the command to replay it is printed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WASM_DIR } from './lib/paths.mjs';
import { env, log, run, capture } from './lib/proc.mjs';
import { spawnSync } from 'node:child_process';

export const FUZZ_DIR = join(WASM_DIR, 'fuzz');
export const TARGETS = ['scenario_decode', 'scenario_simulate'];
/** Build flags shared by build and run: debug assertions (and overflow checks) on, no sanitizer
 * (the model is safe Rust; ASan would only slow it down). */
const BUILD_FLAGS = ['--debug-assertions', '--sanitizer', 'none'];
/** The gate: the fixed corpus once, then this many seconds of new inputs per target. */
export const GATE = { seconds: 60 };

/** Why fuzzing cannot run here, or null when it can. */
export function fuzzUnavailable() {
  if (capture('cargo', ['+nightly', '--version']) === null) {
    return 'no nightly toolchain (rustup toolchain install nightly --profile minimal)';
  }
  if (capture('cargo', ['+nightly', 'fuzz', '--version']) === null) {
    return 'cargo-fuzz is not installed (cargo install cargo-fuzz --locked)';
  }
  return null;
}

/** Install what fuzzing needs (a nightly toolchain, cargo-fuzz); null when it is there. */
export function ensureFuzzTools() {
  if (capture('cargo', ['+nightly', '--version']) === null) {
    log('installing a nightly toolchain for fuzzing (rustup)');
    run('rustup', ['toolchain', 'install', 'nightly', '--profile', 'minimal']);
  }
  if (capture('cargo', ['+nightly', 'fuzz', '--version']) === null) {
    log('installing cargo-fuzz (cargo install)');
    if (run('cargo', ['install', 'cargo-fuzz', '--locked']) !== 0) {
      run('cargo', ['install', 'cargo-fuzz']);
    }
  }
  return fuzzUnavailable();
}

function parseArgs(argv) {
  const opts = { seconds: 60, jobs: 1, seed: undefined, targets: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--gate') {
      opts.gate = true;
    } else if (a === '--seconds' || a === '--jobs' || a === '--seed') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a whole number ≥ 1`);
      opts[a.slice(2)] = n;
    } else if (TARGETS.includes(a)) {
      opts.targets.push(a);
    } else {
      throw new Error(`unknown argument '${a}' (targets: ${TARGETS.join(', ')})`);
    }
  }
  if (opts.targets.length === 0) opts.targets = [...TARGETS];
  return opts;
}

/** Build once, then run each target; returns the exit status (with a note for npm test). */
export function fuzz({ seconds = 60, jobs = 1, seed, targets = TARGETS, gate = false } = {}) {
  const missing = gate ? ensureFuzzTools() : fuzzUnavailable();
  if (missing) {
    process.stderr.write(`fuzzing cannot run: ${missing}\n`);
    return { status: 1, note: `missing: ${missing.split(' (')[0]}` };
  }
  const cwd = WASM_DIR;
  if (run('cargo', ['+nightly', 'fuzz', 'build', ...BUILD_FLAGS], { cwd }) !== 0) {
    return { status: 1, note: 'build failed' };
  }
  const crashed = [];
  const libfuzzer = [
    `-dict=${join(FUZZ_DIR, 'scenario.dict')}`,
    '-max_len=8192',
    '-timeout=20',
    '-rss_limit_mb=2048',
    '-print_final_stats=1',
  ];
  for (const target of targets) {
    const started = Date.now();
    const seeds = join(FUZZ_DIR, 'seeds');
    if (gate) {
      // The fixed corpus: every seed once (-runs=0 runs the inputs given, nothing new).
      const fixed = ['+nightly', 'fuzz', 'run', ...BUILD_FLAGS, target, seeds, '--', '-runs=0'];
      if (run('cargo', [...fixed, ...libfuzzer], { cwd }) !== 0) {
        crashed.push(describeCrash(target, started));
        continue;
      }
    }
    // New inputs: the gate starts from the seeds in a fresh corpus; long runs grow the working one.
    const corpus = gate
      ? mkdtempSync(join(tmpdir(), `tcplab-${target}-`))
      : join(FUZZ_DIR, 'corpus', target);
    mkdirSync(corpus, { recursive: true });
    const flags = [...libfuzzer, `-max_total_time=${gate ? GATE.seconds : seconds}`];
    if (seed !== undefined) flags.push(`-seed=${seed}`);
    if (jobs > 1) flags.push(`-fork=${jobs}`);
    const args = ['+nightly', 'fuzz', 'run', ...BUILD_FLAGS, target, corpus, seeds, '--', ...flags];
    if (run('cargo', args, { cwd }) !== 0) crashed.push(describeCrash(target, started));
    if (gate) rmSync(corpus, { recursive: true, force: true });
  }
  if (crashed.length > 0) {
    const names = crashed.map((c) => c.target);
    process.stderr.write(
      `\nfuzzing found a failure in ${names.join(', ')}. The input is in ` +
        `wasm/fuzz/artifacts/<target>/; replay it with\n` +
        `  cd wasm && cargo +nightly fuzz run ${BUILD_FLAGS.join(' ')} <target> fuzz/artifacts/<target>/<file>\n` +
        `and shrink it with \`cargo +nightly fuzz tmin ${BUILD_FLAGS.join(' ')} <target> <file>\`.\n`,
    );
    return {
      status: 1,
      note: crashed.map((c) => `${c.kind} in ${c.target}`).join(', '),
      detail: crashed.map((c) => c.detail).join('\n'),
    };
  }
  const each = gate ? GATE.seconds : seconds;
  return { status: 0, note: `${targets.length} targets: ${gate ? 'fixed corpus + ' : ''}${each} s each` };
}

/** libFuzzer names an artifact after what went wrong: crash-, timeout-, oom-, slow-unit-… */
function artifactKind(file) {
  return file.split('-')[0];
}

/**
 * What a failed target left: the kind, the newest artifact written since `since`, the panic
 * message (from replaying the input once) and the input itself, so that a CI log whose tail is
 * all one sees still tells what broke and how to reproduce it.
 */
export function describeCrash(target, since) {
  const dir = join(FUZZ_DIR, 'artifacts', target);
  let files = [];
  try {
    files = readdirSync(dir)
      .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
      .filter(({ t }) => t >= since - 1000)
      .sort((a, b) => b.t - a.t);
  } catch {
    // no artifacts directory: libFuzzer failed before fuzzing
  }
  if (files.length === 0) {
    return { target, kind: 'failure', detail: `${target}: exited with an error and left no input` };
  }
  const file = join(dir, files[0].f);
  const kind = artifactKind(files[0].f);
  const replay = spawnSync(
    'cargo',
    ['+nightly', 'fuzz', 'run', ...BUILD_FLAGS, target, file, '--', '-runs=1'],
    { cwd: WASM_DIR, env, encoding: 'utf8', timeout: 120_000 },
  );
  const out = `${replay.stdout ?? ''}${replay.stderr ?? ''}`.split('\n');
  const at = out.findIndex((l) => /panicked at|ERROR: libFuzzer/.test(l));
  const why = at < 0 ? '(no panic message on replay)' : out.slice(at, at + 4).join('\n');
  const input = readFileSync(file).toString('utf8');
  const shown = input.length > 1500 ? `${input.slice(0, 1500)}…` : input;
  return {
    target,
    kind,
    detail: `${target}: ${kind} ${file}\n${why}\ninput (${input.length} chars): ${JSON.stringify(shown)}`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  process.exit(fuzz(opts).status);
}
