// Starting values the editor uses when the user adds something or picks a new kind: a value for
// every required field that has no default in the schema, chosen to be valid and unsurprising.
import type { Flow, Link, Node } from './types';

/** Required fields without a schema default, per tagged-union kind. */
export const VARIANT_STARTERS: Record<string, Record<string, unknown>> = {
  // SourceSpec
  sized: { bytes: 1_000_000 },
  cbr: { packet_bytes: 1000, interval_ms: 1 },
  poisson: { rate_bps: 1_000_000, packet_bytes: 1000 },
  on_off: { on_s: 1, off_s: 1 },
  // LossSpec
  bernoulli: { p: 0.001 },
  blackout: { start_s: 1, end_s: 2 },
  nth: { packets: [100] },
};

export const NEW_LINK: Omit<Link, 'id' | 'a' | 'b'> = {
  rate_bps: 100_000_000,
  delay_ms: 1,
  mtu_bytes: 1500,
  queue: { kind: 'drop_tail', limit_packets: 100 },
};

export const NEW_FLOW: Omit<Flow, 'id' | 'src' | 'dst'> = {
  protocol: 'tcp',
  cc: 'newreno',
  start_s: 0,
};

export function newNode(id: string, kind: Node['kind']): Node {
  return { id, kind };
}
