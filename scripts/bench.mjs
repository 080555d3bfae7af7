#!/usr/bin/env node
// `npm run bench`: build release native and WASM, run the reference scenarios in
// content/scenarios/bench/ natively and in WASM under Node, measure the built
// site's bundle sizes, and print a table with the speed targets (docs/performance.md). Writes
// bench/results.json. Then, in headless Chromium on the built site, the time to the
// first plot and a 32-point sweep's use of the cores (scripts/bench-browser.mjs;
// `--no-browser` skips it). A benchmark, not a test: the machine is shared and
// noisy, so it reports; it never fails a build.
// Each scenario runs `--runs N` times (default 3), natively and in WASM alternately;
// the table shows the best run by wall time and by CPU time (the time the process
// itself ran: on a shared machine, wall time also counts other processes' turns).
// Last, the engine calibration (scripts/bench-kernels.mjs): small kernels shaped like the model's
// hot paths, the same Rust natively and in WASM, so the model's ratio can be read against what the
// engine costs on each kind of code (`--no-kernels` skips it).
// Usage: npm run bench [-- --quick] [-- --no-browser] [-- --no-kernels] [-- --runs N]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CARGO_MANIFEST, CLI_BIN, DIST_DIR, ROOT } from './lib/paths.mjs';
import { log, run } from './lib/proc.mjs';
import { loadWasm } from './lib/wasm-node.mjs';
import { browserBench } from './bench-browser.mjs';
import { kernelBench } from './bench-kernels.mjs';
import { setup } from './setup.mjs';

const quick = process.argv.includes('--quick');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
const BENCH_DIR = join(ROOT, 'content', 'scenarios', 'bench');
const files = readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => join(BENCH_DIR, f));

setup();
if (
  run('cargo', ['build', '--release', '--manifest-path', CARGO_MANIFEST, '--bin', 'tcplab']) !== 0
)
  process.exit(1);

/** With --quick, every scenario runs for at most 5 simulated seconds. */
function scenarioText(file) {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  if (quick) s.duration_s = Math.min(s.duration_s, 5);
  return JSON.stringify(s);
}

const results = [];
const wasm = await loadWasm();
for (const file of files) {
  const name = file.slice(BENCH_DIR.length + 1, -'.json'.length);
  const text = scenarioText(file);
  const tmp = join(ROOT, 'bench', `.${name}.json`);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(tmp, text);
  const native = [];
  const wasmRuns = [];
  for (let i = 1; i <= RUNS; i++) {
    log(`── ${name}: native, run ${i} of ${RUNS}`);
    native.push(JSON.parse(execFileSync(CLI_BIN, ['bench', tmp], { encoding: 'utf8' })));
    log(`── ${name}: wasm under Node, run ${i} of ${RUNS}`);
    wasmRuns.push(runWasm(text));
  }
  const n = best(native);
  const w = best(wasmRuns);
  results.push({
    scenario: name,
    simulated_s: n.simulated_s,
    runs: RUNS,
    native: n,
    wasm: w,
    wasm_native_ratio: w.wall_s / n.wall_s,
    wasm_native_cpu_ratio: w.cpu_s != null && n.cpu_s != null ? w.cpu_s / n.cpu_s : null,
    same_trace: [...native, ...wasmRuns].every((r) => r.trace_hash === n.trace_hash),
  });
}

/** One run of a scenario in WASM under Node, measured like the CLI measures a native run. */
function runWasm(text) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const sim = new wasm.Simulation(text);
  for (;;) {
    const done = sim.advance(sim.now_ns() + 1e9, Infinity);
    sim.drain();
    if (done) break;
  }
  const wallS = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const r = {
    events: sim.events(),
    delivered_packets: sim.delivered_packets(),
    wall_s: wallS,
    // Node's own threads (compiler, GC) included: all the CPU the run took.
    cpu_s: (c.user + c.system) / 1e6,
    trace_hash: sim.trace_hash(),
  };
  sim.free();
  return r;
}

/**
 * The best of a scenario's runs: least wall time and least CPU time (each from its own run),
 * the rates from them, every run's wall time, and the largest peak memory.
 */
function best(runs) {
  const min = (key) => Math.min(...runs.map((r) => r[key] ?? Infinity));
  const r0 = runs[0];
  const wallS = min('wall_s');
  const cpuS = runs.every((r) => r.cpu_s != null) ? min('cpu_s') : null;
  const peaks = runs.map((r) => r.peak_rss_bytes).filter((v) => v != null);
  return {
    ...r0,
    wall_s: wallS,
    cpu_s: cpuS,
    wall_s_runs: runs.map((r) => r.wall_s),
    events_per_s: r0.events / wallS,
    packets_per_s: r0.delivered_packets / wallS,
    packets_per_cpu_s: cpuS ? r0.delivered_packets / cpuS : null,
    peak_rss_bytes: peaks.length ? Math.max(...peaks) : null,
  };
}

/** gzip size of the two .wasm modules and of the initial JS (entry chunk) of the built site. */
function bundleSizes() {
  if (run('node', [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']) !== 0)
    return null;
  const assets = join(DIST_DIR, 'assets');
  const gz = (f) => gzipSync(readFileSync(join(assets, f))).length;
  const all = readdirSync(assets);
  // Vite names them tcplab_wasm_bg-HASH.wasm and tcplab_grade_wasm_bg-HASH.wasm.
  const wasmFile = all.find((f) => f.startsWith('tcplab_wasm_bg') && f.endsWith('.wasm'));
  const gradeFile = all.find((f) => f.startsWith('tcplab_grade_wasm_bg') && f.endsWith('.wasm'));
  const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]);
  return {
    wasm_raw_bytes: wasmFile ? statSync(join(assets, wasmFile)).size : null,
    wasm_gzip_bytes: wasmFile ? gz(wasmFile) : null,
    grade_wasm_gzip_bytes: gradeFile ? gz(gradeFile) : null,
    initial_js_gzip_bytes: entry.reduce((sum, f) => sum + gz(f), 0),
  };
}
const sizes = bundleSizes();
const a = results.find((r) => r.scenario.startsWith('a-'));
const aText = scenarioText(files.find((f) => f.includes('/a-')) ?? files[0]);
const browser =
  sizes && !process.argv.includes('--no-browser')
    ? await browserBench({ scenarioText: aText, runs: RUNS })
    : null;
/** Scenario (a) in the wasm module in Chromium: best of its runs, and against native (a). */
const chromium = browser?.wasm_chromium?.length
  ? (() => {
      const wallS = Math.min(...browser.wasm_chromium.map((r) => r.wall_s));
      const r0 = browser.wasm_chromium[0];
      return {
        wall_s: wallS,
        packets_per_s: r0.delivered_packets / wallS,
        native_ratio: a ? wallS / a.native.wall_s : null,
        same_trace: browser.wasm_chromium.every((r) => r.trace_hash === a?.native.trace_hash),
      };
    })()
  : null;
const calibration = process.argv.includes('--no-kernels')
  ? null
  : await kernelBench({
      steps: quick ? 2_000_000 : undefined,
      runs: RUNS,
      browser: !process.argv.includes('--no-browser'),
    });
const median = (v) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];

const targets = [
  ['(a) native packets/s ≥ 3 M (wall)', a?.native.packets_per_s, (v) => v >= 3e6],
  ['(a) native packets/s ≥ 3 M (CPU)', a?.native.packets_per_cpu_s, (v) => v >= 3e6],
  ['(a) WASM packets/s ≥ 2 M (wall)', a?.wasm.packets_per_s, (v) => v >= 2e6],
  ['(a) WASM packets/s ≥ 2 M (CPU)', a?.wasm.packets_per_cpu_s, (v) => v >= 2e6],
  ['(a) WASM/native time ≤ 1.3 (wall)', a?.wasm_native_ratio, (v) => v <= 1.3],
  ['(a) WASM/native time ≤ 1.3 (CPU)', a?.wasm_native_cpu_ratio, (v) => v <= 1.3],
  // The simulator's module, all the lab page downloads to run a scenario: 300 KB since the
  // scenario reader is serde's derive (docs/architecture.md, "The scenario reader"). The grader's
  // module loads only with the lessons, grading and the Papers view (docs/performance.md).
  ['simulator .wasm ≤ 300 KB gzipped', sizes?.wasm_gzip_bytes, (v) => v <= 300_000],
  ['grader .wasm ≤ 120 KB gzipped', sizes?.grade_wasm_gzip_bytes, (v) => v <= 120_000],
  ['initial JS ≤ 300 KB gzipped', sizes?.initial_js_gzip_bytes, (v) => v <= 300_000],
  [
    'first plot < 1000 ms after Run (median)',
    browser && median(browser.first_plot_ms),
    (v) => v < 1000,
  ],
  ['32-point sweep keeps the cores busy (≥ 1.8 of 2)', browser?.sweep.busy_cores, (v) => v >= 1.8],
];

const fmt = (v) =>
  v == null ? '—' : Math.abs(v) >= 1e4 ? v.toExponential(3) : Number(v.toFixed(3)).toString();
const columns = [
  ['scenario', 24, (r) => r.scenario],
  ['sim s', 6, (r) => fmt(r.simulated_s)],
  ['events', 10, (r) => fmt(r.native.events)],
  ['packets', 10, (r) => fmt(r.native.delivered_packets)],
  ['native s', 9, (r) => fmt(r.native.wall_s)],
  ['cpu s', 7, (r) => fmt(r.native.cpu_s)],
  ['ev/s', 10, (r) => fmt(r.native.events_per_s)],
  ['pkt/s', 10, (r) => fmt(r.native.packets_per_s)],
  ['pkt/cpu s', 10, (r) => fmt(r.native.packets_per_cpu_s)],
  ['wasm s', 8, (r) => fmt(r.wasm.wall_s)],
  ['cpu s', 7, (r) => fmt(r.wasm.cpu_s)],
  ['pkt/s', 10, (r) => fmt(r.wasm.packets_per_s)],
  ['pkt/cpu s', 10, (r) => fmt(r.wasm.packets_per_cpu_s)],
  ['ratio', 6, (r) => fmt(r.wasm_native_ratio)],
  ['cpu', 6, (r) => fmt(r.wasm_native_cpu_ratio)],
  ['peak MB', 8, (r) => fmt((r.native.peak_rss_bytes ?? 0) / 1e6)],
  ['same', 4, (r) => (r.same_trace ? 'yes' : 'NO')],
];
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(columns[i][1]) : c.padStart(columns[i][1]))).join(' ');
process.stdout.write(
  `\nbest of ${RUNS} run(s) each; native | WASM under Node; ratio = WASM/native time\n` +
    `${line(columns.map(([h]) => h))}\n`,
);
for (const r of results) process.stdout.write(`${line(columns.map(([, , f]) => f(r)))}\n`);
process.stdout.write(`\nbundle: ${JSON.stringify(sizes)}\nbrowser: ${JSON.stringify(browser)}\n`);
if (chromium)
  process.stdout.write(
    `(a) in WASM in Chromium (best of ${RUNS}): ${fmt(chromium.wall_s)} s, ` +
      `${fmt(chromium.packets_per_s)} packets/s, ${fmt(chromium.native_ratio)} × native` +
      `${chromium.same_trace ? '' : ' (TRACE HASH DIFFERS)'}\n`,
  );
if (calibration) {
  const e = calibration.engines;
  process.stdout.write(
    `\nengine calibration: the same Rust kernels, best of ${RUNS}; ratio = WASM/native time ` +
      `(Node ${e.node}, V8 ${e.node_v8}; Chromium ${e.chromium ?? '—'})\n` +
      `${'kernel'.padEnd(16)} ${'native s'.padStart(9)} ${'Node'.padStart(7)} ` +
      `${'Chromium'.padStart(9)} same\n`,
  );
  for (const k of calibration.kernels)
    process.stdout.write(
      `${k.kernel.padEnd(16)} ${fmt(k.native_s).padStart(9)} ${fmt(k.node_ratio).padStart(7)} ` +
        `${fmt(k.chromium_ratio).padStart(9)} ${k.same_checksum ? 'yes' : 'NO'}\n`,
    );
  if (a)
    process.stdout.write(
      `${'model (a)'.padEnd(16)} ${fmt(a.native.wall_s).padStart(9)} ` +
        `${fmt(a.wasm_native_ratio).padStart(7)} ${fmt(chromium?.native_ratio).padStart(9)}\n`,
    );
}
process.stdout.write('\ntargets:\n');
for (const [name, v, ok] of targets) {
  process.stdout.write(`  ${v != null && ok(v) ? 'met ' : 'MISS'}  ${name.padEnd(40)} ${fmt(v)}\n`);
}
const out = {
  quick,
  runs: RUNS,
  results,
  wasm_chromium_a: chromium,
  sizes,
  browser,
  calibration,
  targets: targets.map(([name, v, ok]) => ({ name, value: v, met: v != null && ok(v) })),
};
writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write('\nwrote bench/results.json\n');
