// Types of schema-ts.mjs for the TypeScript tests.
export function schemaToTs(schemaText: string): Promise<string>;
export function boundaryToTs(schemaText: string): Promise<string>;
