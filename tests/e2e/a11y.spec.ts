// Accessibility: axe-core finds no serious or critical violations (light and dark, idle and
// after a run, English and Japanese), and the main path works from the keyboard alone.
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openLab } from './helpers';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run();
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

test('no serious axe violations: idle, light theme', async ({ page }) => {
  await openLab(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious axe violations: after a run, dark theme, Japanese, compare and sweep', async ({
  page,
}) => {
  await openLab(page, '?lang=ja&theme=dark');
  await page.getByTestId('preset').selectOption('dumbbell');
  await page.getByTestId('compare-toggle').click();
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('status-B')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('tab-sweep').click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('keyboard only: select a link, edit it, run', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('topo-link-access').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-inspector')).toContainText('access');
  await page.keyboard.press('Tab');
  // The inspector's first field is the rate.
  await page.getByTestId('link-inspector').locator('input').first().focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('500');
  await page.getByTestId('run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).not.toHaveText('ready');
  await page.getByTestId('cwnd').locator('.plot__area').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('cwnd-readout')).toContainText('t =');
});
