// The units a question's answer can be asked in, chosen from a list (never typed as a scale):
// a rate in b/s, kb/s, Mb/s or Gb/s, a time in s, ms or µs, a fraction as a fraction or in %,
// counts of packets or segments. Each has its scale from the summary's own unit (the field's
// name says it: `_bps`, `_s`, `utilisation`…) and its name per language.
import type { Text } from '../sim/boundary';

export interface UnitChoice {
  id: string;
  /** Answer = summary value × scale. */
  scale: number;
  /** The unit as shown beside the answer (absent: a plain number). */
  text: Text | null;
}

const RATE: UnitChoice[] = [
  { id: 'Mb/s', scale: 1e-6, text: 'Mb/s' },
  { id: 'kb/s', scale: 1e-3, text: 'kb/s' },
  { id: 'Gb/s', scale: 1e-9, text: 'Gb/s' },
  { id: 'b/s', scale: 1, text: 'b/s' },
];
const TIME: UnitChoice[] = [
  { id: 'ms', scale: 1e3, text: 'ms' },
  { id: 's', scale: 1, text: 's' },
  { id: 'µs', scale: 1e6, text: 'µs' },
];
const FRACTION: UnitChoice[] = [
  { id: '%', scale: 100, text: '%' },
  { id: 'fraction', scale: 1, text: null },
];
const PLAIN: UnitChoice = { id: 'number', scale: 1, text: null };
const PACKETS: UnitChoice = { id: 'packets', scale: 1, text: { en: 'packets', ja: 'パケット' } };
const SEGMENTS: UnitChoice = {
  id: 'segments',
  scale: 1,
  text: { en: 'segments', ja: 'セグメント' },
};
const BYTES: UnitChoice[] = [
  { id: 'bytes', scale: 1, text: { en: 'bytes', ja: 'バイト' } },
  { id: 'kB', scale: 1e-3, text: 'kB' },
  { id: 'MB', scale: 1e-6, text: 'MB' },
];

/** The units a metric can be answered in, the usual one first. */
export function unitChoices(metric: string): UnitChoice[] {
  const colon = metric.indexOf(':');
  const agg = colon >= 0 ? metric.slice(0, colon) : '';
  const last = (colon >= 0 ? metric.slice(colon + 1) : metric).split('.').pop() ?? '';
  const key = last.replace(/\[.*$/, '');
  if (agg === 'count' || agg === 'jain') return [PLAIN];
  if (key.endsWith('_bps')) return RATE;
  if (key.endsWith('_s')) return TIME;
  if (key === 'utilisation') return FRACTION;
  if (key.endsWith('_bytes')) return BYTES;
  if (key.endsWith('_segments')) return [SEGMENTS, PLAIN];
  if (key === 'drops' || key.endsWith('_packets') || key === 'nic_overruns')
    return [PACKETS, PLAIN];
  return [PLAIN];
}

/** The unit a question uses now: the choice with its scale, else the usual one. */
export function unitOfQuestion(metric: string, scale: number | null | undefined): UnitChoice {
  const choices = unitChoices(metric);
  return choices.find((c) => c.scale === (scale ?? 1)) ?? (choices[0] as UnitChoice);
}
