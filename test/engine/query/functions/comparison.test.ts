import { describe, expect, test } from 'vitest';
import { toText } from '../../../../engine/query/values';
import { call, d, dec } from './helpers';

describe('least and greatest', () => {
  test('numbers: int and decimal compare as numbers (T becomes decimal)', () => {
    expect(toText('decimal', call('least', [['int', 3n], ['decimal', dec('2.5')]]))).toBe('2.5');
    expect(toText('decimal', call('greatest', [['int', 3n], ['decimal', dec('2.5')]]))).toBe('3');
    expect(call('least', [['int', 3n], ['int', -4n]])).toBe(-4n);
    expect(call('greatest', [['int', 3n], ['int', -4n]])).toBe(3n);
  });
  test('first argument on ties', () => {
    expect(toText('decimal', call('least', [['decimal', dec('1.0')], ['decimal', dec('1.00')]]))).toBe('1.0');
    expect(toText('decimal', call('greatest', [['decimal', dec('1.0')], ['decimal', dec('1.00')]]))).toBe('1.0');
  });
  test('strings by character code, dates, booleans', () => {
    expect(call('least', [['str', 'B'], ['str', 'a']])).toBe('B');
    expect(call('greatest', [['str', 'B'], ['str', 'a']])).toBe('a');
    expect(call('least', [['date', d('2024-02-01')], ['date', d('2023-02-01')]])).toBe(d('2023-02-01'));
    expect(call('greatest', [['bool', true], ['bool', false]])).toBe(true);
    expect(call('least', [['bool', true], ['bool', false]])).toBe(false);
  });
  test('NULL argument gives NULL', () => {
    expect(call('least', [['null', null], ['int', 1n]])).toBeNull();
    expect(call('greatest', [['str', 'a'], ['null', null]])).toBeNull();
  });
});
