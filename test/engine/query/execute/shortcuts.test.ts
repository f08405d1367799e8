/**
 * The executor's shortcuts (document 2 "LIMIT and OFFSET" 4): they must give the rows and totals
 * of the full evaluation, and skip exactly the work the spec allows to skip. Skipped work is
 * made visible with a target that fails with integer overflow on one transaction only
 * (`BOOM` below fails on the 'Buy' rows, the last transaction).
 */
import { describe, expect, it } from 'vitest';
import { runQuery, encodeResult, type QueryOptions } from '../../../../engine/query/index';
import { QueryError } from '../../../../engine/query/errors';
import { ledger } from '../../ledger/ledger-text';

const snap = ledger(`
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Stock
2024-01-01 open Expenses:Food
2024-01-01 open Income:Job
2024-01-05 * "Lunch"
  Expenses:Food  10 USD
  Assets:Cash   -10 USD
2024-01-05 * "Coffee"
  Expenses:Food   3 USD
  Assets:Cash    -3 USD
2024-02-01 * "Pay"
  Assets:Cash   100 USD
  Income:Job   -100 USD
2024-02-03 * "Dinner"
  Expenses:Food  20 USD
  Assets:Cash   -20 USD
2024-03-01 * "Buy"
  Assets:Stock   2 HOOL {30 USD}
  Assets:Cash  -60 USD
`);

const BOOM = "CASE WHEN narration = 'Buy' THEN 9223372036854775807 + year ELSE year END";
const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
const data = (q: string, o: QueryOptions = {}) => JSON.parse(JSON.stringify(encodeResult(runQuery(snap, q, o)).data, big));
const rows = (q: string, o: QueryOptions = {}) => data(q, o).rows;
const usd = (n: string) => ({ positions: [{ units: { number: n, currency: 'USD' }, cost: null }] });
function failure(q: string): string {
  try {
    runQuery(snap, q);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as QueryError).message;
  }
  return 'no error';
}

describe('ledger order with LIMIT/OFFSET', () => {
  it('stops after the window; the failing rows past it are never computed', () => {
    expect(failure(`SELECT narration, ${BOOM}`)).toBe('integer overflow');
    expect(rows(`SELECT narration, ${BOOM} LIMIT 2 OFFSET 1`)).toEqual([
      ['Lunch', 2024],
      ['Coffee', 2024],
    ]);
  });
  it('counts the rows past the window for count_total without computing them', () => {
    expect(data(`SELECT narration, ${BOOM} LIMIT 3 OFFSET 2`, { countTotal: true })).toMatchObject({
      rows: [['Coffee', 2024], ['Coffee', 2024], ['Pay', 2024]],
      total: 10,
    });
    expect(data("SELECT narration WHERE account = 'Assets:Cash' LIMIT 1 OFFSET 1", { countTotal: true })).toMatchObject({
      rows: [['Coffee']],
      total: 5,
    });
  });
  it('LIMIT 0 computes nothing and still counts', () => {
    expect(data(`SELECT ${BOOM} LIMIT 0`, { countTotal: true })).toMatchObject({ rows: [], total: 10 });
  });
  it('the running balance of a page counts every chosen row before it', () => {
    expect(rows("SELECT narration, balance WHERE account = 'Assets:Cash' LIMIT 2 OFFSET 2")).toEqual([
      ['Pay', usd('87')],
      ['Dinner', usd('67')],
    ]);
  });
});

describe('DISTINCT with LIMIT and no ORDER BY', () => {
  it('stops once enough distinct rows are found', () => {
    expect(failure(`SELECT DISTINCT account, ${BOOM}`)).toBe('integer overflow');
    expect(rows(`SELECT DISTINCT account, ${BOOM} LIMIT 3`)).toEqual([
      ['Expenses:Food', 2024],
      ['Assets:Cash', 2024],
      ['Income:Job', 2024],
    ]);
  });
  it('applies OFFSET to distinct rows', () => {
    expect(rows('SELECT DISTINCT account LIMIT 2 OFFSET 1')).toEqual([['Assets:Cash'], ['Income:Job']]);
  });
  it('with count_total counts every distinct row', () => {
    expect(data('SELECT DISTINCT account LIMIT 1', { countTotal: true })).toMatchObject({ rows: [['Expenses:Food']], total: 4 });
  });
});

describe('ORDER BY with LIMIT and the running balance', () => {
  it('balances of the kept rows are those of the full evaluation (computed after the scan)', () => {
    const q = "SELECT narration, account, balance WHERE account ~ 'Cash|Food' ORDER BY date DESC, narration LIMIT 3";
    // Chosen rows in ledger order with the running balance of Cash and Food together:
    // Lunch +10, -10 -> 0; Coffee +3, -3 -> 0; Pay +100 -> 100; Dinner +20 (120), -20 (100); Buy -60 -> 40.
    expect(rows(q)).toEqual([
      ['Buy', 'Assets:Cash', usd('40')],
      ['Dinner', 'Expenses:Food', usd('120')],
      ['Dinner', 'Assets:Cash', usd('100')],
    ]);
    // Same values as without LIMIT (no shortcut).
    expect(rows(q.replace(' LIMIT 3', '')).slice(0, 3)).toEqual(rows(q));
  });
  it('keeps lots in the deferred balance and OFFSET applies after sorting (ties keep ledger order)', () => {
    const lot = { units: { number: '2', currency: 'HOOL' }, cost: { number: '30', currency: 'USD', date: '2024-03-01', label: null } };
    // All USD postings before Buy net to zero (the zero position is removed); Buy adds the lot, then -60 USD.
    expect(rows('SELECT narration, account, balance ORDER BY date DESC LIMIT 2')).toEqual([
      ['Buy', 'Assets:Stock', { positions: [lot] }],
      ['Buy', 'Assets:Cash', { positions: [lot, { units: { number: '-60', currency: 'USD' }, cost: null }] }],
    ]);
    expect(rows('SELECT account, units(balance) ORDER BY date DESC LIMIT 1 OFFSET 1')).toEqual([
      [
        'Assets:Cash',
        {
          positions: [
            { units: { number: '2', currency: 'HOOL' }, cost: null },
            { units: { number: '-60', currency: 'USD' }, cost: null },
          ],
        },
      ],
    ]);
  });
  it('a failing target is still computed on every row', () => {
    expect(failure(`SELECT narration, ${BOOM} ORDER BY date LIMIT 1`)).toBe('integer overflow');
  });
});

describe('consecutive groups with LIMIT', () => {
  it('builds only the returned groups: later groups are never accumulated', () => {
    expect(failure(`SELECT date, sum(${BOOM})`)).toBe('integer overflow');
    expect(rows(`SELECT date, count(*), sum(${BOOM}) LIMIT 2`)).toEqual([
      ['2024-01-05', 4, 8096],
      ['2024-02-01', 2, 4048],
    ]);
  });
  it('OFFSET skips whole groups without accumulating them and count_total counts groups', () => {
    expect(data(`SELECT date, count(*) GROUP BY date LIMIT 1 OFFSET 2`, { countTotal: true })).toMatchObject({
      rows: [['2024-02-03', 2]],
      total: 4,
    });
    expect(data(`SELECT year, month, sum(number) WHERE account = 'Assets:Cash' GROUP BY year, month LIMIT 2 OFFSET 1`)).toMatchObject({
      rows: [
        [2024, 2, '80'],
        [2024, 3, '-60'],
      ],
    });
  });
  it('groups by (seq, posting_index) are consecutive too: a journal page builds only its postings', () => {
    // The 'Buy' transaction is the last: its rows are never accumulated for the first page.
    expect(failure(`SELECT seq, posting_index, sum(${BOOM}) GROUP BY seq, posting_index`)).toBe('integer overflow');
    expect(rows(`SELECT seq, posting_index, sum(${BOOM}) GROUP BY seq, posting_index LIMIT 2`)).toEqual([
      [rows('SELECT seq LIMIT 1')[0][0], 0, 2024],
      [rows('SELECT seq LIMIT 1')[0][0], 1, 2024],
    ]);
  });
  it('HAVING counts only kept groups toward LIMIT', () => {
    expect(rows('SELECT date, count(*) AS n GROUP BY date HAVING count(*) > 2 LIMIT 1')).toEqual([['2024-01-05', 4]]);
    expect(rows("SELECT date, sum(number) GROUP BY date HAVING sum(number) = 0 LIMIT 2 OFFSET 1")).toEqual([
      ['2024-02-01', '0'],
      ['2024-02-03', '0'],
    ]);
  });
});

describe('aggregates of the running balance', () => {
  // Chosen rows of Cash and Food with the balance after each: Lunch Food 10, Lunch Cash 0,
  // Coffee Food 3, Coffee Cash 0, Pay Cash 100, Dinner Food 120, Dinner Cash 100, Buy Cash 40.
  const W = "WHERE account ~ 'Cash|Food'";
  it('last(balance) per group is the balance after the group’s last row (computed after the scan)', () => {
    expect(rows(`SELECT account, last(balance) ${W} GROUP BY account`)).toEqual([
      ['Expenses:Food', usd('120')],
      ['Assets:Cash', usd('40')],
    ]);
  });
  it('consecutive groups with LIMIT/OFFSET, also for units(balance)', () => {
    expect(rows(`SELECT date, last(balance), last(units(balance)) ${W} LIMIT 2 OFFSET 1`)).toEqual([
      ['2024-02-01', usd('100'), usd('100')],
      ['2024-02-03', usd('100'), usd('100')],
    ]);
    expect(rows(`SELECT date, last(balance) ${W} LIMIT 1`)).toEqual([['2024-01-05', { positions: [] }]]);
  });
  it('a group key that reads the balance: grouped during the scan, shown with its own value beside a deferred last(balance)', () => {
    // Balances after each chosen row: 10, 0, 3, 0, 100, 120, 100, 40 (the key's value, not the 40
    // the scan ends with; empty is 0 in USD).
    expect(rows(`SELECT number(only('USD', balance)) AS b, count(*), last(balance) ${W} GROUP BY b ORDER BY b`)).toEqual([
      ['0', 2, { positions: [] }],
      ['3', 1, usd('3')],
      ['10', 1, usd('10')],
      ['40', 1, usd('40')],
      ['100', 2, usd('100')],
      ['120', 1, usd('120')],
    ]);
    // Without ORDER BY: groups in the order of their first row.
    expect(rows(`SELECT number(only('USD', balance)) AS b, count(*) ${W} GROUP BY b LIMIT 3`)).toEqual([
      ['10', 1],
      ['0', 2],
      ['3', 1],
    ]);
  });
  it('consecutive groups with HAVING', () => {
    expect(rows(`SELECT date, last(balance) ${W} GROUP BY date HAVING count(*) = 2 LIMIT 2`)).toEqual([['2024-02-03', usd('100')]]);
  });
  it('consecutive groups with HAVING: last of the balance is read as each group closes, before the next row counts', () => {
    const q = `SELECT date, last(balance), last(units(balance)), first(balance), count(*) ${W} GROUP BY date HAVING count(*) < 4`;
    expect(rows(`${q} LIMIT 5`)).toEqual([
      ['2024-02-01', usd('100'), usd('100'), usd('100'), 1],
      ['2024-02-03', usd('100'), usd('100'), usd('120'), 2],
      ['2024-03-01', usd('40'), usd('40'), usd('40'), 1],
    ]);
    const d = data(`${q} LIMIT 1 OFFSET 1`, { countTotal: true });
    expect(d.rows).toEqual([['2024-02-03', usd('100'), usd('100'), usd('120'), 2]]);
    expect(d.total).toBe(3);
    // HAVING on the value itself: the group of 2024-01-05 ends with an empty balance.
    expect(rows(`SELECT date, last(balance) ${W} GROUP BY date HAVING last(balance) = first(balance) LIMIT 9`)).toEqual([
      ['2024-02-01', usd('100')],
      ['2024-03-01', usd('40')],
    ]);
  });
  it('one group without keys; NULL without rows', () => {
    // Cash alone: -10, -13, 87, 67, 7.
    expect(rows("SELECT last(balance), first(balance), count(*), sum(balance) WHERE account = 'Assets:Cash'")).toEqual([
      [usd('7'), usd('-10'), 5, usd('138')],
    ]);
    expect(rows("SELECT last(balance), count(*) WHERE account = 'Nope'")).toEqual([[null, 0]]);
  });
  it('min and max keep the extreme balance, not the live one', () => {
    expect(rows("SELECT min(balance), max(balance) WHERE account = 'Assets:Cash'")).toEqual([[usd('-13'), usd('87')]]);
  });
});

describe('ORDER BY with LIMIT and functions of the running balance', () => {
  it('convert/only/units of the balance are computed for the kept rows with the values of a full evaluation', () => {
    const q = "SELECT narration, convert(balance, 'USD'), only('USD', balance), neg(balance) WHERE account = 'Assets:Cash' ORDER BY date DESC LIMIT 2";
    // Cash alone: Lunch -10, Coffee -13, Pay 87, Dinner 67, Buy 7.
    expect(rows(q)).toEqual([
      ['Buy', usd('7'), { number: '7', currency: 'USD' }, usd('-7')],
      ['Dinner', usd('67'), { number: '67', currency: 'USD' }, usd('-67')],
    ]);
    expect(rows(q.replace(' LIMIT 2', '')).slice(0, 2)).toEqual(rows(q));
  });
});
