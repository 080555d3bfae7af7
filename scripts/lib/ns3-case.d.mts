// Types of ns3-case.mjs for the TypeScript tests.
export class CaseError extends Error {}
export const PPP_HEADER_BYTES: number;
export function ns3Args(
  scenario: unknown,
  opts: { warmupS: number },
): Record<string, string | number | boolean>;
export function toArgv(args: Record<string, string | number | boolean>): string[];
