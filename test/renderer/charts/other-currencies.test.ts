import { describe, expect, it } from 'vitest';
import { otherCurrenciesText } from '../../../renderer/charts/other-currencies';

describe('otherCurrenciesText', () => {
  it('names the amounts in other currencies, leaving out the chart currency and zeros', () => {
    const column = [
      { number: '-18500.00', currency: 'IRAUSD' },
      { number: '-15719.10', currency: 'USD' },
      { number: '0', currency: 'EUR' },
      { number: '-15', currency: 'VACHR' },
    ];
    expect(otherCurrenciesText(column, 'USD')).toBe('-18,500.00 IRAUSD, -15 VACHR not in USD');
  });

  it('turns the sign with the series (income shown as earned), exactly', () => {
    expect(otherCurrenciesText([{ number: '-0.10', currency: 'VACHR' }, { number: '3.005', currency: 'EUR' }], 'USD', true)).toBe(
      '0.10 VACHR, -3.005 EUR not in USD',
    );
  });

  it('is empty when the column holds only the chart currency', () => {
    expect(otherCurrenciesText([{ number: '12.00', currency: 'USD' }], 'USD')).toBe('');
    expect(otherCurrenciesText([], 'USD')).toBe('');
  });
});
