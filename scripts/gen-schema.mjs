#!/usr/bin/env node
// Regenerate public/schema/scenario.v1.json (the text of `tcplab schema`, from the native CLI:
// the WASM build ships without the schema generator) and web/src/scenario/types.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { CARGO_MANIFEST, ROOT, SCHEMA_JSON, SCHEMA_TS } from './lib/paths.mjs';
import { log } from './lib/proc.mjs';
import { schemaToTs } from './lib/schema-ts.mjs';

function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  log(`wrote ${relative(ROOT, file)}`);
}

const schema = execFileSync(
  'cargo',
  [
    'run',
    '--release',
    '--quiet',
    '--manifest-path',
    CARGO_MANIFEST,
    '--bin',
    'tcplab',
    '--',
    'schema',
  ],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
writeIfChanged(SCHEMA_JSON, schema);
writeIfChanged(SCHEMA_TS, await schemaToTs(schema));
