// Number formatting for the UI (units chosen for a student to read at a glance).

/** 20000000 → "20 Mb/s", 1e9 → "1 Gb/s", 16621224 → "16.6 Mb/s". */
export function formatRate(bps: number): string {
  if (!Number.isFinite(bps)) return '–';
  const units: [number, string][] = [
    [1e9, 'Gb/s'],
    [1e6, 'Mb/s'],
    [1e3, 'kb/s'],
  ];
  for (const [scale, unit] of units) {
    if (Math.abs(bps) >= scale) return `${formatNumber(bps / scale)} ${unit}`;
  }
  return `${formatNumber(bps)} b/s`;
}

/** One formatter for every call (`toLocaleString` with options builds a new one each time). */
const EN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** Up to three significant digits, no trailing zeros: 16.62 → "16.6", 20 → "20", 116.4 → "116". */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const abs = Math.abs(x);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return EN.format(Number(x.toFixed(Math.min(decimals, 6))));
}

export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)} %` : '–';
}

export function formatSeconds(s: number): string {
  return Number.isFinite(s) ? s.toFixed(1) : '–';
}

/** Compact SI form for axis ticks: 1_200_000_000 → "1.2G", 0.004 → "4m", 950 → "950". */
export function formatSI(x: number): string {
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const abs = Math.abs(x);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
    [1, ''],
    [1e-3, 'm'],
    [1e-6, 'µ'],
    [1e-9, 'n'],
  ];
  for (const [scale, unit] of units) {
    if (abs >= scale * 0.9999) return `${formatNumber(x / scale)}${unit}`;
  }
  return formatNumber(x);
}
