// What can be wrong with a sweep file, in English: the words `tcplab sweep` uses for the same
// problem (docs/sweeps.md). The page shows them in the reader's language
// (i18n/sweepFileProblems.ts translates each key); a problem that quotes another reader (a
// field path's syntax, the scenario validator) carries that reader's text as an argument.
export const SWEEP_FILE_PROBLEMS = {
  unknownField: (key: string, expected: string) =>
    `unknown field '${key}', expected one of ${expected}`,
  notAPath: () => 'expected a field path (a string)',
  badPath: (problem: string) => problem,
  badName: (name: string) => `'${name}': use letters, digits, '_', '-' or '.'`,
  reservedName: (name: string) => `'${name}' is a column tcplab writes`,
  notFinite: () => 'expected a finite number',
  notParameter: () => 'expected an object with name and path and values, range or cases',
  oneOfValues: () => 'give exactly one of values, range or cases',
  casesWithPath: () => 'cases name their own paths in set; leave path out',
  notCases: () => 'expected a list of cases',
  noCases: () => 'an empty list: give at least one case',
  notCase: () => 'expected an object with label and set',
  badLabel: () => 'give a one-line label',
  notSet: () => 'expected an object of field path → value',
  noPath: () => 'give the scenario field that takes the values',
  notValues: () => 'expected a list of values',
  noValues: () => 'an empty list: give at least one value',
  notRange: () => 'expected an object with from, to and points',
  notWhole: () => 'expected a whole number',
  noPoints: () => 'an empty range: give at least 1 point',
  badScale: () => "expected 'linear' or 'log'",
  logNotPositive: () => 'a log scale needs from and to above 0',
  notBoolean: () => 'expected true or false',
  notJson: (why: string) => `not JSON: ${why}`,
  notObject: () => 'a sweep file is a JSON object',
  badVersion: (version: number) => `this tcplab reads sweep files of version ${version}`,
  notString: () => 'expected a string',
  unknownScenario: (name: string) =>
    `'${name}' is not one of the lab's scenarios: put the scenario object itself in the file`,
  notScenario: () => 'expected a scenario path or a scenario object',
  badBase: (problem: string) => `the base scenario: ${problem}`,
  notParameters: () => 'expected a list of parameters',
  sameName: (name: string) => `'${name}' names two parameters`,
  notSeeds: () => 'expected a list of seeds',
  noSeeds: () => 'an empty list: give at least one seed, or leave seeds out',
  badSeed: () => 'expected a whole number from 0 to 4294967295',
  notMetrics: () => 'expected a list of summary paths',
  severalValues: (metric: string) =>
    `'${metric}' names several values: pick one by index or id, such as flows[0]`,
  sameColumn: (metric: string) => `'${metric}' is already a column`,
  tooManyPoints: (count: number, cap: number) =>
    `${count} points is over the cap of ${cap} per sweep file: split the sweep into several files`,
  reachesNothing: (path: string) => `'${path}' reaches no field of the scenario`,
  valueGives: (cell: string, problem: string) => `${cell} gives ${problem}`,
  pointGives: (point: number, where: string, problem: string) =>
    `point ${point} (${where}): ${problem}`,
};

type Problems = typeof SWEEP_FILE_PROBLEMS;

/** One problem: its key and the arguments its words take. */
export type SweepFileProblem = {
  [K in keyof Problems]: { key: K; args: Parameters<Problems[K]> };
}[keyof Problems];

/** The words for `p` from `table` (English, or a translation with the same keys). */
export function problemText(table: Problems, p: SweepFileProblem): string {
  return (table[p.key] as (...a: unknown[]) => string)(...p.args);
}
