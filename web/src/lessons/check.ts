// Metrics and the answer checker, the same rules as wasm/cli/src/assignment/check.rs: a path
// into the run summary with an optional aggregate (`sum:`, `mean:`, `min:`, `max:`, `count:`,
// `jain:`); expected = metric × scale; correct when within `abs`, or within `rel` × |expected|.
import type { Question, Tolerance } from './assignment';
import { parsePath, select } from './path';

/** Relative slack on a tolerance (the grader uses the same). */
const SLACK = 1e-9;
const AGGREGATES = ['sum', 'mean', 'min', 'max', 'count', 'jain'] as const;

export function metricValue(summary: unknown, metric: string): number {
  const colon = metric.indexOf(':');
  const agg = colon >= 0 ? metric.slice(0, colon) : null;
  const found = select(summary, parsePath(colon >= 0 ? metric.slice(colon + 1) : metric));
  const nums = found.filter((v): v is number => typeof v === 'number');
  if (nums.length !== found.length)
    throw new Error(`'${metric}' reaches a value that is not a number`);
  if (agg === null) {
    if (nums.length === 1) return nums[0] as number;
    if (nums.length === 0) throw new Error(`'${metric}' reaches nothing in the summary`);
    throw new Error(
      `'${metric}' reaches ${nums.length} values: add sum:, mean:, min:, max:, count: or jain:`,
    );
  }
  if (!(AGGREGATES as readonly string[]).includes(agg)) {
    throw new Error(`unknown aggregate '${agg}:' (sum, mean, min, max, count, jain)`);
  }
  if (agg === 'count') return nums.length;
  if (nums.length === 0) throw new Error(`'${metric}' reaches nothing in the summary`);
  const sum = nums.reduce((s, x) => s + x, 0);
  switch (agg) {
    case 'sum':
      return sum;
    case 'mean':
      return sum / nums.length;
    case 'min':
      return nums.reduce((m, x) => Math.min(m, x), Infinity);
    case 'max':
      return nums.reduce((m, x) => Math.max(m, x), -Infinity);
    default: {
      const sq = nums.reduce((s, x) => s + x * x, 0);
      return sq > 0 ? (sum * sum) / (nums.length * sq) : 1;
    }
  }
}

export function expectedAnswer(summary: unknown, q: Pick<Question, 'metric' | 'scale'>): number {
  return metricValue(summary, q.metric) * (q.scale ?? 1);
}

export function within(answer: number, expected: number, tol: Tolerance): boolean {
  if (!Number.isFinite(answer) || !Number.isFinite(expected)) return false;
  const d = Math.abs(answer - expected);
  // A hair of slack so an answer exactly at the edge is not lost to binary rounding.
  const edge = (t: number) => d <= t * (1 + SLACK) + Number.MIN_VALUE;
  return (
    (tol.abs !== undefined && edge(tol.abs)) ||
    (tol.rel !== undefined && edge(tol.rel * Math.abs(expected)))
  );
}

/** An answer as typed: a number with spaces around it; `,` as a decimal point accepted. */
export function parseAnswer(text: string): number | null {
  const t = text.trim().replace(/,/g, '.');
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const x = Number(t);
  return Number.isFinite(x) ? x : null;
}
