// Which control a validation error belongs to, from its scenario field path
// (`topology.links[1].rate_bps` → the bottleneck rate control). Null: no control owns it.
import type { ControlKey } from './controls';
import { BOTTLENECK_ID } from './path';
import type { Scenario } from './types';

const LINK_FIELD = /^topology\.links\[(\d+)\]\.(\w+)/;

export function controlForPath(path: string, s: Scenario): ControlKey | null {
  if (path === 'duration_s' || path === 'sample_interval_ms') return 'durationS';
  const m = LINK_FIELD.exec(path);
  if (!m) return null;
  const link = s.topology.links[Number(m[1])];
  const isBottleneck = link?.id === BOTTLENECK_ID;
  switch (m[2]) {
    case 'delay_ms':
      return 'rttMs';
    case 'mtu_bytes':
      return 'mtuBytes';
    case 'rate_bps':
      return isBottleneck ? 'rateMbps' : null;
    case 'queue':
      return isBottleneck ? 'bufferPackets' : null;
    default:
      return null;
  }
}
