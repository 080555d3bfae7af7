// JSON Schema → TypeScript types, formatted with the project's Prettier config: the scenario
// (public/schema/scenario.v1.json → web/src/scenario/types.ts) and the types crossing the
// wasm boundary (web/src/sim/boundary.schema.json → web/src/sim/boundary.ts). Used by
// scripts/gen-schema.mjs and by the Vitest staleness test: one code path.
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { BOUNDARY_TS, SCHEMA_TS } from './paths.mjs';

const BANNER = `/* Generated from public/schema/scenario.v1.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types in wasm/sim/src/scenario/types.rs and run \`npm run gen:schema\`. */`;

const BOUNDARY_BANNER = `/* Generated from web/src/sim/boundary.schema.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types (listed in wasm/cli/src/boundary.rs) and run \`npm run gen:schema\`. */`;

async function toTs(schemaText, name, banner, file) {
  const ts = await compile(JSON.parse(schemaText), name, {
    bannerComment: banner,
    additionalProperties: false,
    format: false,
    strictIndexSignatures: true,
  });
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(ts, { ...options, filepath: file });
}

/** @param {string} schemaText the JSON Schema text @returns {Promise<string>} */
export function schemaToTs(schemaText) {
  return toTs(schemaText, 'Scenario', BANNER, SCHEMA_TS);
}

/** @param {string} schemaText the boundary's JSON Schema text @returns {Promise<string>} */
export function boundaryToTs(schemaText) {
  return toTs(schemaText, 'Boundary', BOUNDARY_BANNER, BOUNDARY_TS);
}
