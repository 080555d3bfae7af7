// Starting values the editor uses when the user adds something or picks a new kind: a value for
// every required field that has no default in the schema, chosen to be valid and unsurprising.
import { newVariantValue, variant } from './schemaInfo';
import type { Flow, Link, Node } from './types';

/** Required fields without a schema default, per tagged-union kind. */
export const VARIANT_STARTERS: Record<string, Record<string, unknown>> = {
  // QueueSpec: DropTail needs a limit of one kind or the other.
  drop_tail: { limit_packets: 100 },
  // SourceSpec
  sized: { bytes: 1_000_000 },
  cbr: { packet_bytes: 1000, interval_ms: 1 },
  poisson: { rate_bps: 1_000_000, packet_bytes: 1000 },
  on_off: { on_s: 1, off_s: 1, rate_bps: 1_000_000 },
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

/** A new value of a tagged union's variant: its defaults plus the starters above. */
export function startVariant(defName: string, kind: string): Record<string, unknown> {
  return { ...newVariantValue(defName, kind), ...VARIANT_STARTERS[kind] };
}

/** A new queue of `kind`, keeping the packet limit of the old one when both have it. */
export function switchQueue(old: Link['queue'], kind: string): Record<string, unknown> {
  const next = startVariant('QueueSpec', kind);
  const limit = (old as { limit_packets?: unknown } | undefined)?.limit_packets;
  const accepts = variant('QueueSpec', kind)?.fields.some((f) => f.name === 'limit_packets');
  if (accepts && typeof limit === 'number') next.limit_packets = limit;
  return next;
}
