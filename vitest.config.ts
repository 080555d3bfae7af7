// Vitest: unit tests of the web code and Node-WASM tests (golden hashes, sim:node vs CLI).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
