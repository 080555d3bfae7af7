// The generated types are current: web/src/scenario/types.ts is what json-schema-to-typescript
// makes of public/schema/scenario.v1.json. That the JSON file matches the simulator is checked
// natively (`the_published_json_schema_is_current` in wasm/sim/src/scenario/tests.rs): the WASM
// build ships without the schema generator (docs/performance.md).
import { describe, expect, it } from 'vitest';
import { schemaToTs } from '../../scripts/lib/schema-ts.mjs';
import { readRepoFile } from './helpers/repo';

describe('generated schema files', () => {
  it('web/src/scenario/types.ts is regenerated identically (run `npm run gen:schema` if not)', async () => {
    const fresh = await schemaToTs(readRepoFile('public/schema/scenario.v1.json'));
    expect(readRepoFile('web/src/scenario/types.ts')).toBe(fresh);
  });
});
