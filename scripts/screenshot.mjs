#!/usr/bin/env node
// Take docs/screenshot.png: the built site in headless Chromium after a run of the default
// scenario. Run `npm run build` first.   node scripts/screenshot.mjs [out.png]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, ROOT } from './lib/paths.mjs';

const out = process.argv[2] ?? join(ROOT, 'docs', 'screenshot.png');
const port = 4181;
const server = spawn(
  process.execPath,
  [join(ROOT, 'scripts', 'serve-dist.mjs'), '--port', String(port)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise((resolve) => server.stdout.once('data', resolve));

const profile = mkdtempSync(join(tmpdir(), 'tcplab-shot-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1280, height: 860 },
  deviceScaleFactor: 1,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${port}/lab/sub/`);
  await page.getByTestId('run').click({ timeout: 20_000 });
  await page
    .getByTestId('status')
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  process.stdout.write(`wrote ${out}\n`);
} finally {
  await context.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
