// Where things live in the repository, shared by every script (Node built-ins only).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WASM_DIR = join(ROOT, 'wasm');
export const CARGO_MANIFEST = join(WASM_DIR, 'Cargo.toml');
export const CARGO_LOCK = join(WASM_DIR, 'Cargo.lock');
export const CARGO_TARGET = join(WASM_DIR, 'target');
export const WASM_CRATE = 'tcplab-wasm';
export const WASM_RAW = join(CARGO_TARGET, 'wasm32-unknown-unknown', 'release', 'tcplab_wasm.wasm');
export const PKG_DIR = join(ROOT, 'web', 'src', 'sim', 'pkg');
export const PKG_JS = join(PKG_DIR, 'tcplab_wasm.js');
export const PKG_WASM = join(PKG_DIR, 'tcplab_wasm_bg.wasm');
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
