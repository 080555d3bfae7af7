// The built site served locally and headless Chromium opened on it, for the scripts that look at
// the page (benchmarks, screenshots). Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { CHROMIUM, ROOT } from './paths.mjs';

/** Serve dist/ on `port` (scripts/serve-dist.mjs); resolves once it listens. Kill it when done. */
export async function serveDist(port) {
  const server = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'serve-dist.mjs'), '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => server.stdout.once('data', resolve));
  return server;
}

/**
 * Headless Chromium with a fresh profile in a temporary directory named `prefix…` (a marker other
 * processes can be told apart by); `options` go to Playwright (viewport, …). `close()` ends the
 * browser and removes the profile.
 */
export async function launchHeadless(prefix, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, profile, close };
}
