// No lost work in Chromium: the editor autosaves and restores on reload; a link wins
// but the saved work is offered back; a scenario exported and imported is the same file; a long
// run stops mid-run and the page runs again; the work estimate warns and refuses; a panic in the
// wasm shows a readable error, keeps the scenario and copies a bug report.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, goldenHash } from '../golden/golden';
import { fieldId, openLab, runToDone, openEditor } from './helpers';
import { linkToScenario } from './links';

const RATE = fieldId('topology.links[1].rate_bps');

interface Editable {
  name: string;
  duration_s: number;
  topology: { links: { rate_bps: number }[] };
}

function defaultWith(edit: (s: Editable) => void): string {
  const s = JSON.parse(
    readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'),
  ) as Editable;
  edit(s);
  return JSON.stringify(s);
}

/** 10 Gb/s for 60 s: above the warning level (tens of millions of events), below the cap. */
const LONG = defaultWith((s) => {
  s.name = 'A long run';
  s.duration_s = 60;
  s.topology.links[0]!.rate_bps = 40e9;
  s.topology.links[1]!.rate_bps = 10e9;
});

async function setRate(page: Page, text: string) {
  await page.locator(`#${RATE}`).fill(text);
  await page.locator(`#${RATE}`).blur();
}

test('edits are autosaved and come back after a reload', async ({ page }) => {
  await openLab(page);
  await setRate(page, '12.5');
  await page.waitForTimeout(600); // the autosave debounce
  // A bare URL (no link): the saved work is put back, and the page says so.
  await openLab(page, '?lang=en');
  await expect(page.getByTestId('autosave-restored')).toContainText('was restored');
  await openEditor(page);
  await page.getByTestId('topo-link-bottleneck').click();
  await expect(page.locator(`#${RATE}`)).toHaveValue('12.5');
});

test('a link wins over autosaved work, which is offered back, not dropped', async ({ page }) => {
  await openLab(page);
  await setRate(page, '12.5');
  await page.waitForTimeout(600);
  const other = JSON.parse(defaultWith((s) => (s.name = 'From a link')));
  await openLab(page, `?lang=en${linkToScenario(other)}`);
  await expect(page.getByText('From a link')).toBeVisible();
  await expect(page.getByTestId('autosave-offer')).toContainText('unsaved scenario');
  // Still offered after another reload (the link's scenario is now the autosave).
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByTestId('autosave-offer')).toBeVisible();
  await page.getByTestId('autosave-restore').click();
  await expect(page.getByTestId('autosave-offer')).toHaveCount(0);
  await openEditor(page);
  await page.getByTestId('topo-link-bottleneck').click();
  await expect(page.locator(`#${RATE}`)).toHaveValue('12.5');
});

test('a scenario exported as JSON and opened again is the same file', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('preset').selectOption('parkingLot');
  // The file names the trace hash of a finished run of exactly this scenario: run it to the
  // end before each export, so both files say the same.
  const save = async () => {
    await runToDone(page);
    const [d] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-scenario').click(),
    ]);
    return readFileSync(await d.path(), 'utf8');
  };
  const first = await save();
  expect(JSON.parse(first).made_by.trace_hash).toMatch(/^[0-9a-f]{16}$/);
  await page.getByTestId('preset').selectOption('single');
  await openEditor(page);
  await page.getByTestId('import-json').setInputFiles({
    name: 'parking.json',
    mimeType: 'application/json',
    buffer: Buffer.from(first),
  });
  await expect(page.getByTestId('topo-link-hop1')).toBeVisible();
  expect(await save()).toBe(first);
});

test('a long run stops mid-run, the page stays responsive and runs again', async ({ page }) => {
  await openLab(page, `?lang=en${linkToScenario(JSON.parse(LONG))}`);
  await expect(page.getByTestId('estimate-warning')).toContainText('A long run');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('running');
  await expect.poll(async () => page.getByTestId('sim-time').textContent()).not.toMatch(/^0\.0 s/);
  const clicked = Date.now();
  await page.getByTestId('stop').click();
  await expect(page.getByTestId('status')).toHaveText('stopped', { timeout: 2000 });
  expect(Date.now() - clicked).toBeLessThan(2000);
  await expect(page.getByTestId('stopped')).toBeVisible();
  const at = await page.getByTestId('sim-time').textContent();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('sim-time')).toHaveText(at ?? '');
  // The page answers at once, and runs again.
  await page.getByTestId('preset').selectOption('single');
  await runToDone(page);
  await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
});

test('a run above the cap is refused before it starts, naming duration_s', async ({ page }) => {
  const huge = defaultWith((s) => {
    s.duration_s = 3600;
    s.topology.links[0]!.rate_bps = 40e9;
    s.topology.links[1]!.rate_bps = 10e9;
  });
  await page.goto(`./?lang=en${linkToScenario(JSON.parse(huge))}`);
  await expect(page.getByTestId('link-error')).toContainText('duration_s');
  await page.getByTestId('link-open-anyway').click();
  await expect(page.getByTestId('estimate-refusal')).toContainText('Too big to run in the browser');
  await expect(page.getByTestId('estimate-refusal')).toContainText(/shorten duration_s/);
  await expect(page.getByTestId('run')).toBeDisabled();
});

test('a panic in the wasm shows a readable error, keeps the scenario, copies a bug report', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    (window as unknown as { __tcplabPanicForTest: string }).__tcplabPanicForTest =
      'the model broke on purpose';
  });
  await openLab(page);
  await setRate(page, '12.5');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('failed');
  await expect(page.getByTestId('run-error')).toContainText('The simulator crashed');
  await expect(page.getByTestId('panic-message')).toHaveText(
    /^tcplab \d+\.\d+\.\d+ panicked at .+: the model broke on purpose$/,
  );
  await expect(page.locator(`#${RATE}`)).toHaveValue('12.5');
  // Chromium refuses clipboard writes from a page without focus (the button then shows the
  // text to copy by hand); under load, or with another browser open beside it, the headless
  // page can lose it: give it focus and press again until the browser takes the write.
  await expect(async () => {
    await page.bringToFront();
    await page.getByTestId('copy-bug-report').click();
    await expect(page.getByTestId('copy-bug-report-status')).toContainText('Bug report copied', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toMatch(/^tcplab bug report\nsimulator: \d+\.\d+\.\d+\n/);
  expect(report).toContain('error: tcplab');
  expect(report).toContain('the model broke on purpose');
  const scenario = JSON.parse(report.slice(report.indexOf('scenario:\n') + 10));
  expect(scenario.topology.links[1].rate_bps).toBe(12.5e6);
  // The next run gets a fresh worker and works.
  await page.evaluate(() => {
    delete (window as unknown as { __tcplabPanicForTest?: string }).__tcplabPanicForTest;
  });
  await runToDone(page);
  await expect(page.getByTestId('status')).toHaveText('done');
});

test('an edit that fails validation is not saved over valid work; it goes to the history', async ({
  page,
}) => {
  await openLab(page);
  await setRate(page, '12.5');
  await page.waitForTimeout(600);
  await setRate(page, '0'); // a link of 0 b/s: validation refuses it
  await page.waitForTimeout(600);
  await openLab(page, '?lang=en');
  await openEditor(page);
  await page.getByTestId('topo-link-bottleneck').click();
  await expect(page.locator(`#${RATE}`)).toHaveValue('12.5');
  await expect(page.getByTestId('history')).toBeVisible();
});

test('a save that fails (storage full) says so and offers the scenario as a file', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k: string, v: string) {
      if (k.startsWith('tcplab.autosave')) throw new DOMException('full', 'QuotaExceededError');
      set.call(this, k, v);
    };
  });
  await openLab(page);
  await setRate(page, '12.5');
  await expect(page.getByTestId('save-failed')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('save-failed-export').click();
  expect((await download).suggestedFilename()).toBe('scenario.json');
});

test('two tabs do not clobber each other: the other tab’s work goes to the history', async ({
  context,
}) => {
  const one = await context.newPage();
  await openLab(one);
  await setRate(one, '12.5');
  await one.waitForTimeout(600);
  const two = await context.newPage();
  await openLab(two, '?lang=en');
  await setRate(two, '13');
  await two.waitForTimeout(600);
  await expect(one.getByTestId('other-tab')).toBeVisible();
  await setRate(one, '14');
  await one.waitForTimeout(600);
  await expect(one.getByTestId('history')).toBeVisible();
});
