// Decoding simulator errors, and number formatting.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatRate } from '../../web/src/i18n/format';
import { describeThrown, parseErrorsJson } from '../../web/src/sim/errors';

describe('errors', () => {
  it('parses the errors JSON', () => {
    expect(parseErrorsJson('{"errors":[]}')).toEqual([]);
    expect(parseErrorsJson('{"errors":[{"path":"a","message":"b"}]}')).toEqual([
      { path: 'a', message: 'b' },
    ]);
    expect(parseErrorsJson('{"errors":[{"path":1}]}')).toBeNull();
    expect(parseErrorsJson('RuntimeError: unreachable')).toBeNull();
  });

  it('describes what the wasm module throws', () => {
    expect(describeThrown(new Error('{"errors":[{"path":"duration_s","message":"bad"}]}'))).toEqual(
      {
        message: 'duration_s: bad',
        errors: [{ path: 'duration_s', message: 'bad' }],
      },
    );
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
