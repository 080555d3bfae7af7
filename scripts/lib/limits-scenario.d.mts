// Types of limits-scenario.mjs for the TypeScript tests.
export const PAIRS: number;
export const FLOWS: number;
export function limitsScenario(opts?: {
  durationS?: number;
  sampleIntervalMs?: number;
  flowCount?: number;
  pairs?: number;
}): import('../../web/src/scenario/types').Scenario;
