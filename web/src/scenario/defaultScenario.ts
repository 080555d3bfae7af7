// The default scenario of the page: content/scenarios/default.json, imported at build time.
import defaultJson from '../../../content/scenarios/default.json';
import type { Scenario } from './types';

/** The JSON module's inferred type widens enum strings; the wasm validator checks it at run time. */
export const DEFAULT_SCENARIO: Scenario = defaultJson as Scenario;
