// Sweeps: MTU over the gigabit LAN preset, spread over workers, plotted with paper 000's bound
// for offload on and off.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page, Worker } from '@playwright/test';
import { openLab } from './helpers';

test('an MTU sweep runs every point and plots it with the host bounds', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('preset').selectOption('lanHost');
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-param').selectOption('mtu');
  await page.getByTestId('sweep-from').fill('1500');
  await page.getByTestId('sweep-to').fill('9000');
  await page.getByTestId('sweep-points').fill('3');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('sweep-progress')).toContainText('3 of 3 runs done');
  const rows = page.getByTestId('sweep-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('1,500');
  await expect(rows.nth(2)).toContainText('9,000');
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText(/\d+(\.\d+)? Mb\/s/);
  await expect(page.getByTestId('panel-sweep')).toContainText('host bound, offload on');
  await expect(page.getByTestId('panel-sweep')).toContainText('host bound, offload off');
  await expect(page.getByTestId('sweep-plot').locator('circle')).toHaveCount(3);
});

/** Fill in an MTU sweep of `points` points over 1,000–9,000 bytes (the sweep tab is open). */
async function mtuSweep(page: Page, points: number): Promise<void> {
  await page.getByTestId('sweep-param').selectOption('mtu');
  await page.getByTestId('sweep-from').fill('1000');
  await page.getByTestId('sweep-to').fill('9000');
  await page.getByTestId('sweep-points').fill(String(points));
}

test('a sweep keeps one worker per core for all its runs and ends them when the tab is left', async ({
  page,
}) => {
  await openLab(page);
  // Live mode off: only the sweep's workers start here.
  await page.getByTestId('live').selectOption('off');
  // With a host preset the sweep also probes 2 × 24 points for the offload curves.
  await page.getByTestId('preset').selectOption('lanHost');
  const started: Worker[] = [];
  const closed: Worker[] = [];
  page.on('worker', (w) => {
    started.push(w);
    w.on('close', () => closed.push(w));
  });
  // The tab starts its workers at once, so that they have loaded the wasm when Run is clicked.
  await page.getByTestId('tab-sweep').click();
  await expect.poll(() => started.length).toBeGreaterThanOrEqual(1);
  await mtuSweep(page, 8);
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('sweep-progress')).toContainText('8 of 8 runs done');
  await expect(page.getByTestId('panel-sweep')).toContainText('host bound, offload off');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  // 8 runs and 48 probes: a worker per job would start 56.
  expect(started.length).toBeGreaterThanOrEqual(1);
  expect(started.length).toBeLessThanOrEqual(Math.min(16, Math.max(1, cores)));
  // They stay loaded for the next sweep while the tab is open, and end when it is left.
  expect(closed).toHaveLength(0);
  await page.getByTestId('tab-plots').click();
  await expect.poll(() => closed.length, { timeout: 10_000 }).toBe(started.length);
});

test('a panic in one worker is reported for each point and the next sweep works', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { __tcplabPanicForTest: string }).__tcplabPanicForTest =
      'the model broke on purpose';
  });
  await openLab(page);
  await page.getByTestId('tab-sweep').click();
  await mtuSweep(page, 3);
  await page.getByTestId('sweep-run').click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(progress).toContainText('3 of 3 runs done');
  const failures = page.getByTestId('panel-sweep').getByRole('alert');
  await expect(failures).toHaveCount(3);
  await expect(failures.first()).toContainText('the model broke on purpose');
  await page.evaluate(() => {
    delete (window as unknown as { __tcplabPanicForTest?: string }).__tcplabPanicForTest;
  });
  await page.getByTestId('sweep-run').click();
  // The rows fill in as the points end (the status was already "done" before the click).
  const rows = page.getByTestId('sweep-table').locator('tbody tr');
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText(/\d+(\.\d+)? Mb\/s/);
  await expect(progress).toHaveAttribute('data-status', 'done');
  await expect(failures).toHaveCount(0);
});

test('a sweep with a bad range explains it and cannot start', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-points').fill('x');
  await expect(page.getByTestId('panel-sweep')).toContainText('This is not a number.');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
});

/** The trace hashes of a sweep table, in row order. */
async function tableHashes(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator('tbody tr td code').allTextContents();
}

test('a sweep saved as a sweep file runs with tcplab sweep to the same rows, and opens again in the page', async ({
  page,
}) => {
  await openLab(page);
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-param').selectOption('buffer');
  await page.getByTestId('sweep-from').fill('5');
  await page.getByTestId('sweep-to').fill('200');
  await page.getByTestId('sweep-points').fill('3');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  const pageHashes = await tableHashes(page, 'sweep-table');
  expect(pageHashes).toHaveLength(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sweep-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-sweep-buffer\.json$/);
  const file = await download.path();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    version: number;
    parameters: unknown[];
  };
  expect(saved.version).toBe(1);

  // The CLI runs the file to the page's points: same buffer values, same trace hashes.
  // npm test builds the CLI in the test profile (wasm/target/debug) before the browser tests.
  const cli = ['debug', 'release']
    .map((p) => join('wasm', 'target', p, 'tcplab'))
    .find((p) => existsSync(p));
  expect(cli, 'npm test builds the CLI before the browser tests').toBeDefined();
  const csv = execFileSync(cli!, ['sweep', file], { encoding: 'utf8' }).trim().split('\n');
  expect(csv[0]).toMatch(/^point,buffer_packets,seed,flows\[0\]\.goodput_bps,/);
  const rows = csv.slice(1).map((l) => l.split(','));
  expect(rows.map((r) => r[1])).toEqual(['5', '103', '200']);
  expect(rows.map((r) => r[r.length - 1])).toEqual(pageHashes);

  // The file opens in the page's sweep view and runs to the same rows again.
  await page.getByTestId('sweep-import').setInputFiles(file);
  await expect(page.getByTestId('sweep-file-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  expect(await tableHashes(page, 'sweep-file-table')).toEqual(pageHashes);
  // …and plots them: the first metric against the buffer, one point per buffer size.
  await expect(page.getByTestId('sweep-file-svg')).toBeVisible();
  await expect(page.getByTestId('sweep-file-line').locator('circle')).toHaveCount(3);

  // A file with a bad field says which.
  await page.getByTestId('sweep-import').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        ...saved,
        parameters: [{ name: 'x', path: 'topology.linkz[0].mtu_bytes', values: [1500] }],
      }),
    ),
  });
  await expect(page.getByTestId('sweep-import-error')).toContainText('parameters[0].path');
  // …in the reader's language, also when it is chosen after the error.
  await page.getByTestId('language').selectOption('ja');
  await expect(page.getByTestId('sweep-import-error')).toContainText(
    "parameters[0].path: 'topology.linkz[0].mtu_bytes' はシナリオのどのフィールドにも届きません",
  );
});
