/**
 * holdings.list and holdings.totals on the statements ledger (statements-ledger.ts); figures by
 * hand. Cross-checked with Beancount 2.3.5:
 *   bean-query LEDGER "SELECT account, currency, sum(number), cost(sum(position)), value(sum(position), 2024-02-29)
 *     WHERE date < 2024-03-01 AND account ~ '^(Assets|Liabilities)' GROUP BY account, currency"
 * gives the same units and cost basis, and values STK at 250.00 USD (GLD left in units there: no price).
 */
import { describe, expect, it } from 'vitest';
import { ledger } from '../ledger/ledger-text';
import { parseDate } from '../../../engine/dates';
import { lines, runBuiltin } from './run-builtin';
import { LEDGER } from './statements-ledger';

const s = ledger(LEDGER);
const day = (t: string) => parseDate(t)!;
const list = (end: string, group: string) =>
  lines(runBuiltin(s, 'holdings.list', { end: day(end), group, currency: 'USD', stale_days: 30n, commodity: null }));

describe('holdings.list', () => {
  it('commodity narrows to that commodity (GLD: one lot of 2 at 50.00, never quoted)', () => {
    expect(lines(runBuiltin(s, 'holdings.list', { end: day('2024-03-01'), group: 'account', currency: 'USD', stale_days: 30n, commodity: 'GLD' }))).toEqual([
      'Assets:Broker | GLD | USD | 2 | 100.00 USD | 50.00 | NULL | NULL | 100.00 USD | 0.00 USD | 0 | (100.00 USD) | NULL | (2 GLD {50.00 USD, 2024-02-10})',
    ]);
  });

  it('by account at the end of February: STK at 25.00 (2024-02-20), GLD at cost, EUR cash', () => {
    // account | currency | cost ccy | units | cost basis | avg cost | price | price date | market value | gain | gain % | value USD | stale | unpriced
    expect(list('2024-03-01', 'account')).toEqual([
      'Assets:Bank | USD | USD | 1101.00 | 1101.00 USD | 1 | NULL | NULL | 1101.00 USD | 0.00 USD | 0 | (1101.00 USD) | NULL | ()',
      'Assets:Broker | GLD | USD | 2 | 100.00 USD | 50.00 | NULL | NULL | 100.00 USD | 0.00 USD | 0 | (100.00 USD) | NULL | (2 GLD {50.00 USD, 2024-02-10})',
      'Assets:Broker | STK | USD | 10 | 200.00 USD | 20.00 | 25.00 | 2024-02-20 | 250.00 USD | 50.00 USD | 25 | (250.00 USD) | FALSE | ()',
      // Cash in EUR is valued at its price in USD (1.10 of 2024-02-01): 90.00 x 1.10 = 99.0000 USD
      // (bean-query: convert(sum(position), 'USD', 2024-02-29) = 99.00 USD); no gain without a USD cost.
      'Assets:Euro | EUR | EUR | 90.00 | 90.00 EUR | 1 | 1.10 | 2024-02-01 | 99.0000 USD | NULL | NULL | (99.0000 USD) | FALSE | ()',
      'Liabilities:Card | USD | USD | -30.00 | -30.00 USD | 1 | NULL | NULL | -30.00 USD | 0.00 USD | 0 | (-30.00 USD) | NULL | ()',
    ]);
  });

  it('the time cut-off picks the price of the last day; a price over 30 days old is stale', () => {
    // to 2024-03-31: STK at 26.00 (2024-03-15, 16 days): 260.00, gain 60.00 = 30 %.
    expect(list('2024-04-01', 'account')[2]).toBe(
      'Assets:Broker | STK | USD | 10 | 200.00 USD | 20.00 | 26.00 | 2024-03-15 | 260.00 USD | 60.00 USD | 30 | (260.00 USD) | FALSE | ()',
    );
    // to 2024-04-30: the same price is 46 days old.
    expect(list('2024-05-01', 'account')[2]).toContain('| 26.00 | 2024-03-15 | 260.00 USD | 60.00 USD | 30 | (260.00 USD) | TRUE |');
    // before the first quote (to 2024-02-19): STK valued at its cost and marked.
    expect(list('2024-02-20', 'account')[2]).toBe(
      'Assets:Broker | STK | USD | 10 | 200.00 USD | 20.00 | NULL | NULL | 200.00 USD | 0.00 USD | 0 | (200.00 USD) | NULL | (10 STK {20.00 USD, 2024-01-15})',
    );
  });

  it('by currency merges accounts (USD: 1101.00 - 30.00); by cost currency merges commodities', () => {
    expect(list('2024-03-01', 'currency')[3]).toBe(
      'NULL | USD | USD | 1071.00 | 1071.00 USD | 1 | NULL | NULL | 1071.00 USD | 0.00 USD | 0 | (1071.00 USD) | NULL | ()',
    );
    // USD book: 1101.00 + 100.00 + 250.00 - 30.00 = 1421.00 at value, 1371.00 at cost.
    expect(list('2024-03-01', 'cost_currency')).toEqual([
      'NULL | NULL | EUR | NULL | 90.00 EUR | NULL | NULL | NULL | 90.00 EUR | 0.00 EUR | 0 | (99.0000 USD) | NULL | ()',
      'NULL | NULL | USD | NULL | 1371.00 USD | NULL | NULL | NULL | 1421.00 USD | 50.00 USD | 3.646973012399708242159008023 | (1421.00 USD) | NULL | (2 GLD {50.00 USD, 2024-02-10})',
    ]);
  });
});

describe('holdings.totals', () => {
  it('in USD at the end of February: cost 1371.00 + 99.0000, value 1421.00 + 99.0000', () => {
    expect(lines(runBuiltin(s, 'holdings.totals', { end: day('2024-03-01'), currency: 'USD' }))).toEqual([
      '(1470.0000 USD) | (1520.0000 USD) | 50.0000 USD',
    ]);
  });
});
