// Shared steps of the browser tests: open the lab, run to the end, read a plot's pixels.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Open the lab in English and light theme, and wait until Run is enabled (validator loaded). */
export async function openLab(page: Page, query = '?lang=en&theme=light'): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`./${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('tcplab');
  await expect(page.getByTestId('run')).toBeEnabled();
  return problems;
}

/** Show the full scenario editor (the side column shows the main knobs until then). */
export async function openEditor(page: Page): Promise<void> {
  const tab = page.getByTestId('side-editor');
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

export async function runToDone(page: Page, fast = true): Promise<void> {
  if (fast) await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
}

/** Number of canvas pixels that are not fully transparent. */
export async function paintedPixels(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
}

/** A fingerprint of what a canvas shows (its pixels as a data URL). */
export async function canvasImage(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => (el as HTMLCanvasElement).toDataURL());
}

/** The DOM id the editor gives the field at `path` of scenario `variant`. */
export function fieldId(path: string, variant = 'A'): string {
  return `field-${variant}-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

// Evaluated through the debugging protocol: the page's CSP (no inline script) stays in force.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
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
