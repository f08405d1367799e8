import { describe, expect, it } from 'vitest';
import { convertedText, onlyUnconverted, rankRows } from '../../../../renderer/pages/dashboard/ranking';

const row = (account: string, number: string, unconverted: Array<{ number: string; currency: string }> = []) => ({ account, number, currency: 'USD', unconverted, units: [] });

describe('rankRows', () => {
  it('largest absolute value first, ties by name, unconvertible rows last', () => {
    const rows = [row('Expenses:Zero', '0.00'), row('Expenses:Vacation', '0', [{ number: '10', currency: 'VACHR' }]), row('Expenses:Rent', '2400.00'), row('Expenses:Food', '310.5'), row('Expenses:Bank', '310.50'), row('Expenses:Refund', '-3000')];
    expect(rankRows(rows).map((r) => r.account)).toEqual(['Expenses:Refund', 'Expenses:Rent', 'Expenses:Bank', 'Expenses:Food', 'Expenses:Zero', 'Expenses:Vacation']);
  });
});

describe('convertedText', () => {
  it('names a value that converted to nothing instead of showing 0.00', () => {
    const none = row('Expenses:Vacation', '0.00', [{ number: '10', currency: 'VACHR' }]);
    expect(onlyUnconverted(none)).toBe(true);
    expect(convertedText(none)).toBe('not convertible');
    expect(onlyUnconverted(row('Expenses:Zero', '0.00'))).toBe(false);
    expect(convertedText(row('Expenses:Food', '1234.5'))).toBe('1,234.5 USD');
  });
});
