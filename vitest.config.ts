// Vitest: unit tests of the web code and Node-WASM tests (golden hashes, sim:node vs CLI).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // `vitest run` defaults to one worker fewer than the cores, i.e. one on a 2-core machine,
    // where most of the time is three files that run the model in WASM inside the worker
    // (lessons, lessonsNoAnswers, wasm) and the main process has little to do once the
    // files are transformed: at least two workers (docs/performance.md, "npm test").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
