// The page's scenario reader over the wasm build in Node (the same reader the page and the CLI use).
import { scenarioReaderOf } from '../../../web/src/sim/validator';
import {
  check_json,
  max_scenario_bytes,
  read_scenario,
  read_scenario_unchecked,
  version,
} from './wasm';

export const reader = scenarioReaderOf({
  read_scenario,
  read_scenario_unchecked,
  check_json,
  max_scenario_bytes,
  version,
});
