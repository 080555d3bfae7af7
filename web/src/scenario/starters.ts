// Starting values the editor uses when the user adds something or picks a new kind. A queue
// discipline, loss model or traffic source starts as its registry line's example (the schema's
// `x-example`, or `x-examples` per transport for a source), which the model's contract tests
// validate and run; so a new line needs no starting value here.
import { newVariantValue, variant } from './schemaInfo';
import type { Flow, Link, Node } from './types';

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

/**
 * A new value of a tagged union's variant: its registry example (for a traffic source, the one
 * for the flow's `protocol`), over its defaults.
 */
export function startVariant(
  defName: string,
  kind: string,
  protocol?: Flow['protocol'],
): Record<string, unknown> {
  const examples = variant(defName, kind)?.examples ?? {};
  const example = examples[protocol ?? 'any'] ?? examples.any ?? Object.values(examples)[0] ?? {};
  const present = Object.entries(example).filter(([, v]) => v !== null);
  return { ...newVariantValue(defName, kind), ...Object.fromEntries(present), kind };
}

/** A new queue of `kind`, keeping the packet limit of the old one when both have it. */
export function switchQueue(old: Link['queue'], kind: string): Record<string, unknown> {
  const next = startVariant('QueueSpec', kind);
  const limit = (old as { limit_packets?: unknown } | undefined)?.limit_packets;
  const accepts = variant('QueueSpec', kind)?.fields.some((f) => f.name === 'limit_packets');
  if (accepts && typeof limit === 'number') next.limit_packets = limit;
  return next;
}
