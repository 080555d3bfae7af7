// Sweeps: MTU over the gigabit LAN preset, spread over workers, plotted with paper 000's bound
// for offload on and off.
import { expect, test } from '@playwright/test';
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

test('a sweep with a bad range explains it and cannot start', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-points').fill('x');
  await expect(page.getByTestId('panel-sweep')).toContainText('This is not a number.');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
});
