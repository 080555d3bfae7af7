#!/usr/bin/env node
// Toolchain set-up and the wasm build, shared by `npm start`, `npm run build` and `npm test`.
// Uses only Node built-ins: node_modules may not exist yet when this runs.
//
//   1. npm ci when node_modules is missing or older than package-lock.json (in `npm test`, beside
//      the cargo build of step 4: setupOverlapped)
//   2. rustup target add wasm32-unknown-unknown (when missing)
//   3. cargo install wasm-bindgen-cli at exactly the wasm-bindgen version in wasm/Cargo.lock
//   4. cargo build the two wasm facades (release; the simulator's and the grader's modules, in one
//      cargo run so their link-time optimisation runs on both cores), then for each
//      wasm-bindgen --target web and wasm-opt (-Os, -O1: docs/performance.md, "WASM size")
// The schema files are committed; `npm run gen:schema` regenerates them (from the native CLI).
//
// Environment: TCPLAB_NO_WASM_OPT=1 skips wasm-opt.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CARGO_LOCK,
  CARGO_MANIFEST,
  GRADE_WASM_CRATE,
  ROOT,
  WASM_CRATE,
  WASM_MODULES,
} from './lib/paths.mjs';
import { capture, env, log, must, run } from './lib/proc.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const NPM_CI = ['ci', '--no-audit', '--no-fund'];

/** Why node_modules needs `npm ci`, or null when it is up to date. */
function nodeModulesStale() {
  const lock = join(ROOT, 'package-lock.json');
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return 'node_modules is missing: installing npm dependencies';
  if (statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    return 'node_modules is older than package-lock.json: reinstalling npm dependencies';
  }
  return null;
}

/** 1. npm dependencies. */
export function ensureNodeModules() {
  const why = nodeModulesStale();
  if (why === null) return;
  log(why);
  must(NPM, NPM_CI, { shell: process.platform === 'win32' });
}

/**
 * 1, started without waiting: `npm ci` (mostly disk and network) runs while cargo builds the wasm
 * (which needs nothing from node_modules); its output goes to a file, printed when it ends. The
 * returned function waits for it and throws if it failed.
 */
function startNodeModules() {
  const why = nodeModulesStale();
  if (why === null) return async () => {};
  log(`${why} (beside the wasm build)`);
  log(`$ ${NPM} ${NPM_CI.join(' ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'tcplab-npm-ci-'));
  const outFile = join(dir, 'npm-ci.log');
  const fd = openSync(outFile, 'w');
  const done = new Promise((resolve) => {
    const child = spawn(NPM, NPM_CI, {
      cwd: ROOT,
      env,
      stdio: ['ignore', fd, fd],
      shell: process.platform === 'win32',
    });
    child.on('error', (e) => resolve(`cannot run ${NPM}: ${e.message}`));
    child.on('close', (code) =>
      resolve(code === 0 ? null : `${NPM} ci exited with status ${code}`),
    );
  });
  return async () => {
    const failure = await done;
    closeSync(fd);
    process.stdout.write(readFileSync(outFile, 'utf8'));
    rmSync(dir, { recursive: true, force: true });
    if (failure) throw new Error(failure);
  };
}

/** 2. The wasm32 target of the active Rust toolchain. */
export function ensureWasmTarget() {
  const installed = capture('rustup', ['target', 'list', '--installed']);
  if (installed === null) {
    throw new Error('rustup was not found on PATH; install it first (see README, Prerequisites)');
  }
  if (!installed.split('\n').includes('wasm32-unknown-unknown')) {
    must('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
}

/** The version of the `wasm-bindgen` crate that wasm/Cargo.lock pins. */
export function lockedWasmBindgenVersion() {
  const lock = readFileSync(CARGO_LOCK, 'utf8');
  const m = /\[\[package\]\]\s*name = "wasm-bindgen"\s*version = "([^"]+)"/.exec(lock);
  if (!m) throw new Error(`no wasm-bindgen package in ${CARGO_LOCK}`);
  return m[1];
}

/** 3. wasm-bindgen-cli at exactly the crate's version (the two must match). */
export function ensureWasmBindgen() {
  const want = lockedWasmBindgenVersion();
  const have = capture('wasm-bindgen', ['--version']);
  if (have === `wasm-bindgen ${want}`) return;
  log(`wasm-bindgen ${want} needed (found: ${have ?? 'none'}); installing it with cargo install`);
  const args = ['install', 'wasm-bindgen-cli', '--version', `=${want}`, '--force'];
  // --locked first (reproducible); some registries lack a locked dependency, so fall back.
  if (run('cargo', [...args, '--locked']) !== 0) {
    log('cargo install --locked failed; retrying without --locked');
    must('cargo', args);
  }
  const now = capture('wasm-bindgen', ['--version']);
  if (now !== `wasm-bindgen ${want}`) {
    throw new Error(`wasm-bindgen --version says ${now ?? 'nothing'}, expected ${want}`);
  }
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** 4. Build the wasm facades and generate their packages under web/src/sim (each skipped when
 * nothing changed). */
export function buildWasm() {
  cargoBuildWasm();
  for (const m of WASM_MODULES) bindModule(m);
}

function cargoBuildWasm() {
  must('cargo', [
    'build',
    '--release',
    '--manifest-path',
    CARGO_MANIFEST,
    '--target',
    'wasm32-unknown-unknown',
    ...WASM_MODULES.flatMap((m) => ['-p', m.crate]),
  ]);
}

/**
 * wasm-opt's level per module. The simulator's -Os: 1.6 KB smaller gzipped than -O3 with the same
 * speed within noise (V8 inlines on its own), which keeps it under its 300 KB budget. The
 * grader's -O1: not a hot path, and smaller gzipped than -Oz (105.7 against 110.4 KB) in 9 s
 * instead of 24.
 */
const WASM_OPT_LEVEL = { [WASM_CRATE]: '-Os', [GRADE_WASM_CRATE]: '-O1' };

/** wasm-bindgen and wasm-opt for one module (`WASM_MODULES`), unless its package is up to date. */
function bindModule(m) {
  const optimise = process.env.TCPLAB_NO_WASM_OPT !== '1';
  const level = WASM_OPT_LEVEL[m.crate];
  const stampFile = join(m.dir, '.stamp');
  const stamp = `${sha256(m.raw)} ${lockedWasmBindgenVersion()} opt=${optimise && level}\n`;
  if (
    existsSync(m.js) &&
    existsSync(m.wasm) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp
  ) {
    log(`${relative(ROOT, m.dir)} is up to date`);
    return;
  }
  mkdirSync(m.dir, { recursive: true });
  must('wasm-bindgen', ['--target', 'web', '--out-dir', m.dir, m.raw]);
  const wasmOpt = join(ROOT, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
  if (optimise && existsSync(wasmOpt)) {
    // Binaryen's optimisations keep IEEE semantics (no fast-math), so traces are unchanged;
    // the golden trace-hash tests check exactly that.
    must(process.execPath, [wasmOpt, level, m.wasm, '-o', m.wasm]);
  }
  writeFileSync(stampFile, stamp);
}

export function setup() {
  const t0 = Date.now();
  ensureNodeModules();
  ensureWasmTarget();
  ensureWasmBindgen();
  buildWasm();
  log(`set-up done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The same as `setup`, with `npm ci` (when needed) running beside the wasm build: what
 * `npm test` runs on a fresh clone. */
export async function setupOverlapped() {
  const t0 = Date.now();
  const nodeModules = startNodeModules();
  try {
    ensureWasmTarget();
    ensureWasmBindgen();
    cargoBuildWasm();
  } finally {
    await nodeModules();
  }
  for (const m of WASM_MODULES) bindModule(m);
  log(`set-up done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    setup();
  } catch (e) {
    process.stderr.write(`\nset-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
