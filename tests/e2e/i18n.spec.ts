// English and Japanese, switchable; the choice sticks across reloads; themes switch too.
import { expect, test } from '@playwright/test';
import { fieldId, openEditor, openLab, runToDone } from './helpers';

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

test('a bad value in the editor shows the validator message in Japanese at ja', async ({
  page,
}) => {
  const MTU = fieldId('topology.links[1].mtu_bytes');
  await openLab(page);
  await page.getByTestId('language').selectOption('ja');
  await openEditor(page);
  await page.locator(`#${MTU}`).fill('40');
  // The simulator's out_of_range code with its numbers, in the Japanese template.
  await expect(page.getByTestId(`error-${MTU}`)).toContainText(
    '68 から 65535 バイト の間にしてください（入力: 40）。',
  );
  await expect(page.getByTestId('error-summary')).toContainText('68 から 65535 バイト');
  await expect(page.getByTestId('run')).toBeDisabled();
  // Back in English, the same error reads as the CLI prints it (as a sentence).
  await page.getByTestId('language').selectOption('en');
  await expect(page.getByTestId(`error-${MTU}`)).toContainText(
    'Must be between 68 and 65535 bytes, got 40.',
  );
});

test('the editor shows the help of a field in Japanese at ja', async ({ page }) => {
  await openLab(page);
  await openEditor(page);
  const help = page.getByTestId('link-inspector').getByTestId('field-help');
  await expect(help.first()).toHaveText(
    'First in, first out; arrivals that do not fit are dropped.',
  );
  await page.getByTestId('language').selectOption('ja');
  // The queue's help and its parameters' help, from the schema's descriptions, translated.
  await expect(help.first()).toHaveText('先入れ先出し。');
  await expect(help.filter({ hasText: 'これか limit_bytes を指定する' })).toHaveCount(1);
  await expect(page.getByTestId('link-inspector').getByTestId('fallback-mark')).toHaveCount(0);
  // Labels with units and options by name, from the label table, not the schema's names.
  const inspector = page.getByTestId('link-inspector');
  const limit = fieldId('topology.links[1].queue.limit_packets');
  await expect(inspector.locator(`label[for="${limit}"]`)).toHaveText('キュー長の上限(パケット)');
  const loss = page.locator(`#${fieldId('topology.links[1].loss.kind')}`);
  await expect(loss.locator('option[value="gilbert_elliott"]')).toHaveText(
    'バースト損失 (Gilbert–Elliott)',
  );
  // The chosen loss model's description, translated, under the select.
  await loss.selectOption('bernoulli');
  await expect(page.locator(`#${fieldId('topology.links[1].loss.kind')}-note`)).toHaveText(
    '各パケットが独立に確率 `p` で失われる。',
  );
  await expect(inspector.locator(`label[for="${fieldId('topology.links[1].loss.p')}"]`)).toHaveText(
    '損失確率',
  );
  await page.getByTestId('language').selectOption('en');
  await expect(inspector.locator(`label[for="${limit}"]`)).toHaveText('Queue limit, packets');
  await expect(loss.locator('option:checked')).toHaveText(
    'Random loss (each packet independently)',
  );
});

test('scenario titles are in Japanese in a lesson and in the Teacher view at ja', async ({
  page,
}) => {
  await page.goto('./?lang=ja&theme=light#lesson=04-fairness&student=s01');
  const heading = page.getByTestId('widget-main').getByRole('heading', { level: 3 });
  await expect(heading).toHaveText('短い往復と長い往復');
  await expect(page.getByTestId('widget-main').getByTestId('fallback-mark')).toHaveCount(0);
  await page.goto('./?lang=ja&theme=light#teacher');
  const list = page.getByTestId('teacher-scenario');
  await expect(list.locator('option[value="lesson-rtt-unfair"]')).toHaveText('短い往復と長い往復');
  await expect(list.locator('option[value="paper004-dummynet-tick-5ms"]')).toHaveText(
    '論文 004: タイマー刻み 5 ms の 10 ms dummynet',
  );
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
