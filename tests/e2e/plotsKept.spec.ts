// The plots across a change of view: after a run, switching the side column to the full editor
// and back, or the main tabs away and back, leaves every plot showing the same series in the same
// time window (the zoom is kept). A plot out of view (its tab hidden, or scrolled away) is brought
// up to date when it shows.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { canvasImage, openLab, runToDone } from './helpers';

/** The time axis' tick values of plot `testId` (seconds). */
async function timeTicks(page: Page, testId: string): Promise<number[]> {
  const texts = await page
    .getByTestId(testId)
    .locator('g.plot__axis')
    .first()
    .locator('.tick text')
    .allTextContents();
  return texts.map(Number);
}

const zoomIn = (page: Page) =>
  page.getByRole('button', { name: 'Congestion window: zoom in' }).click();

test('after a run, the side column and the tabs switched away and back keep each plot and its zoom', async ({
  page,
}) => {
  await openLab(page);
  await runToDone(page);
  await zoomIn(page);
  const cwndTicks = await timeTicks(page, 'cwnd');
  expect(Math.max(...cwndTicks)).toBeLessThan(20);
  const cwnd = await canvasImage(page, 'cwnd-canvas');
  const goodput = await canvasImage(page, 'goodput-canvas');
  await page.getByTestId('queue').scrollIntoViewIfNeeded();
  await expect.poll(() => timeTicks(page, 'queue')).toEqual(expect.arrayContaining(cwndTicks));
  const queue = await canvasImage(page, 'queue-canvas');

  // The full editor widens the side column: the plots are drawn narrower…
  await page.getByTestId('side-editor').click();
  await expect(page.getByTestId('flows-table')).toBeVisible();
  await expect.poll(() => canvasImage(page, 'cwnd-canvas')).not.toBe(cwnd);
  // …and back at the knobs as they were, in the same window.
  await page.getByTestId('side-knobs').click();
  await expect.poll(() => canvasImage(page, 'cwnd-canvas')).toBe(cwnd);
  expect(await canvasImage(page, 'goodput-canvas')).toBe(goodput);
  expect(await timeTicks(page, 'cwnd')).toEqual(cwndTicks);
  await expect(page.getByRole('button', { name: 'Whole run' }).first()).toBeVisible();

  for (const tab of ['packets', 'sweep']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId('queue')).toBeHidden();
    await page.getByTestId('tab-plots').click();
    await page.getByTestId('queue').scrollIntoViewIfNeeded();
    await expect.poll(() => canvasImage(page, 'queue-canvas')).toBe(queue);
    expect(await canvasImage(page, 'cwnd-canvas')).toBe(cwnd);
  }
});

test('a plot whose tab is hidden during a zoom shows the zoomed window when its tab comes back', async ({
  page,
}) => {
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('queue').scrollIntoViewIfNeeded();
  const whole = await timeTicks(page, 'queue');
  expect(Math.min(...whole)).toBe(0);
  expect(Math.max(...whole)).toBe(20);
  const before = await canvasImage(page, 'queue-canvas');

  await page.getByTestId('tab-packets').click();
  await expect(page.getByTestId('queue')).toBeHidden();
  // cwnd stays in view beside the tabs: zoom there (the time window is every plot's).
  await zoomIn(page);
  await page.getByTestId('tab-plots').click();
  await page.getByTestId('queue').scrollIntoViewIfNeeded();
  await expect.poll(async () => Math.max(...(await timeTicks(page, 'queue')))).toBeLessThan(20);
  expect(Math.min(...(await timeTicks(page, 'queue')))).toBeGreaterThan(0);
  expect(await canvasImage(page, 'queue-canvas')).not.toBe(before);
});
