#!/usr/bin/env node
// `npm run bench:animation`: how long the frames of the animated diagram (Packets tab) take while
// it plays the default scenario's run, in headless Chromium. Run `npm run build` first. Prints the
// time between frames (median, 95th percentile, longest), the long tasks the page ran meanwhile,
// and the verdict against the target, no frame's work 50 ms or more: no long task (the browser's
// Long Tasks API reports every task of 50 ms or more). The time between frames moves in steps of
// the display's frame (16.7 ms), so one of 50.1 ms is three frames, not one slow one.
// A benchmark, not a test.
/* global document, window, requestAnimationFrame */
import { launchHeadless, serveDist } from './lib/headless.mjs';

const port = 4183;
const PLAY_MS = 5_000;
const TARGET_MS = 50;
const server = await serveDist(port);
const browser = await launchHeadless('tcplab-bench-', { viewport: { width: 1366, height: 768 } });
try {
  const { page } = browser;
  await page.goto(`http://127.0.0.1:${port}/lab/sub/?lang=en&theme=light`);
  const run = page.locator('[data-testid="run"]');
  await run.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="run"]')?.disabled);
  await page.selectOption('[data-testid="speed"]', 'Infinity');
  await run.click();
  await page.locator('[data-testid="status"][data-status="done"]').waitFor({ timeout: 120_000 });
  await page.click('[data-testid="tab-packets"]');
  await page.locator('[data-testid="diagram-animation"]').waitFor({ timeout: 120_000 });
  await page.fill('[data-testid="anim-time"]', '0.05');
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__frames = [];
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => {
      w.__frames.push(now - last);
      last = now;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const clock = await page.textContent('[data-testid="anim-clock"]');
  await page.click('[data-testid="anim-play"]');
  await page.waitForTimeout(PLAY_MS);
  const r = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__stop = true;
    return { frames: w.__frames.slice(1), long: w.__long };
  });
  await page.click('[data-testid="anim-play"]');
  const moved = (await page.textContent('[data-testid="anim-clock"]')) !== clock;
  const sorted = [...r.frames].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const worst = sorted[sorted.length - 1] ?? NaN;
  const over = r.frames.filter((f) => f >= TARGET_MS).length;
  process.stdout.write(
    `${r.frames.length} frames in ${PLAY_MS / 1000} s of Play (the diagram's clock ${moved ? 'moved' : 'did NOT move'}): ` +
      `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, longest ${worst.toFixed(1)} ms; ` +
      `${over} frame(s) of ${TARGET_MS} ms or more; ${r.long.length} long task(s)` +
      `${r.long.length ? `, longest ${Math.max(...r.long).toFixed(0)} ms` : ''}\n` +
      `target, no frame's work ${TARGET_MS} ms or more (no long task): ` +
      `${r.long.length === 0 && moved ? 'met' : 'MISSED'}\n`,
  );
} finally {
  await browser.close();
  server.kill();
}
