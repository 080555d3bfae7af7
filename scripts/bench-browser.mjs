#!/usr/bin/env node
// `npm run bench:browser`: two of the browser speed targets, measured in headless Chromium on the
// built site (run `npm run build` first; `npm run bench` does and then calls this):
//   - first plot: milliseconds from clicking Run on the default scenario until the cwnd plot
//     shows its first pixels, at the default playback speed (fresh page each time);
//   - sweep: a 32-point MTU sweep of the default scenario: wall time in the page from the click on
//     Run to the "done" status (wall_s), and how many cores were kept busy: the CPU time (from
//     /proc; Linux only) of every browser process (busy_cores: the workers, the page's main
//     thread rendering each result, V8 compiling the wasm on the renderer's thread pool, the GPU
//     process...) and of the Web Worker threads alone (worker_busy_cores: the simulation and the
//     workers' start-up), over the window the CPU was read around (window_s: wall_s plus a round
//     trip to the browser). On a shared machine both are also capped by what the others use.
//   - wasm_chromium: scenario (a) of content/scenarios/bench run to its end in the wasm module in a
//     page (no worker, no plotting), a few times: the model's own speed in the browser.
// A benchmark, not a test: it reports and never fails. Prints JSON when run directly.
// Environment: TCPLAB_BENCH_PORT (default 4183) for the static server; the next port serves the
// wasm module for wasm_chromium.
// The page.evaluate callbacks run in the page, where these exist.
/* global document, MutationObserver, requestAnimationFrame */
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchHeadless, serveDist } from './lib/headless.mjs';
import { ROOT } from './lib/paths.mjs';
import { wasmRunsInChromium } from './lib/wasm-in-chromium.mjs';

// TCPLAB_BENCH_PORT lets two checkouts measure side by side.
const PORT = Number(process.env.TCPLAB_BENCH_PORT ?? 4183);
const FIRST_PLOT_RUNS = 5;
const SWEEP_POINTS = 32;

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** utime + stime, in ticks, of a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat line, and its
 * parent pid. Fields after "(comm) ": state, ppid, ...; utime and stime are fields 14 and 15. */
function parseStat(stat) {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: f[1], ticks: Number(f[11]) + Number(f[12]) };
}

/** The CPU ticks so far of the processes whose command line names `marker` and all their
 * descendants (Chromium's renderer, GPU and utility processes): per process (a process's count
 * includes its threads that have ended) and per live thread, with the thread's name. */
function cpuSnapshot(marker) {
  const procs = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const { ppid, ticks } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      procs.push({ pid, ppid, ticks, root: cmd.includes(marker) });
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = new Set(procs.filter((p) => p.root).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  const processes = new Map();
  const threads = new Map();
  for (const p of procs.filter((q) => inTree.has(q.pid))) {
    processes.set(p.pid, p.ticks);
    try {
      for (const tid of readdirSync(`/proc/${p.pid}/task`)) {
        const dir = `/proc/${p.pid}/task/${tid}`;
        const name = readFileSync(`${dir}/comm`, 'utf8').trim();
        threads.set(`${p.pid}/${tid}`, {
          name,
          ticks: parseStat(readFileSync(`${dir}/stat`, 'utf8')).ticks,
        });
      }
    } catch {
      // The process or thread ended while we looked.
    }
  }
  return { processes, threads };
}

/**
 * CPU seconds between two snapshots: `all`, every process of the browser (the page's main thread,
 * the compositor, the GPU process's software rendering, the workers...); `workers`, the Web
 * Worker threads (Chromium names them "DedicatedWorker thread"), including workers that ended
 * in between: the processes' counts minus the other threads still alive at the end (threads of
 * other kinds that ended in between are counted as workers; there are few).
 */
function cpuBetween(a, b) {
  let all = 0;
  for (const [pid, ticks] of b.processes) all += ticks - (a.processes.get(pid) ?? 0);
  let others = 0;
  for (const [key, t] of b.threads) {
    if (t.name.startsWith('DedicatedWorker')) continue;
    others += t.ticks - (a.threads.get(key)?.ticks ?? 0);
  }
  return { all: all / USER_HZ, workers: (all - others) / USER_HZ };
}

/** Milliseconds from Run to the first painted pixel of the cwnd plot, in the page's own clock. */
async function firstPlotMs(page, url) {
  await page.goto(url);
  await page.getByTestId('run').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="run"]')?.disabled);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const canvas = document.querySelector('[data-testid="cwnd-canvas"]');
        const painted = () => {
          const ctx = canvas?.getContext('2d');
          if (!ctx || canvas.width === 0) return false;
          const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
          return false;
        };
        const t0 = performance.now();
        document.querySelector('[data-testid="run"]').click();
        const poll = () =>
          painted() ? resolve(performance.now() - t0) : requestAnimationFrame(poll);
        requestAnimationFrame(poll);
      }),
  );
}

async function sweep(page, url, marker) {
  await page.goto(url);
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-param').selectOption('mtu');
  await page.getByTestId('sweep-from').fill('1000');
  await page.getByTestId('sweep-to').fill('9000');
  await page.getByTestId('sweep-points').fill(String(SWEEP_POINTS));
  // Click and wait inside the page (a MutationObserver, no polling from here); the CPU is read
  // just around that call, so the window is the sweep plus one round trip to the browser.
  const cpu0 = cpuSnapshot(marker);
  const t0 = performance.now();
  const pageMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const progress = () => document.querySelector('[data-testid="sweep-progress"]');
        const start = performance.now();
        const seen = new MutationObserver(() => {
          if (progress()?.getAttribute('data-status') !== 'done') return;
          seen.disconnect();
          resolve(performance.now() - start);
        });
        seen.observe(document.body, { subtree: true, childList: true, attributes: true });
        document.querySelector('[data-testid="sweep-run"]').click();
      }),
  );
  const windowS = (performance.now() - t0) / 1000;
  const cpu = cpuBetween(cpu0, cpuSnapshot(marker));
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  // The machine may be shared: the load average says how many cores others wanted meanwhile.
  return {
    points: SWEEP_POINTS,
    wall_s: pageMs / 1000,
    window_s: windowS,
    cpu_s: cpu.all,
    busy_cores: cpu.all / windowS,
    worker_cpu_s: cpu.workers,
    worker_busy_cores: cpu.workers / windowS,
    workers,
    load_average_1m: loadavg()[0],
  };
}

/** Run both measurements; `dist/` must hold a build. */
/** Scenario (a), full length, for wasm_chromium when run directly. */
const SCENARIO_A = join(ROOT, 'content', 'scenarios', 'bench', 'a-10-cubic-1g.json');

/** The browser measurements; `model` ({ scenarioText, runs }) sets what wasm_chromium runs. */
export async function browserBench(
  model = { scenarioText: readFileSync(SCENARIO_A, 'utf8'), runs: 3 },
) {
  const server = await serveDist(PORT);
  const browser = await launchHeadless('tcplab-bench-browser-', {
    viewport: { width: 1280, height: 900 },
  });
  const { context, page, profile } = browser;
  try {
    const url = `http://127.0.0.1:${PORT}/lab/sub/?lang=en&theme=light`;
    const firstPlot = [];
    for (let i = 0; i < FIRST_PLOT_RUNS; i++) firstPlot.push(await firstPlotMs(page, url));
    // The browser process names its own profile directory (unique: another checkout's benchmark
    // may run at the same time); the other processes are its descendants.
    const result = {
      first_plot_ms: firstPlot,
      sweep: await sweep(page, url, profile),
      wasm_chromium: await wasmRunsInChromium(context, model.scenarioText, model.runs, PORT + 1),
    };
    return result;
  } finally {
    await browser.close();
    server.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await browserBench();
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
