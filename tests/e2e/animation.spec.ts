// The animated diagram and the packet event list of the Packets tab: the packets move when the
// shared cursor moves (and come back when it moves back), Play moves the cursor, the event list
// filters by kind and flow and its chosen event is ringed on the diagram, it lists the timers
// firing (a tail-loss probe, a timeout) and state changes, and nothing scrolls sideways at laptop,
// tablet and phone sizes.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openEditor, openLab, paintedPixels, runToDone } from './helpers';

async function openPackets(page: Page): Promise<void> {
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('tab-packets').click();
  await expect(page.getByTestId('diagram-animation')).toBeVisible({ timeout: 60_000 });
}

const anim = (page: Page) => page.getByTestId('diagram-animation');

test('the packets move with the shared cursor, backwards and forwards, Play moves it, and it fits every screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPackets(page);
  const time = page.getByTestId('anim-time');
  await time.fill('0.2');
  await expect(page.getByTestId('anim-clock')).toContainText('0.2');
  const at = async () =>
    [
      await anim(page).getAttribute('data-mark-count'),
      await anim(page).getAttribute('data-mark-sum'),
    ].join('/');
  const first = await at();
  expect(Number(first.split('/')[0])).toBeGreaterThan(10);
  expect(await paintedPixels(page, 'anim-canvas')).toBeGreaterThan(1000);
  await time.fill('0.2005');
  await expect.poll(at).not.toBe(first);
  await time.fill('0.2');
  await expect.poll(at).toBe(first);
  // Hovering the time-sequence graph moves the same cursor.
  await page.getByTestId('tsg-canvas').hover({ position: { x: 200, y: 50 } });
  await expect.poll(at).not.toBe(first);
  const clock = await page.getByTestId('anim-clock').textContent();
  await page.getByTestId('anim-play').click();
  await expect(page.getByTestId('anim-clock')).not.toHaveText(clock!);
  await page.getByTestId('anim-play').click();
  // It fits laptop, tablet and phone screens without sideways scrolling.
  await page.getByTestId('anim-time').fill('0.2262');
  for (const size of [
    { width: 1280, height: 720 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${size.width}×${size.height}`).toBeLessThanOrEqual(0);
    const box = await page.getByTestId('anim-canvas').boundingBox();
    expect(box!.x + box!.width, `${size.width}×${size.height}`).toBeLessThanOrEqual(size.width);
    expect(await paintedPixels(page, 'anim-canvas')).toBeGreaterThan(500);
  }
});

test('the event list filters by kind and flow, and its chosen event is ringed on the diagram', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPackets(page);
  await page.getByTestId('anim-time').fill('0.2262');
  const rows = page.getByTestId('log-event-row');
  await expect(rows.first()).toBeVisible();
  const kinds = await rows.evaluateAll((r) => [
    ...new Set(r.map((e) => e.getAttribute('data-kind'))),
  ]);
  expect(kinds).toEqual(expect.arrayContaining(['enqueue', 'transmit', 'arrive']));
  await page.getByTestId('log-kind').selectOption('drop');
  await expect(rows.first()).toHaveAttribute('data-kind', 'drop');
  expect(
    await rows.evaluateAll((r) => r.every((e) => e.getAttribute('data-kind') === 'drop')),
  ).toBe(true);
  await page.getByTestId('log-flow').selectOption('flow1');
  expect(
    await rows.evaluateAll((r) => r.every((e) => e.getAttribute('data-flow') === 'flow1')),
  ).toBe(true);
  await rows.first().click();
  await expect(page.locator('[data-testid="log-event-row"][aria-selected="true"]')).toHaveCount(1);
  await expect(anim(page)).toHaveAttribute('data-highlight', /^\d+:\d+$/);
  const time = (await page
    .locator('[data-testid="log-event-row"][aria-selected="true"] td')
    .first()
    .textContent())!;
  await expect(page.getByTestId('anim-clock')).toContainText(Number(time).toFixed(4));
});

test('the event list lists tail-loss probes and timeouts, and filtering to one kind shows only those', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openLab(page);
  await openEditor(page);
  // The default scenario with one data packet in ten lost at the bottleneck: the probe timer
  // fires twice and the retransmission timer once.
  const scenario = JSON.parse(readFileSync('content/scenarios/default.json', 'utf8'));
  scenario.topology.links.find((l: { id: string }) => l.id === 'bottleneck').loss = {
    kind: 'bernoulli',
    p: 0.1,
    data_only: true,
  };
  await page.getByTestId('import-json').setInputFiles({
    name: 'lossy.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await runToDone(page);
  await page.getByTestId('tab-packets').click();
  await expect(page.getByTestId('diagram-animation')).toBeVisible({ timeout: 60_000 });
  const rows = page.getByTestId('log-event-row');
  const kinds = () => rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-kind')));
  for (const kind of ['tlp', 'timeout', 'state']) {
    await page.getByTestId('log-kind').selectOption(kind);
    await expect(rows.first()).toHaveAttribute('data-kind', kind);
    expect((await kinds()).every((k) => k === kind)).toBe(true);
  }
  // Choosing a probe moves the shared cursor there, and the unfiltered list shows it among the
  // packets it sent.
  await page.getByTestId('log-kind').selectOption('tlp');
  await rows.first().click();
  const time = (await rows.first().locator('td').first().textContent())!;
  const clock = async () =>
    Number(/[\d.]+/.exec((await page.getByTestId('anim-clock').textContent()) ?? '')?.[0]);
  await expect.poll(clock).toBeCloseTo(Number(time), 3);
  await page.getByTestId('log-kind').selectOption('');
  await expect.poll(kinds).toEqual(expect.arrayContaining(['tlp', 'transmit']));
});
