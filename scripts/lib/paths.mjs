// Where things live in the repository, shared by every script (Node built-ins only).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WASM_DIR = join(ROOT, 'wasm');
export const CARGO_MANIFEST = join(WASM_DIR, 'Cargo.toml');
export const CARGO_LOCK = join(WASM_DIR, 'Cargo.lock');
export const CARGO_TARGET = join(WASM_DIR, 'target');
const WASM_OUT = join(CARGO_TARGET, 'wasm32-unknown-unknown', 'release');
// The simulator's module: what the lab page needs to run a scenario.
export const WASM_CRATE = 'tcplab-wasm';
export const WASM_RAW = join(WASM_OUT, 'tcplab_wasm.wasm');
export const PKG_DIR = join(ROOT, 'web', 'src', 'sim', 'pkg');
export const PKG_JS = join(PKG_DIR, 'tcplab_wasm.js');
export const PKG_WASM = join(PKG_DIR, 'tcplab_wasm_bg.wasm');
// The grader's module, loaded by the lessons, grading and the Papers view when they open.
export const GRADE_WASM_CRATE = 'tcplab-grade-wasm';
export const GRADE_WASM_RAW = join(WASM_OUT, 'tcplab_grade_wasm.wasm');
export const GRADE_PKG_DIR = join(ROOT, 'web', 'src', 'sim', 'grade-pkg');
export const GRADE_PKG_JS = join(GRADE_PKG_DIR, 'tcplab_grade_wasm.js');
export const GRADE_PKG_WASM = join(GRADE_PKG_DIR, 'tcplab_grade_wasm_bg.wasm');
/** The wasm modules the page loads: crate, cargo's output, wasm-bindgen's output. */
export const WASM_MODULES = [
  { crate: WASM_CRATE, raw: WASM_RAW, dir: PKG_DIR, js: PKG_JS, wasm: PKG_WASM },
  {
    crate: GRADE_WASM_CRATE,
    raw: GRADE_WASM_RAW,
    dir: GRADE_PKG_DIR,
    js: GRADE_PKG_JS,
    wasm: GRADE_PKG_WASM,
  },
];
export const CLI_BIN = join(
  CARGO_TARGET,
  'release',
  process.platform === 'win32' ? 'tcplab.exe' : 'tcplab',
);
export const SCHEMA_JSON = join(ROOT, 'public', 'schema', 'scenario.v1.json');
export const SCHEMA_TS = join(ROOT, 'web', 'src', 'scenario', 'types.ts');
export const BOUNDARY_JSON = join(ROOT, 'web', 'src', 'sim', 'boundary.schema.json');
export const BOUNDARY_TS = join(ROOT, 'web', 'src', 'sim', 'boundary.ts');
export const DIST_DIR = join(ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
