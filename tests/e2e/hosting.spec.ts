// Static hosting: the built site, served from a sub-path (/lab/sub/, see
// playwright.config.ts), loads and runs with every request to its own origin and path, and
// without the grader's wasm module (the lessons load it); after the first visit its service
// worker lets it reload and run with the network off.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { goldenHash } from '../golden/golden';
import { openLab, runToDone } from './helpers';

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

test('every request goes to the site itself, under its sub-path', async ({ page, baseURL }) => {
  const urls = recordRequests(page);
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('tab-plots').click();
  const base = new URL(baseURL ?? '');
  expect(urls.length).toBeGreaterThan(3);
  expect(urls.some((u) => u.endsWith('.wasm'))).toBe(true);
  const foreign = urls.filter((u) => {
    if (u.startsWith('data:') || u.startsWith('blob:')) return false;
    const url = new URL(u);
    return url.origin !== base.origin || !url.pathname.startsWith(base.pathname);
  });
  expect(foreign).toEqual([]);
});

test('the lab runs with the simulator module alone; the lessons load the grader module', async ({
  page,
}) => {
  const urls = recordRequests(page);
  const wasm = (name: string) => urls.filter((u) => new URL(u).pathname.includes(`/${name}-`));
  await openLab(page);
  await runToDone(page);
  expect(wasm('tcplab_wasm_bg')).not.toEqual([]);
  expect(wasm('tcplab_grade_wasm_bg')).toEqual([]);
  await page.goto('./?lang=en&theme=light#lessons');
  await page.getByTestId('lesson-link-01-sawtooth').click();
  await expect(page.getByTestId('variant')).toBeVisible();
  expect(wasm('tcplab_grade_wasm_bg')).not.toEqual([]);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after the first visit the lab reloads and runs with the network off', async ({
    page,
    context,
  }) => {
    await openLab(page);
    // The worker has installed (precached every built file) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
      }
    });
    await context.setOffline(true);
    const problems = await openLab(page, '?lang=en&theme=light&offline=1');
    await runToDone(page);
    await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
    expect(problems).toEqual([]);
    await context.setOffline(false);
  });
});

test('without the service worker the offline reload fails (so the test above can fail)', async ({
  page,
  context,
}) => {
  // serviceWorkers: 'block' (playwright.config.ts) stands for a browser without one.
  await openLab(page);
  await context.setOffline(true);
  await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
});
