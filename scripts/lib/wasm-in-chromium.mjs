// Run a scenario in the wasm module inside headless Chromium, as the lab's worker would, and time
// it: the speed students see, beside the Node number. Serves web/src/sim/pkg and
// the scenario from a throwaway local server (Node built-ins only) on `port`.
/* global window */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PKG_DIR } from './paths.mjs';

const TYPES = { js: 'text/javascript', wasm: 'application/wasm', json: 'application/json' };

/** `runs` runs of the scenario text in a fresh page of `context`: wall seconds, delivered data
 * packets and trace hash of each. */
export async function wasmRunsInChromium(context, scenarioText, runs, port) {
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0];
    const body =
      name === '/'
        ? '<!doctype html><title>tcplab wasm bench</title>'
        : name === '/scenario.json'
          ? scenarioText
          : /^\/tcplab_wasm(_bg\.wasm|\.js)$/.test(name)
            ? readFileSync(join(PKG_DIR, name.slice(1)))
            : null;
    if (body === null) {
      res.writeHead(404);
      res.end();
      return;
    }
    const type = name === '/' ? 'text/html' : TYPES[name.split('.').pop()];
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const page = await context.newPage();
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    return await page.evaluate(async (n) => {
      const wasm = await import('/tcplab_wasm.js');
      await wasm.default();
      const text = await (await fetch('/scenario.json')).text();
      const out = [];
      for (let i = 0; i < n; i++) {
        const t0 = window.performance.now();
        const sim = new wasm.Simulation(text);
        for (;;) {
          const done = sim.advance(sim.now_ns() + 1e9, Infinity);
          sim.drain();
          if (done) break;
        }
        out.push({
          wall_s: (window.performance.now() - t0) / 1000,
          delivered_packets: sim.delivered_packets(),
          trace_hash: sim.trace_hash(),
        });
        sim.free();
      }
      return out;
    }, runs);
  } finally {
    await page.close();
    server.close();
  }
}
