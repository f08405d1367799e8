import { describe, expect, it } from 'vitest';
import { mergeCommodities, priceSeries } from '../../../../renderer/pages/commodities/commodity-list';
import { builtinRows, ledger } from '../builtin-rows';

const TEXT = `
option "operating_currency" "USD"
2024-01-01 open Assets:Broker
2024-01-01 open Assets:Cash
2024-01-01 open Equity:Opening
2024-01-02 * "Buy"
  Assets:Broker   4 ABC {10.00 USD}
  Assets:Cash   -40.00 USD
2024-01-03 price ABC 11.00 USD
2024-01-04 price ABC 12.50 USD
2024-01-05 price USD 0.90 EUR
2024-01-06 price XYZ 3 USD
2024-01-06 price ABC 11 EUR
`;

describe('commodity list on commodities.holdings and commodities.latest_prices', () => {
  const s = ledger(TEXT);

  it('joins holdings and latest prices per commodity, listing quoted commodities without holdings', () => {
    const rows = mergeCommodities(builtinRows(s, 'commodities.holdings', {}), builtinRows(s, 'commodities.latest_prices', { currency: 'USD' }));
    expect(rows.map((r) => [r.currency, r.total, r.rate, r.date])).toEqual([
      ['ABC', '4', '12.50', '2024-01-04'],
      // USD quoted in EUR: the price map reads it the other way round, 1 EUR = 1/0.90 USD.
      ['EUR', null, rows.find((r) => r.currency === 'EUR')!.rate, '2024-01-05'],
      ['USD', '-40.00', null, null],
      ['XYZ', null, '3', '2024-01-06'],
    ]);
    expect(rows.find((r) => r.currency === 'EUR')!.rate!.startsWith('1.111111')).toBe(true);
  });

  it('groups the price history by quote currency, oldest first', () => {
    const series = priceSeries(builtinRows(s, 'commodities.prices', { commodity: 'ABC' }));
    expect([...series.keys()]).toEqual(['USD', 'EUR']);
    expect(series.get('USD')).toEqual([
      { date: '2024-01-03', value: '11.00' },
      { date: '2024-01-04', value: '12.50' },
    ]);
    expect(series.get('EUR')).toEqual([{ date: '2024-01-06', value: '11' }]);
  });
});
