import { describe, expect, it } from 'vitest';
import { formatNumberIn, roundDecimalText, setCommodityDisplays } from '../../../renderer/lib/display-precision';
import { formatAmount } from '../../../renderer/lib/cells';

describe('roundDecimalText', () => {
  it('rounds half to even by default, on the text', () => {
    expect(['0.125', '0.135', '0.1251', '2.5', '3.5', '-0.125', '80857.05800'].map((t) => roundDecimalText(t, t === '2.5' || t === '3.5' ? 0 : 2))).toEqual([
      '0.12', '0.14', '0.13', '2', '4', '-0.12', '80857.06',
    ]);
  });
  it('rounds ties away from zero (half_up) or toward zero (half_down)', () => {
    expect([roundDecimalText('0.125', 2, 'half_up'), roundDecimalText('-0.125', 2, 'half_up'), roundDecimalText('0.125', 2, 'half_down'), roundDecimalText('0.1251', 2, 'half_down')]).toEqual([
      '0.13', '-0.13', '0.12', '0.13',
    ]);
  });
  it('carries through nines and grows the integer part', () => {
    expect([roundDecimalText('9.999', 2), roundDecimalText('-99.995', 2, 'half_up'), roundDecimalText('0.999', 0)]).toEqual(['10.00', '-100.00', '1']);
  });
  it('pads shorter numbers, and keeps digits beyond 2^53 exact', () => {
    expect([roundDecimalText('5', 2), roundDecimalText('-1.5', 3), roundDecimalText('.5', 2), roundDecimalText('123456789012345678901.005', 2)]).toEqual([
      '5.00', '-1.500', '0.50', '123456789012345678901.00',
    ]);
  });
  it('drops the sign of a value that rounds to zero, and leaves non-numbers alone', () => {
    expect([roundDecimalText('-0.001', 2), roundDecimalText('-0.00', 2), roundDecimalText('abc', 2), roundDecimalText('-', 2)]).toEqual(['0.00', '0.00', 'abc', '-']);
  });
});

describe('formatNumberIn / formatAmount', () => {
  it('uses the currency precision once the table is known, and the sent text before', () => {
    setCommodityDisplays([]);
    expect(formatAmount({ number: '80857.05800', currency: 'USD' })).toBe('80,857.05800 USD');
    setCommodityDisplays([
      { currency: 'USD', precision: 2, source: 'inferred', rounding: 'half_even', prefix: null, suffix: null },
      { currency: 'VBMPX', precision: 3, source: 'directive', rounding: 'half_up', prefix: null, suffix: null },
    ]);
    expect(formatAmount({ number: '80857.05800', currency: 'USD' })).toBe('80,857.06 USD');
    expect(formatNumberIn('12.3455', 'VBMPX')).toBe('12.346');
    expect(formatNumberIn('1234.5', 'EUR')).toBe('1,234.5');
    setCommodityDisplays([]);
  });
});
