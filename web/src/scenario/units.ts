// The unit a schema field is typed in, from its name's suffix: rates in Mb/s, times as named,
// sizes in bytes or packets. Stored values stay in the schema's units (b/s, ms, s, ...).

export interface FieldUnit {
  unit: string;
  /** Stored value = typed value × scale. */
  scale: number;
}

export function unitOf(name: string): FieldUnit {
  if (name.endsWith('_bps')) return { unit: 'Mb/s', scale: 1e6 };
  if (name.endsWith('_ms')) return { unit: 'ms', scale: 1 };
  if (name.endsWith('_ns')) return { unit: 'ns', scale: 1 };
  if (name.endsWith('_s')) return { unit: 's', scale: 1 };
  if (name.endsWith('_bytes')) return { unit: 'B', scale: 1 };
  if (name.endsWith('_packets')) return { unit: 'pkt', scale: 1 };
  if (name.endsWith('_segments')) return { unit: 'seg', scale: 1 };
  return { unit: '', scale: 1 };
}
