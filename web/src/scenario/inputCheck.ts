// Local checks of a number field's text before anything reaches the wasm validator: is it a
// number, whole where it must be, not negative where the schema says so. Ranges are left to the
// validator (one source of truth), which explains them with the model's own words.

export type InputProblem = 'empty' | 'notNumber' | 'notInteger' | 'negative';

export interface NumberSpec {
  /** The stored value must be a whole number. */
  integer: boolean;
  /** The stored value must be ≥ 0 (the schema's `minimum: 0`, unsigned integers). */
  nonNegative: boolean;
  /** Empty text means null: the field's default or "no limit". */
  nullable: boolean;
  /** Stored value = typed value × scale (e.g. 1e6 for a rate typed in Mb/s). */
  scale: number;
}

export type InputResult = { ok: true; value: number | null } | { ok: false; problem: InputProblem };

export function checkNumber(text: string, spec: NumberSpec): InputResult {
  const trimmed = text.trim();
  if (trimmed === '')
    return spec.nullable ? { ok: true, value: null } : { ok: false, problem: 'empty' };
  // Number('') is 0 and Number('0x10') is 16: accept plain decimal notation only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    return { ok: false, problem: 'notNumber' };
  }
  const typed = Number(trimmed);
  if (!Number.isFinite(typed)) return { ok: false, problem: 'notNumber' };
  // Scale in decimal so that 0.1 Mb/s is exactly 100000 b/s.
  const value = spec.scale === 1 ? typed : Number((typed * spec.scale).toPrecision(12));
  if (spec.integer && !Number.isInteger(value)) return { ok: false, problem: 'notInteger' };
  if (spec.nonNegative && value < 0) return { ok: false, problem: 'negative' };
  return { ok: true, value };
}

/** The text a stored value shows as (value ÷ scale, without float noise). */
export function formatStored(value: unknown, scale: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return String(scale === 1 ? value : Number((value / scale).toPrecision(12)));
}
