// Decoding simulator errors, and number formatting.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatRate } from '../../web/src/i18n/format';
import { describeThrown, thrownErrors } from '../../web/src/sim/errors';

describe('errors', () => {
  const thrown = (errors: unknown) => Object.assign(new Error('x'), { errors });

  it('reads the typed errors a thrown Error carries', () => {
    expect(thrownErrors(thrown([]))).toEqual([]);
    expect(thrownErrors(thrown([{ path: 'a', message: 'b' }]))).toEqual([
      { path: 'a', message: 'b' },
    ]);
    expect(thrownErrors(thrown([{ path: 1 }]))).toBeNull();
    expect(thrownErrors(new Error('RuntimeError: unreachable'))).toBeNull();
  });

  it('describes what the wasm module throws', () => {
    const bad = { code: 'not_finite', path: 'duration_s', params: {}, message: 'bad' };
    expect(describeThrown(thrown([bad]))).toEqual({ message: 'duration_s: bad', errors: [bad] });
    expect(describeThrown(new Error('unreachable'))).toEqual({
      message: 'unreachable',
      errors: [],
    });
    expect(describeThrown('boom').message).toBe('boom');
  });
});

describe('format', () => {
  it.each([
    [20e6, '20 Mb/s'],
    [1e9, '1 Gb/s'],
    [16_621_224, '16.6 Mb/s'],
    [1500, '1.5 kb/s'],
    [12, '12 b/s'],
    [NaN, '–'],
  ])('formatRate(%s) = %s', (bps, text) => {
    expect(formatRate(bps)).toBe(text);
  });

  it('formats numbers and percentages', () => {
    expect(formatNumber(116.437)).toBe('116');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatPercent(0.86928)).toBe('86.9 %');
  });
});
