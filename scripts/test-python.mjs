#!/usr/bin/env node
// `npm run test:python`, and the Python step of `npm test`: the Python package (wasm/python)
// built and tested.
//   1. a virtual environment in .venv (git-ignored), made when missing, with maturin, pandas,
//      pytest, dask[distributed] and nbclient + ipykernel + matplotlib installed when they are
//      not there yet (a fresh clone needs nothing by hand). They are installed by uv (itself
//      installed into the environment by pip when it is not on PATH): with its package cache
//      warm that takes seconds, where pip downloads every wheel again.
//   2. the extension as `cargo test --workspace` builds it: the crate has an example, so cargo
//      test compiles it and PyO3 in the test profile with the same features as the rest of
//      the workspace, and after cargo test this builds nothing (npm test runs cargo test first).
//      Its library is copied into the package's source folder (wasm/python/python/tcplab, as
//      `maturin develop` places it) and the tests import the package from there (PYTHONPATH).
//      `pip install ./wasm/python` (maturin) remains the way to install the package itself.
//   3. pytest wasm/python/tests (the golden trace hashes, the CLI's sweeps, shards, merge,
//      Dask and grades; the quickstart notebook run by nbclient) against the CLI in the same
//      profile (`cargo build --profile test --bin tcplab`, which npm test has built).
// Uses only Node built-ins.
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CARGO_MANIFEST, CARGO_TARGET, ROOT } from './lib/paths.mjs';
import { capture, env, log, run } from './lib/proc.mjs';
import { spawnSync } from 'node:child_process';

export const VENV = join(ROOT, '.venv');
const bin = (name) => join(VENV, process.platform === 'win32' ? 'Scripts' : 'bin', name);
const PACKAGE_SRC = join(ROOT, 'wasm', 'python', 'python');
/** The CLI in cargo test's profile (its output directory is debug/). */
const TEST_CLI = join(
  CARGO_TARGET,
  'debug',
  process.platform === 'win32' ? 'tcplab.exe' : 'tcplab',
);
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

/** The interpreter PyO3's build finds (`python`, then `python3`), so the extension cargo
 * builds is for the environment's Python. */
function python() {
  for (const p of ['python', 'python3']) {
    const v = capture(p, ['--version']);
    if (v !== null && v.startsWith('Python 3')) return p;
  }
  return null;
}

/** uv on PATH, or in the environment (installed there by pip when missing); null if neither. */
function uv() {
  if (capture('uv', ['--version']) !== null) return 'uv';
  if (existsSync(bin('uv'))) return bin('uv');
  log('installing uv into the virtual environment');
  const s = run(bin('python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    'uv',
  ]);
  return s === 0 && existsSync(bin('uv')) ? bin('uv') : null;
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
  // One interpreter start for every check: the modules not found, one per line.
  const mods = JSON.stringify(NEEDS.map(([m]) => m));
  const r = spawnSync(
    bin('python'),
    [
      '-c',
      `import importlib.util as u; print("\\n".join(m for m in ${mods} if u.find_spec(m) is None))`,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) {
    process.stderr.write(`cannot run ${bin('python')}: ${r.stderr ?? r.error}\n`);
    return 1;
  }
  const absent = new Set(r.stdout.split('\n').filter(Boolean));
  const missing = NEEDS.filter(([m]) => absent.has(m)).map(([, req]) => req);
  if (missing.length === 0) return 0;
  const installer = uv();
  if (installer !== null) {
    return run(installer, ['pip', 'install', '--quiet', '--python', bin('python'), ...missing]);
  }
  return run(bin('python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    ...missing,
  ]);
}

/** The file suffix of an extension module for the environment's Python. */
function extSuffix() {
  return capture(bin('python'), [
    '-c',
    'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))',
  ]);
}

/** 2. The extension as cargo test builds it, copied next to the package's Python files. */
export function buildExtension() {
  const r = spawnSync(
    'cargo',
    [
      'test',
      '--workspace',
      '--no-run',
      '--manifest-path',
      CARGO_MANIFEST,
      '--message-format=json-render-diagnostics',
    ],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      maxBuffer: 256 << 20,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (r.status !== 0) return r.status ?? 1;
  let lib = null;
  for (const line of r.stdout.split('\n')) {
    if (!line.includes('"compiler-artifact"') || !line.includes('tcplab-python')) continue;
    const msg = JSON.parse(line);
    if (!msg.target?.crate_types?.includes('cdylib')) continue;
    lib = msg.filenames.find((f) => /\.(so|dylib|dll)$/.test(f)) ?? lib;
  }
  const suffix = extSuffix();
  if (lib === null || suffix === null) {
    process.stderr.write('cargo test built no tcplab-python extension\n');
    return 1;
  }
  const dir = join(PACKAGE_SRC, 'tcplab');
  for (const f of readdirSync(dir)) {
    if (f.startsWith('_native') && f.endsWith(suffix.slice(suffix.lastIndexOf('.')))) {
      rmSync(join(dir, f));
    }
  }
  copyFileSync(lib, join(dir, `_native${suffix}`));
  return 0;
}

/** 3. pytest. */
export function pytest(extra = []) {
  if (!existsSync(TEST_CLI)) {
    const s = run('cargo', [
      'build',
      '--profile',
      'test',
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
      env: {
        ...env,
        VIRTUAL_ENV: VENV,
        PATH: [join(VENV, 'bin'), env.PATH].join(process.platform === 'win32' ? ';' : ':'),
        // The package from its source folder (before anything installed in the environment);
        // spawned workers, Dask's and the notebook's kernel inherit it.
        PYTHONPATH: [PACKAGE_SRC, env.PYTHONPATH]
          .filter(Boolean)
          .join(process.platform === 'win32' ? ';' : ':'),
        TCPLAB_CLI: TEST_CLI,
      },
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
