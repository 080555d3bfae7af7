// The lab in real Chromium: the default scenario's golden trace hash, pause and resume, step and
// seek, inline validation that blocks Run, and an edited parameter changing the plot.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, goldenHash } from '../golden/golden';
import { canvasImage, fieldId, openLab, paintedPixels, runToDone, openEditor } from './helpers';

const DEFAULT_HASH = goldenHash('default');
const RATE = fieldId('topology.links[1].rate_bps');
const MTU = fieldId('topology.links[1].mtu_bytes');

test('the default scenario runs to done with the golden trace hash and draws the plots', async ({
  page,
}) => {
  const problems = await openLab(page);
  await expect(page.getByTestId('status')).toHaveText('ready');
  expect(await paintedPixels(page, 'cwnd-canvas')).toBe(0);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('done', { timeout: 60_000 });
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
  expect(await paintedPixels(page, 'cwnd-canvas')).toBeGreaterThan(500);
  expect(await paintedPixels(page, 'goodput-canvas')).toBeGreaterThan(200);
  expect(await paintedPixels(page, 'queue-canvas')).toBeGreaterThan(200);
  await expect(page.getByTestId('sim-time')).toHaveText('20.0 s of 20.0 s simulated');
  await expect(page.getByTestId('story-card')).toContainText('flow1 (NewReno) averaged');
  await expect(page.getByTestId('bounds-table')).toContainText('19.5 Mb/s');
  expect(problems).toEqual([]);
});

test('pause stops the run and resume finishes it with the same hash', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('speed').selectOption('1');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('running');
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('status')).toHaveText('paused');
  // Rows the worker posted before it saw the pause may still arrive (one chunk at most):
  // wait until the clock has settled, then check that it stays where it stopped.
  const simTime = page.getByTestId('sim-time');
  let at = '';
  await expect
    .poll(async () => {
      const before = (await simTime.textContent()) ?? '';
      await page.waitForTimeout(300);
      at = (await simTime.textContent()) ?? '';
      return before === at;
    })
    .toBe(true);
  await page.waitForTimeout(400);
  await expect(simTime).toHaveText(at);
  expect(at).not.toContain('20.0 s of 20.0 s');
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('pause').click(); // now labelled Resume
  await expect(page.getByTestId('status')).toHaveText('done', { timeout: 60_000 });
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
});

test('step advances 100 ms at a time, and seeking back re-runs to the same trace', async ({
  page,
}) => {
  await openLab(page);
  await page.getByTestId('step').click();
  await expect(page.getByTestId('status')).toHaveText('paused');
  await expect(page.getByTestId('sim-time')).toHaveText('0.1 s of 20.0 s simulated');
  await page.getByTestId('step').click();
  await expect(page.getByTestId('sim-time')).toHaveText('0.2 s of 20.0 s simulated');
  // Seek forward with the keyboard, then back: the run restarts and pauses there.
  const seek = page.getByTestId('seek');
  await seek.focus();
  await seek.press('End');
  await expect(page.getByTestId('status')).toHaveText('done', { timeout: 60_000 });
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
  await seek.press('Home');
  await expect(page.getByTestId('status')).toHaveText('paused', { timeout: 60_000 });
  await expect(page.getByTestId('sim-time')).toHaveText('0.0 s of 20.0 s simulated');
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('status')).toHaveText('done', { timeout: 60_000 });
  await expect(page.getByTestId('trace-hash')).toHaveText(DEFAULT_HASH);
});

for (const [bad, kind] of [
  ['abc', 'local'],
  ['-5', 'validator'],
  ['0', 'validator'],
] as const) {
  test(`bottleneck rate ${bad} shows an inline ${kind} error and blocks Run`, async ({ page }) => {
    await openLab(page);
    await page.locator(`#${RATE}`).fill(bad);
    await expect(page.getByTestId(`error-${RATE}`)).toBeVisible();
    await expect(page.locator(`#${RATE}`)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('run')).toBeDisabled();
    await expect(page.getByTestId('error-summary')).toContainText('Link bottleneck');
    await page.locator(`#${RATE}`).fill('20');
    await expect(page.getByTestId(`error-${RATE}`)).toHaveCount(0);
    await expect(page.getByTestId('error-summary')).toHaveCount(0);
    await expect(page.getByTestId('run')).toBeEnabled();
  });
}

test('an out-of-range MTU reported by the wasm validator is shown next to its field', async ({
  page,
}) => {
  await openLab(page);
  await openEditor(page);
  await page.locator(`#${MTU}`).fill('40');
  await expect(page.getByTestId(`error-${MTU}`)).toContainText('between 68 and 65535');
  await expect(page.getByTestId('run')).toBeDisabled();
  // The error summary's "Show" focuses the field.
  await page.getByTestId('error-summary').getByRole('button').first().click();
  await expect(page.locator(`#${MTU}`)).toBeFocused();
  await page.locator(`#${MTU}`).fill('1500');
  await expect(page.getByTestId('run')).toBeEnabled();
});

test('editing a parameter and running again changes the plot and the hash', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  const before = await canvasImage(page, 'cwnd-canvas');
  await page.locator(`#${RATE}`).fill('10');
  await expect(page.getByTestId('run')).toBeEnabled();
  await runToDone(page);
  const hash = page.getByTestId('trace-hash');
  await expect(hash).toHaveText(/^[0-9a-f]{16}$/);
  await expect(hash).not.toHaveText(DEFAULT_HASH);
  expect(await canvasImage(page, 'cwnd-canvas')).not.toBe(before);
  await expect(page.getByTestId('bounds-table')).toContainText('9.73 Mb/s');
});

test('the graph editor adds and removes hosts, links and flows', async ({ page }) => {
  await openLab(page);
  await openEditor(page);
  await page.getByTestId('add-host').click();
  await expect(page.getByTestId('topo-node-h1')).toBeVisible();
  await expect(page.getByTestId('node-inspector')).toContainText('h1');
  await page.getByTestId('add-link').click();
  await page.getByTestId('new-link-a').selectOption('router');
  await page.getByTestId('new-link-b').selectOption('h1');
  await page.getByTestId('new-link-add').click();
  await expect(page.getByTestId('topo-link-l1')).toBeVisible();
  await page.getByTestId('add-flow').click();
  await expect(page.getByTestId('flow-row-1')).toBeVisible();
  await page.locator(`#${fieldId('flows[1].dst')}`).selectOption('h1');
  await expect(page.getByTestId('run')).toBeEnabled();
  // Removing the host takes its link and flow with it.
  await page.getByTestId('topo-node-h1').click();
  await page.getByTestId('remove-selected').click();
  await expect(page.getByTestId('topo-node-h1')).toHaveCount(0);
  await expect(page.getByTestId('topo-link-l1')).toHaveCount(0);
  await expect(page.getByTestId('flow-row-1')).toHaveCount(0);
  await expect(page.getByTestId('run')).toBeEnabled();
});

test('a flow with no path is explained at its destination and blocks Run', async ({ page }) => {
  await openLab(page);
  await openEditor(page);
  await page.getByTestId('add-host').click();
  await page.getByTestId('add-flow').click();
  await page.locator(`#${fieldId('flows[1].dst')}`).selectOption('h1');
  await expect(
    page.getByTestId(`error-${fieldId('flows[1].dst')}`).or(page.getByTestId('error-summary')),
  ).toContainText(/no path/i);
  await expect(page.getByTestId('run')).toBeDisabled();
});

test("a flow's random start is edited in its settings and checked against the run's end", async ({
  page,
}) => {
  await openLab(page);
  await openEditor(page);
  await page.getByRole('button', { name: 'Settings of flow1' }).click();
  const jitter = page.locator(`#${fieldId('flows[0].start_jitter_s')}`);
  // The default scenario runs 20 s: a start up to 30 s could fall after its end.
  await jitter.fill('30');
  await expect(page.getByTestId(`error-${fieldId('flows[0].start_jitter_s')}`)).toHaveText(
    'Must keep start_s + start_jitter_s before the end of the run (20 s), got 30 s.',
  );
  await expect(page.getByTestId('run')).toBeDisabled();
  await jitter.fill('1.5');
  await expect(page.getByTestId('run')).toBeEnabled();
});

test('a run that fails shows its error and keeps the scenario', async ({ page }) => {
  await openLab(page);
  await page.locator(`#${RATE}`).fill('12.5');
  // Break the simulation worker, as a bad deployment would.
  await page.route('**/worker*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("worker broken");' }),
  );
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('failed');
  await expect(page.getByTestId('run-error')).toBeVisible();
  await expect(page.locator(`#${RATE}`)).toHaveValue('12.5');
  await expect(page.getByTestId('run')).toBeEnabled();
});

test('reset clears the run', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('status')).toHaveText('ready');
  await expect(page.getByTestId('trace-hash')).toHaveText('–');
  expect(await paintedPixels(page, 'cwnd-canvas')).toBe(0);
});

test('a broken scenario in the URL or in an opened file leaves the page working', async ({
  page,
}) => {
  const junk = Buffer.from(JSON.stringify({ topology: { nodes: 5 }, flows: 'x' })).toString(
    'base64url',
  );
  await openLab(page, `?lang=en#s=${junk}`);
  await openEditor(page);
  await expect(page.getByTestId('topo-link-bottleneck')).toBeVisible();
  await page.getByTestId('import-json').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"topology": {"nodes": [], "links": []}, "flows": [{"id": 3}]}'),
  });
  await expect(
    page.getByText('That file cannot be opened as a scenario', { exact: false }),
  ).toBeVisible();
  await page.getByTestId('import-json').setInputFiles({
    name: 'notjson.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ nope'),
  });
  await expect(
    page.getByText('That file cannot be opened as a scenario', { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId('run')).toBeEnabled();
  // A valid file replaces the scenario; its problems are explained like typed ones.
  const s = JSON.parse(readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'));
  s.topology.links[1].rate_bps = -1;
  await page.getByTestId('import-json').setInputFiles({
    name: 'neg.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(s)),
  });
  await expect(page.getByTestId('error-summary')).toContainText('Link bottleneck');
  await expect(page.getByTestId('run')).toBeDisabled();
});

test('a mid-flow switch is marked on the cwnd plot, and each bar shows its max-min share', async ({
  page,
}) => {
  await openLab(page);
  await openEditor(page);
  await page.getByTestId('import-json').setInputFiles({
    name: 'paper004-transwitch.json',
    mimeType: 'application/json',
    buffer: readFileSync(join(ROOT, 'content/scenarios/paper004-transwitch.json')),
  });
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveText('done', { timeout: 120_000 });
  // The flow to the unknown peer starts on NewReno and switches to CUBIC at 10 s.
  const legend = page.getByTestId('cwnd').locator('.plot__legend');
  await expect(legend).toContainText('switch to CUBIC');
  await expect(legend.getByText(/switch to/)).toHaveCount(1);
  // Three TCP flows over different paths: each bar carries the model's max-min share.
  await expect(page.getByTestId('fair-share-tick')).toHaveCount(3);
});

test('a flow switched to UDP starts from the registry examples and runs: CBR, then on/off with its rate', async ({
  page,
}) => {
  const problems = await openLab(page);
  await openEditor(page);
  await page.getByTestId(fieldId('flows[0].cc')).selectOption('udp');
  const source = page.getByTestId(fieldId('flows[0].source.kind'));
  await expect(source).toHaveValue('cbr');
  await expect(page.getByTestId('run')).toBeEnabled();
  // On/off over UDP needs a rate while on: its UDP example gives one, so Run stays enabled.
  await source.selectOption('on_off');
  await expect(source).toHaveValue('on_off');
  await runToDone(page);
  await expect(page.getByTestId('story-card')).toBeVisible();
  expect(problems).toEqual([]);
});
