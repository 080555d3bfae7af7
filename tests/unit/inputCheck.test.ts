// Local checks of a number field's text, and how stored values show as text.
import { describe, expect, it } from 'vitest';
import { checkNumber, formatStored } from '../../web/src/scenario/inputCheck';
import type { NumberSpec } from '../../web/src/scenario/inputCheck';

const plain: NumberSpec = { integer: false, nonNegative: false, nullable: false, scale: 1 };

describe('checkNumber', () => {
  it('accepts plain decimal numbers', () => {
    expect(checkNumber('20', plain)).toEqual({ ok: true, value: 20 });
    expect(checkNumber(' 2.5 ', plain)).toEqual({ ok: true, value: 2.5 });
    expect(checkNumber('.5', plain)).toEqual({ ok: true, value: 0.5 });
    expect(checkNumber('1e3', plain)).toEqual({ ok: true, value: 1000 });
    expect(checkNumber('-5', plain)).toEqual({ ok: true, value: -5 });
  });

  it('scales in decimal (Mb/s to b/s) without float noise', () => {
    const mbps = { ...plain, scale: 1e6 };
    expect(checkNumber('0.1', mbps)).toEqual({ ok: true, value: 100_000 });
    expect(checkNumber('20', mbps)).toEqual({ ok: true, value: 20_000_000 });
    expect(checkNumber('1.1', mbps)).toEqual({ ok: true, value: 1_100_000 });
  });

  it('treats empty text as "default" only where the field may be absent', () => {
    expect(checkNumber('', { ...plain, nullable: true })).toEqual({ ok: true, value: null });
    expect(checkNumber('  ', plain)).toEqual({ ok: false, problem: 'empty' });
  });

  it.each([
    ['abc', plain, 'notNumber'],
    ['0x10', plain, 'notNumber'],
    ['1,5', plain, 'notNumber'],
    ['Infinity', plain, 'notNumber'],
    ['1e999', plain, 'notNumber'],
    ['1500.5', { ...plain, integer: true }, 'notInteger'],
    ['-1', { ...plain, nonNegative: true }, 'negative'],
  ] as const)('%j → %s', (text, spec, problem) => {
    expect(checkNumber(text, spec)).toEqual({ ok: false, problem });
  });
});

describe('formatStored', () => {
  it('shows stored values in the typed unit', () => {
    expect(formatStored(20_000_000, 1e6)).toBe('20');
    expect(formatStored(100_000, 1e6)).toBe('0.1');
    expect(formatStored(1500, 1)).toBe('1500');
    expect(formatStored(undefined, 1)).toBe('');
    expect(formatStored(null, 1)).toBe('');
  });
});
