// The settings a lesson shows: each `controls` path of the assignment that is not hidden, with
// its value in the scenario; locked ones (and those the student's variant sets) are read-only.
import { parsePath, select, setPath } from '../../lessons/path';
import { useStrings } from '../hooks/useStrings';

/** Controls a variant path reaches (the same node by another spelling, or inside it). */
export function reachedBy(scenario: unknown, controls: string[], variantPaths: string[]): string[] {
  const mark = '\u0000variant';
  const marked = structuredClone(scenario);
  for (const p of variantPaths) {
    try {
      setPath(marked, parsePath(p), mark);
    } catch {
      // An unparsable path reaches nothing.
    }
  }
  return controls.filter((c) =>
    JSON.stringify(valueAt(marked, c) ?? null).includes('\\u0000variant'),
  );
}

interface Props {
  scenario: Record<string, unknown>;
  controls: string[];
  locked: string[];
  onChange(next: Record<string, unknown>): void;
}

function valueAt(s: unknown, path: string): unknown {
  try {
    return select(s, parsePath(path))[0];
  } catch {
    return undefined;
  }
}

export function ControlsForm({ scenario, controls, locked, onChange }: Props) {
  const t = useStrings();
  const shown = controls.filter((p) => valueAt(scenario, p) !== undefined);
  if (shown.length === 0) return null;
  return (
    <fieldset className="lesson-controls">
      <legend>{t.lessons.controls}</legend>
      {shown.map((path) => {
        const v = valueAt(scenario, path);
        const isLocked = locked.includes(path);
        const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
        const testId = `control-${path.replace(/[^A-Za-z0-9]+/g, '_')}`;
        return (
          <label key={path} className="lesson-controls__row">
            <code>{path}</code>
            {isLocked || typeof v === 'object' ? (
              <span data-testid={testId} data-locked={isLocked ? 'true' : 'false'}>
                {text} {isLocked && <em className="muted">({t.lessons.locked})</em>}
              </span>
            ) : (
              <input
                type={typeof v === 'number' ? 'number' : 'text'}
                defaultValue={text}
                data-testid={testId}
                onChange={(e) => {
                  const raw = e.target.value;
                  const x = typeof v === 'number' ? Number(raw) : raw;
                  if (typeof x === 'number' && (!Number.isFinite(x) || raw.trim() === '')) return;
                  const next = structuredClone(scenario);
                  setPath(next, parsePath(path), x);
                  onChange(next);
                }}
              />
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
