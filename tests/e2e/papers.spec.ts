// The Papers view in real Chromium: the report's tables, and a row's button putting its
// experiment in the lab; in Japanese, the rows' own text and each paper's notes in Japanese.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';

test('the Papers view lists results and opens one in the lab', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('./?lang=en&theme=light');
  await page.getByTestId('nav-papers').click();
  await expect(page.getByTestId('papers')).toBeVisible();
  // The notes are folded under their summary until asked for.
  const notes = page.getByTestId('paper-notes-004');
  await expect(notes).toBeHidden();
  await page.getByTestId('paper-notes-toggle-004').click();
  await expect(notes).toBeVisible();
  await expect(notes).toContainText('The thesis measured its Dummynet delay emulator by ping');
  await expect(notes).not.toContainText(/[\u3040-\u30ff\u4e00-\u9fff]/);
  const row = page.getByTestId('paper-row-004-tick5-mean');
  await expect(row).toContainText('Table 6.4');
  await expect(row).toContainText('reproduced');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('paper-open-004-tick5-mean').click();
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByText('Paper 004: a 10 ms dummynet with a 5 ms timer tick')).toBeVisible();
  expect(problems).toEqual([]);
});

test('in Japanese every row of the Papers view is in Japanese, with the same numbers', async ({
  page,
}) => {
  const report = JSON.parse(readFileSync('content/papers/report.json', 'utf8')) as {
    papers: {
      paper: string;
      notes: string;
      ja: { title: string; cite: string; notes: string };
      results: { id: string; lab: string; ja: { claim: string; lab: string; why: string } }[];
    }[];
  };
  await page.goto('./?lang=ja&theme=light');
  await page.getByTestId('nav-papers').click();
  await expect(page.getByTestId('papers')).toBeVisible();
  const p = report.papers.find((x) => x.paper === '004');
  const r = p?.results.find((x) => x.id === 'tick5-mean');
  if (!p || !r) throw new Error('paper 004 has no row tick5-mean');
  await expect(page.getByText(`論文 004: ${p.ja.title}`)).toBeVisible();
  // Each paper's reference and notes in Japanese, none in English.
  for (const x of report.papers) {
    const notes = page.getByTestId(`paper-notes-${x.paper}`);
    await expect(notes).toHaveText(x.ja.notes);
    await expect(notes).not.toContainText(x.notes.slice(0, 40));
    await expect(page.getByText(x.ja.cite)).toBeVisible();
  }
  await expect(page.getByTestId('paper-notes-004')).toContainText(
    'Dummynet による遅延エミュレータを ping で測定した',
  );
  const row = page.getByTestId('paper-row-004-tick5-mean');
  await expect(row).toContainText(r.ja.claim);
  await expect(row).toContainText(r.ja.why);
  await expect(row).toContainText(r.ja.lab);
  await expect(row).toContainText('再現');
  await expect(row).not.toContainText('reproduced');
  await expect(row.getByRole('button')).toHaveText('開く');
  // No row anywhere falls back to the English claim.
  const claims = await page.locator('[data-testid^="paper-row-"] td:first-child').allInnerTexts();
  expect(claims.length).toBe(report.papers.reduce((n, x) => n + x.results.length, 0));
  for (const c of claims) expect(c).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  // On a phone the Japanese rows wrap inside the page: nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
