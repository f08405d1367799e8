/**
 * The rows OPEN ON, CLOSE and CLEAR make come with their per-row columns and account ids, made
 * from those of the rows they start from (periods/apply.ts, execute/position-sums.ts
 * rememberExtendedColumns, execute/account-index.ts deriveAccountIds), and these are what a pass
 * over the rows themselves would build.
 */
import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../engine/dates';
import type { Posting } from '../../../engine/ledger/snapshot';
import { runQuery, warmQueryCaches } from '../../../engine/query/index';
import { applyPeriodClauses, type PeriodClauses } from '../../../engine/query/periods/apply';
import { accountIdTable, hasAccountIds } from '../../../engine/query/execute/account-index';
import { toText } from '../../../engine/query/values';
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

  it('answers the same as on a snapshot whose rows have no columns yet', () => {
    // The same ledger loaded again, not warmed: every period clause builds its columns from its rows.
    const cold = ledger(randomText(7, 400));
    const q =
      'SELECT account, sum(position), count(*) FROM OPEN ON 2023-04-01 CLOSE ON 2023-12-01 CLEAR GROUP BY account ORDER BY account';
    const text = (s: typeof L) => runQuery(s, q).rows.map((r) => r.map(toText).join(' | '));
    const answer = text(L);
    expect(answer.length).toBeGreaterThan(5);
    expect(text(cold)).toEqual(answer);
  });
});
