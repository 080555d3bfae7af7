// The teacher view's model: which settings and metrics a scenario offers, and the assignment a
// draft describes (checked by the grader, through wasm). Pure (no React), so it is unit-tested.
import { ASSIGNMENT_FORMAT, parseAssignment } from './assignment';
import type { Assignment, Question, Text } from './assignment';
import { unitChoices } from './units';

/** `variant`: each student gets one of the listed values (shown, not editable). */
export type ControlMode = 'editable' | 'locked' | 'hidden' | 'variant';

/** A text a teacher types in English and, optionally, Japanese. */
export interface DraftText {
  en: string;
  ja: string;
}

export interface DraftQuestion {
  id: string;
  prompt: DraftText;
  metric: string;
  /** A unit of `unitChoices(metric)`, by id. */
  unit: string;
  tolerance: { abs?: number; rel?: number };
  predict?: boolean;
}

export interface Draft {
  id: string;
  title: DraftText;
  scenario: Record<string, unknown>;
  seeds: { min: number; max: number } | null;
  controls: Record<string, ControlMode>;
  /** For `variant` controls: the values each student may get. */
  variantValues?: Record<string, unknown[]>;
  questions: DraftQuestion[];
}

/** A text in the assignment: one string, or one per language when Japanese is given. */
export function draftText(t: DraftText): Text {
  return t.ja.trim() === '' ? t.en : { en: t.en, ja: t.ja };
}

/** Values as a teacher types them: a JSON list, or comma-separated numbers and names. */
export function parseValues(text: string): unknown[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    const v: unknown = JSON.parse(t);
    if (!Array.isArray(v)) throw new Error('values: not a list');
    return v;
  }
  return t
    .split(/[,;、]/)
    .map((x) => x.trim())
    .filter((x) => x !== '')
    .map((x) => (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(x) ? Number(x) : x));
}

interface Named {
  id?: unknown;
}

const ids = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map((x: Named) => (typeof x?.id === 'string' ? x.id : '')).filter(Boolean)
    : [];

/** Scenario settings a teacher can expose as controls. */
export function controlPaths(s: Record<string, unknown>): string[] {
  const topo = (s.topology ?? {}) as { links?: unknown };
  const out = ['duration_s'];
  for (const l of ids(topo.links)) {
    out.push(
      `topology.links[${l}].rate_bps`,
      `topology.links[${l}].delay_ms`,
      `topology.links[${l}].queue`,
    );
  }
  for (const f of ids(s.flows)) out.push(`flows[${f}].cc`, `flows[${f}].start_s`);
  return out;
}

/** Metric paths into the run summary of this scenario. */
export function metricPaths(s: Record<string, unknown>): string[] {
  const flows = ids(s.flows);
  const links = ids(((s.topology ?? {}) as { links?: unknown }).links);
  const ccs = [
    ...new Set(
      (Array.isArray(s.flows) ? s.flows : [])
        .map((f: { cc?: unknown; protocol?: unknown }) =>
          f.protocol === 'udp' ? null : (f.cc ?? 'newreno'),
        )
        .filter((c): c is string => typeof c === 'string'),
    ),
  ];
  const out = [
    'jain_index',
    'sum:flows[*].goodput_bps',
    'mean:flows[*].goodput_bps',
    'sum:flows[*].retransmitted_segments',
  ];
  for (const c of ccs) out.push(`mean:flows[cc=${c}].goodput_bps`);
  for (const f of flows) {
    for (const k of ['goodput_bps', 'retransmitted_segments', 'timeouts', 'mean_cwnd_segments'])
      out.push(`flows[${f}].${k}`);
  }
  for (const l of links) {
    for (const d of ['a>b', 'b>a']) {
      for (const k of ['drops', 'utilisation', 'mean_queueing_delay_s'])
        out.push(`links[${l}/${d}].${k}`);
    }
  }
  return out;
}

function question(q: DraftQuestion): Question {
  const unit = unitChoices(q.metric).find((u) => u.id === q.unit) ?? unitChoices(q.metric)[0];
  return {
    id: q.id,
    prompt: draftText(q.prompt),
    metric: q.metric,
    ...(unit && unit.scale !== 1 ? { scale: unit.scale } : {}),
    ...(unit?.text ? { unit: unit.text } : {}),
    tolerance: q.tolerance,
    ...(q.predict ? { predict: true } : {}),
  };
}

/** The assignment a draft describes; throws (AssignmentError, with field paths) if unsound. */
export function draftAssignment(d: Draft): Assignment {
  const by = (m: ControlMode) => Object.keys(d.controls).filter((p) => d.controls[p] === m);
  const params = by('variant').map((path) => ({ path, values: d.variantValues?.[path] ?? [] }));
  const variants = {
    ...(d.seeds ? { seed: d.seeds } : {}),
    ...(params.length > 0 ? { params } : {}),
  };
  const a = {
    format: ASSIGNMENT_FORMAT,
    id: d.id,
    title: draftText(d.title),
    scenarios: { main: d.scenario },
    ...(Object.keys(variants).length > 0 ? { variants } : {}),
    controls: [...by('editable'), ...by('locked'), ...by('variant')],
    locked: by('locked'),
    hidden: by('hidden'),
    questions: d.questions.map(question),
  };
  return parseAssignment(JSON.parse(JSON.stringify(a)));
}
