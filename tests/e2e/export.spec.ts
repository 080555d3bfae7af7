// Exports: the trace as CSV that parses, the scenario JSON, a plot as SVG and PNG, and a pcap of
// one flow that a packet analyser reads (magic number, link type, IPv4/TCP headers in order) and
// that equals, byte for byte, the file `tcplab run --pcap` writes (`npm test` builds the CLI
// before the browser tests).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

test('a flow exports as a pcap of its packets at the sender', async ({ page }) => {
  await openLab(page);
  await runToDone(page);
  await page.getByTestId('pcap-flow').selectOption('flow1');
  await page.getByTestId('pcap-at').selectOption('sender');
  const { d, body } = await download(page, 'export-pcap');
  expect(d.suggestedFilename()).toMatch(/flow1-sender\.pcap$/);
  const dv = new DataView(body.buffer, body.byteOffset, body.byteLength);
  expect(dv.getUint32(0, true)).toBe(0xa1b23c4d); // pcap, nanosecond timestamps
  expect(dv.getUint32(20, true)).toBe(101); // LINKTYPE_RAW: IPv4 datagrams
  // Walk the records; count, and check everything once at the end (an expect per packet is
  // slow in Playwright).
  let off = 24;
  let packets = 0;
  let last = 0;
  let outOfOrder = 0;
  let notTcpV4 = 0;
  let withSack = 0;
  const seen = { toReceiver: 0, toSender: 0 };
  while (off + 16 <= body.length) {
    const ns = dv.getUint32(off, true) * 1e9 + dv.getUint32(off + 4, true);
    if (ns < last) outOfOrder++;
    last = ns;
    const incl = dv.getUint32(off + 8, true);
    const ip = off + 16;
    if (body[ip]! >> 4 !== 4 || body[ip + 9] !== 6) notTcpV4++;
    const tcp = ip + (body[ip]! & 0xf) * 4;
    const dstPort = dv.getUint16(tcp + 2);
    if (dstPort === 5001) seen.toReceiver++;
    else seen.toSender++;
    if (body[tcp + 12]! >> 4 > 5 && dstPort !== 5001) withSack++;
    off = ip + incl;
    packets++;
  }
  expect([outOfOrder, notTcpV4]).toEqual([0, 0]);
  expect(off).toBe(body.length);
  expect(packets).toBeGreaterThan(1000);
  expect(seen.toReceiver).toBeGreaterThan(500);
  expect(seen.toSender).toBeGreaterThan(500);
  // The default scenario overflows its queue, so some ACKs carry SACK blocks.
  expect(withSack).toBeGreaterThan(0);
  await expect(page.getByTestId('pcap-status')).toContainText('packets written');
  // The same file from the native CLI: one writer (world/pcap.rs) behind both.
  // npm test builds it in the test profile (wasm/target/debug); a release build will do too.
  const cli = ['debug', 'release']
    .map((p) => join('wasm', 'target', p, 'tcplab'))
    .find((p) => existsSync(p));
  expect(cli, 'npm test builds the CLI before the browser tests').toBeDefined();
  const out = join(mkdtempSync(join(tmpdir(), 'tcplab-pcap-')), 'flow1.pcap');
  execFileSync(cli!, ['run', 'content/scenarios/default.json', '--pcap', 'flow1@sender', out]);
  expect(readFileSync(out).equals(body)).toBe(true);
});
