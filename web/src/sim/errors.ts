// Decoding the simulator's error reports: `{"errors":[{"path","message"}]}` JSON, or anything
// thrown across the wasm boundary (a parse error, a trap).
import type { FieldError } from './protocol';

function isFieldError(v: unknown): v is FieldError {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { path?: unknown }).path === 'string' &&
    typeof (v as { message?: unknown }).message === 'string'
  );
}

/** Parse the errors JSON of `validate()` / the Simulation constructor; null if it is not one. */
export function parseErrorsJson(text: string): FieldError[] | null {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return null;
    const list = (v as { errors?: unknown }).errors;
    if (!Array.isArray(list) || !list.every(isFieldError)) return null;
    return list.map((e) => ({ path: e.path, message: e.message }));
  } catch {
    return null;
  }
}

/** Turn anything thrown by the wasm module into field errors and a one-line message. */
export function describeThrown(e: unknown): { message: string; errors: FieldError[] } {
  const text = e instanceof Error ? e.message : String(e);
  const errors = parseErrorsJson(text);
  if (errors) {
    return {
      message: errors.map((x) => (x.path ? `${x.path}: ${x.message}` : x.message)).join('; '),
      errors,
    };
  }
  return { message: text || 'unknown error', errors: [] };
}
