// Tick labels a student can read: plain decimals for seconds and ratios (never "200m" or "1n"),
// k/M/G only for large counts, rates and sizes, and as many decimals as the tick step needs.
import { format, precisionFixed } from 'd3';

/** Units whose values are never written with SI prefixes (seconds, ratios, states). */
const PLAIN_UNITS = new Set(['s', 'ms', 'µs', '', '1', 'ratio', '%']);

/** A formatter for ticks `step` apart on an axis reaching `max`, for values in `unit`. */
export function tickFormatter(
  unit: string | undefined,
  step: number,
  max: number,
): (y: number) => string {
  const plain = unit === undefined || PLAIN_UNITS.has(unit);
  if (!plain && Math.abs(max) >= 1e4) {
    const si = format('~s');
    return (y) => (y === 0 ? '0' : si(y));
  }
  const digits = step > 0 && Number.isFinite(step) ? Math.min(9, precisionFixed(step)) : 0;
  const fixed = format(`,.${digits}~f`);
  return (y) => (Math.abs(y) < step / 1e6 ? '0' : fixed(y));
}
