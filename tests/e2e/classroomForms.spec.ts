// The classroom's forms as people use them: student ids that do not depend on case or width, a
// blank id that cannot hand in, a new id that asks before clearing answers, a prediction a
// metric cannot take refused with a reason; and the teacher view's buttons working on the first
// click while a number field has focus (a real mouse press and release, at a laptop's and a
// phone's size).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

test('student ids: normalised, needed to hand in, and changed only when the student agrees', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto('./?lang=en&theme=light#lesson=04-fairness&student=S01');
  const upper = await page.getByTestId('variant').textContent();
  await page.goto('./?lang=en&theme=light#lesson=04-fairness&student=%EF%BD%93%EF%BC%90%EF%BC%91');
  expect(await page.getByTestId('variant').textContent()).toBe(upper);
  await expect(page.locator('#student-hint')).toContainText('read as “s01”');

  // A blank id is refused; without an id there is no code.
  await page.goto('./?lang=en&theme=light#lesson=04-fairness');
  await expect(page.getByTestId('student-needed')).toBeVisible();
  await expect(page.getByTestId('result-needs-id')).toBeVisible();
  await expect(page.getByTestId('result-code')).toHaveCount(0);
  await page.getByTestId('student-id').fill('   ');
  await page.getByTestId('student-apply').click();
  await expect(page.getByTestId('student-error')).toContainText('empty');

  // Jain's index cannot be 1.5: the prediction is refused and Run stays off.
  await page.getByTestId('student-id').fill('s01');
  await page.getByTestId('student-apply').click();
  await expect(page).toHaveURL(/student=s01/);
  await page.getByTestId('prediction-jain_guess').fill('1.5');
  await expect(page.getByTestId('prediction-refused-jain_guess')).toContainText(
    'must be between 0 and 1',
  );
  await expect(page.getByTestId('run-main')).toBeDisabled();
  await page.getByTestId('prediction-jain_guess').fill('0.8');
  await expect(page.getByTestId('run-main')).toBeEnabled();

  // A new id with answers typed asks first; keeping the id keeps the answers.
  await page.getByTestId('answer-ratio').fill('2');
  await page.getByTestId('student-id').fill('s02');
  await page.getByTestId('student-apply').click();
  await expect(page.getByTestId('student-confirm')).toContainText('clears your 2 answers');
  await page.getByTestId('student-confirm-no').click();
  await expect(page).toHaveURL(/student=s01/);
  await expect(page.getByTestId('answer-ratio')).toHaveValue('2');
  await page.getByTestId('student-id').fill('s02');
  await page.getByTestId('student-apply').click();
  await page.getByTestId('student-confirm-yes').click();
  await expect(page).toHaveURL(/student=s02/);
  await expect(page.getByTestId('answer-ratio')).toHaveValue('');
  expect(problems).toEqual([]);
});

for (const [width, height] of [
  [1366, 768],
  [390, 844],
]) {
  test(`teacher view buttons work on the first click with a number field focused (${width}×${height})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: width ?? 0, height: height ?? 0 });
    const problems = watch(page);
    await page.goto('./?lang=en&theme=light#teacher');
    await page.getByTestId('teacher-scenario').selectOption('default');
    await page.getByTestId('teacher-control-flows_flow1_cc').selectOption('variant');
    // Nothing widens the page (long scenario titles and metric names in selects).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    /** Focus a number field and type, then press and release the mouse once on `target`. */
    const clickOnceFrom = async (field: string, text: string, target: string) => {
      const button = page.getByTestId(target);
      await button.scrollIntoViewIfNeeded();
      await page.getByTestId(field).focus();
      await page.keyboard.press('End');
      await page.keyboard.type(text);
      const before = await button.boundingBox();
      const box = before ?? { x: 0, y: 0, width: 0, height: 0 };
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // Nothing moves under the pointer between press and release.
      expect(await button.boundingBox()).toEqual(before);
      await page.mouse.up();
    };
    const download = page.waitForEvent('download', { timeout: 5000 });
    await clickOnceFrom('teacher-abs-0', '0.02', 'teacher-download');
    expect((await download).suggestedFilename()).toBe('my-assignment.json');
    const again = page.waitForEvent('download', { timeout: 5000 });
    await clickOnceFrom('teacher-rel-0', '5', 'teacher-download');
    await again;
    await clickOnceFrom('teacher-abs-0', '1', 'teacher-grade');
    await expect(page.getByTestId('grade')).toBeVisible();
    await expect(page.getByTestId('grade-assignment-ok')).toBeVisible();
    expect(problems).toEqual([]);
  });
}
