import { describe, expect, it } from 'vitest';
import { ledger, names, rows, types } from './helpers';

// A (18:00) holds within its tolerance: actual 105 includes the sub-account. B (09:00) fails:
// actual 5 - asserted 7 = -2. Reference order keeps file order A, B within the day; processing
// order checks B first. C pads 95 from Equity:Opening and then holds at 200.
const s = ledger(
  `
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Bank:Sub
2024-01-01 open Income:Pay
2024-01-01 open Equity:Opening
2024-01-02 * "pay"
  Assets:Bank  100 USD
  Income:Pay
2024-01-02 * "sub"
  Assets:Bank:Sub  5 USD
  Income:Pay
2024-01-03 18:00 balance Assets:Bank 101 ~ 5 USD
2024-01-03 09:00 balance Assets:Bank:Sub 7 USD
  note: "x"
2024-01-04 balance Assets:Bank 200 USD with pad Equity:Opening
`,
  { format: 'zhang' },
);
const usd = (n: string) => ({ number: n, currency: 'USD' });
const day3 = Date.UTC(2024, 0, 3) / 1000;

describe('#balances', () => {
  it('SELECT * columns and the [ext] column types', () => {
    expect(names(s, 'SELECT * FROM #balances')).toEqual(['date', 'account', 'amount', 'tolerance', 'discrepancy']);
    expect(types(s, 'SELECT meta, actual, passed, pad, id, seq, time, timestamp FROM #balances')).toEqual([
      'meta:str', 'actual:amount', 'passed:bool', 'pad:str', 'id:str', 'seq:int', 'time:str', 'timestamp:int',
    ]);
  });

  it('rows in reference order with the checked figures', () => {
    expect(rows(s, 'SELECT * FROM #balances')).toEqual([
      ['2024-01-03', 'Assets:Bank', usd('101'), '5', null],
      ['2024-01-03', 'Assets:Bank:Sub', usd('7'), null, usd('-2')],
      ['2024-01-04', 'Assets:Bank', usd('200'), null, null],
    ]);
    expect(rows(s, 'SELECT account, actual, passed, pad, seq, time, timestamp, meta FROM #balances')).toEqual([
      ['Assets:Bank', usd('105'), true, null, 7, '18:00:00', day3 + 18 * 3600, ''],
      ['Assets:Bank:Sub', usd('5'), false, null, 6, '09:00:00', day3 + 9 * 3600, 'note: "x"'],
      ['Assets:Bank', usd('200'), true, 'Equity:Opening', 9, '00:00:00', day3 + 86400, ''],
    ]);
  });

  it('ids match #entries; a failing assertion is also an error', () => {
    expect(rows(s, 'SELECT id FROM #balances')).toEqual(rows(s, "SELECT id FROM #entries WHERE type = 'balance'"));
    expect(rows(s, "SELECT kind, account FROM #errors")).toEqual([['AccountBalanceCheckError', 'Assets:Bank:Sub']]);
  });

  it('meta() reads the assertion; WHERE and aggregates work', () => {
    expect(rows(s, "SELECT account, meta('note') FROM #balances WHERE NOT passed")).toEqual([['Assets:Bank:Sub', 'x']]);
    expect(rows(s, 'SELECT account, count(*) FROM #balances GROUP BY account ORDER BY account')).toEqual([
      ['Assets:Bank', 2],
      ['Assets:Bank:Sub', 1],
    ]);
  });
});
