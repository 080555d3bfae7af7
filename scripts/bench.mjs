#!/usr/bin/env node
// `npm run bench`: build release native and WASM, run the reference scenarios in
// content/scenarios/bench/ natively and in WASM under Node, measure the built
// site's bundle sizes, and print a table with the targets of issue 9. Writes
// bench/results.json. Then, in headless Chromium on the built site, the time to the
// first plot and a 32-point sweep's use of the cores (scripts/bench-browser.mjs;
// `--no-browser` skips it). A benchmark, not a test: the machine is shared and
// noisy, so it reports; it never fails a build.
// Usage: npm run bench [-- --quick] [-- --no-browser]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CARGO_MANIFEST, CLI_BIN, DIST_DIR, ROOT } from './lib/paths.mjs';
import { log, run } from './lib/proc.mjs';
import { loadWasm } from './lib/wasm-node.mjs';
import { browserBench } from './bench-browser.mjs';
import { setup } from './setup.mjs';

const quick = process.argv.includes('--quick');
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
  log(`── ${name}: native`);
  const native = JSON.parse(execFileSync(CLI_BIN, ['bench', tmp], { encoding: 'utf8' }));
  log(`── ${name}: wasm under Node`);
  const t0 = performance.now();
  const sim = new wasm.Simulation(text);
  for (;;) {
    const done = sim.advance(sim.now_ns() + 1e9, Infinity);
    sim.drain();
    if (done) break;
  }
  const wallS = (performance.now() - t0) / 1000;
  const w = {
    events: sim.events(),
    delivered_packets: sim.delivered_packets(),
    wall_s: wallS,
    trace_hash: sim.trace_hash(),
  };
  sim.free();
  w.events_per_s = w.events / wallS;
  w.packets_per_s = w.delivered_packets / wallS;
  results.push({
    scenario: name,
    simulated_s: native.simulated_s,
    native,
    wasm: w,
    wasm_native_ratio: wallS / native.wall_s,
    same_trace: w.trace_hash === native.trace_hash,
  });
}

/** gzip size of the .wasm and of the initial JS (entry chunk) of the built site. */
function bundleSizes() {
  if (run('node', [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']) !== 0)
    return null;
  const assets = join(DIST_DIR, 'assets');
  const gz = (f) => gzipSync(readFileSync(join(assets, f))).length;
  const all = readdirSync(assets);
  const wasmFile = all.find((f) => f.endsWith('.wasm'));
  const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]);
  return {
    wasm_raw_bytes: wasmFile ? statSync(join(assets, wasmFile)).size : null,
    wasm_gzip_bytes: wasmFile ? gz(wasmFile) : null,
    initial_js_gzip_bytes: entry.reduce((sum, f) => sum + gz(f), 0),
  };
}
const sizes = bundleSizes();
const browser = sizes && !process.argv.includes('--no-browser') ? await browserBench() : null;
const median = (v) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];

const a = results.find((r) => r.scenario.startsWith('a-'));
const targets = [
  ['(a) native delivered packets/s ≥ 3 M', a?.native.packets_per_s, (v) => v >= 3e6],
  ['(a) WASM delivered packets/s ≥ 2 M', a?.wasm.packets_per_s, (v) => v >= 2e6],
  ['(a) WASM/native time ≤ 1.3', a?.wasm_native_ratio, (v) => v <= 1.3],
  ['.wasm ≤ 250 KB gzipped', sizes?.wasm_gzip_bytes, (v) => v <= 250_000],
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
process.stdout.write(
  `\n${'scenario'.padEnd(24)} ${'sim s'.padStart(6)} ${'events'.padStart(11)} ${'packets'.padStart(11)} ` +
    `${'native s'.padStart(9)} ${'ev/s'.padStart(10)} ${'pkt/s'.padStart(10)} ${'wasm s'.padStart(8)} ` +
    `${'wasm pkt/s'.padStart(10)} ${'ratio'.padStart(6)} ${'peak MB'.padStart(8)} same\n`,
);
for (const r of results) {
  process.stdout.write(
    `${r.scenario.padEnd(24)} ${fmt(r.simulated_s).padStart(6)} ${fmt(r.native.events).padStart(11)} ` +
      `${fmt(r.native.delivered_packets).padStart(11)} ${fmt(r.native.wall_s).padStart(9)} ` +
      `${fmt(r.native.events_per_s).padStart(10)} ${fmt(r.native.packets_per_s).padStart(10)} ` +
      `${fmt(r.wasm.wall_s).padStart(8)} ${fmt(r.wasm.packets_per_s).padStart(10)} ` +
      `${fmt(r.wasm_native_ratio).padStart(6)} ${fmt((r.native.peak_rss_bytes ?? 0) / 1e6).padStart(8)} ` +
      `${r.same_trace ? 'yes' : 'NO'}\n`,
  );
}
process.stdout.write(`\nbundle: ${JSON.stringify(sizes)}\nbrowser: ${JSON.stringify(browser)}\n`);
process.stdout.write('\ntargets (issue 9):\n');
for (const [name, v, ok] of targets) {
  process.stdout.write(`  ${v != null && ok(v) ? 'met ' : 'MISS'}  ${name.padEnd(40)} ${fmt(v)}\n`);
}
const out = {
  quick,
  results,
  sizes,
  browser,
  targets: targets.map(([name, v, ok]) => ({ name, value: v, met: v != null && ok(v) })),
};
writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write('\nwrote bench/results.json\n');
