// Accessibility: axe-core finds no serious or critical violations (light and dark, idle and
// after a run, English and Japanese), and the main path works from the keyboard alone.
import { expect, test } from '@playwright/test';
import { openLab, seriousViolations, openEditor } from './helpers';

test('no serious axe violations: idle, light theme', async ({ page }) => {
  await openLab(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious axe violations: after a run, dark theme, Japanese, compare and sweep', async ({
  page,
}) => {
  await openLab(page, '?lang=ja&theme=dark');
  await page.getByTestId('preset').selectOption('dumbbell');
  await openEditor(page);
  await page.getByTestId('compare-toggle').click();
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('status-B')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('tab-sweep').click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious axe violations: a broken link, a restore offer, the copy-link fallback', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
  });
  await openLab(page);
  await page.getByTestId('preset').selectOption('codel');
  await page.waitForTimeout(600); // autosaved
  await openLab(page, '?lang=en&theme=dark#v=1&z=!!!');
  await expect(page.getByTestId('link-error')).toBeVisible();
  await expect(page.getByTestId('autosave-offer')).toBeVisible();
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link-field')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('keyboard only: select a link, edit it, run', async ({ page }) => {
  await openLab(page);
  await openEditor(page);
  await page.getByTestId('topo-link-access').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-inspector')).toContainText('access');
  await page.keyboard.press('Tab');
  // The inspector's first field is the rate.
  await page.getByTestId('link-inspector').locator('input').first().focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('500');
  await page.getByTestId('run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).not.toHaveText('ready');
  await page.getByTestId('cwnd').locator('.plot__area').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('cwnd-readout')).toContainText('t =');
});
