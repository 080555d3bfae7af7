// A plot's legend: one button per series, marker and bound line, each toggling what it names.
// Past COMPACT_AT entries it turns compact: the series are listed by group (the flows' algorithm)
// with one toggle per group, and "show all" / "hide all" switch every entry at once.
import type { MarkerShape } from '../../charts/canvasLine';
import { useStrings } from '../hooks/useStrings';

export interface LegendEntry {
  id: string;
  label: string;
  color: string;
  dash: number[] | undefined;
  kind: 'line' | 'ref' | MarkerShape;
  group: string | undefined;
}

/** More entries than this, and the legend lists groups instead of every series. */
export const COMPACT_AT = 10;

interface Props {
  entries: LegendEntry[];
  hidden: ReadonlySet<string>;
  offScale: ReadonlySet<string>;
  onHidden(next: ReadonlySet<string>): void;
  /** A previous run is drawn faded behind the new one. */
  previous: boolean;
}

export function Glyph({ kind, color, dash }: Pick<LegendEntry, 'kind' | 'color' | 'dash'>) {
  return (
    <svg width="22" height="12" aria-hidden="true">
      {kind === 'line' || kind === 'ref' ? (
        <line
          x1="1"
          x2="21"
          y1="6"
          y2="6"
          stroke={color}
          strokeWidth={kind === 'ref' ? 1.6 : 2.5}
          strokeLinecap={dash && (dash[0] ?? 0) <= 2 ? 'round' : 'butt'}
          strokeDasharray={dash?.join(' ')}
        />
      ) : kind === 'cross' ? (
        <path d="M7,2l8,8m0,-8l-8,8" stroke={color} strokeWidth="1.8" />
      ) : kind === 'diamond' ? (
        <path d="M11,1l-5,5l5,5l5,-5z" fill="none" stroke={color} strokeWidth="1.5" />
      ) : kind === 'dot' ? (
        <circle cx="11" cy="6" r="4" fill={color} />
      ) : (
        <path d="M6,2h10l-5,8z" fill={color} />
      )}
    </svg>
  );
}

/** Entries by group, in order of first appearance; entries without a group stand alone. */
function grouped(entries: LegendEntry[]): { key: string; label: string; items: LegendEntry[] }[] {
  const out: { key: string; label: string; items: LegendEntry[] }[] = [];
  for (const e of entries) {
    const key = e.group ? `g:${e.group}:${e.kind === 'line' ? 'line' : e.kind}` : `e:${e.id}`;
    const g = out.find((x) => x.key === key);
    if (g) g.items.push(e);
    else out.push({ key, label: e.group ?? e.label, items: [e] });
  }
  return out;
}

export function PlotLegend({ entries, hidden, offScale, onHidden, previous }: Props) {
  const t = useStrings();
  const compact = entries.length > COMPACT_AT;
  const set = (ids: string[], off: boolean) => {
    const next = new Set(hidden);
    for (const id of ids) {
      if (off) next.add(id);
      else next.delete(id);
    }
    onHidden(next);
  };
  const groups = compact
    ? grouped(entries)
    : entries.map((e) => ({ key: e.id, label: e.label, items: [e] }));
  return (
    <div className="plot__legend" role="group" aria-label={t.plot.legend}>
      {compact && (
        <>
          <button
            type="button"
            className="legend-item legend-item--all"
            onClick={() => onHidden(new Set())}
            disabled={hidden.size === 0}
          >
            {t.screen.showAll}
          </button>
          <button
            type="button"
            className="legend-item legend-item--all"
            onClick={() =>
              set(
                entries.map((e) => e.id),
                true,
              )
            }
          >
            {t.screen.hideAll}
          </button>
        </>
      )}
      {groups.map((g) => {
        const first = g.items[0] as LegendEntry;
        const off = g.items.every((e) => hidden.has(e.id));
        const what =
          first.kind === 'line'
            ? t.screen.flowsCount(g.items.length)
            : first.kind === 'cross'
              ? t.cwnd.timeout
              : first.kind === 'diamond'
                ? t.cwnd.probe
                : first.kind === 'dot'
                  ? t.screen.switches
                  : t.cwnd.loss;
        const label = g.items.length > 1 ? `${g.label}: ${what}` : first.label;
        return (
          <button
            key={g.key}
            type="button"
            className={`legend-item${off ? ' is-off' : ''}`}
            aria-pressed={!off}
            title={g.items.length > 1 ? g.items.map((e) => e.label).join(', ') : undefined}
            onClick={() =>
              set(
                g.items.map((e) => e.id),
                !off,
              )
            }
          >
            <Glyph kind={first.kind} color={first.color} dash={first.dash} />
            {label}
            {g.items.some((e) => offScale.has(e.id)) && (
              <span className="legend-item__note"> ↑</span>
            )}
          </button>
        );
      })}
      {previous && (
        <span className="legend-item legend-item--static" data-testid="legend-previous">
          <Glyph kind="line" color="var(--faint)" dash={[5, 4]} />
          {t.screen.previousRun}
        </span>
      )}
    </div>
  );
}
