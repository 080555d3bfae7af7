// Load the `--target web` wasm-bindgen output in Node, synchronously, from web/src/sim/pkg.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PKG_JS, PKG_WASM } from './paths.mjs';

/** The initialised wasm module (the same exports the worker uses). */
export async function loadWasm() {
  if (!existsSync(PKG_JS) || !existsSync(PKG_WASM)) {
    throw new Error('web/src/sim/pkg is missing: run `npm run setup` first');
  }
  const mod = await import(pathToFileURL(PKG_JS).href);
  mod.initSync({ module: readFileSync(PKG_WASM) });
  return mod;
}
