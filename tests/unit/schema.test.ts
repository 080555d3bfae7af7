// The generated schema files are current: public/schema/scenario.v1.json is what the wasm build's
// schema() returns, and web/src/scenario/types.ts is what json-schema-to-typescript makes of it.
import { describe, expect, it } from 'vitest';
import { schemaToTs } from '../../scripts/lib/schema-ts.mjs';
import { readRepoFile } from './helpers/repo';
import { schema } from './helpers/wasm';

describe('generated schema files', () => {
  it('public/schema/scenario.v1.json matches the simulator', () => {
    expect(readRepoFile('public/schema/scenario.v1.json')).toBe(schema());
  });

  it('web/src/scenario/types.ts is regenerated identically (run `npm run gen:schema` if not)', async () => {
    const fresh = await schemaToTs(readRepoFile('public/schema/scenario.v1.json'));
    expect(readRepoFile('web/src/scenario/types.ts')).toBe(fresh);
  });
});
