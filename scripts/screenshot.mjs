#!/usr/bin/env node
// Retake the screenshots in docs/ (README and docs/ui.md show them): the built site in headless
// Chromium. Run `npm run build` first.   node scripts/screenshot.mjs [only-this-name]
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchHeadless, serveDist } from './lib/headless.mjs';
import { ROOT } from './lib/paths.mjs';

const DOCS = join(ROOT, 'docs');
const only = process.argv[2];
const port = Number(process.env.SCREENSHOT_PORT ?? 4181);
const base = `http://127.0.0.1:${port}/lab/sub/`;

async function runToDone(page, both = false) {
  await page.getByTestId('speed').selectOption('Infinity');
  await page.getByTestId('run').click();
  const done = (id) =>
    page.locator(`[data-testid="${id}"][data-status="done"]`).waitFor({ timeout: 180_000 });
  await done('status');
  if (both) await done('status-B');
  await page.waitForTimeout(400);
}

/** Show the full editor in the side column (it shows the main knobs until then). */
async function openEditor(page) {
  await page.getByTestId('side-editor').click();
}

/**
 * Each shot: a name (file docs/<name>.png), the page query, the viewport when not 1440×900, and
 * what to do before the picture.
 */
const SHOTS = [
  {
    name: 'screenshots/one-screen',
    viewport: { width: 1280, height: 720 },
    async take(page) {
      await page.getByTestId('preset').selectOption('dumbbell');
      await runToDone(page);
      await page
        .getByTestId('panel-cwnd')
        .locator('.plot__area')
        .hover({ position: { x: 420, y: 60 } });
      await page.screenshot({ path: join(DOCS, 'screenshots/one-screen.png') });
    },
  },
  {
    name: 'screenshots/phone',
    viewport: { width: 390, height: 844 },
    scale: 2,
    async take(page) {
      await runToDone(page);
      await page.screenshot({ path: join(DOCS, 'screenshots/phone.png') });
    },
  },
  {
    name: 'screenshots/present',
    viewport: { width: 1920, height: 1080 },
    query: '?lang=en&theme=light&present&controls=rtt,buffer,cc',
    async take(page) {
      await page
        .getByTestId('preset')
        .selectOption('rttUnfair')
        .catch(() => undefined);
      await runToDone(page);
      await page.screenshot({ path: join(DOCS, 'screenshots/present.png') });
    },
  },
  {
    name: 'screenshots/packets',
    viewport: { width: 1366, height: 768 },
    async take(page) {
      await runToDone(page);
      await page.getByTestId('tab-packets').click();
      await page.locator('[data-testid="tsg"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('tsg-cwnd').check();
      const canvas = page.getByTestId('tsg-canvas');
      // Zoom into the first loss and its recovery (Ctrl + wheel at the first drop), inspect it.
      let at = (await canvas.getAttribute('data-first-drop')).split(',').map(Number);
      await canvas.evaluate(
        (el, [px, py]) => {
          const r = el.getBoundingClientRect();
          for (let i = 0; i < 6; i++)
            el.dispatchEvent(
              new el.ownerDocument.defaultView.WheelEvent('wheel', {
                deltaY: -400,
                ctrlKey: true,
                clientX: r.left + px,
                clientY: r.top + py,
                bubbles: true,
                cancelable: true,
              }),
            );
        },
        [at[0] + 0.4, at[1]],
      );
      await page.waitForTimeout(300);
      at = (await canvas.getAttribute('data-first-drop')).split(',').map(Number);
      await canvas.click({ position: { x: at[0], y: at[1] } });
      await page.getByTestId('tsg').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(DOCS, 'screenshots/packets.png'), fullPage: false });
    },
  },
  {
    name: 'screenshots/packets-phone',
    viewport: { width: 390, height: 844 },
    scale: 2,
    async take(page) {
      await runToDone(page);
      await page.getByTestId('tab-packets').click();
      await page.locator('[data-testid="tsg"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('tsg').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(DOCS, 'screenshots/packets-phone.png') });
    },
  },
  {
    name: 'screenshots/anim',
    viewport: { width: 1366, height: 768 },
    async take(page) {
      await runToDone(page);
      await page.getByTestId('tab-packets').click();
      await page.locator('[data-testid="tsg"][data-state="ready"]').waitFor({ timeout: 60_000 });
      // Slow start's first overflow of the bottleneck queue.
      await page.getByTestId('anim-time').fill(process.env.ANIM_T ?? '0.2262');
      // The first drop in the event list, chosen: ringed on the diagram.
      await page.getByTestId('log-kind').selectOption('drop');
      await page.getByTestId('log-event-row').first().click();
      await page.getByTestId('diagram-animation').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(DOCS, 'screenshots/anim.png') });
      await page.getByTestId('event-list').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(DOCS, 'screenshots/events.png') });
    },
  },
  {
    name: 'screenshots/events-timers',
    viewport: { width: 1366, height: 768 },
    async take(page) {
      // The default scenario with one data packet in ten lost at the bottleneck: the list
      // filtered to state changes, the first timer event chosen.
      const scenario = JSON.parse(
        readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'),
      );
      scenario.topology.links.find((l) => l.id === 'bottleneck').loss = {
        kind: 'bernoulli',
        p: 0.1,
        data_only: true,
      };
      await openEditor(page);
      await page.getByTestId('import-json').setInputFiles({
        name: 'lossy.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(scenario)),
      });
      await page.getByTestId('side-knobs').click();
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await runToDone(page);
      await page.getByTestId('tab-packets').click();
      await page.locator('[data-testid="tsg"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('log-kind').selectOption('tlp');
      await page.getByTestId('log-event-row').first().click();
      await page.getByTestId('log-kind').selectOption('state');
      await page.getByTestId('event-list').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(DOCS, 'screenshots/events-timers.png') });
    },
  },
  {
    name: 'screenshots/anim-phone',
    viewport: { width: 390, height: 844 },
    scale: 2,
    async take(page) {
      await runToDone(page);
      await page.getByTestId('tab-packets').click();
      await page.locator('[data-testid="tsg"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('anim-time').fill(process.env.ANIM_T ?? '0.2262');
      await page.getByTestId('diagram-animation').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(DOCS, 'screenshots/anim-phone.png') });
    },
  },
  {
    name: 'screenshot',
    async take(page) {
      await runToDone(page);
      await page
        .getByTestId('panel-cwnd')
        .locator('.plot__area')
        .hover({ position: { x: 300, y: 80 } });
      await page.screenshot({ path: join(DOCS, 'screenshot.png') });
    },
  },
  {
    name: 'screenshots/plots',
    async take(page) {
      await page.getByTestId('preset').selectOption('dumbbell');
      await runToDone(page);
      await page
        .getByTestId('panel-throughput')
        .locator('.plot__area')
        .hover({ position: { x: 420, y: 60 } });
      await page.locator('.plots').screenshot({ path: join(DOCS, 'screenshots/plots.png') });
    },
  },
  {
    name: 'screenshots/compare',
    async take(page) {
      await openEditor(page);
      await page.getByTestId('compare-toggle').click();
      await page.getByTestId('topo-link-bottleneck').click();
      await page.locator('#field-B-topology_links_1__queue_kind').selectOption('codel');
      await runToDone(page, true);
      await page.setViewportSize({ width: 1440, height: 1500 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(DOCS, 'screenshots/compare.png') });
    },
  },
  {
    name: 'screenshots/sweep',
    async take(page) {
      await page.getByTestId('preset').selectOption('lanHost');
      await page.getByTestId('tab-sweep').click();
      await page.getByTestId('sweep-run').click();
      await page
        .locator('[data-testid="sweep-progress"][data-status="done"]')
        .waitFor({ timeout: 300_000 });
      await page.waitForTimeout(300);
      await page
        .getByTestId('panel-sweep')
        .screenshot({ path: join(DOCS, 'screenshots/sweep.png') });
    },
  },
  {
    name: 'screenshots/internals',
    async take(page) {
      await page.getByTestId('preset').selectOption('bbrVsCubic');
      await runToDone(page);
      await page
        .getByTestId('panel-cc')
        .screenshot({ path: join(DOCS, 'screenshots/internals.png') });
    },
  },
  {
    name: 'screenshots/host',
    async take(page) {
      await page.getByTestId('preset').selectOption('lanHost');
      await runToDone(page);
      await page.getByTestId('panel-host').screenshot({ path: join(DOCS, 'screenshots/host.png') });
    },
  },
  {
    name: 'screenshots/editor-errors',
    async take(page) {
      await page.getByTestId('preset').selectOption('dumbbell');
      await openEditor(page);
      await page.getByTestId('topo-link-bottleneck').click();
      await page.locator('#field-A-topology_links_2__queue_kind').selectOption('red');
      await page.locator('#field-A-topology_links_2__queue_min_th').fill('90');
      await page.locator('#field-A-topology_links_2__rate_bps').fill('fast');
      await page.waitForTimeout(300);
      await page
        .locator('.editor')
        .screenshot({ path: join(DOCS, 'screenshots/editor-errors.png') });
    },
  },
  {
    // In Japanese: needs a CJK font (Debian: fonts-noto-cjk), or the text shows as boxes.
    name: 'screenshots/dark',
    query: '?lang=ja&theme=dark',
    async take(page) {
      await page.getByTestId('preset').selectOption('rttUnfair');
      await runToDone(page);
      await page.screenshot({ path: join(DOCS, 'screenshots/dark.png') });
    },
  },
  {
    name: 'screenshots/lesson',
    lesson: true,
    query: '?lang=en&theme=light#lesson=04-fairness&student=alice',
    async take(page) {
      await page.getByTestId('prediction-jain_guess').fill('0.8');
      await page.getByTestId('run-main').click();
      await page.getByTestId('lesson-results').waitFor({ timeout: 120_000 });
      // A wrong answer: the value stays masked in the results until the question is answered.
      await page.getByTestId('answer-jain').fill('0.99');
      await page.getByTestId('check-jain').click();
      await page.waitForTimeout(400);
      await page.getByTestId('widget-main').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(DOCS, 'screenshots/lesson.png'), fullPage: true });
    },
  },
  {
    name: 'screenshots/teacher',
    lesson: true,
    query: '?lang=en&theme=light#teacher',
    async take(page) {
      await page.getByTestId('teacher-scenario').selectOption('default');
      await page.getByTestId('teacher-id').fill('sawtooth-class');
      await page
        .getByTestId('teacher-control-topology_links_bottleneck_delay_ms')
        .selectOption('locked');
      await page.getByTestId('teacher-control-flows_flow1_cc').selectOption('variant');
      await page.getByTestId('teacher-values-flows_flow1_cc').getByLabel('CUBIC').check();
      await page.getByTestId('teacher-prompt-0').fill('How many packets did the bottleneck drop?');
      await page
        .getByTestId('teacher-metric-0')
        .selectOption({ label: 'Packets dropped at Link bottleneck (a → b)' });
      await page.getByTestId('teacher-abs-0').fill('2');
      await page.screenshot({ path: join(DOCS, 'screenshots/teacher.png'), fullPage: true });
    },
  },
  {
    name: 'screenshots/grade',
    lesson: true,
    query: '?lang=en&theme=light#grade',
    async take(page) {
      await page.getByTestId('grade-lesson').selectOption('04-fairness');
      await page.getByTestId('grade-assignment-ok').waitFor();
      // A spreadsheet export with a column per question: semicolons, one row without a student.
      const csv = [
        'student;jain_guess;ratio;jain',
        'S01;0.8;2;0.9',
        's02;0,7;3,5;0,75',
        's03;0.9;;0.6',
        ';0.5;1;1',
      ].join('\r\n');
      await page.getByTestId('grade-csv-text').fill(csv);
      await page.getByTestId('grade-run').click();
      await page.getByTestId('grade-done').waitFor({ timeout: 180_000 });
      await page.screenshot({ path: join(DOCS, 'screenshots/grade.png'), fullPage: true });
    },
  },
];

const server = await serveDist(port);
mkdirSync(join(DOCS, 'screenshots'), { recursive: true });
try {
  for (const shot of SHOTS) {
    if (only && shot.name !== only) continue;
    const browser = await launchHeadless('tcplab-shot-', {
      viewport: shot.viewport ?? { width: 1440, height: 900 },
      deviceScaleFactor: shot.scale ?? 1,
    });
    try {
      const { page } = browser;
      await page.goto(`${base}${shot.query ?? '?lang=en&theme=light'}`);
      if (!shot.lesson) {
        await page.getByTestId('run').waitFor();
        await page.locator('[data-testid="run"]:not([disabled])').waitFor({ timeout: 30_000 });
      }
      await shot.take(page);
      process.stdout.write(`wrote docs/${shot.name}.png\n`);
    } finally {
      await browser.close();
    }
  }
} finally {
  server.kill();
}
