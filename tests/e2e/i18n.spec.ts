// English and Japanese, switchable; the choice sticks across reloads; themes switch too.
import { expect, test } from '@playwright/test';
import { openLab, runToDone } from './helpers';

test('switching the language to Japanese and back', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('language').selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('run')).toHaveText('実行');
  await expect(page.getByTestId('status')).toHaveText('準備完了');
  await runToDone(page);
  await expect(page.getByTestId('status')).toHaveText('完了');
  await expect(page.getByTestId('story-card')).toContainText('flow1');
  // The choice is remembered (a ?lang= in the URL would win over it).
  await page.goto('./');
  await expect(page.getByTestId('run')).toHaveText('実行');
  await page.getByTestId('language').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('run')).toHaveText('Run');
});

test('the dark theme switches the page and the plots', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(15, 22, 32)');
  await page.getByTestId('theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
