// The lab in real Chromium: load, run to `done`, golden trace hash, a drawn plot, inline
// validation that disables Run, and a changed setting giving a different trace.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { goldenHash } from '../golden/golden';

const DEFAULT_HASH = goldenHash('default');

/** Number of canvas pixels that are not fully transparent. */
async function paintedPixels(page: Page): Promise<number> {
  return page.getByTestId('cwnd-canvas').evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
}

test.beforeEach(async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('tcplab');
  // Run becomes enabled once the wasm validator has checked the default settings.
  await expect(page.getByTestId('run')).toBeEnabled();
  expect(problems).toEqual([]);
});

test('the default scenario runs to done with the golden trace hash and draws the plot', async ({
  page,
}) => {
  await expect(page.getByTestId('status')).toHaveText('ready');
  expect(await paintedPixels(page)).toBe(0);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('done');
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
  expect(await paintedPixels(page)).toBeGreaterThan(500);
  await expect(page.getByTestId('goodput')).toHaveText(/Mb\/s$/);
  await expect(page.getByTestId('sim-time')).toHaveText('20.0 s of 20.0 s simulated');
});

test('pause stops the run and resume finishes it with the same hash', async ({ page }) => {
  await page.getByTestId('speed').selectOption('5');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('running');
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('status')).toHaveText('paused');
  const at = await page.getByTestId('sim-time').textContent();
  await page.waitForTimeout(400);
  await expect(page.getByTestId('sim-time')).toHaveText(at ?? '');
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('pause').click(); // now labelled Resume
  await expect(page.getByTestId('status')).toHaveText('done');
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
});

for (const bad of ['-5', '0', 'abc']) {
  test(`bottleneck rate ${bad} shows an inline error and disables Run`, async ({ page }) => {
    await page.getByTestId('control-rateMbps').fill(bad);
    await expect(page.getByTestId('error-rateMbps')).toBeVisible();
    await expect(page.getByTestId('control-rateMbps')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('run')).toBeDisabled();
    await page.getByTestId('control-rateMbps').fill('20');
    await expect(page.getByTestId('error-rateMbps')).toHaveCount(0);
    await expect(page.getByTestId('run')).toBeEnabled();
  });
}

test('an out-of-range value reported by the wasm validator is shown next to its control', async ({
  page,
}) => {
  await page.getByTestId('control-mtuBytes').fill('40');
  await expect(page.getByTestId('error-mtuBytes')).toContainText('between 68 and 65535');
  await expect(page.getByTestId('run')).toBeDisabled();
  // A second, locally invalid control does not hide the validator's message.
  await page.getByTestId('control-rateMbps').fill('-5');
  await expect(page.getByTestId('error-rateMbps')).toBeVisible();
  await expect(page.getByTestId('error-mtuBytes')).toContainText('between 68 and 65535');
  await page.getByTestId('control-mtuBytes').fill('1500');
  await page.getByTestId('control-rateMbps').fill('20');
  await expect(page.getByTestId('run')).toBeEnabled();
});

test('a different bottleneck rate gives a different trace hash', async ({ page }) => {
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('control-rateMbps').fill('10');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('done');
  const hash = page.getByTestId('trace-hash');
  await expect(hash).toHaveText(/^[0-9a-f]{16}$/);
  await expect(hash).not.toHaveText(DEFAULT_HASH);
  await expect(page.getByTestId('bottleneck-rate')).toHaveText('10 Mb/s');
});

test('reset clears the run', async ({ page }) => {
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('done');
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('status')).toHaveText('ready');
  await expect(page.getByTestId('trace-hash')).toHaveText('–');
  expect(await paintedPixels(page)).toBe(0);
});
