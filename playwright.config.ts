// Playwright: the built site (dist/, served under a sub-path) in Debian's Chromium.
// No browser download: executablePath points at the system binary (README, "Prerequisites").
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';

// TCPLAB_E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.TCPLAB_E2E_PORT ?? 4180);
const BASE = '/lab/sub/';

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files run two at a time (one per core of the machines this project is tested on);
  // the tests inside a file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}${BASE}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    // Playwright launches every browser with a fresh temporary --user-data-dir.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    // The built site registers a service worker; only the offline test lets it run, so that
    // page.route() sees every request in the others.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node scripts/serve-dist.mjs --port ${PORT} --base ${BASE}`,
    url: `http://127.0.0.1:${PORT}${BASE}`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
  },
});
