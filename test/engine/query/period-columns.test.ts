/**
 * The rows OPEN ON, CLOSE and CLEAR make come with their per-row columns and account ids, made
 * from those of the rows they start from (periods/apply.ts, execute/position-sums.ts
 * rememberExtendedColumns, execute/account-index.ts deriveAccountIds), and these are what a pass
 * over the rows themselves would build.
 */
import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../engine/dates';
import type { Posting } from '../../../engine/ledger/snapshot';
import { encodeResult, runQuery, warmQueryCaches } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { fastPaths } from '../../../engine/query/execute/fast-paths';
import { applyPeriodClauses, type PeriodClauses } from '../../../engine/query/periods/apply';
import { accountIdTable, hasAccountIds } from '../../../engine/query/execute/account-index';
import { ledger } from '../ledger/ledger-text';
import { expectColumnsOfRows, randomText } from './period-ledger';

const day = parseDate;

/** The account ids a fresh pass numbers for the same rows (a copy of the array has none cached). */
function expectIdsOfRows(rows: readonly Posting[]): void {
  const derived = accountIdTable(rows);
  const fresh = accountIdTable(rows.slice());
  expect([...derived.ids]).toEqual([...fresh.ids]);
  expect(derived.names).toEqual(fresh.names);
  expect([...derived.idOf.entries()]).toEqual([...fresh.idOf.entries()]);
  derived.ids.forEach((id, i) => expect(derived.names[id]).toBe(rows[i].account));
}

const CLAUSES: [string, PeriodClauses][] = [
  ['CLOSE ON (conversions)', { open: null, close: { date: day('2023-09-01') }, clear: false }],
  ['CLOSE ON CLEAR', { open: null, close: { date: day('2023-11-15') }, clear: true }],
  ['bare CLOSE CLEAR', { open: null, close: { date: null }, clear: true }],
  ['CLEAR', { open: null, close: null, clear: true }],
  ['OPEN ON CLOSE ON CLEAR', { open: day('2023-04-01'), close: { date: day('2023-12-01') }, clear: true }],
  ['OPEN ON (opening rows before the kept ones)', { open: day('2023-06-10'), close: null, clear: false }],
];

describe('rows made by period clauses', () => {
  const L = ledger(randomText(7, 400));
  warmQueryCaches(L);

  for (const [name, clauses] of CLAUSES) {
    it(`${name}: columns and account ids come with the rows, equal to a pass over them`, () => {
      const rows = applyPeriodClauses(L, clauses, () => {});
      expect(rows).not.toBe(L.postings);
      expect(rows.some((p) => p.txn.flag === 'S' || p.txn.flag === 'C' || p.txn.flag === 'T')).toBe(true);
      // Made with the rows, before any query asked for them.
      expect(hasAccountIds(rows)).toBe(true);
      expectColumnsOfRows(rows);
      expectIdsOfRows(rows);
    });
  }

  it('OPEN ON the first day (nothing before it) is the ledger rows themselves', () => {
    const first = L.postings[0].txn.date;
    expect(applyPeriodClauses(L, { open: first, close: null, clear: false }, () => {})).toBe(L.postings);
    const rows = applyPeriodClauses(L, { open: first, close: { date: null }, clear: true }, () => {});
    expectColumnsOfRows(rows);
    expectIdsOfRows(rows);
  });

  it('sums over them (flat, by lot) as the straightforward path does', () => {
    // The statements' shapes: sums of the clauses' rows by account, converted and at cost.
    const queries = [
      'SELECT account, sum(position), count(*) FROM OPEN ON 2023-04-01 CLOSE ON 2023-12-01 CLEAR GROUP BY account ORDER BY account',
      "SELECT account, cost(sum(position)), units(sum(position)) FROM CLOSE ON 2023-10-01 CLEAR WHERE root(account) IN ('Assets', 'Equity') GROUP BY account ORDER BY account",
      'SELECT account, sum(position) FROM OPEN ON 2023-06-10 CLOSE GROUP BY account ORDER BY account',
      'SELECT root(account), sum(position) FROM CLOSE CLEAR GROUP BY 1 ORDER BY 1',
    ];
    const answers = () => queries.map((q) => stringifyResult(encodeResult(runQuery(L, q))));
    const fast = answers();
    fastPaths.enabled = false;
    try {
      // Not the cached rows of the fast run: another snapshot of the same text.
      const plain = ledger(randomText(7, 400));
      const slow = queries.map((q) => stringifyResult(encodeResult(runQuery(plain, q))));
      expect(fast).toEqual(slow);
    } finally {
      fastPaths.enabled = true;
    }
    expect(fast.every((a) => a.includes('"Assets'))).toBe(true);
  });
});
