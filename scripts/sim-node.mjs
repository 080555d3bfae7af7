#!/usr/bin/env node
// `npm run sim:node -- FILE.json`: run a scenario through the wasm build in Node and print the
// same summary JSON as the native `tcplab run FILE.json` (same trace_hash).
// Exit status: 0 ok, 2 bad input (field-path errors on stderr), 1 I/O or set-up error.
import { existsSync, readFileSync } from 'node:fs';
import { PKG_JS, PKG_WASM } from './lib/paths.mjs';
import { output } from './lib/proc.mjs';
import { setup } from './setup.mjs';
import { loadWasm } from './lib/wasm-node.mjs';

const NS_PER_S = 1e9;
const USAGE = 'usage: npm run sim:node -- FILE.json';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

let text;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  process.stderr.write(`error: cannot read ${file}: ${e.message}\n`);
  process.exit(1);
}

if (!existsSync(PKG_JS) || !existsSync(PKG_WASM)) {
  // First use in a fresh clone: build the wasm; chatter goes to stderr, stdout stays JSON.
  output.toStderr = true;
  try {
    setup();
  } catch (e) {
    process.stderr.write(`set-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}

const wasm = await loadWasm();
const errors = wasm.validate(text);
if (errors.length > 0) {
  for (const e of errors) {
    process.stderr.write(`error: ${file}: ${e.path ? `${e.path}: ` : ''}${e.message}\n`);
  }
  process.exit(2);
}

const sim = new wasm.Simulation(text);
// One-second chunks, like the CLI; drained rows are dropped (the summary is what we print).
for (;;) {
  const done = sim.advance(sim.now_ns() + NS_PER_S, Infinity);
  sim.drain();
  if (done) break;
}
process.stdout.write(`${sim.summary()}\n`);
sim.free();
