/**
 * AND/OR with constant operands settled when the query is compiled (compile/expr.ts
 * settleConstants): a built-in's NULL filter parameters make `(:tags IS NULL OR ...)` TRUE, and
 * the journal's condition is then a type test per row. Three-valued logic must hold exactly as
 * when every operand is evaluated per row.
 */
import { describe, expect, it } from 'vitest';
import { encodeResult, runQuery } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { ledger } from '../ledger/ledger-text';

// Three postings whose `x` below is TRUE (Assets:A 5), FALSE (Assets:B -5) and NULL (Assets:C).
const L = ledger(`
2024-01-01 open Assets:A
2024-01-01 open Assets:B
2024-01-01 open Assets:C
2024-01-02 * "t"
  Assets:A  5 USD
  Assets:B  -5 USD
  Assets:C  0 USD
`);
const X = "CASE WHEN account = 'Assets:C' THEN NULL ELSE number > 0 END";
const rows = (q: string, params?: Record<string, unknown>) => JSON.parse(stringifyResult(encodeResult(runQuery(L, q, { params })))).data.rows;

type V = boolean | null;
const and = (a: V, b: V): V => (a === false || b === false ? false : a === null || b === null ? null : true);
const or = (a: V, b: V): V => (a === true || b === true ? true : a === null || b === null ? null : false);
const lit = (v: V) => (v === null ? 'NULL' : v ? 'TRUE' : 'FALSE');

describe('AND and OR with a constant operand', () => {
  it('follow three-valued logic on every side, written or bound as a parameter', () => {
    const xs: V[] = [true, false, null]; // Assets:A, B, C
    for (const c of [true, false, null] as V[]) {
      for (const [op, f] of [['AND', and], ['OR', or]] as const) {
        const expected = xs.map((x) => [f(c, x), f(x, c), f(c, x)]);
        const got = rows(`SELECT ${lit(c)} ${op} (${X}), (${X}) ${op} ${lit(c)}, :c ${op} (${X}) ORDER BY account`, { c });
        expect(got, `${lit(c)} ${op}`).toEqual(expected);
      }
    }
  });

  it('keep their bool type and settle wholly, in WHERE too', () => {
    const r = runQuery(L, 'SELECT NULL AND TRUE, FALSE OR NULL, TRUE AND TRUE, FALSE OR FALSE LIMIT 1');
    expect(r.columns.map((c) => c.type)).toEqual(['bool', 'bool', 'bool', 'bool']);
    expect(JSON.parse(stringifyResult(encodeResult(r))).data.rows).toEqual([[null, null, true, false]]);
    expect(rows(`SELECT account WHERE (:t IS NULL OR account = :t) AND (:u IS NULL OR number > 0) ORDER BY account`, { t: null, u: null })).toEqual([
      ['Assets:A'],
      ['Assets:B'],
      ['Assets:C'],
    ]);
    expect(rows(`SELECT account WHERE (:t IS NULL OR account = :t) AND (:u IS NULL OR number > 0)`, { t: 'Assets:B', u: null })).toEqual([['Assets:B']]);
    expect(rows(`SELECT account WHERE FALSE AND account = 'Assets:A'`)).toEqual([]);
  });

  it('raise the error of an operand evaluated before a deciding constant, as left-to-right evaluation does', () => {
    // maxwidth raises for a width under its minimum: here on every row.
    const failing = "maxwidth(account, length(account) - 20) = 'x'";
    expect(() => runQuery(L, `SELECT ${failing} OR TRUE`)).toThrow(/maxwidth/);
    expect(() => runQuery(L, `SELECT account WHERE ${failing} AND FALSE`)).toThrow(/maxwidth/);
    expect(rows(`SELECT TRUE OR ${failing}, FALSE AND ${failing} LIMIT 1`)).toEqual([[true, false]]);
  });

  it('leave an operand holding an aggregate in place', () => {
    expect(rows('SELECT account, TRUE OR sum(number) > 0 GROUP BY account HAVING FALSE OR sum(number) >= 0 ORDER BY account')).toEqual([
      ['Assets:A', true],
      ['Assets:C', true],
    ]);
  });
});
