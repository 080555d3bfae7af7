// Where a validator error belongs in the editor: which link, node or flow (so the error summary
// can select it and the diagram can mark it), from its field path.
export type Place =
  | { kind: 'link'; index: number }
  | { kind: 'node'; index: number }
  | { kind: 'flow'; index: number }
  | { kind: 'run' }
  | { kind: 'other' };

export function placeOf(path: string): Place {
  let m = /^topology\.links\[(\d+)\]/.exec(path);
  if (m) return { kind: 'link', index: Number(m[1]) };
  m = /^topology\.nodes\[(\d+)\]/.exec(path);
  if (m) return { kind: 'node', index: Number(m[1]) };
  m = /^flows\[(\d+)\]/.exec(path);
  if (m) return { kind: 'flow', index: Number(m[1]) };
  if (/^(duration_s|seed|sample_interval_ms|name|version)$/.test(path)) return { kind: 'run' };
  return { kind: 'other' };
}

/** The DOM id of the input editing `path` in variant `variant` (for "go to" links). */
export function fieldDomId(variant: string, path: string): string {
  return `field-${variant}-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
