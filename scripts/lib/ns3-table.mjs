// The Markdown tables of the tcplab/ns-3 comparison (docs/validation-ns3.md) from the
// statistics of every run of every case (scripts/ns3-compare.mjs). Node built-ins only.
import { relDiff } from './ns3-stats.mjs';

const mean = (xs) => {
  const v = xs.filter((x) => x != null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};
const fmt = (v, digits) => (v == null ? '—' : v.toFixed(digits));
const pct = (d) => (d == null ? '—' : `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(1)} %`);

/** "mean [lowest–highest]" of several runs, or the value of one. */
function spread(xs, digits) {
  const m = fmt(mean(xs), digits);
  if (xs.length < 2) return m;
  return `${m} [${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}]`;
}

/** "tcplab / ns-3 (Δ)", Δ = (tcplab − ns-3) / ns-3 of the means. */
function cell(ours, ref, digits, withRange = false) {
  const show = (xs) => (withRange ? spread(xs, digits) : fmt(mean(xs), digits));
  return `${show(ours)} / ${show(ref)} (${pct(relDiff(mean(ours), mean(ref)))})`;
}

/** "peak @ time" of the first run (slow start does not depend on the later flows' phase). */
const slowStart = (peaks, times) => `${fmt(peaks[0], 0)} @ ${fmt(times[0], 2)}`;

/** Per-flow and per-case tables for every case. */
export function tables(results) {
  const flows = [
    '| case | flow | goodput, Mb/s | mean cwnd, segments | sawtooth period, s | reductions | RTOs | slow start: peak cwnd @ first reduction, s |',
    '| ---- | ---- | ------------- | ------------------- | ------------------ | ---------- | ---- | ------------------------------------------ |',
  ];
  const links = [
    '| case | Jain | mean queue, packets | mean sojourn, ms | drops |',
    '| ---- | ---- | ------------------- | ---------------- | ----- |',
  ];
  for (const c of results) {
    const many = c.runs.length > 1;
    const count = (xs) => fmt(mean(xs), many ? 1 : 0);
    c.flows.forEach((f, i) => {
      const of = (side, key) => c.runs.map((r) => r[side].flows[i][key]);
      const both = (key, scale = 1) => [
        of('tcplab', key).map((x) => (x == null ? null : x / scale)),
        of('ns3', key).map((x) => (x == null ? null : x / scale)),
      ];
      flows.push(
        `| ${c.name} | ${f.id} (${f.cc}) | ${cell(...both('goodputBps', 1e6), 2, many)} | ` +
          `${cell(...both('meanCwnd'), 1)} | ${cell(...both('periodS'), 2)} | ` +
          `${count(of('tcplab', 'reductions'))} / ${count(of('ns3', 'reductions'))} | ` +
          `${count(of('tcplab', 'timeouts'))} / ${count(of('ns3', 'timeouts'))} | ` +
          `${slowStart(of('tcplab', 'slowStartPeak'), of('tcplab', 'firstReductionS'))} / ` +
          `${slowStart(of('ns3', 'slowStartPeak'), of('ns3', 'firstReductionS'))} |`,
      );
    });
    const q = (side, key) => c.runs.map((r) => r[side].queue[key]);
    const j = (side) => c.runs.map((r) => r[side].jain);
    links.push(
      `| ${c.name} | ${cell(j('tcplab'), j('ns3'), 3, many)} | ` +
        `${cell(q('tcplab', 'meanQueue'), q('ns3', 'meanQueue'), 1)} | ` +
        `${cell(q('tcplab', 'meanSojournMs'), q('ns3', 'meanSojournMs'), 2)} | ` +
        `${count(q('tcplab', 'drops'))} / ${count(q('ns3', 'drops'))} |`,
    );
  }
  return `${flows.join('\n')}\n\n${links.join('\n')}\n`;
}
