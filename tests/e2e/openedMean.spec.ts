// A flow with a random start opens at a time the simulator draws (`start_s` plus a draw in
// [0, `start_jitter_s`)); the page's per-flow means count from then, as the summary's goodput
// does. Two such flows (seed 1 draws 1.47 s and 2.19 s from `start_s` 0.5 s): paused at 8 s,
// the bounds table and the fairness bars, figured live from the trace, read what the summary of
// the same run ended at 8 s says (10 and 9.96 Mb/s; counted from `start_s`, 8.71 and 7.72).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../golden/golden';
import { openLab, runToDone } from './helpers';
import { linkToScenario } from './links';

const FLOWS = ['flow1', 'flow2'];

/** The default scenario with two flows opening at random in [0.5, 3.5) s, run for `durationS`. */
function scenario(durationS: number): unknown {
  const s = JSON.parse(readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'));
  const flow = { ...s.flows[0], start_s: 0.5, start_jitter_s: 3 };
  return {
    ...s,
    name: 'Two flows with random starts',
    duration_s: durationS,
    flows: FLOWS.map((id) => ({ ...flow, id })),
  };
}

/** Each flow's mean goodput as the bounds table and the fairness bars show it. */
async function means(page: Page): Promise<{ table: string[]; bars: string | null }> {
  const table = await Promise.all(
    FLOWS.map(async (id) => (await page.getByTestId(`measured-${id}`).textContent()) ?? ''),
  );
  return { table, bars: await page.getByTestId('flow-bars').getAttribute('aria-label') };
}

test("a paused run's per-flow means count from each flow's drawn start, as the summary does", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The run that ends at 8 s: the figures are the summary's goodput.
  await openLab(page, `?lang=en&theme=light${linkToScenario(scenario(8))}`);
  await runToDone(page);
  await expect(page.getByTestId('sim-time')).toHaveText('8.0 s of 8.0 s simulated');
  const ended = await means(page);
  expect(
    ended.table.every((m) => /^\d+(\.\d+)? Mb\/s$/.test(m)),
    ended.table.join(),
  ).toBe(true);
  expect(ended.bars).toContain(`flow1 ${ended.table[0]}, flow2 ${ended.table[1]}`);

  // The same run 10 s long, paused at 8 s: the figures come from the trace. (A new document:
  // a link that differs only after the '#' would not load one.)
  await page.goto('about:blank');
  await openLab(page, `?lang=en&theme=light${linkToScenario(scenario(10))}`);
  await runToDone(page);
  await expect(page.getByTestId('sim-time')).toHaveText('10.0 s of 10.0 s simulated');
  const seek = page.getByTestId('seek');
  await seek.focus();
  await page.keyboard.down('Shift');
  await page.keyboard.down('ArrowLeft');
  await page.keyboard.down('ArrowLeft');
  await page.keyboard.up('ArrowLeft');
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'paused', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('sim-time')).toHaveText('8.0 s of 10.0 s simulated');
  await expect(page.getByTestId('flow-bars')).toHaveAttribute('aria-label', /flow2/);
  expect(await means(page)).toEqual(ended);
});
