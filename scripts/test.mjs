#!/usr/bin/env node
// `npm test`: the set-up of `npm start`, then every check the project has, in order:
//   Rust: cargo fmt --check, cargo clippy -D warnings, cargo test, the native CLI (test profile),
//         the Python package's tests (scripts/test-python.mjs: pytest, the notebook, Dask),
//         the model validated against analytic oracles (npm run validate), the paper report
//         and every number quoted from it matching the model (tcplab papers --check), and each cargo-fuzz
//         target over its seeds plus a fixed set of new inputs, under a minute in all
//         (scripts/fuzz.mjs --gate, which installs a nightly toolchain and cargo-fuzz when they
//         are missing, and fails without them)
//   Web:  tsc, ESLint, Prettier, Vitest (unit + Node-WASM), vite build, Playwright in Chromium
// Every check runs even when an earlier one fails; the summary lists them and the exit status
// is non-zero if any failed. Uses only Node built-ins until set-up has installed node_modules.
import { existsSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { CARGO_MANIFEST, CARGO_TARGET, CHROMIUM, ROOT } from './lib/paths.mjs';
import { capture, childCpuSeconds, log, run, runTogether } from './lib/proc.mjs';
import { startInBackground } from './lib/background.mjs';
import { setupOverlapped } from './setup.mjs';
import { CARGO_FUZZ_BUILD, fuzz, fuzzUnavailable } from './fuzz.mjs';
import { testPython } from './test-python.mjs';

/** The CLI as `cargo build --profile test` leaves it (the test profile's output directory is debug/). */
const TEST_CLI = join(ROOT, 'wasm', 'target', 'debug', 'tcplab');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const cargo =
  (...args) =>
  () =>
    run('cargo', [...args.slice(0, 1), '--manifest-path', CARGO_MANIFEST, ...args.slice(1)]);

/** clippy and rustfmt come with rustup's default profile; add them when a minimal one lacks them. */
function ensureRustComponents() {
  for (const [probe, component] of [
    ['fmt', 'rustfmt'],
    ['clippy', 'clippy'],
  ]) {
    if (capture('cargo', [probe, '--version']) === null) {
      if (run('rustup', ['component', 'add', component]) !== 0) return 1;
    }
  }
  return 0;
}

/** Debian's Chromium for Playwright (no browser download works here; README, "Prerequisites"). */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && capture('apt-get', ['--version']) !== null) {
    log(`${CHROMIUM} is missing: installing Debian's chromium package`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) !== 0) return 1;
    if (run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env }) !== 0)
      return 1;
    return existsSync(CHROMIUM) ? 0 : 1;
  }
  process.stderr.write(
    `\nThe browser tests need Chromium at ${CHROMIUM}, and it is not there.\n` +
      `Install Debian's package as root:   sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROMIUM_PATH at another Chromium binary, then run npm test again.\n\n`,
  );
  return 1;
}

/** A fresh checkout's builds (cargo's target directory, the fuzz build, the wasm) take about
 * 10 GB; with less free space they fail with "No space left on device" half-way, in ways that
 * look like anything but a full disk. Say so first. */
const FRESH_BUILD_GB = 10;
function diskWarning() {
  try {
    const { bavail, bsize } = statfsSync(ROOT);
    const freeGb = (bavail * bsize) / 1e9;
    return freeGb < FRESH_BUILD_GB
      ? `only ${freeGb.toFixed(1)} GB free where the checkout is; a fresh build needs about ${FRESH_BUILD_GB} GB, so builds may fail with "No space left on device"`
      : null;
  } catch {
    return null;
  }
}

/** clippy's own target directory: its check builds share nothing with the test profile's, and
 * in target/debug it would wait for the test build in the background to release the directory. */
const CLIPPY_TARGET = join(CARGO_TARGET, 'clippy');

/** What the background builds (lib/background.mjs) while the steps in front run: the test
 * profile's build (cargo test's, and the native CLI's and the Python extension's with it), then
 * the fuzz targets' (when the tools are there; the fuzz step installs them otherwise). */
const TEST_BUILD = 'cargo test --no-run';
const FUZZ_BUILD = 'cargo fuzz build';
function startBuilds(t0) {
  const jobs = [
    [TEST_BUILD, 'cargo', ['test', '--workspace', '--no-run', '--manifest-path', CARGO_MANIFEST]],
  ];
  if (fuzzUnavailable() === null) jobs.push([FUZZ_BUILD, ...CARGO_FUZZ_BUILD]);
  return startInBackground(jobs, t0);
}

const steps = [
  ['rust components', ensureRustComponents],
  ['cargo fmt --check', cargo('fmt', '--all', '--', '--check')],
  [
    'cargo clippy',
    cargo(
      'clippy',
      '--workspace',
      '--all-targets',
      '--target-dir',
      CLIPPY_TARGET,
      '--',
      '-D',
      'warnings',
    ),
  ],
  [
    'cargo test',
    async () => {
      if (background) await background(TEST_BUILD);
      return cargo('test', '--workspace')();
    },
  ],
  // The CLI in cargo test's profile (optimised, no LTO): `cargo test` has just built it and every
  // crate under it, so this step links nothing new, where a release build would compile the
  // whole model again. The model is deterministic, so the oracles and the paper numbers are
  // the same in either profile (npm run validate and npm run papers use the release build).
  ['native CLI', cargo('build', '--profile', 'test', '--bin', 'tcplab')],
  ['validate (oracles)', () => run(TEST_CLI, ['oracles'])],
  ['papers (quoted numbers)', () => run(TEST_CLI, ['papers', '--check'])],
  // The Python package: its virtual environment (installed by uv, seconds with its cache warm),
  // the extension cargo test has just built (its example makes cargo test compile it and PyO3
  // with the workspace's features, so nothing is compiled here) and pytest.
  ['python (pytest)', () => testPython()],
  [
    'fuzz (seeds + fixed inputs)',
    () => fuzz({ gate: true, built: background?.has(FUZZ_BUILD) ? background(FUZZ_BUILD) : null }),
  ],
  // Three single-threaded checks, run side by side (the summary lists each).
  [
    'tsc, eslint, prettier',
    () =>
      runTogether([
        ['tsc', bin('tsc'), ['-b']],
        ['eslint', bin('eslint'), ['.']],
        ['prettier --check', bin('prettier'), ['--check', '.']],
      ]),
    { group: true },
  ],
  ['vitest', () => run(bin('vitest'), ['run'])],
  ['vite build', () => run(bin('vite'), ['build'])],
  ['chromium', ensureChromium],
  ['playwright', () => run(bin('playwright'), ['test'])],
];
/** Steps that make no sense after these failed. */
const needs = {
  playwright: ['vite build', 'chromium'],
  'validate (oracles)': ['native CLI'],
  'papers (quoted numbers)': ['native CLI'],
  'python (pytest)': ['native CLI'],
};

const t0 = Date.now();
const cpuTotal0 = childCpuSeconds();
const lowDisk = diskWarning();
if (lowDisk) process.stderr.write(`\nwarning: ${lowDisk}\n\n`);
const background = startBuilds(t0);
try {
  await setupOverlapped();
} catch (e) {
  process.stderr.write(`\nset-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}

const results = [
  {
    name: 'set-up',
    status: 0,
    seconds: (Date.now() - t0) / 1000,
    cpu: cpuTotal0 === null ? null : childCpuSeconds() - cpuTotal0,
  },
];
for (const [name, fn, { group = false } = {}] of steps) {
  const blocked = (needs[name] ?? []).filter((dep) =>
    results.some((r) => r.name === dep && r.status !== 0),
  );
  if (blocked.length > 0) {
    results.push({ name, status: 'skipped', seconds: 0, note: `needs ${blocked.join(', ')}` });
    continue;
  }
  // A group run side by side prints its own headers, and gives one { name, status, seconds }
  // per command.
  const cpu0 = childCpuSeconds();
  const cpu = () => (cpu0 === null ? null : childCpuSeconds() - cpu0);
  if (group) {
    const rs = await fn();
    // The commands' CPU time together, on the first of them.
    results.push(...rs.map((r, i) => ({ ...r, cpu: i === 0 ? cpu() : null })));
    continue;
  }
  log(`── ${name} (at ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const start = Date.now();
  // A step returns its exit status, or { status, note } to add a note to the summary.
  const out = await fn();
  const { status, note, detail } = typeof out === 'object' ? out : { status: out };
  results.push({ name, status, seconds: (Date.now() - start) / 1000, cpu: cpu(), note, detail });
}

const failed = results.filter((r) => r.status !== 0);
process.stdout.write('\nnpm test summary\n');
for (const r of results) {
  const mark = r.status === 0 ? 'ok  ' : r.status === 'skipped' ? 'skip' : 'FAIL';
  process.stdout.write(
    `  ${mark}  ${r.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s` +
      `${typeof r.cpu === 'number' ? `  cpu ${r.cpu.toFixed(0).padStart(4)} s` : ''}` +
      `${r.note ? `  (${r.note})` : ''}\n`,
  );
}
process.stdout.write(
  `  total ${((Date.now() - t0) / 1000).toFixed(1)} s` +
    `${cpuTotal0 === null ? '' : `, cpu ${(childCpuSeconds() - cpuTotal0).toFixed(0)} s`}` +
    ' (a build in the background counts in the step during which it ended)\n',
);
if (lowDisk && failed.length > 0) process.stdout.write(`  (${lowDisk})\n`);
// What failed, in detail, where a log read from its end shows it.
for (const r of failed.filter((f) => f.detail)) process.stdout.write(`\n${r.name}:\n${r.detail}\n`);
process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed\n`);
process.exit(failed.length > 0 ? 1 : 0);
