// Colours for plots, read from the theme's CSS variables (so canvas drawing follows light and
// dark themes). Series colours are chosen for contrast on both backgrounds.

const FALLBACK = [
  '#1f6fb2',
  '#c8641c',
  '#2e9e6a',
  '#8b5cc7',
  '#c4405b',
  '#0f8b8d',
  '#8a6d1f',
  '#5d6b7a',
];

function cssVar(name: string): string {
  if (typeof document === 'undefined') return '';
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The colour of series `i` (flows, links, ...), cycling through eight. */
export function seriesColor(i: number): string {
  const k = ((i % FALLBACK.length) + FALLBACK.length) % FALLBACK.length;
  return cssVar(`--series-${k}`) || (FALLBACK[k] as string);
}

/** Axis, grid and text colours of the current theme. */
export function chromeColors(): { text: string; muted: string; grid: string; bg: string } {
  return {
    text: cssVar('--text') || '#1d2733',
    muted: cssVar('--muted') || '#5d6b7a',
    grid: cssVar('--grid') || '#e2e7ee',
    bg: cssVar('--card') || '#ffffff',
  };
}

const BOUND_FALLBACK: Record<string, string> = {
  link_bps: '#c8641c',
  fair_share_bps: '#5d6b7a',
  window_bps: '#8a6d1f',
  mathis_bps: '#8b5cc7',
  pftk_bps: '#0f8b8d',
  host_bound_bps: '#c4405b',
  receiver_capacity_bps: '#c4405b',
};

/** The colour of a bound line (link, Mathis, PFTK, host bound, ...). */
export function boundColor(kind: string): string {
  return (
    cssVar(`--bound-${kind.replace(/_bps$/, '').replace(/_/g, '-')}`) ||
    BOUND_FALLBACK[kind] ||
    '#5d6b7a'
  );
}
