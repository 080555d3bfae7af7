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

/** Up to three significant digits, no trailing zeros: 16.62 → "16.6", 20 → "20", 116.4 → "116". */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const abs = Math.abs(x);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return Number(x.toFixed(Math.min(decimals, 6))).toLocaleString('en-US', {
    maximumFractionDigits: 6,
  });
}

export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)} %` : '–';
}

export function formatSeconds(s: number): string {
  return Number.isFinite(s) ? s.toFixed(1) : '–';
}
