// A/B compare: B starts as a copy of A, one change, both run with the same seed and overlay.
import { expect, test } from '@playwright/test';
import { goldenHash } from '../golden/golden';
import { fieldId, openLab, openEditor } from './helpers';

test('compare mode runs A and B and overlays them', async ({ page }) => {
  await openLab(page);
  await openEditor(page);
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('variant-B')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('compare-diff')).toContainText('B is the same as A');
  // One change in B: CoDel instead of DropTail at the bottleneck.
  await page.getByTestId('topo-link-bottleneck').click();
  await page.locator(`#${fieldId('topology.links[1].queue.kind', 'B')}`).selectOption('codel');
  await expect(page.getByTestId('compare-diff')).toContainText(
    'Link bottleneck: queue · kind: drop_tail → codel',
  );
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('status-B')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  // A is the untouched default scenario: its golden hash. B differs.
  await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
  await expect(page.getByTestId('trace-hash-B')).toHaveText(/^[0-9a-f]{16}$/);
  await expect(page.getByTestId('trace-hash-B')).not.toHaveText(goldenHash('default'));
  await expect(page.getByTestId('panel-cwnd')).toContainText('cwnd flow1 (B)');
  await expect(page.getByTestId('storyB')).toContainText('flow1 (NewReno) averaged');
  await expect(page.getByTestId('bounds-table')).toContainText('flow1 (B)');
  // Switching back to A edits A; stopping compare drops B.
  await page.getByTestId('variant-A').click();
  await expect(page.locator(`#${fieldId('topology.links[1].queue.kind')}`)).toHaveValue(
    'drop_tail',
  );
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('variant-B')).toHaveCount(0);
});
