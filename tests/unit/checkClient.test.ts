// The check worker's page side (sim/checkClient.ts) where the page has no worker (as under
// Node): the page's own check answers, and what it throws is a rejection the verdicts turn into
// an error (state/verdicts.ts). The worker itself runs in the browser: Playwright limits.spec.ts.
import { describe, expect, it } from 'vitest';
import { checkOffThread, readOffThread } from '../../web/src/sim/checkClient';
import { presetScenario } from '../../web/src/scenario/presets';
import { estimate } from './helpers/wasm';
import { reader } from './helpers/reader';

describe('checkOffThread without a worker', () => {
  it('answers with the page’s own check', async () => {
    expect(typeof globalThis.Worker).toBe('undefined');
    const json = JSON.stringify({ ...presetScenario('dumbbell'), duration_s: -1 });
    const r = await checkOffThread(json, (j) => {
      const e = estimate(j);
      return { errors: e.errors, estimate: e.estimate ?? null };
    });
    expect(r.errors[0]?.path).toBe('duration_s');
    expect(r.estimate).toBeNull();
  });

  it('rejects with what the page’s check throws', async () => {
    await expect(
      checkOffThread('{}', () => {
        throw new Error('wasm trapped');
      }),
    ).rejects.toThrow('wasm trapped');
  });
});

describe('readOffThread without a worker', () => {
  it('answers with the page’s own reader, field path and all', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ ...presetScenario('dumbbell'), seed: 'x' }),
    );
    const r = await readOffThread(bytes, (b) => reader.readUnchecked(b));
    expect(r.readable).toBe(false);
    expect(r.errors[0]?.path).toBe('seed');
  });
});
