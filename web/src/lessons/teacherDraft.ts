// The teacher view's model: which settings and metrics a scenario offers, and the assignment a
// draft describes. Pure (no React), so it is unit-tested.
import { ASSIGNMENT_FORMAT, parseAssignment } from './assignment';
import type { Assignment, Question } from './assignment';

/** `variant`: each student gets one of the listed values (shown, not editable). */
export type ControlMode = 'editable' | 'locked' | 'hidden' | 'variant';

export interface Draft {
  id: string;
  title: string;
  scenario: Record<string, unknown>;
  seeds: { min: number; max: number } | null;
  controls: Record<string, ControlMode>;
  /** For `variant` controls: the values, as typed (`10, 20, 40` or a JSON list). */
  variantValues?: Record<string, string>;
  questions: Question[];
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
    .split(',')
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

/** A sensible scale and unit for a metric: b/s as Mb/s, seconds as ms, fractions as %. */
export function defaultUnit(metric: string): { scale?: number; unit?: string } {
  if (metric.endsWith('_bps')) return { scale: 1e-6, unit: 'Mb/s' };
  if (metric.endsWith('_s')) return { scale: 1e3, unit: 'ms' };
  if (metric.endsWith('utilisation')) return { scale: 100, unit: '%' };
  return {};
}

export function draftAssignment(d: Draft): Assignment {
  const by = (m: ControlMode) => Object.keys(d.controls).filter((p) => d.controls[p] === m);
  const params = by('variant').map((path) => {
    const values = parseValues(d.variantValues?.[path] ?? '');
    if (values.length === 0) throw new Error(`give '${path}' at least one value`);
    return { path, values };
  });
  const variants = {
    ...(d.seeds ? { seed: d.seeds } : {}),
    ...(params.length > 0 ? { params } : {}),
  };
  const a: Assignment = {
    format: ASSIGNMENT_FORMAT,
    id: d.id,
    title: d.title,
    scenarios: { main: d.scenario },
    ...(Object.keys(variants).length > 0 ? { variants } : {}),
    controls: [...by('editable'), ...by('locked'), ...by('variant')],
    locked: by('locked'),
    hidden: by('hidden'),
    questions: d.questions,
  };
  return parseAssignment(JSON.parse(JSON.stringify(a)));
}
