#!/usr/bin/env node
// Regenerate public/schema/scenario.v1.json (the text of `tcplab schema`, read here from the
// wasm build's schema(), which calls the same Rust function) and web/src/scenario/types.ts.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { ROOT, SCHEMA_JSON, SCHEMA_TS } from './lib/paths.mjs';
import { log } from './lib/proc.mjs';
import { schemaToTs } from './lib/schema-ts.mjs';
import { loadWasm } from './lib/wasm-node.mjs';

function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  log(`wrote ${relative(ROOT, file)}`);
}

const wasm = await loadWasm();
const schema = wasm.schema();
writeIfChanged(SCHEMA_JSON, schema);
writeIfChanged(SCHEMA_TS, await schemaToTs(schema));
