/**
 * Values computed per group (session 17, the holdings page's first visit): a call over aggregates
 * written several times is computed once per group (compile/calls.ts perGroup), a CASE whose
 * conditions are constants is its chosen branch (compile/expr.ts constantBranch), and sum(number)
 * over postings reads the flat columns' scaled numbers (execute/group.ts). Each must give what
 * the straightforward evaluation gives.
 */
import { describe, expect, it } from 'vitest';
import { encodeResult, runQuery } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { fastPaths } from '../../../engine/query/execute/fast-paths';
import { buildHoldings } from '../../../engine/reports/holdings';
import { ledger } from '../ledger/ledger-text';
import { randomText } from './period-ledger';

// Broker: 10 ABC at 5.00 and 2 ABC at 7.50 USD, cost 65.00 USD. Cash: 100.00 - 50.00 - 15.00 =
// 35.00 USD. Equity: -100.00 USD.
const L = ledger(`
2024-01-01 open Assets:Broker
2024-01-01 open Assets:Cash
2024-01-01 open Equity:Open
2024-01-01 * "fund"
  Assets:Cash  100.00 USD
  Equity:Open
2024-01-02 * "buy"
  Assets:Broker  10 ABC {5.00 USD}
  Assets:Cash  -50.00 USD
2024-01-03 * "buy"
  Assets:Broker  2 ABC {7.50 USD}
  Assets:Cash  -15.00 USD
`);

/** An inventory cell of one USD position, as the API encodes it. */
const usd = (n: string) => ({ positions: [{ units: { number: n, currency: 'USD' }, cost: null }] });
const cells = (q: string) => JSON.parse(stringifyResult(encodeResult(runQuery(L, q)))).data.rows;

describe('a call over aggregates written several times', () => {
  it('has each group its own value, in the targets, HAVING and ORDER BY alike', () => {
    expect(
      cells(
        "SELECT account, cost(sum(position)) AS a, only('USD', cost(sum(position))) AS b, cost(sum(position)) AS c GROUP BY account ORDER BY only('USD', cost(sum(position))) DESC",
      ),
    ).toEqual([
      ['Assets:Broker', usd('65.00'), { number: '65.00', currency: 'USD' }, usd('65.00')],
      ['Assets:Cash', usd('35.00'), { number: '35.00', currency: 'USD' }, usd('35.00')],
      ['Equity:Open', usd('-100.00'), { number: '-100.00', currency: 'USD' }, usd('-100.00')],
    ]);
    // HAVING computes it first for every group, the targets then read it for the groups kept.
    expect(
      cells("SELECT account, number(only('USD', cost(sum(position)))) GROUP BY account HAVING number(only('USD', cost(sum(position)))) < 50 ORDER BY account"),
    ).toEqual([
      ['Assets:Cash', '35.00'],
      ['Equity:Open', '-100.00'],
    ]);
  });
});

describe('last() of a group key', () => {
  it("is the group's key, NULL for a NULL key, and last() of other columns still reads every row", () => {
    expect(
      cells('SELECT cost_currency, last(cost_currency), currency, last(currency), last(account), count(*) GROUP BY cost_currency, currency ORDER BY 3'),
    ).toEqual([
      ['USD', 'USD', 'ABC', 'ABC', 'Assets:Broker', 2],
      [null, null, 'USD', 'USD', 'Assets:Cash', 4],
    ]);
    expect(cells('SELECT account, last(account), last(narration), last(number) GROUP BY account ORDER BY account')).toEqual([
      ['Assets:Broker', 'Assets:Broker', 'buy', '2'],
      ['Assets:Cash', 'Assets:Cash', 'buy', '-15.00'],
      ['Equity:Open', 'Equity:Open', 'fund', '-100.00'],
    ]);
  });
});

describe('a CASE whose conditions are constants', () => {
  it('is its chosen branch: the same rows as the branch itself', () => {
    const plain = cells('SELECT account, currency, sum(number) GROUP BY 1, 2 ORDER BY 1, 2');
    expect(plain).toEqual([
      ['Assets:Broker', 'ABC', '12'],
      ['Assets:Cash', 'USD', '35.00'],
      ['Equity:Open', 'USD', '-100.00'],
    ]);
    expect(cells("SELECT CASE WHEN 'account' = 'account' THEN account END, CASE WHEN 1 = 2 THEN 'x' WHEN TRUE THEN currency END, sum(number) GROUP BY 1, 2 ORDER BY 1, 2")).toEqual(plain);
    // The branch is the column itself, so it is the group key `account` too.
    expect(cells('SELECT CASE WHEN TRUE THEN account END, count(*) GROUP BY account ORDER BY account')).toEqual([
      ['Assets:Broker', 2],
      ['Assets:Cash', 3],
      ['Equity:Open', 1],
    ]);
    // No condition TRUE: the ELSE; none and no ELSE: NULL.
    expect(cells("SELECT DISTINCT CASE WHEN FALSE THEN 'a' ELSE 'b' END, CASE WHEN NULL THEN 'a' END")).toEqual([['b', null]]);
  });

  it('keeps the CASE type: an int branch of a decimal CASE is widened', () => {
    const r = runQuery(L, 'SELECT CASE WHEN TRUE THEN 1 ELSE 2.5 END AS x LIMIT 1');
    expect(r.columns[0].type).toBe('decimal');
    expect(encodeResult(r).data.rows).toEqual([['1']]);
  });

  it('is not folded when a branch it would drop holds an aggregate', () => {
    expect(cells('SELECT account, CASE WHEN 1 = 2 THEN sum(number) ELSE count(*) END GROUP BY account ORDER BY account')).toEqual([
      // The CASE's type stays decimal (sum's), so the counts are widened: decimal text.
      ['Assets:Broker', '2'],
      ['Assets:Cash', '3'],
      ['Equity:Open', '1'],
    ]);
  });
});

describe('sum(number) from the flat columns', () => {
  it('sums exactly past 2^53 and keeps the largest places', () => {
    // 90071992547409.93 is 2^53 + 1 hundredths: not a safe integer at its scale.
    const big = ledger(`
2024-01-01 open Assets:A
2024-01-01 open Assets:B
2024-01-01 open Equity:E
2024-01-02 * "x"
  Assets:A  90071992547409.93 USD
  Equity:E
2024-01-03 * "y"
  Assets:A  0.001 USD
  Equity:E
2024-01-04 * "z"
  Assets:B  45035996273704.96 USD
  Equity:E
2024-01-05 * "w"
  Assets:B  45035996273704.96 USD
  Equity:E
2024-01-06 * "v"
  Assets:B  1.5 USD
  Equity:E
`);
    expect(encodeResult(runQuery(big, 'SELECT account, sum(number) GROUP BY account ORDER BY account')).data.rows).toEqual([
      ['Assets:A', '90071992547409.931'],
      ['Assets:B', '90071992547411.42'],
      ['Equity:E', '-180143985094821.351'],
    ]);
  });

  it('answers what the straightforward path answers on a random ledger', () => {
    const text = randomText(11, 300);
    const queries = [
      'SELECT account, currency, sum(number), sum(position) GROUP BY account, currency ORDER BY 1, 2',
      "SELECT root(account), sum(number) WHERE currency = 'USD' GROUP BY 1 ORDER BY 1",
      'SELECT account, sum(number) FROM OPEN ON 2023-06-01 CLOSE ON 2024-01-01 CLEAR GROUP BY account ORDER BY account',
    ];
    const fast = queries.map((q) => stringifyResult(encodeResult(runQuery(ledger(text), q))));
    fastPaths.enabled = false;
    try {
      expect(queries.map((q) => stringifyResult(encodeResult(runQuery(ledger(text), q))))).toEqual(fast);
    } finally {
      fastPaths.enabled = true;
    }
    expect(fast[0]).toContain('HOOL');
  });
});

describe('the holdings report', () => {
  it('lists by account, by currency and by cost currency with the values hand-computed', () => {
    const run = (q: string) => runQuery(L, q);
    const at = (group: 'account' | 'currency' | 'cost_currency') =>
      buildHoldings(L, { end: L.entries[L.entries.length - 1].date + 1, group, currencies: ['USD'], staleDays: 30, filter: null }, run).rows.map((r) => [
        r.account,
        r.currency,
        r.cost_currency,
        r.units,
        r.cost_basis === null ? null : r.cost_basis.number,
      ]);
    expect(at('account')).toEqual([
      ['Assets:Broker', 'ABC', 'USD', '12', '65.00'],
      ['Assets:Cash', 'USD', 'USD', '35.00', '35.00'],
    ]);
    expect(at('currency')).toEqual([
      [null, 'ABC', 'USD', '12', '65.00'],
      [null, 'USD', 'USD', '35.00', '35.00'],
    ]);
    expect(at('cost_currency')).toEqual([[null, null, 'USD', null, '100.00']]);
  });
});
