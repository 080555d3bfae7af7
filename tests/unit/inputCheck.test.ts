// Local checks of the control texts.
import { describe, expect, it } from 'vitest';
import { checkInput } from '../../web/src/scenario/inputCheck';

describe('checkInput', () => {
  it('accepts plain decimal numbers', () => {
    expect(checkInput('rateMbps', '20')).toEqual({ ok: true, value: 20 });
    expect(checkInput('rateMbps', ' 2.5 ')).toEqual({ ok: true, value: 2.5 });
    expect(checkInput('rateMbps', '.5')).toEqual({ ok: true, value: 0.5 });
    expect(checkInput('rateMbps', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(checkInput('rttMs', '0')).toEqual({ ok: true, value: 0 });
  });

  it.each([
    ['rateMbps', '', 'empty'],
    ['rateMbps', '   ', 'empty'],
    ['rateMbps', 'abc', 'notNumber'],
    ['rateMbps', '0x10', 'notNumber'],
    ['rateMbps', '1,5', 'notNumber'],
    ['rateMbps', 'Infinity', 'notNumber'],
    ['rateMbps', '1e999', 'notNumber'],
    ['rateMbps', '-5', 'notPositive'],
    ['rateMbps', '0', 'notPositive'],
    ['durationS', '0', 'notPositive'],
    ['rttMs', '-1', 'negative'],
    ['mtuBytes', '1500.5', 'notInteger'],
    ['bufferPackets', '2.5', 'notInteger'],
    ['bufferPackets', '-5', 'notPositive'],
  ] as const)('%s %j → %s', (key, text, problem) => {
    expect(checkInput(key, text)).toEqual({ ok: false, problem });
  });
});
