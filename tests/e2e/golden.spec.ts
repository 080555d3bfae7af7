// Golden trace hashes in Chromium: every scenario in tests/golden/expected.json
// runs through the wasm build inside the browser page and must give its recorded hash, as it does
// natively (cargo test) and in Node (Vitest). The page is the built site; the wasm-bindgen module
// (web/src/sim/pkg, the build the site bundles) is served to it under /golden-pkg/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadGolden, ROOT } from '../golden/golden';

const PKG = join(ROOT, 'web', 'src', 'sim', 'pkg');
const golden = Object.entries(loadGolden());

test('every golden scenario has its recorded trace hash in Chromium', async ({ page }) => {
  await page.route('**/golden-pkg/*', (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ body: readFileSync(join(PKG, file)), contentType: type });
  });
  await page.goto('./');
  const scenarios = golden.map(([name, e]) => ({
    name,
    json: readFileSync(join(ROOT, e.scenario), 'utf8'),
  }));
  const hashes = await page.evaluate(async (list) => {
    const base = new URL('golden-pkg/', document.baseURI).href;
    // A plain string keeps Vite and TypeScript from resolving the import at build time.
    const m = (await import(/* @vite-ignore */ `${base}tcplab_wasm.js`)) as {
      default: (opts: { module_or_path: string }) => Promise<unknown>;
      Simulation: new (json: string) => {
        advance(untilNs: number, maxEvents: number): boolean;
        now_ns(): number;
        drain(): Float64Array;
        trace_hash(): string;
        free(): void;
      };
    };
    await m.default({ module_or_path: `${base}tcplab_wasm_bg.wasm` });
    const out: Record<string, string> = {};
    for (const { name, json } of list) {
      const sim = new m.Simulation(json);
      // Chunks of 0.2 s, as the worker advances.
      while (!sim.advance(sim.now_ns() + 0.2e9, 250_000)) sim.drain();
      out[name] = sim.trace_hash();
      sim.free();
    }
    return out;
  }, scenarios);
  expect(hashes).toEqual(Object.fromEntries(golden.map(([name, e]) => [name, e.trace_hash])));
});
