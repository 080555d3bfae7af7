// Settings, values and metrics in words a student or teacher reads, in their language:
// `topology.links[bottleneck].delay_ms` = 9 → "Link bottleneck: one-way delay · 9 ms",
// `mean:flows[cc=cubic].goodput_bps` → "Mean goodput of the CUBIC flows". Paths are parsed by
// the grader (wasm); the names are the editor's. The lab's editor imports lessons/valueWords.ts
// instead, so the lab page does not load the grader's code.
import { ccLabel } from '../scenario/ccAlgorithms';
import type { Segment } from '../sim/boundary';
import { parsePath } from '../sim/grader';
import { words } from './valueWords';
import type { Lang } from './valueWords';

// The editor's half (no grader): setting names by concrete path, values and queue names.
export { concreteLabel, queueName, valueText } from './valueWords';

/** Who a segment with a selector names: "Link bottleneck", "Flows with algorithm CUBIC". */
function subject(seg: Segment, lang: Lang): string | null {
  const w = words(lang);
  const sel = seg.selector;
  if (!sel) return null;
  const one =
    seg.key === 'links'
      ? w.link
      : seg.key === 'flows'
        ? w.flow
        : seg.key === 'nodes'
          ? w.node
          : null;
  switch (sel.kind) {
    case 'all':
      return seg.key === 'links' ? w.everyLink : w.everyFlow;
    case 'index':
      return one ? one(`#${sel.index + 1}`) : `${seg.key} #${sel.index + 1}`;
    case 'id':
      return one ? one(sel.id) : `${seg.key} ${sel.id}`;
    case 'id_direction':
      return `${w.link(sel.id)} (${w.direction(sel.direction)})`;
    case 'field': {
      const field = w.fields[sel.key] ?? sel.key;
      const value = sel.key === 'cc' ? ccLabel(sel.value) : sel.value;
      return w.flowsWith(field, value);
    }
  }
}

function segments(path: string): Segment[] | null {
  const r = parsePath(path);
  return 'ok' in r ? r.ok : null;
}

/** A scenario setting in words: "Link bottleneck: one-way delay", "Duration". */
export function settingLabel(path: string, lang: Lang): string {
  const segs = segments(path);
  if (!segs || segs.length === 0) return path;
  const w = words(lang);
  const who = segs
    .map((s) => subject(s, lang))
    .filter((x): x is string => x !== null)
    .pop();
  const last = segs[segs.length - 1];
  const field = last && !last.selector ? (w.fields[last.key] ?? last.key) : null;
  if (who && field) return `${who}: ${field}`;
  return who ?? field ?? path;
}

/** A metric in words: "Goodput of flow f1", "Mean goodput of the CUBIC flows". */
export function metricLabel(metric: string, lang: Lang): string {
  const w = words(lang);
  const colon = metric.indexOf(':');
  const agg = colon >= 0 ? metric.slice(0, colon) : null;
  const path = colon >= 0 ? metric.slice(colon + 1) : metric;
  const segs = segments(path);
  if (!segs || segs.length === 0) return metric;
  const last = segs[segs.length - 1];
  let name = last ? (w.metrics[last.key] ?? last.key) : metric;
  if (agg) name = (w.aggregates[agg] ?? ((m: string) => `${agg}: ${m}`))(name);
  const who = segs
    .slice(0, -1)
    .map((s) => subject(s, lang))
    .filter((x): x is string => x !== null)
    .pop();
  if (!who) return name;
  const isLink = segs.some((s) => s.key === 'links');
  return isLink ? w.at(name, who) : w.of(name, w.the(who));
}

/** A comparison of two metrics in words (a question's `compare`). */
export function comparedLabel(
  metric: string,
  scenario: string | null,
  other: { metric: string; scenario: string | null; by: 'ratio' | 'difference' },
  lang: Lang,
): string {
  const w = words(lang);
  const a = metricLabel(metric, lang);
  const b = metricLabel(other.metric, lang);
  const withRun = (m: string, s: string | null) => (s ? w.inRun(m, s) : m);
  const join = other.by === 'ratio' ? w.ratio : w.difference;
  return join(withRun(a, scenario), withRun(b, other.scenario));
}
