// Decoding what the simulator throws across the wasm boundary: an Error whose `errors`
// property holds the typed validation errors (the constructor's refusal), or anything else
// (a trap, a parse error), which becomes a one-line message.
import type { FieldError } from './protocol';

function isFieldError(v: unknown): v is FieldError {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { path?: unknown }).path === 'string' &&
    typeof (v as { message?: unknown }).message === 'string'
  );
}

/** The typed errors an Error thrown by the facade carries; null if it carries none. */
export function thrownErrors(e: unknown): FieldError[] | null {
  if (typeof e !== 'object' || e === null) return null;
  const list = (e as { errors?: unknown }).errors;
  return Array.isArray(list) && list.every(isFieldError) ? list : null;
}

/** Turn anything thrown by the wasm module into field errors and a one-line message. */
export function describeThrown(e: unknown): { message: string; errors: FieldError[] } {
  const errors = thrownErrors(e);
  if (errors) {
    return {
      message: errors.map((x) => (x.path ? `${x.path}: ${x.message}` : x.message)).join('; '),
      errors,
    };
  }
  const text = e instanceof Error ? e.message : String(e);
  return { message: text || 'unknown error', errors: [] };
}
