// The caption an exported plot carries: the scenario's name, its algorithms, the seed and the
// trace hash (of B too in compare mode), so a figure in a report says which run it shows.
import { ccLabel } from '../../scenario/ccAlgorithms';
import type { RunSnapshot } from '../../state/runStore';
import { runA, runB } from '../../state/runs';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

function describe(snap: RunSnapshot, seedWord: string, hashWord: string): string {
  const s = snap.scenario;
  if (!s) return '';
  const algos = [
    ...new Set(s.flows.map((f) => (f.protocol === 'udp' ? 'UDP' : ccLabel(f.cc ?? 'newreno')))),
  ];
  return [
    s.name ?? '',
    algos.join(', '),
    `${seedWord} ${s.seed ?? 1}`,
    `${hashWord} ${snap.traceHash ?? '–'}`,
  ]
    .filter((x) => x !== '')
    .join(' · ');
}

/** The caption for plots exported now ('' before any run). */
export function useCaption(): string {
  const t = useStrings();
  const a = useStore(runA);
  const b = useStore(runB);
  const parts = [describe(a, t.screen.seed, t.run.traceHash)];
  if (b.scenario) parts.push(`B: ${describe(b, t.screen.seed, t.run.traceHash)}`);
  return parts.filter((x) => x !== '').join(' | ');
}
