// Scenario validation on the page's thread: the same wasm `validate()` the worker and the CLI
// use, loaded once. Synchronous after loading, so the form can check every keystroke.
import init, { validate } from './pkg/tcplab_wasm.js';
import { parseErrorsJson } from './errors';
import type { FieldError } from './protocol';

export type Validator = (scenarioJson: string) => FieldError[];

let loading: Promise<Validator> | null = null;

export function loadValidator(): Promise<Validator> {
  loading ??= init().then(() => (json: string) => {
    const errors = parseErrorsJson(validate(json));
    return errors ?? [{ path: '', message: 'the validator returned malformed output' }];
  });
  return loading;
}
