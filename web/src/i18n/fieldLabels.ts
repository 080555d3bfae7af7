// The editor's names for the scenario schema, in English and Japanese, with units: every field
// ("Queue limit, packets" / "キュー長の上限(パケット)") and every enum value or tagged-union
// kind ("Random loss (each packet independently)"). One table, fieldLabels.json, keyed by the
// schema path: `<Def>.<field>` for a field of an object definition (`Scenario.<field>` at the
// top), `<Union>.<kind>.<field>` for a field of one variant of a tagged union, `<Enum>:<value>`
// for an enum value and `<Union>:<kind>` for a variant. tests/unit/fieldLabels.test.ts fails
// when a schema field or value has no label in either language, so none ships without one.
import table from './fieldLabels.json';

/** Key → [English, Japanese]. */
export type LabelTable = Record<string, readonly [string, string]>;

export const FIELD_LABELS = table as unknown as LabelTable;

/** The label of `key` in `lang` (English for a language without labels); `fallback` if none. */
export function schemaLabel(key: string, lang: string, fallback: string): string {
  const entry = FIELD_LABELS[key];
  if (!entry) return fallback;
  return lang === 'ja' ? entry[1] : entry[0];
}

type Json = Record<string, unknown>;

/** Every key a label is needed for, walking a scenario JSON Schema. */
export function labelKeys(schema: unknown): string[] {
  const root = schema as Json;
  const keys: string[] = [];
  const fieldsOf = (owner: string, node: Json, skip?: string) => {
    for (const name of Object.keys((node.properties ?? {}) as Json)) {
      if (name !== skip) keys.push(`${owner}.${name}`);
    }
  };
  fieldsOf('Scenario', root);
  for (const [def, node] of Object.entries((root.$defs ?? {}) as Record<string, Json>)) {
    fieldsOf(def, node);
    const one = node.oneOf;
    if (!Array.isArray(one)) continue;
    for (const o of one as Json[]) {
      if (typeof o.const === 'string') {
        keys.push(`${def}:${o.const}`);
        continue;
      }
      const kind = ((o.properties ?? {}) as Record<string, Json>).kind?.const;
      if (typeof kind !== 'string') continue;
      keys.push(`${def}:${kind}`);
      fieldsOf(`${def}.${kind}`, o, 'kind');
    }
  }
  return keys;
}
