// The plots after a run of many flows (30: above the 12 drawn one line each): the per-flow plots
// draw the flows that delivered the most and the least with the mean of all, say so under the
// plot, and draw the flows typed into the picker instead; the Plots tab shows them again after
// another tab. At a laptop's and a phone's size. (Speed at 1,000 flows: npm run bench:limits.)
import { expect, test } from '@playwright/test';
import { limitsScenario } from '../../scripts/lib/limits-scenario.mjs';
import { openEditor, openLab, paintedPixels, runToDone } from './helpers';

const scenario = limitsScenario({ durationS: 0.3, sampleIntervalMs: 5, flowCount: 30, pairs: 10 });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a run of 30 flows plots a few of them, the mean, and a note saying so', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const problems = await openLab(page);
      await openEditor(page);
      await page.getByTestId('import-json').setInputFiles({
        name: 'many.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(scenario)),
      });
      await expect(page.getByText(String(scenario.name)).first()).toBeVisible({ timeout: 30_000 });
      await runToDone(page);

      const note = page.getByTestId('cwnd-flows');
      await expect(note).toBeVisible();
      await expect(note).toContainText('6 of 30 flows drawn');
      await expect(page.getByTestId('goodput-flows')).toContainText('with the mean of all 30');
      await expect(page.getByTestId('panel-cwnd').getByText('mean of all 30 flows')).toBeVisible();
      expect(await paintedPixels(page, 'cwnd-canvas')).toBeGreaterThan(500);

      // Another tab and back: the plots and their notes are there again.
      await page.getByTestId('tab-packets').click();
      await page.getByTestId('tab-plots').click();
      await expect(page.getByTestId('rtt-flows')).toContainText('6 of 30 flows drawn');
      expect(await paintedPixels(page, 'rtt-canvas')).toBeGreaterThan(500);
      await expect(page.getByTestId('story-others')).toContainText('The other 24 flows');

      // Picking flows: every plot draws those; an unknown id is named.
      const pick = page.getByTestId('cwnd-flows-pick');
      await pick.fill('f3, f17 nope');
      await pick.press('Enter');
      await expect(note).toContainText('2 of 30 flows drawn (your choice)');
      await expect(note.getByRole('alert')).toContainText('No such flow: nope');
      await expect(page.getByTestId('rtt-flows')).toContainText('2 of 30 flows drawn');
      await page.screenshot({ path: test.info().outputPath('many-flows.png'), fullPage: true });
      expect(problems).toEqual([]);
    });
  });
}
