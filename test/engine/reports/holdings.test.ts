/**
 * Holdings with weights and totals on the statements ledger (test/engine/builtins/statements-ledger.ts);
 * the row figures are those of test/engine/builtins/holdings.test.ts (cross-checked with bean-query
 * there). Weights: values in USD at the end of February are Bank 1101.00, GLD 100.00, STK 250.00,
 * EUR 90.00 x 1.10 = 99.0000, Card -30.00; total 1520.0000.
 */
import { describe, expect, it } from 'vitest';
import { ledger } from '../ledger/ledger-text';
import { LEDGER } from '../builtins/statements-ledger';
import { parseDate } from '../../../engine/dates';
import { runQuery } from '../../../engine/query/index';
import { parseFilter } from '../../../engine/filters/index';
import { buildHoldings, DEFAULT_STALE_DAYS } from '../../../engine/reports/holdings';
import type { HoldingsGroup } from '../../../engine/api-types';

const s = ledger(LEDGER);
const day = (t: string) => parseDate(t)!;
const holdings = (end: string, group: HoldingsGroup = 'account', account?: string, currencies = ['USD']) =>
  buildHoldings(
    s,
    {
      end: day(end),
      group,
      currencies,
      staleDays: DEFAULT_STALE_DAYS,
      filter: account ? parseFilter({ account }, { today: day('2025-06-01') }) : null,
    },
    (q) => runQuery(s, q),
  );

describe('buildHoldings', () => {
  it('weights are the share of each value in the total (STK 250.00 / 1520.0000)', () => {
    const h = holdings('2024-03-01');
    expect(h.date).toBe('2024-02-29');
    const stk = h.rows.find((r) => r.currency === 'STK')!;
    expect(stk).toMatchObject({
      account: 'Assets:Broker',
      units: '10',
      average_cost: '20.00',
      cost_basis: { number: '200.00', currency: 'USD' },
      price: '25.00',
      price_date: '2024-02-20',
      stale: false,
      market_value: { number: '250.00', currency: 'USD' },
      gain: { number: '50.00', currency: 'USD' },
      gain_percent: '25',
      value: { number: '250.00', currency: 'USD' },
      unpriced: [],
    });
    // 250.00 x 100 / 1520.0000 = 16.44736842105263157894736842 (28 digits)
    expect(stk.weight).toBe('16.44736842105263157894736842');
    const gld = h.rows.find((r) => r.currency === 'GLD')!;
    expect(gld.unpriced).toEqual([{ number: '2', currency: 'GLD' }]);
    expect(h.rows.find((r) => r.currency === 'EUR')!.value).toEqual({ number: '99.0000', currency: 'USD' });
  });

  it('totals per operating currency; in EUR the USD side converts at 1 / 1.10', () => {
    const h = holdings('2024-03-01', 'account', undefined, ['USD', 'EUR']);
    expect(h.totals[0]).toEqual({
      currency: 'USD',
      cost_basis: [{ number: '1470.0000', currency: 'USD' }],
      market_value: [{ number: '1520.0000', currency: 'USD' }],
      gain: { number: '50.0000', currency: 'USD' },
    });
    expect(h.totals[1].currency).toBe('EUR');
    expect(h.queries.totals).toHaveLength(2);
  });

  it('a stale price at the end of April; the account filter narrows the rows and the weights', () => {
    const h = holdings('2024-05-01', 'account', 'Assets:Broker');
    // Only the broker's postings: unlike the statements, the bank side of the purchases (-300.00 USD
    // on Assets:Bank) is not listed as a holding under the account filter.
    expect(h.rows.map((r) => `${r.currency} ${r.market_value.number} ${r.stale} ${r.weight}`)).toEqual([
      // GLD at cost 100.00; STK 10 x 26.00 quoted 2024-03-15, 46 days before 2024-04-30.
      'GLD 100.00 false 27.77777777777777777777777778',
      'STK 260.00 true 72.22222222222222222222222222',
    ]);
    expect(h.queries.rows).toContain("Assets:Broker");
  });
});
