// The Packets tab: the time-sequence graph draws the run's packets from the model's capture, a
// click on a mark opens that packet in the inspector (a drop at the bottleneck queue, then its
// retransmission and its ACK), the graph follows the shared time window, and it fits a phone.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { goldenHash } from '../golden/golden';
import { openLab, paintedPixels, runToDone } from './helpers';

async function openPackets(page: Page): Promise<void> {
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('tab-packets').click();
  await expect(page.getByTestId('tsg')).toHaveAttribute('data-state', 'ready');
}

test('the time-sequence graph draws, and a click on a drop opens that packet', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPackets(page);
  expect(await paintedPixels(page, 'tsg-canvas')).toBeGreaterThan(2000);
  const canvas = page.getByTestId('tsg-canvas');
  const at = (await canvas.getAttribute('data-first-drop'))?.split(',').map(Number);
  expect(at).toHaveLength(2);
  await canvas.click({ position: { x: at![0]!, y: at![1]! } });
  const inspector = page.getByTestId('packet-inspector');
  await expect(inspector).toContainText('dropped at bottleneck:a>b (queue full)');
  await page.getByTestId('inspector-to-retransmission').click();
  await expect(inspector).toContainText('RETRANSMIT');
  await expect(page.getByTestId('packet-fields')).toHaveAttribute('data-kind', '0');
  await page.getByTestId('inspector-to-ack').click();
  await expect(page.getByTestId('packet-fields')).toHaveAttribute('data-kind', '1');
  await expect(inspector.getByTestId('inspector-to-ack')).toBeDisabled();
  // Ctrl + wheel at the first drop zooms the shared window there: the drop moves on the canvas.
  const zoomAtDrop = (x: number, y: number) =>
    canvas.evaluate(
      (el, [px, py]) => {
        const r = el.getBoundingClientRect();
        for (let i = 0; i < 5; i++)
          el.dispatchEvent(
            new WheelEvent('wheel', {
              deltaY: -400,
              ctrlKey: true,
              clientX: r.left + (px as number),
              clientY: r.top + (py as number),
              bubbles: true,
              cancelable: true,
            }),
          );
      },
      [x, y],
    );
  const first = await canvas.getAttribute('data-first-drop');
  await zoomAtDrop(at![0]! + 0.5, at![1]!);
  await expect(canvas).toHaveAttribute('data-first-drop', /^[\d.]+,[\d.]+$/);
  await expect(canvas).not.toHaveAttribute('data-first-drop', first!);
});

test('on a phone the graph fits the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPackets(page);
  expect(await paintedPixels(page, 'tsg-canvas')).toBeGreaterThan(1000);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("stepping one event at a time, then running on, gives the run's trace hash", async ({
  page,
}) => {
  await openLab(page);
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('step').click(); // starts paused at 100 ms
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'paused');
  await page.getByTestId('tab-packets').click();
  const rows = page.getByTestId('event-row');
  for (let n = 1; n <= 3; n++) {
    await page.getByTestId('step-event').click();
    await expect(rows).toHaveCount(n);
  }
  await expect(page.getByTestId('event-list')).toContainText('0.1');
  await page.getByTestId('pause').click(); // Resume
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await page.getByTestId('tab-plots').click();
  await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
});
