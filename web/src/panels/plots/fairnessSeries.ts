// The inputs of the fairness plot: each flow's goodput over a sliding window, arranged as a
// row-major matrix (NaN until the flow has been open a whole window, from when it opened:
// flowMean.ts), and the same per algorithm group (the mean of the group's flows). Jain's index
// itself is computed by the simulator's code (wasm `jain_rows`).
import { windowedRateInto } from '../../charts/derived';
import { ccLabel } from '../../scenario/ccAlgorithms';
import { findColumn, flowIds, timeColumn } from '../../sim/rows';
import type { RunSnapshot } from '../../state/runStore';
import type { TraceColumn } from '../../state/traceBuffer';
import { flowOpenedS } from './flowMean';

export interface FairnessInput {
  t: TraceColumn;
  n: number;
  flows: Float64Array;
  flowCount: number;
  groups: Float64Array;
  groupNames: string[];
}

export function fairnessInput(snap: RunSnapshot, windowS: number): FairnessInput | null {
  const trace = snap.trace;
  const tc = timeColumn(snap.columns);
  if (!trace || tc < 0 || trace.length === 0) return null;
  const t = trace.column(tc);
  const n = trace.length;
  const ids = flowIds(snap.columns, 'delivered');
  const flows = new Map((snap.scenario?.flows ?? []).map((f) => [f.id, f]));
  const groupOf = ids.map((id) => {
    const f = flows.get(id);
    return f?.protocol === 'udp' ? 'UDP' : ccLabel(f?.cc ?? 'newreno');
  });
  const groupNames = [...new Set(groupOf)];
  const groupIndex = groupOf.map((g) => groupNames.indexOf(g));
  // Each flow's rate written straight into its column of the matrix (no array per flow).
  const k = ids.length;
  const m = new Float64Array(n * k);
  // Each flow's counter read into one scratch array in turn (not a copy of every flow's column).
  const scratch = new Float64Array(n);
  ids.forEach((id, f) => {
    const c = findColumn(snap.columns, 'flow', id, 'delivered');
    windowedRateInto(t, trace.read(c, scratch), n, windowS, 8, m, f, k);
    const start = flowOpenedS(snap, id);
    for (let i = 0; i < n && (t[i] as number) < start + windowS; i++) m[i * k + f] = NaN;
  });
  const g = new Float64Array(n * groupNames.length);
  const sums = new Float64Array(groupNames.length);
  const counts = new Float64Array(groupNames.length);
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    counts.fill(0);
    for (let f = 0; f < k; f++) {
      const v = m[i * k + f] as number;
      if (!Number.isNaN(v)) {
        const gi = groupIndex[f] as number;
        sums[gi] = (sums[gi] as number) + v;
        counts[gi] = (counts[gi] as number) + 1;
      }
    }
    for (let gi = 0; gi < groupNames.length; gi++) {
      const c = counts[gi] as number;
      g[i * groupNames.length + gi] = c > 0 ? (sums[gi] as number) / c : NaN;
    }
  }
  return { t, n, flows: m, flowCount: ids.length, groups: g, groupNames };
}
