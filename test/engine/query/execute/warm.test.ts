/** warmQueryCaches: builds the columns a later query reuses, and changes no answer. */
import { describe, expect, it } from 'vitest';
import { runQuery, warmQueryCaches } from '../../../../engine/query/index';
import { accountIds, accountRows } from '../../../../engine/query/execute/account-index';
import { positionColumns } from '../../../../engine/query/execute/position-sums';
import { snapshot } from '../fixture';
import { costLotKey } from '../../../../engine/query/inventory';

const txns = [
  { date: '2023-01-01', postings: ['Assets:Bank 10.00 USD', 'Equity:Opening -10.00 USD'] },
  { date: '2023-01-02', postings: ['Assets:Broker 2 HOOL {100 USD}', 'Assets:Bank -200 USD'] },
  { date: '2023-01-02', postings: ['Assets:Broker 1 HOOL {100.00 USD}', 'Assets:Bank -100 USD'] },
];

describe('warmQueryCaches', () => {
  it('leaves the columns cached for the snapshot postings', () => {
    const snap = snapshot(txns);
    warmQueryCaches(snap);
    const cols = positionColumns(snap.postings);
    const rows = accountRows(snap.postings);
    warmQueryCaches(snap);
    expect(positionColumns(snap.postings)).toBe(cols);
    expect(accountRows(snap.postings)).toBe(rows);
    // Accounts in order of first row; the two HOOL rows at 100 and 100.00 USD of one day are one lot.
    expect(rows.map((r) => r.account)).toEqual(['Assets:Bank', 'Equity:Opening', 'Assets:Broker']);
    expect([...accountIds(snap.postings)]).toEqual([0, 1, 2, 0, 2, 0]);
    expect(cols.lot[2]).toBe(cols.lot[4]);
    expect(cols.lots.size).toBe(2);
    expect(cols.lots.keyOf(cols.lot[2])).toBe(costLotKey("HOOL", snap.postings[2].cost!));
  });

  it('gives the same BALANCES as a cold snapshot (hand-computed: Bank -290.00 USD, Broker 3 HOOL {100 USD})', () => {
    // bean-query 2.3.5 on these transactions as a ledger: -290.00 USD, 3 HOOL {100.00 USD},
    // -10.00 USD (it shows the cost as last written; the engine keeps the first form, inventory.ts).
    const warm = snapshot(txns);
    warmQueryCaches(warm);
    const cold = snapshot(txns);
    const text = (s: ReturnType<typeof snapshot>) => runQuery(s, 'SELECT account, str(sum(position)) GROUP BY account ORDER BY account').rows;
    expect(text(warm)).toEqual(text(cold));
    expect(text(warm)).toEqual([
      ['Assets:Bank', '(-290.00 USD)'],
      ['Assets:Broker', '(3 HOOL {100 USD, 2023-01-02})'],
      ['Equity:Opening', '(-10.00 USD)'],
    ]);
  });
});
