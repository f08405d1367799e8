/**
 * Every row of the operator result table (document 2 "Operators") and the ordering of every
 * orderable type, through whole queries on a small text ledger: result types as the compiler
 * reports them and values as encoded for the API. Expected values are worked out by hand from
 * the spec's rules.
 */
import { describe, expect, it } from 'vitest';
import { runQuery, encodeResult } from '../../../../engine/query/index';
import { QueryError } from '../../../../engine/query/errors';
import { ledger } from '../../ledger/ledger-text';

const snap = ledger(`
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Broker
2024-01-01 open Expenses:Food
2024-01-01 open Income:Job
2024-01-03 * "Cafe" "Coffee" #small #drink
  Expenses:Food   3.50 USD
    note: "b"
  Assets:Cash    -3.50 USD
2024-01-02 * "Job" "Salary" #work
  Income:Job   -1000 USD
  Assets:Cash   1000 USD
2024-02-29 * "Trip"
  Expenses:Food   12 EUR @ 1.10 USD
  Assets:Cash   -13.20 USD
2024-03-15 ! "Broker" "Buy"
  Assets:Broker   3 HOOL {100 USD}
  Assets:Cash   -300 USD
`);

/** One row of constant or computed targets on the first posting (Salary, Income:Job). */
function one(targets: string): { types: string[]; row: unknown[] } {
  const r = encodeResult(runQuery(snap, `SELECT ${targets} LIMIT 1`));
  return { types: r.data.columns.map((c) => c.type), row: JSON.parse(JSON.stringify(r.data.rows[0], big)) };
}
const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
const rows = (q: string) => JSON.parse(JSON.stringify(encodeResult(runQuery(snap, q)).data.rows, big));
function fails(q: string): [string, number | null, number | null] {
  try {
    runQuery(snap, q);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    const x = e as QueryError;
    return [x.message, x.line, x.column];
  }
  throw new Error(`no error for ${q}`);
}

describe('operator result table', () => {
  it('int + - * int is int; / is decimal', () => {
    expect(one('2 + 3, 2 - 5, 4 * -3, 7 / 2, 6 / 3')).toEqual({ types: ['int', 'int', 'int', 'decimal', 'decimal'], row: [5, -3, -12, '3.5', '2'] });
  });
  it('int overflow is an error at the operator, also on row values', () => {
    expect(fails('SELECT 9223372036854775807 + 1')).toEqual(['integer overflow', 1, 28]);
    // year * 2^62 overflows on every row: computed per row, reported at the operator.
    expect(fails('SELECT year * 4611686018427387904 LIMIT 1')[2]).toBe(13);
  });
  it('int or decimal with decimal is decimal, keeping places (sum: larger scale, product: sum of scales)', () => {
    expect(one('1.5 + 2, 2 - 0.25, 1.10 * 3, 1.5 * 1.25, 1 / 3, 1.00 / 4')).toEqual({
      types: ['decimal', 'decimal', 'decimal', 'decimal', 'decimal', 'decimal'],
      row: ['3.5', '1.75', '3.30', '1.875', '0.3333333333333333333333333333', '0.25'],
    });
  });
  it('division by zero is NULL', () => {
    expect(one('1 / 0, 1.5 / 0.0, weight / 0')).toEqual({ types: ['decimal', 'decimal', 'amount'], row: [null, null, null] });
  });
  it('date and int: days; outside years 1 to 9999 NULL; date - date is int', () => {
    expect(one('date + 1, 1 + date, date - 2, 2024-03-01 - 2024-02-01, 9999-12-31 + 1, 0001-01-01 - 1')).toEqual({
      types: ['date', 'date', 'date', 'int', 'date', 'date'],
      row: ['2024-01-03', '2024-01-03', '2023-12-31', 29, null, null],
    });
  });
  it('date and interval: months first keeping the day unless the month is shorter, then days', () => {
    expect(one("2024-01-31 + interval('1 month'), interval('1 month') + 2024-03-31, 2024-03-31 - interval('1 month'), 2024-01-31 + (interval('1 month') + interval('1 day'))")).toEqual({
      types: ['date', 'date', 'date', 'date'],
      row: ['2024-02-29', '2024-04-30', '2024-02-29', '2024-03-01'],
    });
  });
  it('interval +/- interval is interval; interval - date is an error', () => {
    expect(one("interval('1 month') + interval('2 days') = interval('2 days') + interval('1 month'), interval('1 year') - interval('12 months') = interval('0 days'), interval('1 week') - interval('7 days') = interval('0 months')")).toEqual({
      types: ['bool', 'bool', 'bool'],
      row: [true, true, true],
    });
    expect(fails("SELECT interval('1 day') - date")).toEqual(['operator - does not apply to interval and date', 1, 26]);
  });
  it('str + str concatenates', () => {
    expect(one("payee + ': ' + narration")).toEqual({ types: ['str'], row: ['Job: Salary'] });
  });
  it('amount * number, number * amount, amount / number are amounts', () => {
    expect(one('weight * 2, 1.5 * weight, weight / 8')).toEqual({
      types: ['amount', 'amount', 'amount'],
      row: [
        { number: '-2000', currency: 'USD' },
        { number: '-1500.0', currency: 'USD' },
        { number: '-125', currency: 'USD' },
      ],
    });
  });
  it('amount + - amount need one currency, else the query fails at the operator', () => {
    expect(rows("SELECT weight + weight, weight - units(position) WHERE account = 'Expenses:Food' AND currency = 'USD'")).toEqual([
      [{ number: '7.00', currency: 'USD' }, { number: '0.00', currency: 'USD' }],
    ]);
  });
  it('amounts of different currencies fail with a position', () => {
    expect(fails("SELECT weight - units(position) WHERE account = 'Expenses:Food'")).toEqual([
      'cannot subtract amounts of different currencies: USD and EUR',
      1,
      15,
    ]);
  });
  it('operators outside the table are errors at the operator', () => {
    expect(fails("SELECT 'a' - 'b'")).toEqual(['operator - does not apply to str and str', 1, 12]);
    expect(fails('SELECT weight * weight')).toEqual(['operator * does not apply to amount and amount', 1, 15]);
    expect(fails('SELECT 2 / weight')).toEqual(['operator / does not apply to int and amount', 1, 10]);
  });
  it('unary minus on int, decimal, amount, position, inventory', () => {
    const r = rows("SELECT -year, -number, -weight, -position, -sum(position) WHERE account = 'Assets:Broker' GROUP BY 1, 2, 3, 4");
    expect(r).toEqual([
      [
        -2024,
        '-3',
        { number: '-300', currency: 'USD' },
        { units: { number: '-3', currency: 'HOOL' }, cost: { number: '100', currency: 'USD', date: '2024-03-15', label: null } },
        { positions: [{ units: { number: '-3', currency: 'HOOL' }, cost: { number: '100', currency: 'USD', date: '2024-03-15', label: null } }] },
      ],
    ]);
    expect(fails("SELECT -'x'")).toEqual(['unary - does not apply to str', 1, 8]);
  });
  it('a NULL operand gives NULL of type null, but the other side must admit the operator', () => {
    expect(one('number + NULL, NULL * 2, -NULL')).toEqual({ types: ['null', 'null', 'null'], row: [null, null, null] });
    expect(fails('SELECT tags + NULL')).toEqual(['operator + does not apply to set and null', 1, 13]);
  });
  it('comparisons: int and decimal numerically, strings by character code, ordering only on scalars', () => {
    expect(one("1 = 1.00, 2 <> 2.0, 'B' < 'a', TRUE > FALSE, 2024-01-02 = date, 1 == 1")).toEqual({
      types: ['bool', 'bool', 'bool', 'bool', 'bool', 'bool'],
      row: [true, false, true, true, true, true],
    });
    expect(fails('SELECT weight < weight')).toEqual(['operator < does not apply to amount; compare numbers or dates', 1, 15]);
    expect(fails("SELECT number = 'x'")).toEqual(['cannot compare decimal with str', 1, 15]);
  });
});

describe('ordering of each type through ORDER BY (NULL first ascending)', () => {
  const order = (expr: string, where = '') => rows(`SELECT ${expr} ${where} ORDER BY 1`).map((r: unknown[]) => r[0]);
  it('int, decimal, str, date, bool', () => {
    expect(order('DISTINCT month')).toEqual([1, 2, 3]);
    expect(order('number', "WHERE account = 'Assets:Cash'")).toEqual(['-300', '-13.20', '-3.50', '1000']);
    // `* "Trip"`: one string is the narration, so that payee is NULL and sorts first.
    expect(order('DISTINCT payee')).toEqual([null, 'Broker', 'Cafe', 'Job']);
    expect(order('DISTINCT date')).toEqual(['2024-01-02', '2024-01-03', '2024-02-29', '2024-03-15']);
    expect(order("DISTINCT flag = '!'")).toEqual([false, true]);
  });
  it('NULL sorts first ascending and last descending', () => {
    expect(order('DISTINCT cost_number')).toEqual([null, '100']);
    expect(rows('SELECT DISTINCT cost_number ORDER BY 1 DESC').map((r: unknown[]) => r[0])).toEqual(['100', null]);
  });
  it('set element by element in sorted order', () => {
    expect(order('DISTINCT tags')).toEqual([[], ['drink', 'small'], ['work']]);
  });
  it('amount by currency, then number', () => {
    expect(order('units(position)', "WHERE account ~ 'Food|Broker'")).toEqual([
      { number: '12', currency: 'EUR' },
      { number: '3', currency: 'HOOL' },
      { number: '3.50', currency: 'USD' },
    ]);
  });
  it('position: USD, EUR, ... first, then other currencies shorter names first', () => {
    expect(order('position', "WHERE account ~ 'Food|Broker'").map((p: { units: { currency: string } }) => p.units.currency)).toEqual(['USD', 'EUR', 'HOOL']);
  });
  it('inventory: positions compared one by one; a single-currency inventory by its number', () => {
    expect(rows('SELECT account, sum(position) AS s GROUP BY account ORDER BY s').map((r: unknown[]) => r[0])).toEqual([
      'Income:Job',
      'Expenses:Food',
      'Assets:Cash',
      'Assets:Broker',
    ]);
  });
  it('interval has no order', () => {
    expect(fails("SELECT interval('1 day') AS i ORDER BY i")).toEqual(['intervals have no order: cannot sort by an interval', 1, 40]);
  });
});
