#!/usr/bin/env node
// Regenerate public/schema/scenario.v1.json (the text of `tcplab schema`, from the native CLI:
// the WASM build ships without the schema generator) and web/src/scenario/types.ts, and the
// boundary's web/src/sim/boundary.schema.json (`tcplab schema boundary`) and boundary.ts, and the
// sweep file's public/schema/sweep.v1.json (`tcplab schema sweep`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  BOUNDARY_JSON,
  BOUNDARY_TS,
  CARGO_MANIFEST,
  ROOT,
  SCHEMA_JSON,
  SCHEMA_TS,
} from './lib/paths.mjs';
import { log } from './lib/proc.mjs';
import { boundaryToTs, schemaToTs } from './lib/schema-ts.mjs';

function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  log(`wrote ${relative(ROOT, file)}`);
}

const tcplab = (...args) =>
  execFileSync(
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
      ...args,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );

const schema = tcplab('schema');
writeIfChanged(SCHEMA_JSON, schema);
writeIfChanged(SCHEMA_TS, await schemaToTs(schema));
const boundary = tcplab('schema', 'boundary');
writeIfChanged(BOUNDARY_JSON, boundary);
writeIfChanged(BOUNDARY_TS, await boundaryToTs(boundary));
writeIfChanged(join(ROOT, 'public', 'schema', 'sweep.v1.json'), tcplab('schema', 'sweep'));
