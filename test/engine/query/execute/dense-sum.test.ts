/**
 * DenseSum (position-sums.ts) finds lots by id in an array instead of PositionSum's map (the
 * total of OPEN ON and CLOSE ON, whose cash lots start again at nearly every transaction). It
 * must end in the same lots as addRow on a PositionSum: same numbers and places (also past 2^53),
 * the cost object of the row that (last) created each lot, and the same creation order.
 */
import { describe, expect, it } from 'vitest';
import { addRow, DenseSum, positionColumns, PositionSum } from '../../../../engine/query/execute/position-sums';
import { snapshot } from '../fixture';
import { randomLedger } from './random-ledger';

function lotsOf(sum: PositionSum): unknown[] {
  return [...sum.lots].map(([id, l]) => [id, l.big ?? l.n, l.dp, l.cost]);
}

describe('DenseSum', () => {
  it('ends in the lots, places, costs and order of a PositionSum, at every cut of 30 random ledgers', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const rows = snapshot(randomLedger(seed, 60)).postings;
      const cols = positionColumns(rows);
      const sum = new PositionSum();
      const dense = new DenseSum(cols);
      for (let i = 0; i < rows.length; i++) {
        addRow(sum, cols, rows, i);
        dense.add(cols, rows, i);
        if (i % 7 === 0 || i === rows.length - 1) expect(lotsOf(dense.toSum()), `seed ${seed} row ${i}`).toEqual(lotsOf(sum));
      }
    }
  });

  it('hand-computed: a lot summing to zero leaves, and comes back last with its new places', () => {
    const rows = snapshot([
      { date: '2023-01-01', postings: ['Assets:A 5.00 USD', 'Assets:B 2 EUR', 'Equity:O -5.00 USD', 'Equity:O -2 EUR'] },
      { date: '2023-01-02', postings: ['Assets:A 3 USD', 'Equity:O -3 USD'] },
    ]).postings;
    const cols = positionColumns(rows);
    const dense = new DenseSum(cols);
    for (let i = 0; i < rows.length; i++) dense.add(cols, rows, i);
    // USD: 5.00 - 5.00 = 0 (gone), + 3 - 3 = 0 (gone); EUR: 2 - 2 = 0: nothing left.
    expect(dense.toSum().lots.size).toBe(0);
    const some = new DenseSum(cols);
    for (const i of [0, 1, 2, 4]) some.add(cols, rows, i);
    // 5.00 USD + 2 EUR, then -5.00 USD (gone), then 3 USD: EUR first, USD again with no places.
    expect([...some.toSum().lots.values()].map((l) => [l.n, l.dp])).toEqual([
      [2, 0],
      [3, 0],
    ]);
  });
});
