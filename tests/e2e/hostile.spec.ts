// Untrusted input: hostile links never run script or inject markup, and each shows a
// clear message with the default scenario; the built page carries a strict Content-Security-
// Policy under which the wasm still instantiates and runs, with no violation reported.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, goldenHash } from '../golden/golden';
import { openLab, runToDone, openEditor } from './helpers';
import { linkToScenario, linkV0, linkV1 } from './links';

const PWN = 'window.__pwned = (window.__pwned || 0) + 1';

function defaultScenario() {
  return JSON.parse(readFileSync(join(ROOT, 'content/scenarios/default.json'), 'utf8'));
}

/** Watch for anything executing: dialogs, a flag set by injected script, CSP violations. */
async function watch(page: Page) {
  const seen = { dialogs: 0, violations: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs++;
    void d.dismiss();
  });
  await page.exposeFunction('__violation', (v: string) => seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __violation(v: string): void }).__violation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: { dialogs: number }) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  );
  expect(seen.dialogs).toBe(0);
  expect(await page.locator('#root img, #root script, #root iframe').count()).toBe(0);
}

const broken: [string, () => string, RegExp][] = [
  ['garbage base64', () => '#v=1&z=%%%!!!<script>', /damaged or cut short/],
  ['a cut-short link', () => linkToScenario(defaultScenario()).slice(0, 40), /damaged|not valid/],
  ['a huge fragment', () => `#v=1&z=${'A'.repeat(300_000)}`, /far too long/],
  [
    'deep nesting',
    () => linkV0(JSON.parse('{"a":' + '['.repeat(3000) + ']'.repeat(3000) + '}')),
    /nested too deeply/,
  ],
  ['a future version', () => '#v=7&z=AAAA', /newer version/],
  ['JSON that is not a scenario', () => linkV1({ p: ['=', { topology: 5 }] }), /not a scenario/],
  [
    'a prototype key',
    () => `#v=1&z=${Buffer.from('{"__proto__":{"polluted":1}}').toString('base64url')}`,
    /damaged|not a scenario/,
  ],
];

for (const [what, hash, message] of broken) {
  test(`${what} in the URL: a clear message and the default scenario`, async ({ page }) => {
    const seen = await watch(page);
    const problems = await openLab(page, `?lang=en${hash()}`);
    await expect(page.getByTestId('link-error')).toContainText('could not be opened');
    await expect(page.getByTestId('link-error')).toContainText(message);
    await expect(page.getByTestId('preset')).toHaveValue('single');
    await openEditor(page);
    await expect(page.getByTestId('topo-link-bottleneck')).toBeVisible();
    await expectNothingRan(page, seen);
    expect(problems).toEqual([]);
    expect(seen.violations).toEqual([]);
  });
}

test('script in the scenario name is shown as text, never run', async ({ page }) => {
  const seen = await watch(page);
  const s = defaultScenario();
  s.name = `<img src=x onerror="${PWN}"><script>${PWN}</script>`;
  s.description = `javascript:${PWN}`;
  await openLab(page, `?lang=en${linkToScenario(s)}`);
  await expect(page.getByText(s.name)).toBeVisible();
  await runToDone(page);
  await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
  await expectNothingRan(page, seen);
  expect(seen.violations).toEqual([]);
});

test('script in a flow id is refused by the validator, naming the field', async ({ page }) => {
  const seen = await watch(page);
  const s = defaultScenario();
  s.flows[0].id = `<script>${PWN}</script>`;
  s.topology.links[0].id = `"><img src=x onerror="${PWN}">`;
  await openLab(page, `?lang=en${linkToScenario(s)}`);
  const notice = page.getByTestId('link-error');
  await expect(notice).toContainText('has problems');
  await expect(notice).toContainText('flows[0].id');
  await expect(page.getByTestId('preset')).toHaveValue('single');
  // Opening it anyway puts the hostile ids in the editor, as text, with their errors.
  await page.getByTestId('link-open-anyway').click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expect(page.getByTestId('run')).toBeDisabled();
  await expectNothingRan(page, seen);
  expect(seen.violations).toEqual([]);
});

test('the built page has a strict CSP, and the wasm runs under it', async ({ page, request }) => {
  const html = await (await request.get('./')).text();
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toMatch(/'unsafe-eval'/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const seen = await watch(page);
  await openLab(page);
  await runToDone(page);
  await expect(page.getByTestId('trace-hash')).toHaveText(goldenHash('default'));
  // Inline script is blocked: the policy is in force, not only written down.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__pwned = 1';
    document.body.append(s);
  });
  await expectNothingRan(page, seen);
  await expect.poll(() => seen.violations.length).toBeGreaterThan(0);
  expect(seen.violations.every((v) => v.startsWith('script-src'))).toBe(true);
});
