// The congestion-control algorithms, queue disciplines and host presets the schema offers, in
// schema order, and the display names of the algorithms and disciplines (read from the JSON
// Schema, so a new algorithm or discipline appears without UI changes).
import { enumOptions, variants } from './schemaInfo';
import type { Flow } from './types';

export type CcAlgorithm = NonNullable<Flow['cc']>;

export const CC_ALGORITHMS: readonly CcAlgorithm[] = enumOptions('CcAlgorithm').map(
  (o) => o.value as CcAlgorithm,
);

export const QUEUE_KINDS: readonly string[] = variants('QueueSpec').map((v) => v.kind);

const QUEUE_LABELS: ReadonlyMap<string, string> = new Map(
  variants('QueueSpec').map((v) => [v.kind, v.label ?? v.kind]),
);

/** A short display name for a queue discipline: the registry's (its `x-label`). */
export function queueLabel(kind: string): string {
  return QUEUE_LABELS.get(kind) ?? kind;
}

export const HOST_PRESETS: readonly string[] = enumOptions('HostPreset').map((o) => o.value);

const CC_LABELS: ReadonlyMap<string, string> = new Map(
  enumOptions('CcAlgorithm').map((o) => [o.value, o.label ?? o.value]),
);

/** A short display name for an algorithm: the registry's (its `x-label` in the schema). */
export function ccLabel(cc: string): string {
  return CC_LABELS.get(cc) ?? cc;
}
