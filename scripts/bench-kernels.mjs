#!/usr/bin/env node
// Engine calibration for `npm run bench` (docs/performance.md, "Engine calibration"): the four
// small kernels of wasm/kernels, each shaped like one of the model's hot paths (event heap,
// packets moved through queues, window arithmetic, table updates), timed natively, in WASM under
// Node and in WASM in headless Chromium. The same Rust source and the same build settings as the
// model, so each kernel's WASM/native ratio is what the engine costs on that kind of code,
// whatever the model does. A benchmark, not a test: it reports and never fails. Prints JSON when
// run directly: `npm run bench:kernels [-- --steps N] [-- --runs N] [-- --no-browser]`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchHeadless } from './lib/headless.mjs';
import { CARGO_MANIFEST, CARGO_TARGET, ROOT } from './lib/paths.mjs';
import { must, output } from './lib/proc.mjs';

const KERNEL_BIN = join(CARGO_TARGET, 'release', 'tcplab-kernels');
const KERNEL_WASM = join(CARGO_TARGET, 'wasm32-unknown-unknown', 'release', 'kernels.wasm');
const KERNEL_WASM_OPT = join(CARGO_TARGET, 'kernels.opt.wasm');
/** Steps of each kernel per timed call, and of the warm-up call before them. */
export const STEPS = 20_000_000;
const WARMUP_STEPS = 200_000;

/** Build the native runner and the .wasm (wasm-opt -O3, as the site's module is built). */
function build() {
  const cargo = ['build', '--release', '--manifest-path', CARGO_MANIFEST, '-p', 'tcplab-kernels'];
  must('cargo', cargo);
  must('cargo', [...cargo, '--lib', '--target', 'wasm32-unknown-unknown']);
  const wasmOpt = join(ROOT, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
  must(process.execPath, [wasmOpt, '-O3', KERNEL_WASM, '-o', KERNEL_WASM_OPT]);
}

/**
 * Time every exported kernel of `bytes` (a .wasm with no imports): a warm-up call and a pause, so
 * that the timed calls run optimised code (a call already running is never switched to it), then
 * the best of `runs`. Runs in Node and, serialised by Playwright, in the page.
 */
async function timeWasmKernels({ bytes, names, steps, runs, warmup }) {
  const { instance } = await WebAssembly.instantiate(new Uint8Array(bytes), {});
  const out = [];
  for (const name of names) {
    const kernel = instance.exports[name];
    kernel(warmup);
    // The optimising compiler works in the background: give it time to finish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    let best = Infinity;
    let checksum = 0n;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      checksum = kernel(steps);
      best = Math.min(best, (performance.now() - t0) / 1000);
    }
    // i64 results arrive as signed BigInts; the native runner prints them unsigned.
    out.push({ kernel: name, wall_s: best, checksum: BigInt.asUintN(64, checksum).toString() });
  }
  return out;
}

/** The kernels timed in a blank page of headless Chromium, and the browser's user agent. */
async function inChromium(model) {
  const browser = await launchHeadless('tcplab-bench-kernels-');
  try {
    const userAgent = await browser.page.evaluate(() => navigator.userAgent);
    const chromium = await browser.page.evaluate(
      // Playwright sends the function's source to the page: it must not close over anything.
      `(${timeWasmKernels.toString()})(${JSON.stringify(model)})`,
    );
    return { chromium, userAgent };
  } finally {
    await browser.close();
  }
}

/** The calibration: per kernel, native, Node and Chromium times, ratios and checksums. */
export async function kernelBench({ steps = STEPS, runs = 3, browser: inBrowser = true } = {}) {
  build();
  const native = execFileSync(KERNEL_BIN, [String(steps), String(runs)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const names = native.map((k) => k.kernel);
  const bytes = [...readFileSync(KERNEL_WASM_OPT)];
  const model = { bytes, names, steps, runs, warmup: WARMUP_STEPS };
  const node = await timeWasmKernels(model);
  const { chromium, userAgent } = inBrowser ? await inChromium(model) : {};
  return {
    steps,
    runs,
    engines: {
      node: process.version,
      node_v8: process.versions.v8,
      chromium: /(?:Headless)?Chrome\/([\d.]+)/.exec(userAgent ?? '')?.[1] ?? null,
    },
    kernels: native.map((n, i) => ({
      kernel: n.kernel,
      native_s: n.wall_s,
      node_s: node[i].wall_s,
      chromium_s: chromium?.[i].wall_s ?? null,
      node_ratio: node[i].wall_s / n.wall_s,
      chromium_ratio: chromium ? chromium[i].wall_s / n.wall_s : null,
      same_checksum: [node, chromium ?? node].every((r) => r[i].checksum === n.checksum),
    })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  output.toStderr = true;
  const arg = (flag, fallback) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
  };
  const result = await kernelBench({
    steps: arg('--steps', STEPS),
    runs: arg('--runs', 3),
    browser: !process.argv.includes('--no-browser'),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
