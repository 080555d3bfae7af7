// Grading in the page: from the teacher view to #grade, a lesson chosen, a class's CSV pasted
// (result codes made in Node by the same grader, a tampered one, a duplicate, a row without an
// id), the runs made by the workers with a progress bar, a table of verdicts and problems, and
// the grade files downloaded; and the same with the network off after a first visit.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { lessonAssignment, studentRuns } from './lessonRuns';

function classCsv(): { csv: string; max: number } {
  const a = lessonAssignment('01-sawtooth');
  const ann = studentRuns(a, 'ann');
  const ben = studentRuns(a, 'ben');
  const bad = `${ben.code.slice(0, 12)}${ben.code[12] === 'x' ? 'y' : 'x'}${ben.code.slice(13)}`;
  const rows = ['student;code', `Ann;${ann.code}`, `ben;${bad}`, `ann;${ann.code}`, ';TL1.cut'];
  return { csv: `${rows.join('\r\n')}\r\n`, max: a.questions.filter((q) => !q.predict).length };
}

async function gradeClass(page: Page, csv: string): Promise<void> {
  await expect(page.getByTestId('grade-assignment-ok')).toContainText('Slow start');
  await page.getByTestId('grade-csv-text').fill(csv);
  await page.getByTestId('grade-run').click();
  await expect(page.getByTestId('grade-done')).toBeVisible({ timeout: 120_000 });
}

test('a teacher grades a class in the page and downloads the grades', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const { csv, max } = classCsv();
  await page.goto('./?lang=en&theme=light#teacher');
  await page.getByTestId('teacher-grade-any').click();
  await expect(page.getByTestId('grade')).toBeVisible();
  // The way back names where it leads: the teacher view, not this page.
  await expect(page.getByTestId('grade-back')).toHaveText('← Make an assignment');
  await page.getByTestId('grade-lesson').selectOption('01-sawtooth');
  await expect(page.getByTestId('grade-assignment-ok')).toContainText('Slow start');
  await page.getByTestId('grade-csv-text').fill(csv);
  await page.getByTestId('grade-run').click();
  // Progress with the time left, then the table.
  await expect(page.getByTestId('grade-progress')).toContainText('runs');
  await expect(page.getByTestId('grade-done')).toBeVisible({ timeout: 120_000 });

  const ann = page.getByTestId('grade-row-2');
  await expect(ann).toHaveAttribute('data-student', 'Ann');
  await expect(ann.getByTestId('grade-score')).toHaveText(`${max} / ${max}`);
  await expect(ann.getByTestId('grade-trace')).toHaveAttribute('data-trace', 'true');
  await expect(ann).toContainText('appears on lines 2, 4');
  const ben = page.getByTestId('grade-row-3');
  await expect(ben).toContainText('check digits do not match');
  await expect(ben.getByTestId('grade-score')).toHaveText(`0 / ${max}`);
  await expect(page.getByTestId('grade-row-5')).toContainText('names no student');

  const download = page.waitForEvent('download');
  await page.getByTestId('grade-download-full').click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^student,seed,goodput_guess_got,/);
  expect(text).toContain('Ann,');
  const scores = page.waitForEvent('download');
  await page.getByTestId('grade-download-scores').click();
  expect((await scores).suggestedFilename()).toBe('01-sawtooth-scores.csv');
  expect(problems).toEqual([]);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after a first visit a class is graded with the network off', async ({ page, context }) => {
    const { csv } = classCsv();
    await page.goto('./?lang=en&theme=light');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
      }
    });
    await context.setOffline(true);
    await page.goto('./?lang=en&theme=light#grade&lesson=01-sawtooth');
    await page.reload();
    await gradeClass(page, csv);
    await expect(page.getByTestId('grade-row-2').getByTestId('grade-trace')).toHaveAttribute(
      'data-trace',
      'true',
    );
    await context.setOffline(false);
  });
});
