// The congestion-control algorithms, queue disciplines and host presets the schema offers, in
// schema order (read from the JSON Schema, so a new algorithm appears without UI changes).
import { enumOptions, variants } from './schemaInfo';
import type { Flow } from './types';

export type CcAlgorithm = NonNullable<Flow['cc']>;

export const CC_ALGORITHMS: readonly CcAlgorithm[] = enumOptions('CcAlgorithm').map(
  (o) => o.value as CcAlgorithm,
);

export const QUEUE_KINDS: readonly string[] = variants('QueueSpec').map((v) => v.kind);

export const HOST_PRESETS: readonly string[] = enumOptions('HostPreset').map((o) => o.value);

/** A short display name for an algorithm. */
export function ccLabel(cc: string): string {
  const names: Record<string, string> = {
    newreno: 'NewReno',
    cubic: 'CUBIC',
    compound: 'Compound',
    highspeed: 'HighSpeed',
    scalable: 'Scalable',
    bic: 'BIC',
    htcp: 'H-TCP',
    vegas: 'Vegas',
    westwood_plus: 'Westwood+',
    fast: 'FAST',
    bbr: 'BBR',
    e2e_feedback: 'E2E feedback',
    receiver_rate: 'Receiver rate',
  };
  return names[cc] ?? cc;
}
