// The position of a named field in a flat record table the model wrote (the capture's packet
// records, the path log's passages): the one lookup, which names the field the model left out.

/** Index of field `name` in `fields`; throws naming the kind of record (`packet`, `path`). */
export function fieldIndex(fields: readonly string[], name: string, record: string): number {
  const k = fields.indexOf(name);
  if (k < 0) throw new Error(`${record} record has no field '${name}'`);
  return k;
}
