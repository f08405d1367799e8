/** One aggregate slot per distinct aggregate call: written twice, accumulated once, same values. */
import { describe, expect, it } from 'vitest';
import { compileQuery, runQuery } from '../../../../engine/query/index';
import { snapshot } from '../fixture';

const snap = snapshot([
  { date: '2023-01-01', postings: ['Assets:Bank 10.00 USD', 'Income:Salary -10.00 USD'] },
  { date: '2023-01-02', postings: ['Assets:Bank -2.5 USD', 'Expenses:Food 2.5 USD'] },
]);

describe('aggregate slots', () => {
  it('shares the slot of an aggregate written several times, in targets, HAVING and ORDER BY', () => {
    const plan = compileQuery('SELECT account, sum(number), sum(number) * 2, count(*) GROUP BY account HAVING sum(number) > 0 ORDER BY sum(number)');
    expect(plan.aggregate!.aggs.map((a) => a.name)).toEqual(['sum', 'count']);
    // Hand-computed: Assets:Bank 10.00 - 2.5 = 7.50, Expenses:Food 2.5; Income is dropped by HAVING.
    const rows = runQuery(snap, 'SELECT account, sum(number), sum(number) * 2, count(*) GROUP BY account HAVING sum(number) > 0 ORDER BY sum(number)').rows;
    expect(rows.map((r) => [r[0], String(r[1]), String(r[2]), r[3]])).toEqual([
      ['Expenses:Food', '2.5', '5.0', 1n],
      ['Assets:Bank', '7.50', '15.00', 2n],
    ]);
  });

  it('keeps different calls apart: other arguments, other functions, count(*) and count(x)', () => {
    const plan = compileQuery('SELECT sum(number), sum(position), min(number), count(*), count(number)');
    expect(plan.aggregate!.aggs.map((a) => a.name)).toEqual(['sum', 'sum', 'min', 'count', 'count']);
    const plan2 = compileQuery("SELECT sum(position), units(sum(position)), convert(sum(position), 'USD')");
    expect(plan2.aggregate!.aggs.length).toBe(1);
  });
});
