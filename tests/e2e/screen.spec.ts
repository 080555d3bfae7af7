// The lab on one screen, on a phone and on a tablet, presentation and embed modes: checked by
// geometry (what is in the viewport, what overflows, how big the targets are), one test per
// screen size, plus live re-runs, the keyboard and axe in each mode.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openLab, runToDone, seriousViolations } from './helpers';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box, or throws with the test id in the message. */
async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

function inViewport(b: Box, vw: number, vh: number): boolean {
  return b.x >= -1 && b.y >= -1 && b.x + b.width <= vw + 1 && b.y + b.height <= vh + 1;
}

/** Facts about the page as it stands: overflow, and the controls smaller than they should be. */
async function pageFacts(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && !el.closest('[hidden]');
    };
    const small = (min: number, selector: string) =>
      [...document.querySelectorAll(selector)]
        .filter(visible)
        .filter((el) => !el.closest('.visually-hidden, .skiplinks'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          // A target may be smaller if it is inline in text (WCAG 2.5.8's inline exception).
          return Math.min(r.width, r.height) < min - 0.5;
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.textContent ?? '').trim().slice(0, 20)}] ${Math.round(r.width)}×${Math.round(r.height)}`;
        });
    const wide = [...document.querySelectorAll('.lab *')]
      .filter(visible)
      .filter((el) => el.getBoundingClientRect().right > vw + 1)
      .filter((el) => !el.closest('.tablewrap, .lab__side, .lab__main, .plotcard__help'))
      .map((el) => el.className || el.tagName)
      .slice(0, 5);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: vw,
      scrollHeight: document.documentElement.scrollHeight,
      clientHeight: document.documentElement.clientHeight,
      small24: small(24, 'button, input, select, [role="tab"], summary'),
      primarySmall44: small(
        44,
        '.runbar__buttons .button, .knobs input[type="text"], .knobs select',
      ),
      wide,
    };
  });
}

const KNOBS = [
  '#run',
  '[data-testid="preset"]',
  '#field-A-topology_links_1__rate_bps',
  '#knob-rtt',
  '#field-A-topology_links_1__queue_limit_packets',
  '#field-A-topology_links_1__queue_kind',
  '#knob-mtu',
  '#field-A-topology_nodes_2__host_preset',
  '#knob-offload',
  '#field-A-flows_0__cc',
];

for (const [w, h] of [
  [1366, 768],
  [1280, 720],
] as const) {
  test(`at ${w}×${h} Run, the main knobs and both live plots share one screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    const problems = await openLab(page);
    for (const sel of [...KNOBS, '[data-testid="cwnd-canvas"]', '[data-testid="goodput-canvas"]']) {
      expect(inViewport(await box(page, sel), w, h), `${sel} in the viewport`).toBe(true);
    }
    await page.getByTestId('speed').selectOption('Infinity');
    await page.getByTestId('run').click();
    // The plots stream where they are: nothing scrolls, the page does not grow.
    await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
    const f = await pageFacts(page);
    expect(f.scrollWidth).toBeLessThanOrEqual(f.clientWidth);
    expect(f.scrollHeight).toBeLessThanOrEqual(f.clientHeight);
    expect(f.small24).toEqual([]);
    const cwnd = await box(page, '[data-testid="cwnd-canvas"]');
    expect(cwnd.height).toBeGreaterThan(h * 0.2);
    // Plain tick labels: no SI prefixes on seconds, nothing like "1n".
    const ticks = await page.locator('.plot__axis text').allTextContents();
    expect(ticks.some((x) => /\d[munµ]$/.test(x))).toBe(false);
    expect(problems).toEqual([]);
  });
}

for (const [w, h, name] of [
  [390, 844, 'phone'],
  [768, 1024, 'tablet'],
  [1024, 768, 'tablet (landscape)'],
] as const) {
  test(`on a ${name} (${w}×${h}) nothing scrolls sideways and every target is big enough`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    await openLab(page);
    await runToDone(page);
    let f = await pageFacts(page);
    expect(f.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(f.clientWidth);
    expect(f.wide).toEqual([]);
    expect(f.small24).toEqual([]);
    if (w < 900) expect(f.primarySmall44).toEqual([]);
    // Run stays reachable: still in view at the bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(inViewport(await box(page, '#run'), w, h), 'Run in view at the bottom').toBe(true);
    // Tap a plot: the value stays until the next tap.
    await page.evaluate(() => window.scrollTo(0, 0));
    const area = page.getByTestId('cwnd').locator('.plot__area');
    await area.scrollIntoViewIfNeeded();
    const ab = await box(page, '[data-testid="cwnd"] .plot__area');
    await area.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      clientX: ab.x + ab.width / 2,
      clientY: ab.y + ab.height / 2,
    });
    await area.dispatchEvent('pointerleave', { pointerType: 'touch' });
    await expect(page.getByTestId('cwnd-readout')).toContainText('t =');
    // The full editor: flows as cards, diagram labels at least 12 px, still nothing sideways.
    await page.getByTestId('side-editor').click();
    const labelPx = await page.locator('[data-testid="topology"] text').evaluateAll((els) =>
      els.map((el) => {
        const svg = el.closest('svg') as SVGSVGElement;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return parseFloat(getComputedStyle(el).fontSize) * scale;
      }),
    );
    expect(Math.min(...labelPx)).toBeGreaterThanOrEqual(11.9);
    const from = await box(page, '#field-A-flows_0__src');
    expect(from.width).toBeGreaterThan(60);
    f = await pageFacts(page);
    expect(f.scrollWidth).toBeLessThanOrEqual(f.clientWidth);
    expect(f.small24).toEqual([]);
  });
}

test('live mode re-runs after a knob change; with live off the old results are marked out of date', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openLab(page);
  await runToDone(page);
  const before = await page.getByTestId('trace-hash').textContent();
  await page.locator('#knob-rtt').fill('60');
  // Within the debounce a fresh run starts from 0, unpaced, and ends with another trace.
  await expect(page.getByTestId('trace-hash')).not.toHaveText(before ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('stale')).toHaveCount(0);
  expect(await page.locator('#knob-rtt').inputValue()).toBe('60');
  await expect(page.locator('#field-A-topology_links_1__rate_bps')).toHaveValue('20');
  // Live off: an edit greys the results and says so until Run.
  await page.getByTestId('live').selectOption('off');
  await page.locator('#field-A-topology_links_1__rate_bps').fill('10');
  await expect(page.getByTestId('stale')).toBeVisible();
  await expect(page.getByTestId('primary-plots')).toHaveClass(/is-stale/);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('stale')).toHaveCount(0);
});

test('the keyboard reaches Run through a skip link, and Ctrl+Enter runs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-run')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#run')).toBeFocused();
  // The focus ring is not the selection's look: an outline, not a fill.
  const outline = await page
    .locator('#run')
    .evaluate((el) => getComputedStyle(el).outlineStyle + getComputedStyle(el).outlineWidth);
  expect(outline).toMatch(/solid\s*3px/);
  // The slider steps by one sample interval (10 ms), Shift by one second.
  await page.getByTestId('speed').selectOption('Infinity');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
  const seek = page.getByTestId('seek');
  await seek.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'paused');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await seek.inputValue())).toBeCloseTo(0.01, 6);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => Number(await seek.inputValue())).toBeCloseTo(1.01, 6);
});

test('presentation mode: large ticks at 1920×1080, the presenter’s keys, no serious axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openLab(page, '?lang=en&theme=light&present&plots=cwnd,goodput&controls=rtt,cc');
  await expect(page.getByTestId('leave-present')).toBeVisible();
  await expect(page.locator('#knob-rtt')).toBeVisible();
  await expect(page.locator('#knob-mtu')).toHaveCount(0);
  await expect(page.getByTestId('panel-queue')).toHaveCount(0);
  const tickPx = await page
    .locator('.plot__axis text')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(tickPx).toBeGreaterThanOrEqual(18);
  // Bound labels readable from the back of the room.
  const labelPx = await page.getByTestId('cwnd-canvas').getAttribute('data-label-px');
  expect(Number(labelPx)).toBeGreaterThanOrEqual(16);
  const cwnd = await box(page, '[data-testid="cwnd-canvas"]');
  expect(cwnd.height).toBeGreaterThan(300);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(' ');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'idle');
  await page.keyboard.press('r');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'idle');
  expect(await seriousViolations(page)).toEqual([]);
  // The Present button and the way back.
  await page.getByTestId('leave-present').click();
  await expect(page.getByTestId('present')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`presentation mode at ${size.width}×${size.height}: every run button whole, bound labels inside the plot`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openLab(page, '?lang=en&theme=light&present');
    await runToDone(page);
    // At a projector's type size the six buttons wrap rather than run out of their card.
    const card = await box(page, '.runcard');
    for (const id of ['run', 'pause', 'step', 'step-event', 'stop', 'reset']) {
      const b = await box(page, `[data-testid="${id}"]`);
      expect(b.x, id).toBeGreaterThanOrEqual(card.x - 1);
      expect(b.x + b.width, id).toBeLessThanOrEqual(card.x + card.width + 1);
    }
    // The bounds near the top of a short plot leave room for their labels above them.
    const top = await page.getByTestId('goodput-canvas').getAttribute('data-labels-top');
    expect(Number(top)).toBeGreaterThanOrEqual(0);
  });
}

test('embed mode in another site’s frame: no header, the chosen plot and knob, the CSP holds', async ({
  page,
  baseURL,
}) => {
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) csp.push(m.text());
  });
  const src = `${baseURL}?lang=en&theme=light&embed&plots=goodput&controls=rtt`;
  // A page on another origin (localhost, not 127.0.0.1) frames the lab, as a course page would.
  const course = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Course</title><h1>Week 3</h1><iframe title="tcplab" src="${src}" width="900" height="640"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => course.listen(0, '127.0.0.1', resolve));
  const { port } = course.address() as AddressInfo;
  await page.goto(`http://localhost:${port}/week3`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('run')).toBeEnabled({ timeout: 20_000 });
  await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(frame.getByTestId('panel-throughput')).toBeVisible();
  await expect(frame.getByTestId('panel-cwnd')).toHaveCount(0);
  await expect(frame.locator('#knob-rtt')).toBeVisible();
  await expect(frame.locator('#knob-mtu')).toHaveCount(0);
  await frame.getByTestId('speed').selectOption('Infinity');
  await frame.getByTestId('run').click();
  await expect(frame.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await expect(frame.getByTestId('open-in-lab')).toHaveAttribute('target', '_blank');
  expect(csp).toEqual([]);
  // axe on the embedded page itself.
  const embedded = await page.context().newPage();
  await embedded.goto(src);
  await expect(embedded.getByTestId('run')).toBeEnabled();
  expect(await seriousViolations(embedded)).toEqual([]);
  await embedded.close();
  course.close();
});

test('a short shared link runs on open and keeps its selection', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openLab(page);
  await page.getByTestId('side-editor').click();
  await page.getByTestId('topo-node-receiver').click();
  await page.locator('#field-A-topology_links_1__rate_bps').count();
  await page.getByTestId('side-knobs').click();
  await page.locator('#knob-rtt').fill('30');
  await expect(page).toHaveURL(/#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=/);
  await page.waitForTimeout(600);
  const link = page.url();
  const second = await page.context().newPage();
  await second.goto(link);
  await expect(second.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await second.getByTestId('side-editor').click();
  await expect(second.getByTestId('node-inspector')).toContainText('receiver');
  expect(await seriousViolations(second)).toEqual([]);
  await second.close();
});

test('layout, live and presentation mode leave the share link and the trace hash alone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openLab(page);
  await page.locator('#knob-rtt').fill('70');
  await expect(page).toHaveURL(/#v=2&m=[\d.]+&c=[0-9a-f]+(?:&[a-z]+=[\w.-]+)*&z=/);
  // Live re-run of the edit, then the fragment as the page wrote it.
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await page.waitForTimeout(600);
  const hashOf = () => page.evaluate(() => globalThis.location.hash);
  const fragment = await hashOf();
  const trace = await page.getByTestId('trace-hash').textContent();
  expect(trace).toMatch(/^[0-9a-f]{8,}$/);
  // The layout: the full editor in the side column and back.
  await page.getByTestId('side-editor').click();
  await page.getByTestId('side-knobs').click();
  // Live off.
  await page.getByTestId('live').selectOption('off');
  // Presentation mode and back.
  await page.getByTestId('present').click();
  await expect(page.getByTestId('leave-present')).toBeVisible();
  await page.waitForTimeout(600);
  expect(await hashOf()).toBe(fragment);
  await page.getByTestId('leave-present').click();
  await expect(page.getByTestId('present')).toBeVisible();
  await page.waitForTimeout(600);
  expect(await hashOf()).toBe(fragment);
  // The copied link carries the same fragment, and a run in this state gives the same trace.
  await runToDone(page);
  await expect(page.getByTestId('trace-hash')).toHaveText(trace ?? '');
  await page.waitForTimeout(600);
  expect(await hashOf()).toBe(fragment);
});

for (const [name, w, h] of [
  ['phone', 390, 844],
  ['tablet', 768, 1024],
  ['tablet turned', 1024, 768],
] as const) {
  test(`on a ${name} (${w}×${h}) the lessons, a lesson, the teacher and the papers pages fit`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    for (const [hash, ready] of [
      ['#lessons', '.lesson-index'],
      ['#lesson=01-sawtooth&student=s1', '.lesson-controls'],
      ['#teacher', '.teacher__controls'],
      ['#papers', '[data-testid^="paper-"]'],
    ] as const) {
      await page.goto(`./?lang=en&theme=light${hash}`);
      await expect(page.locator(ready).first()).toBeVisible();
      const facts = await page.evaluate(() => {
        const vw = document.documentElement.clientWidth;
        const shown = (el: Element) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && !el.closest('[hidden], .visually-hidden');
        };
        return {
          overflow: document.documentElement.scrollWidth - vw,
          wide: [...document.querySelectorAll('main *')]
            .filter(shown)
            .filter((el) => el.getBoundingClientRect().right > vw + 1)
            .filter((el) => !el.closest('.tablewrap, .katex-display'))
            .map((el) => el.className || el.tagName)
            .slice(0, 5),
          small: [...document.querySelectorAll('main button, main input, main select')]
            .filter(shown)
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return Math.min(r.width, r.height) < 23.5;
            })
            .map((el) => `${el.tagName} ${Math.round(el.getBoundingClientRect().height)}px`)
            .slice(0, 5),
        };
      });
      expect(facts, hash).toEqual({ overflow: 0, wide: [], small: [] });
    }
  });
}
