// The Papers view in real Chromium: the report's tables, and a row's button putting its
// experiment in the lab.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';

test('the Papers view lists results and opens one in the lab', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('./?lang=en&theme=light');
  await page.getByTestId('nav-papers').click();
  await expect(page.getByTestId('papers')).toBeVisible();
  const row = page.getByTestId('paper-row-004-tick5-mean');
  await expect(row).toContainText('Table 6.4');
  await expect(row).toContainText('reproduced');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('paper-open-004-tick5-mean').click();
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByText('Paper 004: a 10 ms dummynet with a 5 ms timer tick')).toBeVisible();
  expect(problems).toEqual([]);
});
