// Every file in tests/hostile/ (the CLI test gives each its expected outcome) opened in the page
// twice: as an old-style link that carries the file's bytes (#s=), and as an imported file. Each
// refused one gets a clear message naming its problem; the page stays usable with the scenario
// it had; no script runs; the accepted ones open.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../golden/golden';
import { openEditor, openLab } from './helpers';

const DIR = join(ROOT, 'tests', 'hostile');
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  { exit: number; path?: string; says?: string }
>;
const files = readdirSync(DIR).filter((f) => f !== 'expected.json');

async function nothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  );
  expect(await page.locator('#root script, #root iframe, #root img[src="x"]').count()).toBe(0);
}

for (const file of files) {
  const want = expected[file]!;
  const bytes = readFileSync(join(DIR, file));

  test(`${file} as a link`, async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await openLab(page, `?lang=en#s=${bytes.toString('base64url')}`);
    if (want.exit === 0) {
      await expect(page.getByTestId('link-error')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('link-error')).toBeVisible();
    }
    // Usable: the editor is there and the default scenario (or the link's) is shown.
    await expect(page.getByTestId('preset')).toBeVisible();
    await nothingRan(page);
    expect(dialogs).toBe(0);
  });

  test(`${file} as an import`, async ({ page }) => {
    await openLab(page, '?lang=en');
    await openEditor(page); // the import button is in the full editor
    await page.getByTestId('import-json').setInputFiles({
      name: file,
      mimeType: 'application/json',
      buffer: bytes,
    });
    // A file the reader takes but validation refuses ("must be …") opens, with its errors in
    // the editor; one the reader refuses gets the reader's own words: path and reason.
    const reads = want.exit === 0 || !want.says || want.says.startsWith('must');
    if (reads) {
      await expect(page.getByTestId('import-error')).toHaveCount(0);
    } else {
      const error = page.getByTestId('import-error');
      await expect(error).toBeVisible();
      await expect(error).toContainText(want.says!);
      if (want.path) await expect(error).toContainText(want.path);
    }
    await expect(page.getByTestId('preset')).toBeVisible();
    await nothingRan(page);
  });
}
