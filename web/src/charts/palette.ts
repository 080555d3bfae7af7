// Colours and line styles for plots, read from the theme's CSS variables (so canvas drawing
// follows light and dark themes). Ten series colours chosen for contrast on both backgrounds;
// series 10–19 repeat them dash-dotted, so 20 flows stay apart. B's lines are dotted and bound
// lines long-dashed, so neither looks like the other.

const FALLBACK = [
  '#1f6fb2',
  '#c8641c',
  '#2e9e6a',
  '#8b5cc7',
  '#c4405b',
  '#0f8b8d',
  '#8a6d1f',
  '#5d6b7a',
  '#a3428f',
  '#4d7a1f',
];

/** Dash patterns by round of ten series: solid, then dash-dot, then short dashes. */
const ROUND_DASHES: (number[] | undefined)[] = [undefined, [9, 3, 2, 3], [4, 3]];

/** Bound and reference lines: long dashes. */
export const BOUND_DASH = [10, 4];
/** Scenario B in compare mode: dots (with round caps). */
export const B_DASH = [1, 4];
/** The previous run while a live re-run replaces it. */
export const PREVIOUS_DASH = [5, 4];

function cssVar(name: string): string {
  if (typeof document === 'undefined') return '';
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The colour of series `i` (flows, links, ...), cycling through ten. */
export function seriesColor(i: number): string {
  const k = ((i % FALLBACK.length) + FALLBACK.length) % FALLBACK.length;
  return cssVar(`--series-${k}`) || (FALLBACK[k] as string);
}

/** The dash pattern of series `i`: solid for the first ten, then a new pattern per ten. */
export function seriesDash(i: number): number[] | undefined {
  const round = Math.floor(Math.max(0, i) / FALLBACK.length);
  return ROUND_DASHES[Math.min(round, ROUND_DASHES.length - 1)];
}

/** A colour at `alpha` opacity (#rrggbb → #rrggbbaa; other forms are returned as they are). */
export function faded(color: string, alpha = 0.45): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  return `${color}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
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
