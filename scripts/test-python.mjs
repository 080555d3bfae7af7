#!/usr/bin/env node
// `npm run test:python`: the Python package (wasm/python) built and tested.
//   1. a virtual environment in .venv (git-ignored), made when missing, with maturin,
//      pandas, pytest, dask[distributed] and nbclient + ipykernel + matplotlib installed
//      when they are not there yet (a fresh clone needs nothing by hand)
//   2. the extension built into it by `maturin develop --release`, in the workspace's target
//      directory (wasm/target) and its release profile, so it reuses what the native CLI's
//      release build compiled
//   3. pytest wasm/python/tests (the golden trace hashes, the CLI's sweeps, shards, merge,
//      Dask and grades; the quickstart notebook run by nbclient)
// Needs the release CLI (`cargo build --release --bin tcplab`), which npm test builds first;
// this script builds it when it is missing. Uses only Node built-ins.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CARGO_MANIFEST, CARGO_TARGET, CLI_BIN, ROOT } from './lib/paths.mjs';
import { capture, env, log, run } from './lib/proc.mjs';

export const VENV = join(ROOT, '.venv');
const bin = (name) => join(VENV, process.platform === 'win32' ? 'Scripts' : 'bin', name);
/** Module to import → the requirement that installs it. */
const NEEDS = [
  ['maturin', 'maturin>=1.8,<2'],
  ['pandas', 'pandas'],
  ['pytest', 'pytest'],
  ['distributed', 'dask[distributed]'],
  ['nbclient', 'nbclient'],
  ['ipykernel', 'ipykernel'],
  ['matplotlib', 'matplotlib'],
];

function python() {
  for (const p of ['python3', 'python']) if (capture(p, ['--version']) !== null) return p;
  return null;
}

/** 1. The virtual environment and what the tests import. */
export function ensureVenv() {
  if (!existsSync(bin('python'))) {
    const py = python();
    if (py === null) {
      process.stderr.write('Python 3.9 or newer is needed on PATH for the Python package.\n');
      return 1;
    }
    log(`making the virtual environment ${VENV}`);
    if (run(py, ['-m', 'venv', VENV]) !== 0) return 1;
  }
  const missing = NEEDS.filter(
    ([mod]) =>
      capture(bin('python'), [
        '-c',
        `import importlib.util,sys; sys.exit(importlib.util.find_spec('${mod}') is None)`,
      ]) === null,
  ).map(([, req]) => req);
  if (missing.length === 0) return 0;
  return run(bin('python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    ...missing,
  ]);
}

const venvEnv = () => ({
  ...env,
  VIRTUAL_ENV: VENV,
  PATH: [join(VENV, 'bin'), env.PATH].join(process.platform === 'win32' ? ';' : ':'),
  CARGO_TARGET_DIR: CARGO_TARGET,
});

/** 2. The extension, built into the environment. */
export function buildExtension() {
  return run(
    bin('maturin'),
    ['develop', '--release', '--quiet', '-m', join(ROOT, 'wasm', 'python', 'Cargo.toml')],
    { env: venvEnv() },
  );
}

/** 3. pytest. */
export function pytest(extra = []) {
  if (!existsSync(CLI_BIN)) {
    const s = run('cargo', [
      'build',
      '--release',
      '--manifest-path',
      CARGO_MANIFEST,
      '--bin',
      'tcplab',
    ]);
    if (s !== 0) return s;
  }
  return run(
    bin('python'),
    [
      '-m',
      'pytest',
      '-q',
      '-p',
      'no:cacheprovider',
      join(ROOT, 'wasm', 'python', 'tests'),
      ...extra,
    ],
    {
      env: { ...venvEnv(), TCPLAB_CLI: CLI_BIN },
    },
  );
}

export function testPython(extra = []) {
  for (const step of [ensureVenv, buildExtension]) {
    const s = step();
    if (s !== 0) return s;
  }
  return pytest(extra);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(testPython(process.argv.slice(2)));
}
