// Every file in tests/hostile/ (the CLI test gives each its expected outcome) opened in the page
// twice: as an old-style link that carries the file's bytes (#s=), each in a fresh tab, and
// imported one after another into one page, as a user would. Each refused one gets a clear
// message naming its problem; the page stays usable with the scenario it had; no script runs;
// the accepted ones open.
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

test.describe('as a link', () => {
  // Independent tabs: both workers may take them.
  test.describe.configure({ mode: 'parallel' });
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
  }
});

/** A preset the page holds before each hostile import, so that the import's outcome shows:
 * an accepted file makes the editor's scenario "custom", a refused one leaves the preset. */
const BEFORE = 'dumbbell';
/** A scenario every reader accepts: importing it clears the previous file's error message. */
const GOOD = readFileSync(join(ROOT, 'content', 'scenarios', 'default.json'));

async function importFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('import-json')
    .setInputFiles({ name, mimeType: 'application/json', buffer });
}

test('every file as an import, one after another in one page', async ({ page }) => {
  // About 0.5 s a file; a fresh page each would take about 2 s.
  test.setTimeout(20_000 * files.length);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const open = async () => {
    await openLab(page, '?lang=en');
    await openEditor(page); // the import button is in the full editor
    // Live mode off: each accepted import would start a run of its scenario that the next
    // import cancels; the imports are what this checks.
    await page.getByTestId('live').selectOption('off');
  };
  await open();
  const preset = page.getByTestId('preset');
  const error = page.getByTestId('import-error');
  /** Each file's own outcome: a failure names the file, and the next file starts afresh. */
  const failures: string[] = [];
  for (const file of files) {
    const want = expected[file]!;
    try {
      await test.step(file, async () => {
        // A clean start: no message left from the file before, a preset in the editor.
        await importFile(page, 'good.json', GOOD);
        await expect(error, 'a good file clears the last message').toHaveCount(0);
        await preset.selectOption(BEFORE);
        await expect(preset).toHaveValue(BEFORE);

        await importFile(page, file, readFileSync(join(DIR, file)));
        // A file the reader takes but validation refuses ("must be …") opens, with its errors
        // in the editor; one the reader refuses gets the reader's own words: path and reason,
        // and the page keeps the scenario it had.
        const reads = want.exit === 0 || !want.says || want.says.startsWith('must');
        if (reads) {
          await expect(preset, `${file} opens`).toHaveValue('custom');
          await expect(error, `${file} opens without a message`).toHaveCount(0);
        } else {
          await expect(error, `${file} is refused with a message`).toBeVisible();
          await expect(error).toContainText(want.says!);
          if (want.path) await expect(error).toContainText(want.path);
          await expect(preset, `${file} leaves the scenario`).toHaveValue(BEFORE);
        }
        await expect(preset).toBeVisible();
        await nothingRan(page);
        expect(dialogs, `${file} opens no dialog`).toBe(0);
      });
    } catch (e) {
      failures.push(`${file}: ${e instanceof Error ? e.message : String(e)}`);
      dialogs = 0;
      await open();
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
});
