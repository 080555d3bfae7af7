// A sweep file imported into the page (scenario/sweepFile.ts) and run: its points on a pool of
// workers, each point's summary as it arrives, and its CSV in the layout `tcplab sweep` writes.
// Outside React; the sweep panel's file view subscribes.
import { csvField, metricValue, sweepCsvHeader } from '../scenario/sweepFile';
import type { SweepFilePlan } from '../scenario/sweepFile';
import type { SweepFileProblem } from '../scenario/sweepFileProblems';
import { RunPool } from '../sim/pool';
import type { JobResult } from '../sim/pool';
import { Store } from './store';

export interface FileSweepPoint {
  index: number;
  cells: string[];
  seed: number;
  result: JobResult | null;
}

/** Why a file could not be read: the field and what is wrong (`problem` when the sweep-file
 * reader said it, to show in the reader's language; `points`: it has more points than the page
 * runs). */
export interface FileSweepError {
  path: string;
  message: string;
  problem?: SweepFileProblem;
  points?: number;
}

export interface FileSweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled';
  name: string;
  names: string[];
  metrics: string[];
  points: FileSweepPoint[];
  /** Why the last file could not be read, or null. */
  error: FileSweepError | null;
}

const IDLE: FileSweepState = {
  status: 'idle',
  name: '',
  names: [],
  metrics: [],
  points: [],
  error: null,
};
export const fileSweep = new Store<FileSweepState>(IDLE);

/** The most points the page runs from one file (a larger study is for the CLI or Python). */
export const PAGE_MAX_POINTS = 512;

let pool: RunPool | null = null;

/** A file that could not be read: say where, and keep whatever sweep is on show. */
export function showFileError(error: FileSweepError): void {
  fileSweep.update((s) => ({ ...s, error }));
}

export async function startFileSweep(plan: SweepFilePlan, name: string): Promise<void> {
  pool?.cancel();
  const p = new RunPool();
  pool = p;
  const points = Array.from({ length: plan.count }, (_, i) => plan.point(i));
  fileSweep.set({
    status: 'running',
    name,
    names: plan.names,
    metrics: plan.metrics,
    points: points.map((q) => ({ index: q.index, cells: q.cells, seed: q.seed, result: null })),
    error: null,
  });
  await p.run(
    points.map((q) => ({ scenarioJson: JSON.stringify(q.scenario), mode: 'summary' as const })),
    (i, result) => {
      if (pool !== p) return;
      fileSweep.update((s) => ({
        ...s,
        points: s.points.map((pt, k) => (k === i ? { ...pt, result } : pt)),
      }));
    },
  );
  if (pool !== p) return;
  pool = null;
  p.close();
  fileSweep.update((s) => ({ ...s, status: 'done' }));
}

export function cancelFileSweep(): void {
  pool?.cancel();
  pool = null;
  fileSweep.update((s) => ({ ...s, status: s.status === 'running' ? 'cancelled' : s.status }));
}

/** A metric's cell as the CLI writes it: nothing for a value the summary does not have. */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  return csvField(typeof v === 'string' ? v : JSON.stringify(v));
}

/** The CSV of the points that ran (`point,<parameters>,seed,<metrics>,trace_hash`). */
export function fileSweepCsv(s: FileSweepState): string {
  const lines = [sweepCsvHeader(s)];
  for (const p of s.points) {
    if (!p.result?.ok) continue;
    const summary: unknown = JSON.parse(p.result.summaryJson);
    lines.push(
      [
        String(p.index),
        ...p.cells.map(csvField),
        String(p.seed),
        ...s.metrics.map((m) => cell(metricValue(summary, m))),
        p.result.summary.trace_hash,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
