// A lesson shows no number a question asks for until the question is answered: after a run, at a
// laptop's and a phone's size, the page's visible text holds none of the unanswered questions'
// answers (as the page would write them), every place of the run summary a question reads is
// masked in the results table, and the page does not scroll sideways; once a question is
// answered its number appears. (tests/unit/lessonsNoAnswers.test.ts checks every lesson's text
// for every variant.)
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { lessonAssignment, studentRuns } from './lessonRuns';

/** The ways the page writes a number: to 0–3 decimals, and to 3 or 4 significant digits. */
function writings(x: number): string[] {
  const out = new Set<string>();
  for (const d of [1, 2, 3]) out.add(x.toFixed(d));
  for (const p of [3, 4]) out.add(String(Number(x.toPrecision(p))));
  // Small whole numbers are everywhere on a page (axis ticks, dates): only longer ones count.
  return [...out].filter((w) => w.replace(/[^0-9]/g, '').length >= 3);
}

async function visibleText(page: Page): Promise<string> {
  return page.getByTestId('lesson').innerText();
}

for (const [width, height] of [
  [1366, 768],
  [390, 844],
]) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width: width ?? 0, height: height ?? 0 } });

    test('no answer is visible before it is given', async ({ page }) => {
      const id = '04-fairness';
      const a = lessonAssignment(id);
      const mine = studentRuns(a, 'dana');
      await page.goto(`./?lang=en&theme=light#lesson=${id}&student=dana`);
      await page.getByTestId('prediction-jain_guess').fill('0.8');
      await page.getByTestId('run-main').click();
      await expect(page.getByTestId('lesson-results')).toBeVisible({ timeout: 60_000 });
      // The page fits the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width ?? 0,
      );
      const scored = a.questions.filter((q) => !q.predict).map((q) => q.id);
      const text = await visibleText(page);
      for (const q of scored) {
        const x = mine.expected[q];
        if (x === undefined) throw new Error(`no answer for ${q}`);
        for (const w of writings(x)) expect(text, `${q}: ${w} is visible`).not.toContain(w);
      }
      // Every goodput, and Jain's index, are hidden in the table.
      await expect(page.locator('[data-place="flows[0].goodput_bps"]')).toHaveAttribute(
        'data-masked',
        'true',
      );
      await expect(page.locator('[data-place="flows[1].goodput_bps"]')).toHaveAttribute(
        'data-masked',
        'true',
      );
      await expect(page.getByTestId('lesson-jain')).toHaveAttribute('data-masked', 'true');
      // Nor do the goodput panel's table or the bars' labels show them.
      await expect(page.getByTestId('bounds-table')).toHaveCount(0);
      await expect(page.locator('.bars__value')).toHaveCount(0);

      // Answered, Jain's index appears.
      const jain = mine.expected.jain ?? NaN;
      await page.getByTestId('answer-jain').fill(jain.toFixed(3));
      await page.getByTestId('check-jain').click();
      await expect(page.getByTestId('feedback-jain')).toHaveAttribute('data-state', 'correct');
      await expect(page.getByTestId('lesson-jain')).toContainText(jain.toFixed(3));
      // The ratio's goodputs stay hidden until that one is answered too.
      await expect(page.locator('[data-place="flows[0].goodput_bps"]')).toHaveAttribute(
        'data-masked',
        'true',
      );
    });
  });
}
