// Scenario JSON Schema → TypeScript types, formatted with the project's Prettier config.
// Used by scripts/gen-schema.mjs and by the Vitest staleness test: one code path.
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { SCHEMA_TS } from './paths.mjs';

const BANNER = `/* Generated from public/schema/scenario.v1.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types in wasm/sim/src/scenario/types.rs and run \`npm run gen:schema\`. */`;

/** @param {string} schemaText the JSON Schema text @returns {Promise<string>} */
export async function schemaToTs(schemaText) {
  const schema = JSON.parse(schemaText);
  const ts = await compile(schema, 'Scenario', {
    bannerComment: BANNER,
    additionalProperties: false,
    format: false,
    strictIndexSignatures: true,
  });
  const options = (await prettier.resolveConfig(SCHEMA_TS)) ?? {};
  return prettier.format(ts, { ...options, filepath: SCHEMA_TS });
}
