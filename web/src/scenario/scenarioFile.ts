// A scenario as a file: the text "Scenario (JSON)" exports. "Open scenario JSON…" reads a file
// back through the one reader (reader.ts); what one writes the other reads back to the identical
// scenario (and re-exports byte for byte).
import type { Scenario } from './types';

export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}
