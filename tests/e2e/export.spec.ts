// Exports: the trace as CSV that parses, the scenario JSON, a plot as SVG and PNG; the pcap
// button waits for per-packet records from the model and says so.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { openLab, runToDone } from './helpers';

async function download(page: Page, testId: string): Promise<{ d: Download; body: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await d.path();
  return { d, body: readFileSync(path) };
}

test('the trace exports as CSV that parses, with one row per sample', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  const { d, body } = await download(page, 'export-csv');
  expect(d.suggestedFilename()).toMatch(/\.csv$/);
  const lines = body.toString('utf8').trimEnd().split('\n');
  const header = lines[0]?.split(',') ?? [];
  expect(header[0]).toBe('t');
  expect(header).toContain('flow.flow1.cwnd');
  expect(header).toContain('link.bottleneck:a>b.queue');
  expect(lines).toHaveLength(1 + 2001); // 20 s every 10 ms, both ends
  for (const line of [lines[1], lines[1000], lines[2001]]) {
    const cells = (line ?? '').split(',');
    expect(cells).toHaveLength(header.length);
    for (const c of cells) expect(c === '' || Number.isFinite(Number(c))).toBe(true);
  }
  expect(Number(lines[2001]?.split(',')[0])).toBe(20);
});

test('the trace exports as JSON and the scenario as JSON', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  const trace = JSON.parse((await download(page, 'export-json')).body.toString('utf8'));
  expect(trace.format).toBe('tcplab-trace');
  expect(trace.columns[0].key).toBe('t');
  expect(trace.values[0]).toHaveLength(2001);
  const scenario = JSON.parse((await download(page, 'export-scenario')).body.toString('utf8'));
  expect(scenario.topology.links[1].id).toBe('bottleneck');
});

test('a plot exports as SVG and PNG', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  const svg = (await download(page, 'cwnd-svg')).body.toString('utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('<path d="M');
  const png = (await download(page, 'cwnd-png')).body;
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});

test('the pcap export says why it is not available yet', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  await expect(page.getByTestId('export-pcap')).toBeDisabled();
  await expect(page.locator('#pcap-note')).toContainText('does not report single packets');
});
