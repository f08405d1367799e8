import { describe, expect, it } from 'vitest';
import { runQuery, encodeResult, type QueryOptions } from '../../../engine/query/index';
import { QueryError } from '../../../engine/query/errors';
import { basicLedger } from './basic-ledger';
import { ledger } from '../ledger/ledger-text';

const snap = basicLedger();
const json = (q: string, o: QueryOptions = {}) => JSON.parse(JSON.stringify(encodeResult(runQuery(snap, q, o)), (_k, v) => (typeof v === 'bigint' ? Number(v) : v))).data;
const rows = (q: string, o: QueryOptions = {}) => json(q, o).rows;
const err = (q: string, o: QueryOptions = {}) => {
  try {
    runQuery(snap, q, o);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    const q2 = e as QueryError;
    return [q2.message, q2.line, q2.column];
  }
  throw new Error('no error');
};

describe('SELECT basics', () => {
  it('SELECT * gives the six columns in ledger order', () => {
    const d = json('SELECT * LIMIT 1');
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['date', 'flag', 'payee', 'narration', 'account', 'position']);
    expect(d.rows[0].slice(0, 5)).toEqual(['2024-01-05', '*', 'Shop', 'Lunch', 'Expenses:Food']);
  });
  it('names columns by alias or trimmed target text', () => {
    const d = json('SELECT  number * 2 ,account AS a LIMIT 1');
    expect(d.columns).toEqual([
      { name: 'number * 2', type: 'decimal' },
      { name: 'a', type: 'str' },
    ]);
    expect(d.rows).toEqual([['21.00', 'Expenses:Food']]);
  });
  it('WHERE keeps TRUE rows only; NULL payee dropped by !=', () => {
    expect(rows("SELECT narration WHERE payee != 'Shop' AND account = 'Assets:Cash'")).toEqual([['Pay'], ['Buy']]);
    expect(rows("SELECT narration WHERE (payee IS NULL OR payee != 'Shop') AND account = 'Assets:Cash'")).toEqual([['Pay'], ['Dinner'], ['Buy']]);
  });
  it('compares a quoted string with a date as a date', () => {
    expect(rows("SELECT count(*) WHERE date >= '2024-02-10'")).toEqual([[4]]);
    expect(err("SELECT count(*) WHERE date >= 'soon'")).toEqual(["invalid date 'soon': expected YYYY-MM-DD", 1, 31]);
  });
  it('int / int is decimal, int overflow is an error', () => {
    expect(rows('SELECT 7 / 2 LIMIT 1')).toEqual([['3.5']]);
    expect(err('SELECT 9223372036854775807 + 1 LIMIT 1')[0]).toBe('integer overflow');
  });
});

describe('NULL logic', () => {
  const cases: [string, boolean | null][] = [
    ['TRUE AND NULL', null],
    ['NULL AND TRUE', null],
    ['FALSE AND NULL', false],
    ['NULL AND FALSE', false],
    ['TRUE OR NULL', true],
    ['NULL OR TRUE', true],
    ['FALSE OR NULL', null],
    ['NOT NULL', null],
    ["payee = NULL", null],
    ['NULL IS NULL', true],
    ['1 IN (2, NULL)', null],
    ['1 IN (1, NULL)', true],
    ['1 NOT IN (2, NULL)', null],
  ];
  for (const [expr, want] of cases) {
    it(expr, () => {
      const d = json(`SELECT ${expr} AS v LIMIT 1`);
      expect(d.rows[0][0]).toBe(want);
    });
  }
});

describe('aggregates and grouping', () => {
  it('sum per account with implicit GROUP BY, in order of first posting', () => {
    expect(rows('SELECT account, sum(number)')).toEqual([
      ['Expenses:Food', '30.50'],
      ['Assets:Cash', '9.50'],
      ['Income:Salary', '-100'],
      ['Assets:Stock', '2'],
    ]);
  });
  it('zero rows without keys still give one row', () => {
    expect(rows("SELECT count(*), sum(number), first(account) WHERE account = 'X'")).toEqual([[0, '0', null]]);
    expect(rows("SELECT account, count(*) WHERE account = 'X'")).toEqual([]);
  });
  it('HAVING drops groups and LIMIT counts kept groups', () => {
    expect(rows('SELECT account, count(*) AS n GROUP BY account HAVING count(*) > 1 ORDER BY account')).toEqual([
      ['Assets:Cash', 4],
      ['Expenses:Food', 2],
    ]);
  });
  it('rejects a column outside aggregates and keys, at the column', () => {
    expect(err('SELECT number - sum(number)')).toEqual(["'number' must be a group key or used inside an aggregate function", 1, 8]);
    expect(err('SELECT account, narration, count(*) GROUP BY account')).toEqual(["'narration' must be a group key or used inside an aggregate function", 1, 17]);
  });
  it('rejects nested aggregates and aggregates in WHERE', () => {
    expect(err('SELECT sum(count(*))')).toEqual(["aggregate functions cannot be nested ('count' inside another aggregate)", 1, 12]);
    expect(err('SELECT account WHERE sum(number) > 0')).toEqual(["aggregate function 'sum' is not allowed in WHERE", 1, 22]);
  });
  it('rejects non-groupable keys', () => {
    expect(err('SELECT tags, count(*) GROUP BY tags')).toEqual(['values of type set cannot be group keys', 1, 32]);
  });
  it('group keys by number and alias', () => {
    expect(rows('SELECT month AS m, count(*) GROUP BY m ORDER BY 1')).toEqual([
      [1, 2],
      [2, 4],
      [3, 2],
    ]);
  });
});

describe('ORDER BY, DISTINCT, LIMIT', () => {
  it('sorts NULL first ascending and last descending, stable', () => {
    expect(rows("SELECT payee, narration WHERE account = 'Assets:Cash' ORDER BY payee")).toEqual([
      [null, 'Dinner'],
      ['Boss', 'Pay'],
      ['Broker', 'Buy'],
      ['Shop', 'Lunch'],
    ]);
    expect(rows("SELECT payee WHERE account = 'Assets:Cash' ORDER BY payee DESC")).toEqual([['Shop'], ['Broker'], ['Boss'], [null]]);
  });
  it('orders texts by code point, plain texts and texts with surrogates alike', () => {
    // UTF-16 code units would put 😀 (D83D DE00) before U+FFFF; code points put it last. The sort
    // compares texts without units at or above U+D800 natively (run.ts makeCompare): one such
    // text among the rows must bring the whole key back to code-point order.
    const s = ledger(`2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
${['aZ', 'a\uffff', 'a😀', 'a', 'a\ue000'].map((n, i) => `2024-01-0${i + 2} * "${n}"\n  Expenses:Food  1 USD\n  Assets:Cash\n`).join('')}`);
    const texts = (q: string) => runQuery(s, q).rows.map((r) => r[0]);
    const want = ['a', 'aZ', 'a\ue000', 'a\uffff', 'a😀'];
    expect(texts("SELECT narration WHERE account = 'Assets:Cash' ORDER BY narration")).toEqual(want);
    expect(texts('SELECT narration, count(*) GROUP BY narration ORDER BY narration DESC')).toEqual([...want].reverse());
    // Without the two texts past U+D800 (native comparison): the same order of the rest.
    expect(texts("SELECT narration WHERE account = 'Assets:Cash' AND narration != 'a😀' ORDER BY narration")).toEqual(want.slice(0, 4));
    expect(texts("SELECT narration WHERE account = 'Assets:Cash' AND narration < 'a\ue000' ORDER BY narration DESC")).toEqual(['aZ', 'a']);
  });
  it('DISTINCT keeps the first, then OFFSET/LIMIT', () => {
    expect(rows('SELECT DISTINCT account LIMIT 2 OFFSET 1')).toEqual([['Assets:Cash'], ['Income:Salary']]);
  });
  it('count_total counts rows before LIMIT/OFFSET', () => {
    expect(json('SELECT account LIMIT 2', { countTotal: true }).total).toBe(8);
    expect(json('SELECT account ORDER BY account LIMIT 2', { countTotal: true }).total).toBe(8);
    expect(json('SELECT DISTINCT account LIMIT 1', { countTotal: true }).total).toBe(4);
  });
  it('ORDER BY with LIMIT keeps the first rows', () => {
    expect(rows('SELECT number ORDER BY number DESC LIMIT 2 OFFSET 1')).toEqual([['20'], ['10.50']]);
  });
  it('rows before OFFSET are counted but their targets not computed', () => {
    // Row 1 overflows; with OFFSET 1 it is skipped without computing its target.
    const big = "SELECT CASE WHEN account = 'Expenses:Food' AND narration = 'Lunch' THEN year * 9223372036854775807 ELSE 1 END AS v";
    expect(err(big + ' LIMIT 1')[0]).toBe('integer overflow');
    expect(rows(big + ' LIMIT 2 OFFSET 1')).toEqual([[1], [1]]);
  });
  it('LIMIT and OFFSET parameters', () => {
    expect(rows('SELECT narration LIMIT $1 OFFSET :o', { params: { '1': 1n, o: 2 } })).toEqual([['Pay']]);
    expect(err('SELECT narration LIMIT $1', { params: { '1': -1 } })).toEqual(['LIMIT parameter $1 must not be negative', 1, 24]);
    expect(err('SELECT narration LIMIT $1', { params: { '1': null } })).toEqual(['LIMIT parameter $1 must be bound to an integer', 1, 24]);
    expect(err('SELECT narration LIMIT 1 OFFSET $2', { params: { '2': 9223372036854775807n } })).toEqual(['LIMIT plus OFFSET does not fit in 64 bits', 1, 33]);
    expect(err('SELECT narration WHERE account = $1')).toEqual(['parameter $1 is not bound', 1, 34]);
  });
});

describe('running balance and account_balance', () => {
  it('balance runs over WHERE rows only; account_balance ignores WHERE', () => {
    expect(rows("SELECT balance, account_balance WHERE account = 'Assets:Cash' AND date >= 2024-02-01")).toEqual([
      [{ positions: [{ units: { number: '100', currency: 'USD' }, cost: null }] }, { positions: [{ units: { number: '89.50', currency: 'USD' }, cost: null }] }],
      [{ positions: [{ units: { number: '80', currency: 'USD' }, cost: null }] }, { positions: [{ units: { number: '69.50', currency: 'USD' }, cost: null }] }],
      [{ positions: [{ units: { number: '20', currency: 'USD' }, cost: null }] }, { positions: [{ units: { number: '9.50', currency: 'USD' }, cost: null }] }],
    ]);
  });
  it('sorting does not change balances', () => {
    expect(rows("SELECT units(balance) WHERE account = 'Assets:Cash' ORDER BY date DESC LIMIT 1")).toEqual([
      [{ positions: [{ units: { number: '9.50', currency: 'USD' }, cost: null }] }],
    ]);
  });
  it('balance in WHERE is an error at the column', () => {
    expect(err('SELECT account WHERE balance = 1')).toEqual(['balance cannot be used in WHERE: it is the running balance of the rows WHERE chooses', 1, 22]);
  });
});

describe('BALANCES and JOURNAL', () => {
  it('BALANCES sorts by account type then name', () => {
    const d = json('BALANCES AT units');
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['account', 'sum(units(position))']);
    expect(d.rows.map((r: unknown[]) => r[0])).toEqual(['Assets:Cash', 'Assets:Stock', 'Income:Salary', 'Expenses:Food']);
  });
  it('BALANCES AT cost names its column', () => {
    expect(json("BALANCES AT cost WHERE account = 'Assets:Stock'").rows).toEqual([
      ['Assets:Stock', { positions: [{ units: { number: '60', currency: 'USD' }, cost: null }] }],
    ]);
  });
  it('JOURNAL columns and running balance', () => {
    const d = json("JOURNAL 'food' AT units");
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['date', 'flag', 'maxwidth(payee, 48)', 'maxwidth(narration, 80)', 'account', 'units(position)', 'units(balance)']);
    expect(d.rows.map((r: unknown[]) => (r[6] as { positions: { units: { number: string } }[] }).positions[0].units.number)).toEqual(['10.50', '30.50']);
  });
  it('unknown AT function is an error at its name', () => {
    expect(err("JOURNAL 'x' AT nope")).toEqual(["unknown function 'nope'", 1, 16]);
  });
});

describe('PIVOT BY', () => {
  it('names columns a/b and by values; missing pairs NULL', () => {
    const d = json('SELECT account, month, sum(number) AS s GROUP BY account, month PIVOT BY account, month');
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['account/month', '1', '2', '3']);
    expect(d.rows).toEqual([
      ['Assets:Cash', '-10.50', '80', '-60'],
      ['Assets:Stock', null, null, '2'],
      ['Expenses:Food', '10.50', '20', null],
      ['Income:Salary', null, '-100', null],
    ]);
  });
  it('several remaining targets give value/target names', () => {
    const d = json("SELECT account, month, count(*) AS n, sum(number) AS s WHERE account = 'Expenses:Food' GROUP BY account, month PIVOT BY 1, 2");
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['account/month', '1/n', '1/s', '2/n', '2/s']);
  });
  it('errors', () => {
    expect(err('SELECT account, month PIVOT BY 1, 2')).toEqual(['PIVOT BY needs an aggregate query (GROUP BY or aggregate functions)', 1, 32]);
    expect(err('SELECT account, month, count(*) GROUP BY 1, 2 PIVOT BY 1, 1')).toEqual(['the two PIVOT BY targets must differ', 1, 59]);
  });
});

describe('limits', () => {
  it('result size', () => {
    expect(err('SELECT account, narration', { maxResultValues: 10 })[0]).toMatch(/^the result is too large: .*FROM or WHERE.*LIMIT/);
    expect(err('SELECT account, narration', { maxResultValues: 10 })[1]).toBe(null);
    expect(rows('SELECT account, narration LIMIT 2', { maxResultValues: 10 }).length).toBe(2);
  });
  it('time limit', () => {
    expect(err('SELECT account', { timeLimitMs: -1 })).toEqual(['the query was stopped because it ran longer than the -1ms time limit', null, null]);
  });
});
