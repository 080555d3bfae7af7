// Every problem that blocks Run, in one list (the GOV.UK error-summary pattern): each names
// where it is and has a button that selects that link, node or flow and focuses the field.
import { asSentence } from '../../i18n';
import { fieldDomId, placeOf } from '../../scenario/errorPlace';
import type { Scenario } from '../../scenario/types';
import { select, setActive } from '../../state/editorStore';
import type { VariantId } from '../../state/editorStore';
import type { ScenarioCheck } from '../hooks/useChecks';
import { useStrings } from '../hooks/useStrings';

interface Item {
  variant: VariantId;
  path: string;
  message: string;
}

function placeName(t: ReturnType<typeof useStrings>, s: Scenario, path: string): string {
  const p = placeOf(path);
  switch (p.kind) {
    case 'link':
      return t.errors.place.link(s.topology.links[p.index]?.id ?? `#${p.index + 1}`);
    case 'node':
      return t.errors.place.node(s.topology.nodes[p.index]?.id ?? `#${p.index + 1}`);
    case 'flow':
      return t.errors.place.flow(s.flows[p.index]?.id ?? `#${p.index + 1}`);
    case 'run':
      return t.errors.place.run;
    default:
      return t.errors.place.other;
  }
}

interface Props {
  checks: ScenarioCheck[];
  /** Open the flow's details row (its fields live there). */
  onOpenFlow(index: number): void;
  /** Show the full editor first (the list is also shown beside the knobs). */
  onShowEditor?: () => void;
}

export function ErrorSummary({ checks, onOpenFlow, onShowEditor }: Props) {
  const t = useStrings();
  const items: (Item & { scenario: Scenario })[] = checks.flatMap((c) => [
    ...c.drafts.map(([path, problem]) => ({
      variant: c.variant,
      scenario: c.scenario,
      path,
      message: t.localErrors[problem] ?? problem,
    })),
    ...c.errors.map((e) => ({
      variant: c.variant,
      scenario: c.scenario,
      path: e.path,
      message: t.scenarioError(e),
    })),
  ]);
  if (items.length === 0) return null;
  const compare = checks.length > 1;
  const goTo = (it: Item) => {
    onShowEditor?.();
    setActive(it.variant);
    const p = placeOf(it.path);
    if (p.kind === 'link' || p.kind === 'node') select({ kind: p.kind, index: p.index });
    if (p.kind === 'flow') onOpenFlow(p.index);
    // Focus once the inspector shows the field.
    requestAnimationFrame(() => {
      let path = it.path;
      for (;;) {
        const el = document.getElementById(fieldDomId(it.variant, path));
        if (el) {
          el.focus();
          return;
        }
        const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        if (cut <= 0) return;
        path = path.slice(0, cut);
      }
    });
  };
  return (
    <div className="notice notice--error error-summary" role="alert" data-testid="error-summary">
      <p className="error-summary__title">{t.errors.summary(items.length)}</p>
      <ul>
        {items.map((it, k) => (
          <li key={`${it.variant}-${it.path}-${k}`}>
            <strong>{placeName(t, it.scenario, it.path)}</strong>
            {compare && ` ${t.errors.inVariant(it.variant)}`}: {asSentence(it.message)}{' '}
            <button type="button" className="linkbutton" onClick={() => goTo(it)}>
              {t.errors.goTo}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
