// The scenario at the documented limits (1,000 nodes, 1,000 flows) imports into the full editor,
// which shows its flows in a windowed table (tens of rows in the page, not 1,000), its diagram on
// a canvas and its nodes and links in windowed lists. Speed is measured by npm run bench:limits.
import { expect, test } from '@playwright/test';
import { limitsScenario } from '../../scripts/lib/limits-scenario.mjs';
import { openEditor, openLab } from './helpers';

test('a 1,000-node, 1,000-flow scenario imports and the editor windows its lists', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await openLab(page);
  await openEditor(page);
  const scenario = limitsScenario();
  await page.getByTestId('import-json').setInputFiles({
    name: 'limits.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(page.getByTestId('flows-scroll')).toHaveAttribute('data-windowed', 'true', {
    timeout: 60_000,
  });
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
