#!/usr/bin/env node
// `npm run bench:plot`: how fast a plot redraws two series of a million points each while it is
// zoomed, panned and hovered every frame (the page's `?bench=plot` mode) in headless Chromium.
// Run `npm run build` first. Prints frames per second, mean and 95th-percentile frame time.
import { launchHeadless, serveDist } from './lib/headless.mjs';

const port = 4182;
const server = await serveDist(port);
const browser = await launchHeadless('tcplab-bench-', { viewport: { width: 1280, height: 800 } });
try {
  const { page } = browser;
  await page.goto(`http://127.0.0.1:${port}/lab/sub/?bench=plot`);
  const result = page.locator('[data-testid="bench-result"]:not([data-result=""])');
  await result.waitFor({ timeout: 120_000 });
  const r = JSON.parse((await result.getAttribute('data-result')) ?? '{}');
  process.stdout.write(
    `${r.points.toLocaleString('en-US')} points, ${r.frames} frames: ${r.fps.toFixed(1)} fps, ` +
      `mean ${r.meanMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms per frame ` +
      `(an idle page gets ${r.idleFps.toFixed(1)} fps here)\n`,
  );
} finally {
  await browser.close();
  server.kill();
}
