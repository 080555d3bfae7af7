// A sweep the page ran, written as a sweep file (sweepFile.ts) that `tcplab sweep` and
// `tcplab.sweep` run to the same points: the page's scenario inline, one parameter whose
// levels set exactly what the page changed at each point (read from the scenarios the page
// ran, so an RTT sweep's probed delay factors and a flow count's copied flows go out as they
// ran), the seed the page ran with, and the panel's metric with the flow's bounds.
import type { SweepSpec } from './sweep';
import type { SweepFile, SweepParameter } from './sweepFile';
import { parseSweepPath, selectAt } from './sweepPath';
import type { Scenario } from './types';

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where `b` differs from `a`: the shallowest paths whose values differ (an object whose keys
 * differ, or an array whose length differs, goes whole), with `b`'s value there.
 */
export function scenarioDiff(a: Json, b: Json, at = ''): [string, Json][] {
  if (same(a, b)) return [];
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (same(ka, kb) && at !== '') {
      return kb.flatMap((k) => scenarioDiff(a[k], b[k], `${at}.${k}`));
    }
    if (same(ka, kb)) return kb.flatMap((k) => scenarioDiff(a[k], b[k], k));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && at !== '') {
    return b.flatMap((v, i) => scenarioDiff(a[i], v, `${at}[${i}]`));
  }
  return [[at, b]];
}

/** The CSV column of each page parameter (units where the value is not the scenario's). */
const COLUMN: Record<SweepSpec['param'], string> = {
  mtu: 'mtu_bytes',
  rtt: 'rtt_ms',
  buffer: 'buffer_packets',
  loss: 'loss_p',
  rate: 'rate_mbps',
  flows: 'flows',
  algorithm: 'cc',
};

/** The summary paths of the panel's metric, then the flow's bounds (the page's CSV columns). */
export function exportMetrics(spec: SweepSpec, linkId: string, flowCount: number): string[] {
  const f = `flows[${spec.flowIndex}]`;
  const main: Record<SweepSpec['metric'], string[]> = {
    goodput: [`${f}.goodput_bps`],
    totalGoodput: Array.from({ length: flowCount }, (_, i) => `flows[${i}].goodput_bps`),
    jain: ['jain_index'],
    utilisation: [`links[${linkId}/a>b].utilisation`],
    retransmits: [`${f}.retransmitted_segments`],
  };
  const bounds = ['link_bps', 'host_bound_bps', 'mathis_bps', 'pftk_bps'].map(
    (b) => `${f}.bounds.${b}`,
  );
  return [...new Set([...main[spec.metric], ...bounds])];
}

/**
 * The sweep file of a sweep the page ran: `base` the scenario, `points` each x value with the
 * scenario the page ran for it. A parameter that set one field to the x value itself is
 * written as `path` with `values`; anything else as labelled `cases` (label: the x value).
 */
export function exportSweep(
  base: Scenario,
  spec: SweepSpec,
  points: { x: number | string; scenario: Scenario }[],
  linkId: string,
): SweepFile {
  const diffs = points.map((p) => scenarioDiff(base, p.scenario));
  const name = COLUMN[spec.param];
  let parameter: SweepParameter;
  if (setsOnePathToX(base, diffs, points)) {
    const path = diffs.find((d) => d.length > 0)?.[0]?.[0] ?? '';
    parameter = { name, path, values: points.map((p) => p.x) };
  } else if (
    spec.param === 'mtu' &&
    points.every(
      (p, i) =>
        p.scenario.topology.links.every((l) => l.mtu_bytes === p.x) &&
        (diffs[i] ?? []).every(([at]) => /^topology\.links\[\d+\]\.mtu_bytes$/.test(at)),
    )
  ) {
    parameter = { name, path: 'topology.links[*].mtu_bytes', values: points.map((p) => p.x) };
  } else {
    parameter = {
      name,
      cases: points.map((p, i) => ({
        label: String(p.x),
        set: Object.fromEntries(diffs[i] ?? []),
      })),
    };
  }
  const flowCount = Math.max(base.flows.length, ...points.map((p) => p.scenario.flows.length));
  return {
    version: 1,
    name: `${base.name ?? 'Scenario'}: ${name} sweep`,
    scenario: structuredClone(base) as unknown as Record<string, Json>,
    parameters: [parameter],
    metrics: exportMetrics(spec, linkId, flowCount),
  };
}

/**
 * Does every point set one and the same field to its x value (a point whose x is the base's
 * value there changes nothing)?
 */
function setsOnePathToX(
  base: Scenario,
  diffs: [string, Json][][],
  points: { x: number | string }[],
): boolean {
  const path = diffs.find((d) => d.length > 0)?.[0]?.[0];
  if (path === undefined) return false;
  const segs = parseSweepPath(path);
  if (typeof segs === 'string') return false;
  const atBase = selectAt(base, segs);
  return diffs.every((d, i) => {
    const x = points[i]?.x;
    if (d.length === 0) return atBase.length === 1 && same(atBase[0], x);
    return d.length === 1 && d[0]?.[0] === path && same(d[0]?.[1], x);
  });
}
