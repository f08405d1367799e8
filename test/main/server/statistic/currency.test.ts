/** The currency statistics are valued in: operating_currency, else the most used net-worth currency. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { operatingCurrency } from '../../../../main/server/statistic/currency';
import { tempDir } from '../../fake-ledger';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const BODY = `2024-01-01 open Assets:Bank
2024-01-01 open Assets:Wallet
2024-01-01 open Expenses:Food
2024-01-02 * "a"
  Assets:Bank  -1 CHF
  Expenses:Food  1 CHF
2024-01-03 * "b"
  Assets:Wallet  -2 EUR
  Expenses:Food  2 EUR
2024-01-04 * "c"
  Assets:Wallet  -3 EUR
  Expenses:Food  3 EUR
2024-01-05 * "d"
  Expenses:Food  4 GBP
  Expenses:Food  -4 GBP
2024-01-06 * "e"
  Expenses:Food  5 GBP
  Expenses:Food  -5 GBP
`;

describe('operatingCurrency', () => {
  it('is the first operating_currency option', () => {
    const s = loadLedger(tmp.write('a.bean', `option "operating_currency" "JPY"\noption "operating_currency" "USD"\n${BODY}`));
    expect(operatingCurrency(s)).toBe('JPY');
  });

  it('without the option: the currency of the most Assets/Liabilities postings (GBP only moves between expenses)', () => {
    const s = loadLedger(tmp.write('b.bean', BODY));
    expect(operatingCurrency(s)).toBe('EUR');
  });
});
