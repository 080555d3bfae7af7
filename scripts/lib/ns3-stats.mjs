// The statistics of the tcplab/ns-3 comparison, computed the same way from both sides'
// sampled CSV traces (tcplab's `run --csv DIR`, the ns-3 program's `--out DIR`; the same
// file names and column names). Node built-ins only.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A CSV trace as columns by name: { t_s: [...], cwnd_segments: [...], ... }. */
export function readTrace(path) {
  if (!existsSync(path)) throw new Error(`missing trace ${path}`);
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  const names = lines[0].split(',');
  const cols = Object.fromEntries(names.map((n) => [n, []]));
  for (const line of lines.slice(1)) {
    const v = line.split(',');
    names.forEach((n, i) => cols[n].push(Number(v[i])));
  }
  return cols;
}

function column(trace, name, path) {
  const c = trace[name];
  if (!c) throw new Error(`${path}: no column ${name}`);
  return c;
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Indices of the samples at or after `from` seconds. */
function after(t, from) {
  const out = [];
  t.forEach((x, i) => {
    if (x >= from - 1e-9) out.push(i);
  });
  return out;
}

/**
 * One flow over [from, end]: goodput (delivered bytes between the first and the last
 * sample), mean cwnd of the samples, and the window reductions: a sample in recovery or
 * loss (state 2 or 3) after one that was not, or in loss after recovery (a timeout).
 * The sawtooth period is the mean interval between reductions. Slow start is summed up by
 * the first reduction of the run and the largest window before it.
 */
export function flowStats(dir, id, from) {
  const path = join(dir, `flow-${id}.csv`);
  const tr = readTrace(path);
  const t = column(tr, 't_s', path);
  const cwnd = column(tr, 'cwnd_segments', path);
  const delivered = column(tr, 'delivered_bytes', path);
  const state = column(tr, 'state_code', path);
  const timeouts = column(tr, 'timeouts_count', path);
  const idx = after(t, from);
  const [i0, i1] = [idx[0], idx[idx.length - 1]];
  const goodputBps = ((delivered[i1] - delivered[i0]) * 8) / (t[i1] - t[i0]);
  const reductions = [];
  for (const i of idx) {
    if (i === 0) continue;
    const [p, s] = [state[i - 1], state[i]];
    if ((s >= 2 && p < 2) || (s === 3 && p === 2)) reductions.push(t[i]);
  }
  const n = reductions.length;
  // Slow start: the largest window before the first reduction of the whole run.
  const first = state.findIndex((s, i) => i > 0 && s >= 2 && state[i - 1] < 2);
  const end = first < 0 ? t.length : first;
  return {
    slowStartPeak: Math.max(...cwnd.slice(0, end)),
    firstReductionS: first < 0 ? null : t[first],
    goodputBps,
    meanCwnd: mean(idx.map((i) => cwnd[i])),
    reductions: n,
    periodS: n >= 2 ? (reductions[n - 1] - reductions[0]) / (n - 1) : null,
    timeouts: timeouts[timeouts.length - 1],
  };
}

/** The bottleneck over [from, end]: mean sampled queue and mean per-interval sojourn. */
export function queueStats(dir, from) {
  const path = join(dir, 'link-bottleneck_a_b.csv');
  const tr = readTrace(path);
  const t = column(tr, 't_s', path);
  const queue = column(tr, 'queue_packets', path);
  const sojourn = column(tr, 'sojourn_ms', path);
  const drops = column(tr, 'drops_packets', path);
  const idx = after(t, from);
  return {
    meanQueue: mean(idx.map((i) => queue[i])),
    meanSojournMs: mean(idx.map((i) => sojourn[i])),
    drops: drops[idx[idx.length - 1]] - drops[idx[0]],
  };
}

/** Jain's fairness index (Jain, Chiu and Hawe 1984) of the goodputs. */
export function jain(xs) {
  const s = xs.reduce((a, b) => a + b, 0);
  const q = xs.reduce((a, b) => a + b * b, 0);
  return q > 0 ? (s * s) / (xs.length * q) : 0;
}

/** (tcplab − ns-3) / ns-3 as a signed percentage, or null when ns-3's value is 0 or absent. */
export function relDiff(ours, ref) {
  if (ours == null || ref == null || ref === 0) return null;
  return ((ours - ref) / ref) * 100;
}
