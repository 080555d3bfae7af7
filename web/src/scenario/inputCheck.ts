// Local checks of a control's text before anything reaches the wasm validator: is it a number,
// whole where it must be, of the right sign. Ranges are left to the validator (one source).
import { CONTROL_SPECS } from './controls';
import type { ControlKey } from './controls';

export type InputProblem = 'empty' | 'notNumber' | 'notInteger' | 'notPositive' | 'negative';

export type InputResult = { ok: true; value: number } | { ok: false; problem: InputProblem };

export function checkInput(key: ControlKey, text: string): InputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  // Number('') is 0 and Number('0x10') is 16: accept plain decimal notation only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed))
    return { ok: false, problem: 'notNumber' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, problem: 'notNumber' };
  const spec = CONTROL_SPECS[key];
  if (spec.integer && !Number.isInteger(value)) return { ok: false, problem: 'notInteger' };
  if (spec.sign === 'positive' && value <= 0) return { ok: false, problem: 'notPositive' };
  if (spec.sign === 'nonNegative' && value < 0) return { ok: false, problem: 'negative' };
  return { ok: true, value };
}
