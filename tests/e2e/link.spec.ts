// Links in Chromium: a link opens the same run bit for bit (the trace hash the
// CLI records), "Copy link" copies a link that reproduces an edited scenario, falls back to a
// field when the clipboard is refused, old `#s=` links still open, and the view travels along.
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, goldenHash, loadGolden } from '../golden/golden';
import { fieldId, openLab, runToDone, openEditor } from './helpers';
import { linkToScenario, linkV0, readLinkV1 } from './links';

// The CLI as npm test builds it (cargo test's profile, in target/debug).
const CLI = join(ROOT, 'wasm', 'target', 'debug', 'tcplab');
const RATE = fieldId('topology.links[1].rate_bps');

/** The hash the native CLI prints for `file` (when it is built), else the recorded golden hash. */
function cliHash(name: string): string {
  const file = loadGolden()[name]!.scenario;
  if (!existsSync(CLI)) return goldenHash(name);
  const r = spawnSync(CLI, ['run', file], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  expect(r.status).toBe(0);
  // The CLI prints the run summary itself (with its trace_hash) as JSON.
  return (JSON.parse(r.stdout) as { trace_hash: string }).trace_hash;
}

for (const name of ['cubic-red', 'two-flows']) {
  test(`a link to ${name} gives the trace hash the CLI prints for it`, async ({ page }) => {
    const file = loadGolden()[name]!.scenario;
    const scenario = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { name: string };
    const expected = cliHash(name);
    expect(expected).toBe(goldenHash(name));
    const problems = await openLab(page, `?lang=en${linkToScenario(scenario)}`);
    await expect(page.getByTestId('link-error')).toHaveCount(0);
    await expect(page.getByTestId('preset')).toHaveValue('custom');
    await runToDone(page);
    await expect(page.getByTestId('trace-hash')).toHaveText(expected);
    expect(problems).toEqual([]);
  });
}

test('Copy link copies a link that reopens the edited scenario and reruns it bit for bit', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLab(page);
  await page.locator(`#${RATE}`).fill('12.5');
  await page.locator(`#${RATE}`).blur();
  await runToDone(page);
  const hash = await page.getByTestId('trace-hash').textContent();
  expect(hash).not.toBe(goldenHash('default'));
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link-status')).toHaveText(/Link copied/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    /\/lab\/sub\/\?lang=en&theme=light#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=[A-Za-z0-9_-]+$/,
  );
  // The address bar follows the page too.
  await expect
    .poll(() => page.evaluate(() => location.hash))
    .toMatch(/^#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=/);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('run')).toBeEnabled();
  await openEditor(other);
  await other.getByTestId('topo-link-bottleneck').click();
  await expect(other.locator(`#${RATE}`)).toHaveValue('12.5');
  await runToDone(other);
  await expect(other.getByTestId('trace-hash')).toHaveText(hash ?? '');
});

test('when the clipboard is refused, the link is shown selected in a field', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  await openLab(page);
  await page.getByTestId('copy-link').click();
  const field = page.getByTestId('copy-link-field');
  await expect(field).toBeVisible();
  await expect(field).toHaveValue(/#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=/);
  await expect(page.getByText('The clipboard is not available here')).toBeVisible();
  expect(
    await field.evaluate(
      (el: HTMLInputElement) => (el.selectionEnd ?? 0) - (el.selectionStart ?? 0),
    ),
  ).toBe((await field.inputValue()).length);
});

test('an old #s= link (v0) still opens its scenario', async ({ page }) => {
  const s = JSON.parse(readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'));
  s.topology.links[1].rate_bps = 7e6;
  await openLab(page, `?lang=en${linkV0(s)}`);
  await openEditor(page);
  await page.getByTestId('topo-link-bottleneck').click();
  await expect(page.locator(`#${RATE}`)).toHaveValue('7');
  await expect(page.getByTestId('link-error')).toHaveCount(0);
  // Rewritten in the current format.
  await expect
    .poll(() => page.evaluate(() => location.hash))
    .toMatch(/^#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=/);
});

test('the plots shown and the time window travel in the link', async ({ page }) => {
  const s = JSON.parse(readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'));
  await openLab(
    page,
    `?lang=en${linkToScenario(s, { view: { plots: ['cwnd', 'queue'], domain: [2, 6] } })}`,
  );
  await expect(page.getByTestId('cwnd-canvas')).toBeVisible();
  await expect(page.getByTestId('queue-canvas')).toBeVisible();
  await expect(page.getByTestId('goodput-canvas')).toHaveCount(0);
  await expect(page.getByTestId('show-plot-goodput')).not.toBeChecked();
  // Zoomed in to the link's window: "Whole run" is there to zoom out (and only then).
  const whole = page.getByTestId('panel-cwnd').getByRole('button', { name: 'Whole run' });
  await expect(whole).toBeEnabled();
  await page.getByTestId('show-plot-goodput').check();
  await expect(page.getByTestId('goodput-canvas')).toBeVisible();
  await expect
    .poll(async () => readLinkV1(await page.evaluate(() => location.hash)).view)
    .toEqual({ plots: ['cwnd', 'goodput', 'queue'], domain: [2, 6] });
  // The page's own link follows: whole run again, three plots.
  await whole.click();
  await expect(whole).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toBe('');
});
