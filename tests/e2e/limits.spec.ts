// The scenario at the documented limits (1,000 nodes, 1,000 flows) imports into the full editor,
// which shows its flows in a windowed table (tens of rows in the page, not 1,000), its diagram on
// a canvas and its nodes and links in windowed lists. Speed is measured by npm run bench:limits.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { limitsScenario } from '../../scripts/lib/limits-scenario.mjs';
import { fieldId, openEditor, openLab } from './helpers';

/** Import the scenario at the documented limits as a file. */
/** Imports the limits scenario and waits until the editor shows it (its flows table windowed:
 * the starting scenario's rows are in the page until then). */
async function importLimits(page: Page): Promise<void> {
  await page.getByTestId('import-json').setInputFiles({
    name: 'limits.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(limitsScenario())),
  });
  await expect(page.getByTestId('flows-scroll')).toHaveAttribute('data-windowed', 'true', {
    timeout: 60_000,
  });
}

test('a 1,000-node, 1,000-flow scenario imports and the editor windows its lists', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await openLab(page);
  await openEditor(page);
  await importLimits(page);
  await expect(page.getByTestId('flow-row-0')).toBeVisible();
  const rows = await page.locator('[data-testid^="flow-row-"]').count();
  expect(rows).toBeGreaterThan(5);
  expect(rows).toBeLessThan(60);
  await expect(page.getByTestId('topology-canvas')).toBeVisible();
  expect(await page.locator('[data-testid^="topo-node-row-"]').count()).toBeLessThan(40);

  // Scrolling the table brings later flows into the page; a row selects its link.
  await page.getByTestId('flows-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByTestId('flow-row-999')).toBeAttached();
  await page.getByTestId('topo-link-row-0').click();
  await expect(page.getByTestId('link-inspector')).toBeVisible();
  expect(problems).toEqual([]);
});

/** Scroll the windowed flows table to flow `i` (rows are a table row or a card: measured). */
async function scrollToFlow(scroll: Locator, i: number): Promise<void> {
  // The row height is read from the first two rows. Right after an import the large table's
  // rows can still be settling (it renders just after the editor's head), so a first scroll may
  // land short: measure and scroll again until the row is there.
  const row = scroll.getByTestId(`flow-row-${i}`);
  await expect(async () => {
    await scroll.evaluate((el, i) => {
      const rows = el.querySelectorAll('tr[data-testid^="flow-row-"]');
      const [a, b] = [rows[0], rows[1]].map((r) => r?.getBoundingClientRect().top ?? 0);
      el.scrollTop = i * ((b ?? 0) - (a ?? 0));
    }, i);
    await expect(row).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test('in the windowed flows table flow 900 can be edited by keyboard, and the edit is kept', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = await openLab(page);
  await openEditor(page);
  await importLimits(page);
  // Scroll flow 900 into the window.
  const scroll = page.getByTestId('flows-scroll');
  const row900 = page.getByTestId('flow-row-900');
  await scrollToFlow(scroll, 900);
  await expect(row900).toBeAttached();
  await row900.scrollIntoViewIfNeeded();
  const start = page.getByTestId(fieldId('flows[900].start_s'));
  await start.fill('0.25');
  // Tab goes on to the next field of the same row (the flow's size), as in a table of few rows.
  await start.press('Tab');
  await expect(page.getByTestId(fieldId('flows[900].source.bytes'))).toBeFocused();

  // Away from the row and back: the value is in the scenario, not only in the row's input.
  await scroll.evaluate((el) => (el.scrollTop = 0));
  await expect(row900).not.toBeAttached();
  await scrollToFlow(scroll, 900);
  await expect(start).toHaveValue('0.25');

  // And it was saved: after a reload the lab opens the edited scenario.
  await page.waitForTimeout(1000);
  await page.reload();
  await openEditor(page);
  await expect(page.getByTestId('flows-scroll')).toHaveAttribute('data-windowed', 'true', {
    timeout: 60_000,
  });
  await scrollToFlow(scroll, 900);
  await expect(start).toHaveValue('0.25');
  expect(problems).toEqual([]);
});

test('an edit of the large scenario is checked just after it shows: the error names its field', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await openLab(page);
  await openEditor(page);
  // Live mode would run each edit; Run then waits only for the check.
  await page.getByTestId('live').selectOption('off');
  // The check of a large scenario runs in a worker of its own.
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await importLimits(page);
  await expect(page.getByTestId('flow-row-0')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('run')).toBeEnabled({ timeout: 60_000 });
  // A start after the end of the run: only the wasm validator knows the run's length.
  const start = page.getByTestId(fieldId('flows[0].start_s'));
  await start.fill('5');
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('error-summary')).toContainText(
    'Flow f0: Must be before the end of the run',
  );
  await expect(page.getByTestId('run')).toBeDisabled();
  expect(workers.some((u) => u.includes('checkWorker'))).toBe(true);
  await start.fill('0');
  await expect(page.getByTestId('error-summary')).toHaveCount(0);
  await expect(page.getByTestId('run')).toBeEnabled();
  expect(problems).toEqual([]);
});

test('removing the first flow of the windowed table moves the other rows up, their edits with them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await openLab(page);
  await openEditor(page);
  await page.getByTestId('live').selectOption('off');
  await importLimits(page);
  await expect(page.getByTestId('flow-row-1')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId(fieldId('flows[1].start_s')).fill('0.3');
  await page.getByTestId(fieldId('flows[1].start_s')).blur();
  // Mark the row of f1 in the page: after the removal the same element shows it as the first row.
  await page.getByTestId('flow-row-1').evaluate((el) => el.setAttribute('data-marked', 'f1'));
  await page.getByTestId('flow-remove-0').click();
  const first = page.getByTestId('flow-row-0');
  await expect(first.locator('th')).toHaveText('f1');
  await expect(first).toHaveAttribute('data-marked', 'f1');
  await expect(page.getByTestId(fieldId('flows[0].start_s'))).toHaveValue('0.3');
  await expect(page.getByTestId('flow-row-1').locator('th')).toHaveText('f2');
  expect(problems).toEqual([]);
});

test('a large file is read in the worker: one the reader refuses is refused with its field path, and the editor keeps its scenario', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await openLab(page);
  await openEditor(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  // 250 KB, with a seed that is not a number: the reader's refusal (not validation's).
  const bad = { ...limitsScenario(), seed: 'x' };
  await page.getByTestId('import-json').setInputFiles({
    name: 'limits-bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  await expect(page.getByTestId('import-error')).toContainText('seed', { timeout: 60_000 });
  expect(workers.some((u) => u.includes('checkWorker'))).toBe(true);
  // The starting scenario stays (a few flows: its table is not windowed).
  await expect(page.getByTestId('flow-row-0')).toBeVisible();
  await expect(page.getByTestId('flows-scroll')).not.toHaveAttribute('data-windowed', 'true');
  // The good file then opens.
  await importLimits(page);
  expect(problems).toEqual([]);
});

test('the worker that reads a large file starts while the user chooses it', async ({ page }) => {
  const problems = await openLab(page);
  await openEditor(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Open scenario JSON').click();
  const files = await chooser;
  await expect.poll(() => workers.some((u) => u.includes('checkWorker'))).toBe(true);
  await files.setFiles({
    name: 'limits.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(limitsScenario())),
  });
  await expect(page.getByTestId('flows-scroll')).toHaveAttribute('data-windowed', 'true', {
    timeout: 60_000,
  });
  expect(problems).toEqual([]);
});
