/**
 * IN / NOT IN (document 2, "Operators"): a parenthesised list compared as `=`, a set value
 * (membership), a parenthesised single set expression (also membership), and the NULL rules:
 * NULL on the left gives NULL; a value not found in a list containing NULL gives NULL.
 *
 * Expected values are worked out by hand from the three transactions below. Cross-checked with
 * bean-query 2.3.5 where its language has the form (`'food' IN tags`: 2 postings of the Lunch,
 * NOT IN: 4); its `IN (tags)` form compares with a one-element tuple, which is where the spec
 * deliberately differs.
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../engine/query/errors';
import { encodeResult, runQuery } from '../../../../engine/query/index';
import { ledger } from '../../ledger/ledger-text';

const snap = ledger(`
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Rent
2024-01-05 * "Shop" "Lunch" #food #cash
  Expenses:Food   10.50 USD
  Assets:Cash    -10.50 USD
2024-02-01 * "Landlord" "February" #rent
  Expenses:Rent   700 USD
  Assets:Cash    -700 USD
2024-02-10 * "Dinner"
  Expenses:Food   20 USD
  Assets:Cash    -20 USD
`);

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
const rows = (q: string) => JSON.parse(JSON.stringify(encodeResult(runQuery(snap, q)).data.rows, big)) as unknown[][];
const col = (q: string) => rows(q).map((r) => r[0]);
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

describe('NULL on the left of IN', () => {
  it('gives NULL for a list of mixed types instead of an internal error', () => {
    expect(rows("SELECT NULL IN (1, 'a') LIMIT 1")).toEqual([[null]]);
    expect(rows("SELECT NULL NOT IN (1, 'a') LIMIT 1")).toEqual([[null]]);
    expect(rows('SELECT NULL IN (1, 2.5, NULL) LIMIT 1')).toEqual([[null]]);
    // A NULL-typed expression on the left, not only the literal.
    expect(rows("SELECT (NULL + 1) IN (1, 'a') LIMIT 1")).toEqual([[null]]);
  });
  it('gives NULL from a column that is NULL on some rows', () => {
    // Payees: Shop, Shop, Landlord, Landlord, NULL, NULL (ledger order).
    expect(col("SELECT payee IN ('Shop', 'x')")).toEqual([true, true, false, false, null, null]);
    expect(col("SELECT payee NOT IN ('Shop')")).toEqual([false, false, true, true, null, null]);
  });
  it('with a set on the right also gives NULL', () => {
    expect(rows('SELECT NULL IN tags LIMIT 1')).toEqual([[null]]);
    expect(rows('SELECT NULL IN (tags) LIMIT 1')).toEqual([[null]]);
  });
  it('WHERE drops the NULL rows', () => {
    expect(rows("SELECT count(*) WHERE NULL IN (1, 'a')")).toEqual([[0]]);
  });
});

describe('a list containing NULL', () => {
  it('found is TRUE, not found is NULL (NOT IN: FALSE and NULL)', () => {
    expect(rows("SELECT 'a' IN ('a', NULL), 'b' IN ('a', NULL), 'a' NOT IN ('a', NULL), 'b' NOT IN ('a', NULL) LIMIT 1")).toEqual([
      [true, null, false, null],
    ]);
    expect(rows("SELECT 'a' IN (NULL) LIMIT 1")).toEqual([[null]]);
  });
  it('the same with non-constant elements', () => {
    expect(col("SELECT 'Shop' IN (payee, NULL)")).toEqual([true, true, null, null, null, null]);
  });
});

describe('a parenthesised single set expression is that set', () => {
  it("'rent' IN (tags) tests membership, as 'rent' IN tags does", () => {
    const bare = col("SELECT 'rent' IN tags");
    expect(bare).toEqual([false, false, true, true, false, false]);
    expect(col("SELECT 'rent' IN (tags)")).toEqual(bare);
    expect(col("SELECT 'rent' NOT IN (tags)")).toEqual([true, true, false, false, true, true]);
    expect(rows("SELECT count(*) WHERE 'food' IN (tags)")).toEqual([[2]]);
    expect(rows("SELECT count(*) WHERE 'food' NOT IN (tags)")).toEqual([[4]]);
  });
  it('a column as the left side', () => {
    // narration IN (tags): no narration is one of its own tags.
    expect(rows("SELECT count(*) WHERE narration IN (tags)")).toEqual([[0]]);
    expect(rows("SELECT count(*) WHERE 'cash' IN (tags) AND 'food' IN (tags)")).toEqual([[2]]);
  });
  it('the left side must still be a string; a set among several elements is compared as =', () => {
    expect(fails('SELECT 1 IN (tags)')).toEqual(['the left side of IN a set must be a string, not int', 1, 8]);
    expect(fails("SELECT 'a' IN (tags, 'b')")).toEqual(['cannot compare str with set in IN', 1, 16]);
  });
  it('lists of plain values keep their = rules', () => {
    expect(rows("SELECT 1 IN (1.00, 2), 3 IN (1.00, 2), date IN ('2024-01-05') LIMIT 1")).toEqual([[true, false, true]]);
    expect(fails("SELECT 1 IN (1, 'a')")).toEqual(['cannot compare int with str in IN', 1, 17]);
  });
});
