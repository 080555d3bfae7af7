#!/usr/bin/env node
// `npm run bench:browser`: two of issue 9's browser targets, measured in headless Chromium on the
// built site (run `npm run build` first; `npm run bench` does and then calls this):
//   - first plot: milliseconds from clicking Run on the default scenario until the cwnd plot
//     shows its first pixels, at the default playback speed (fresh page each time);
//   - sweep: a 32-point MTU sweep of the default scenario: wall time, and how many cores the
//     browser's processes kept busy (their CPU time from /proc over the wall time; Linux only).
// A benchmark, not a test: it reports and never fails. Prints JSON when run directly.
// The page.evaluate callbacks run in the page, where these exist.
/* global document, requestAnimationFrame */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { CHROMIUM, ROOT } from './lib/paths.mjs';

const PORT = 4183;
const FIRST_PLOT_RUNS = 5;
const SWEEP_POINTS = 32;

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** CPU seconds (user + system) used so far by the processes whose command line names `marker`
 * and all their descendants (Chromium's renderer, GPU and utility processes). */
function cpuSeconds(marker) {
  const procs = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm) ": state, ppid, ...; utime and stime are fields 14 and 15 of stat.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      procs.push({
        pid,
        ppid: f[1],
        ticks: Number(f[11]) + Number(f[12]),
        root: cmd.includes(marker),
      });
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
  return procs.filter((p) => inTree.has(p.pid)).reduce((s, p) => s + p.ticks, 0) / USER_HZ;
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
  const cpu0 = cpuSeconds(marker);
  const t0 = performance.now();
  await page.getByTestId('sweep-run').click();
  await page
    .locator('[data-testid="sweep-progress"][data-status="done"]')
    .waitFor({ timeout: 600_000 });
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = cpuSeconds(marker) - cpu0;
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  // The machine may be shared: the load average says how many cores others wanted meanwhile.
  return {
    points: SWEEP_POINTS,
    wall_s: wallS,
    cpu_s: cpuS,
    busy_cores: cpuS / wallS,
    workers,
    load_average_1m: loadavg()[0],
  };
}

/** Run both measurements; `dist/` must hold a build. */
export async function browserBench() {
  const server = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'serve-dist.mjs'), '--port', String(PORT)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => server.stdout.once('data', resolve));
  const profile = mkdtempSync(join(tmpdir(), 'tcplab-bench-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const url = `http://127.0.0.1:${PORT}/lab/sub/?lang=en&theme=light`;
    const firstPlot = [];
    for (let i = 0; i < FIRST_PLOT_RUNS; i++) firstPlot.push(await firstPlotMs(page, url));
    // The browser process names its profile directory; the others are its descendants.
    const result = {
      first_plot_ms: firstPlot,
      sweep: await sweep(page, url, 'tcplab-bench-browser-'),
    };
    return result;
  } finally {
    await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await browserBench();
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
