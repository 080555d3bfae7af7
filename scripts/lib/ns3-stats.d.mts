// Types of ns3-stats.mjs for the TypeScript tests.
export interface FlowStats {
  goodputBps: number;
  meanCwnd: number;
  reductions: number;
  periodS: number | null;
  timeouts: number;
  slowStartPeak: number;
  firstReductionS: number | null;
}
export interface QueueStats {
  meanQueue: number;
  meanSojournMs: number;
  drops: number;
}
export function readTrace(path: string): Record<string, number[]>;
export function flowStats(dir: string, id: string, from: number): FlowStats;
export function queueStats(dir: string, from: number): QueueStats;
export function jain(xs: number[]): number;
export function relDiff(ours: number | null, ref: number | null): number | null;
